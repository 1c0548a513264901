"""DSCORER scores of a corpus: every document scored (in batches, or in several processes),
then micro figures from summed counts and macro figures as the mean of documents (docs/metric.md, "Corpus scores")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..clauses import Drs
from ..errors import DrsCountMismatch
from .batch import score_documents
from .scoring import (
    CorpusResult,
    DocumentScore,
    OrderCounts,
    Score,
    score_counts,
    zero_gram_ratios_of,
)
from .settings import ScoreSettings


def score_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings | None = None,
                 progress: Callable[[int, int], None] | None = None, jobs: int = 1, cluster: Any = None,
                 **changes: Any) -> CorpusResult:
    """Score aligned lists of DRSs: micro (summed counts) and macro (mean of documents).

    ``progress``, if given, is called as progress(done, total) after each document (each batch on a
    cluster). ``jobs`` scores in that many processes; ``cluster`` (``"local:N"``, ``"tcp://HOST:PORT"``,
    or a ``distributed.Client``) on a Dask cluster (docs/scale.md): the same figures either way.
    """
    settings = (settings or ScoreSettings()).replace(**changes)
    if len(preds) != len(golds):
        raise DrsCountMismatch("pred", "gold", len(preds), len(golds))
    if cluster is not None:
        from ..cluster.runs import score_documents_on  # imports dask: only when asked for

        docs = score_documents_on(cluster, preds, golds, settings, progress)
    elif jobs and jobs > 1 and len(preds) > 1:
        from .parallel import score_documents_parallel  # multiprocessing: only for --jobs

        docs = score_documents_parallel(preds, golds, settings, jobs, progress)
    else:
        docs = score_documents(preds, golds, settings, progress=progress)
    return corpus_from_documents(docs, settings)


def corpus_from_documents(docs: Sequence[DocumentScore], settings: ScoreSettings) -> CorpusResult:
    """Micro figures from summed per-document counts; macro as the mean of documents."""
    totals = CorpusTotals(settings)
    totals.add(docs)
    return totals.result()


class CorpusTotals:
    """The running sums a corpus's figures are made of, fed document scores batch by batch in corpus
    order: what ``corpus_from_documents`` computes, without keeping the documents (``keep=False``: a
    streamed corpus of any size). Every sum is taken in document order, so the figures are the same
    to the last bit however the documents were batched."""

    def __init__(self, settings: ScoreSettings, keep: bool = True):
        self.settings = settings
        self.keep = keep
        self.documents: list[DocumentScore] = []
        self.count = 0
        self._sums = [[0, 0, 0] for _ in range(settings.order + 1)]
        self._zero: float = 0  # as ``sum`` starts: an int 0
        self._p: float = 0
        self._r: float = 0
        self._f: float = 0

    def add(self, docs: Sequence[DocumentScore]) -> None:
        """Add the next documents of the corpus (in order)."""
        for d, zero in zip(docs, zero_gram_ratios_of(docs)):
            for row, c in zip(self._sums, d.counts):
                row[0] += c.matched
                row[1] += c.pred
                row[2] += c.gold
            self._zero += zero
            self._p += d.score.P
            self._r += d.score.R
            self._f += d.score.F
        self.count += len(docs)
        if self.keep:
            self.documents.extend(docs)

    def result(self) -> CorpusResult:
        """The corpus figures of the documents added so far."""
        settings, m = self.settings, self.count
        if not m:
            empty = Score(0.0, 0.0, 0.0)
            return CorpusResult(empty, empty, (), settings)
        summed = [OrderCounts(k, *row) for k, row in enumerate(self._sums)]
        micro = score_counts(summed, self._zero / m, settings)
        macro = Score(self._p / m, self._r / m, self._f / m)
        return CorpusResult(micro, macro, tuple(self.documents), settings, count=None if self.keep else m)


def document_table(result: CorpusResult) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the per-document table: index, P, R, F, f0..fn, clause counts, sentence
    (the CLI's --per-doc and --csv, and the app's corpus table and download)."""
    n = result.settings.order
    header = ["index", "P", "R", "F"] + [f"f{k}" for k in range(0, n + 1)] + \
             ["pred_clauses", "gold_clauses", "sentence"]
    rows = [[d.index, d.score.P, d.score.R, d.score.F] + [o.f for o in d.score.orders] +
            [d.pred_clauses, d.gold_clauses, d.sentence or ""] for d in result.documents]
    return header, rows
