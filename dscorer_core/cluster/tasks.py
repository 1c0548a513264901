"""What a worker runs on one batch: read it (a piece of a file, or DRSs already read), apply the
ill-formed policy as on one machine, score it, and send back count rows (documents with their
corpus indices) and the ill-formed DRSs it found."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..clauses import Drs
from ..counter.score import CounterPair, counter_corpus
from ..counter.settings import CounterSettings
from ..ill_formed import GoldCheck, IllFormed, IllPolicy, apply_ill_policy, check_gold
from ..ngrams.batch import score_documents
from ..ngrams.settings import ScoreSettings
from ..reading.chunks import TextChunk
from ..reading.clause_text import parse_clf
from ..sbn.smatch import PredictedSbn, SmatchSettings
from ..sbn.smatch import smatch_batch as smatch_documents_batch
from ..swapped_sides import SwapSigns, swap_signs


@dataclass(frozen=True)
class ReadJob:
    """How a worker reads a piece of a predicted and a gold file: the ill-formed policy, the
    well-formedness check decided on the whole gold file, and the single baseline DRS if any."""

    ill: IllPolicy = "dummy"
    gold_check: GoldCheck = GoldCheck("off", False)
    baseline: Drs | None = None


@dataclass(frozen=True)
class Batch:
    """What a worker sends back: the documents (count rows) of its batch, its ill-formed DRSs, and
    the signs of swapped files it saw (``swapped_sides``)."""

    documents: tuple
    ill_formed: tuple[IllFormed, ...] = ()
    signs: SwapSigns | None = None


def _baseline(pred: Drs, golds: Sequence[Drs]) -> list[Drs]:
    """The single predicted DRS repeated for each gold DRS, as ``clauses.check_pair`` repeats it."""
    return [Drs(pred.clauses, g.index, pred.sentence, pred.source, pred.line, pred.duplicates, pred.problems)
            for g in golds]


def read_batch(pred: TextChunk | None, gold: TextChunk, job: ReadJob
               ) -> tuple[list[Drs], list[Drs], tuple[IllFormed, ...], SwapSigns]:
    """The DRSs to score of a piece of both files (the policy applied to the predicted side), the
    ill-formed predicted DRSs and the signs of swapped files."""
    golds = parse_clf(gold.text, gold.source, False, gold.first_line, gold.first_index)
    if job.baseline is not None:
        preds = _baseline(job.baseline, golds)
    else:
        assert pred is not None
        preds = parse_clf(pred.text, pred.source, job.ill != "error", pred.first_line, pred.first_index)
    if len(preds) != len(golds):  # pragma: no cover - the reader cuts both files at the same counts
        raise RuntimeError(f"pieces of {len(preds)} and {len(golds)} DRSs at DRS {gold.first_index}")
    signs = swap_signs(preds, golds)
    scored, report = apply_ill_policy(preds, job.ill, job.gold_check)
    return scored, golds, report.entries, signs


def gold_check_chunk(gold: TextChunk) -> tuple[IllFormed, ...]:
    """The gold DRSs of a piece that fail COUNTER's well-formedness check (warnings)."""
    return check_gold(parse_clf(gold.text, gold.source, False, gold.first_line, gold.first_index), "on").warnings


def score_batch(pred: TextChunk | Sequence[Drs] | None, gold: TextChunk | Sequence[Drs], settings: ScoreSettings,
                job: ReadJob | None = None, first_index: int = 0) -> Batch:
    """DSCORER document scores of a batch: a piece of both files (read here) or DRSs already read."""
    if isinstance(gold, TextChunk):
        assert job is not None and not isinstance(pred, Sequence)
        preds, golds, ill, signs = read_batch(pred, gold, job)
        return Batch(tuple(score_documents(preds, golds, settings, gold.first_index)), ill, signs)
    assert pred is not None and not isinstance(pred, TextChunk)
    return Batch(tuple(score_documents(pred, gold, settings, first_index)))


def _slim(pair: CounterPair) -> CounterPair:
    """A document's counts without its mapping and clause lists (all a corpus table needs)."""
    return replace(pair, mapping={}, matched_clauses=(), unmatched_pred=(), unmatched_gold=(), dropped_pred=(),
                   dropped_gold=())


def counter_batch(pred: TextChunk | Sequence[Drs] | None, gold: TextChunk | Sequence[Drs],
                  settings: CounterSettings, job: ReadJob | None = None, first_index: int = 0,
                  slim: bool = False) -> Batch:
    """COUNTER's documents of a batch (``first_index`` a multiple of ``counter.chunks.CHUNK``, so the
    documents share solver calls as in one process); ``slim`` leaves the mappings and clause lists out."""
    ill: tuple[IllFormed, ...] = ()
    signs = None
    if isinstance(gold, TextChunk):
        assert job is not None and not isinstance(pred, Sequence)
        preds, golds, ill, signs = read_batch(pred, gold, job)
        first_index = gold.first_index
    else:
        assert pred is not None and not isinstance(pred, TextChunk)
        preds, golds = list(pred), list(gold)
    docs = counter_corpus(preds, golds, settings, first_index=first_index).documents
    return Batch(tuple(_slim(d) for d in docs) if slim else docs, ill, signs)


def smatch_batch(preds: Sequence[PredictedSbn], golds: Sequence, settings: SmatchSettings,
                 first_index: int) -> Batch:
    """Smatch documents of a batch of SBN pairs."""
    return Batch(tuple(smatch_documents_batch(preds, golds, settings, first_index)))

