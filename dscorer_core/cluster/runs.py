"""Cutting a corpus into batches for a Runner and adding up what comes back, in corpus order.

Files read as a stream (the command line's ``--cluster`` and ``--per-doc-out``): pieces of text are
sent and read by the workers, and the client holds only a window of batches and the running totals,
whatever the corpus's size. DRSs already read are cut into batches by the metrics themselves, on the
runner they are handed (``dscorer_core.runner``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ..counter.chunks import CHUNK
from ..counter.score import CounterResult, CounterTotals
from ..counter.settings import CounterSettings
from ..errors import DrsCountMismatch, NoDrsError, SettingsError
from ..ill_formed import WF_MODES, GoldCheck, IllFormed, IllFormedReport, IllPolicy, WfMode
from ..ngrams.corpus import CorpusTotals
from ..ngrams.scoring import CorpusResult
from ..ngrams.settings import ScoreSettings
from ..reading.chunks import TextChunk, clf_chunks, drs_count, paired, sbn_line_chunks
from ..reading.drs_files import read_drs_file
from ..runner import Runner
from ..sbn.smatch import SmatchResult, SmatchSettings, SmatchTotals
from ..swapped_sides import SwapSigns, suspicion
from .connect import open_runner
from .tasks import Batch, ReadJob, counter_batch, gold_check_chunk, score_batch, smatch_batch

#: DRS pairs per batch: a few tenths of a second of work, so a task's overhead (milliseconds) is
#: small beside it; a multiple of ``counter.chunks.CHUNK``, so COUNTER shares solver calls as in one process.
BATCH = 500
assert BATCH % CHUNK == 0

#: progress(documents done, documents in all; 0 while a streamed corpus's size is not known).
Progress = Callable[[int, int], None]
#: Called with each batch's documents, in corpus order (``--per-doc-out``).
OnDocuments = Callable[[Sequence[Any]], None]
#: Called with a warning line (the swapped-files warning: ``swapped_sides``).
Warn = Callable[[str], None]
Cluster = Any  # a spec ("local:2", "tcp://host:8786"), a ClusterSpec, a Runner or a distributed.Client


def _check_batch(size: int) -> int:
    if size < 1 or size % CHUNK:
        raise SettingsError(f"a batch holds a positive multiple of {CHUNK} DRS pairs, not {size}")
    return size


def stream_gold_check(runner: Runner, gold: str | os.PathLike[str], mode: WfMode, size: int = BATCH) -> GoldCheck:
    """``ill_formed.check_gold`` on a gold file read as a stream (``off``: not read)."""
    if mode not in WF_MODES:
        raise SettingsError(f"unknown well-formedness mode {mode!r}; choose one of {', '.join(WF_MODES)}")
    if mode == "off":
        return GoldCheck(mode, False)
    warnings = tuple(w for found in runner.map_ordered(gold_check_chunk, ((c,) for c in clf_chunks(gold, size)),
                                                       "gold-check") for w in found)
    return GoldCheck(mode, mode == "on" or not warnings, warnings)


def _numbered(pieces: Iterator[tuple[list[Any], list[Any]]], settings: SmatchSettings) -> Iterator[tuple[Any, ...]]:
    """The arguments of each Smatch batch, with the index of its first document."""
    first = 0
    for pred, gold in pieces:
        yield pred, gold, settings, first
        first += len(pred)


def _file_batches(runner: Runner, func: Callable[..., Batch], settings: Any, pred: str | os.PathLike[str],
                  gold: str | os.PathLike[str], ill: IllPolicy, wf_check: WfMode, baseline: bool, size: int,
                  name: str, report: list[IllFormedReport], warn: Warn | None) -> Iterator[Batch]:
    """The batches of a predicted and a gold clause file read as streams, in order; ``report`` gets
    the ill-formed report once the last batch is in, and ``warn`` the swapped-files warning if any."""
    gold_check = stream_gold_check(runner, gold, wf_check, size)
    single = None
    if baseline:
        only = read_drs_file(pred, "clf", lenient=ill != "error")
        if len(only) != 1:  # the one-machine error, with the gold file's count
            n_gold = sum(c.count for c in clf_chunks(gold, size))
            if not n_gold:
                raise NoDrsError([str(gold)])
            raise DrsCountMismatch(str(pred), str(gold), len(only), n_gold, baseline=True)
        single = only[0]
    job = ReadJob(ill, replace(gold_check, warnings=()), single)  # workers need only whether the check applies
    if single is not None:
        pieces: Iterator[tuple[TextChunk | None, TextChunk]] = ((None, g) for g in clf_chunks(gold, size))
    else:
        pieces = paired(clf_chunks(pred, size), clf_chunks(gold, size), str(pred), str(gold), drs_count)
    entries: list[IllFormed] = []
    signs = SwapSigns()
    seen = 0
    for batch in runner.map_ordered(func, ((p, g, settings, job) for p, g in pieces), name):
        entries.extend(batch.ill_formed)
        signs = signs.merged(batch.signs) if batch.signs is not None else signs
        seen += len(batch.documents)
        yield batch
    if single is not None and not seen:
        raise NoDrsError([str(gold)])
    swapped = suspicion(signs, str(pred), str(gold))
    if swapped is not None and warn is not None:
        warn(swapped.warning_line())
    report.append(IllFormedReport(ill, tuple(entries), gold_check))


def _streamed(totals: Any, batches: Iterator[Batch], on_documents: OnDocuments | None,
              progress: Progress | None) -> None:
    for batch in batches:
        totals.add(batch.documents)
        if on_documents is not None:
            on_documents(batch.documents)
        if progress:
            progress(totals.count, 0)


def score_files(pred: str | os.PathLike[str], gold: str | os.PathLike[str], settings: ScoreSettings | None = None,
                cluster: Cluster = None, *, ill: IllPolicy = "dummy", wf_check: WfMode = "auto",
                baseline: bool = False, keep_documents: bool = False, on_documents: OnDocuments | None = None,
                progress: Progress | None = None, warn: Warn | None = None,
                size: int = BATCH) -> tuple[CorpusResult, IllFormedReport]:
    """DSCORER scores of two clause files read as streams, batches scored on ``cluster`` (None: in this
    process): the figures of ``score_corpus`` on the whole files, the ill-formed DRSs handled as
    ``dscorer score`` handles them. The documents are kept only with ``keep_documents``;
    ``on_documents`` sees each batch of them, in order; ``warn`` gets the swapped-files warning."""
    settings = settings or ScoreSettings()
    totals = CorpusTotals(settings, keep=keep_documents)
    report: list[IllFormedReport] = []
    with open_runner(cluster) as runner:
        _streamed(totals, _file_batches(runner, score_batch, settings, pred, gold, ill, wf_check,
                                        baseline, size, "score", report, warn), on_documents, progress)
    return totals.result(), report[0]


def counter_files(pred: str | os.PathLike[str], gold: str | os.PathLike[str],
                  settings: CounterSettings | None = None, cluster: Cluster = None, *, ill: IllPolicy = "dummy",
                  wf_check: WfMode = "auto", baseline: bool = False, keep_documents: bool = False,
                  on_documents: OnDocuments | None = None, progress: Progress | None = None,
                  warn: Warn | None = None, size: int = BATCH) -> tuple[CounterResult, IllFormedReport]:
    """COUNTER scores of two clause files read as streams (as ``score_files``); the documents come back
    without their mappings and clause lists."""
    settings = settings or CounterSettings()
    totals = CounterTotals(settings, keep=keep_documents)
    report: list[IllFormedReport] = []
    with open_runner(cluster) as runner:
        _streamed(totals, _file_batches(runner, partial(counter_batch, slim=True), settings, pred, gold, ill,
                                        wf_check, baseline, _check_batch(size), "counter", report, warn),
                  on_documents, progress)
    return totals.result(), report[0]


def smatch_files(pred: str | os.PathLike[str], gold: str | os.PathLike[str], settings: SmatchSettings | None = None,
                 cluster: Cluster = None, *, keep_documents: bool = False, on_documents: OnDocuments | None = None,
                 progress: Progress | None = None, size: int = BATCH) -> SmatchResult:
    """Smatch (the PMB 5 script's triples) of two files of one SBN per line read as streams, batches
    scored on ``cluster``: the figures of ``smatch_corpus`` on the whole files."""
    settings = settings or SmatchSettings()
    if settings.chosen != "pmb5":
        raise SettingsError("a streamed Smatch run scores the PMB 5 script's triples (the texts are read on the "
                         "workers by its reader); read the files and call smatch_corpus for the others")
    totals = SmatchTotals(settings, keep=keep_documents)
    pieces = paired(sbn_line_chunks(pred, size), sbn_line_chunks(gold, size), str(pred), str(gold), count=len)
    with open_runner(cluster) as runner:
        _streamed(totals, runner.map_ordered(smatch_batch, _numbered(pieces, settings), "smatch"), on_documents,
                  progress)
    if not totals.count:
        raise NoDrsError([str(pred), str(gold)], f"{pred} and {gold} hold no SBN: there is nothing to score")
    return totals.result()

