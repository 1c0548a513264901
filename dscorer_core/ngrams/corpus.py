"""DSCORER scores of a corpus: every document scored (in this process, or in batches on the runner handed down),
then micro figures from summed counts and macro figures as the mean of documents (docs/metric.md, "Corpus scores")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ..batches import BatchPlan, run_batches
from ..clauses import Drs
from ..errors import DrsCountMismatch
from ..runner import Runner, even_ranges, runner_for
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
from .table import document_table as document_table  # the per-document table, kept here for its callers


def score_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings | None = None,
                 progress: Callable[[int, int], None] | None = None, jobs: int = 1, runner: Runner | None = None,
                 **changes: Any) -> CorpusResult:
    """Score aligned lists of DRSs: micro (summed counts) and macro (mean of documents).

    ``progress``, if given, is called as progress(done, total) after each document (each batch when
    batches run elsewhere). ``runner`` runs the batches (``runner.Processes(N)``, a cluster's
    ``DaskRunner``; docs/scale.md); ``jobs`` N is short for ``runner.Processes(N)``: the same figures either way.
    """
    settings = (settings or ScoreSettings()).replace(**changes)
    if len(preds) != len(golds):
        raise DrsCountMismatch("pred", "gold", len(preds), len(golds))
    runner = runner or runner_for(jobs)
    return corpus_from_documents(documents_on(runner, preds, golds, settings, progress), settings)


def ngram_plan(preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
    """How DSCORER cuts a corpus: the whole corpus as one batch in one process (the engine counts it in
    batches of its own), else four ranges of about equal size (in clauses) per worker."""
    if workers <= 1 or len(preds) <= 1:
        return BatchPlan(((0, len(preds)),), spread=False)
    sizes = [len(p.clauses) + len(g.clauses) for p, g in zip(preds, golds)]
    return BatchPlan(tuple(even_ranges(sizes, workers * 4)))


def documents_on(runner: Runner, preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings,
                 progress: Callable[[int, int], None] | None = None) -> list[DocumentScore]:
    """The document scores of aligned DRSs, in corpus order, cut by ``ngram_plan`` and run by the one
    batch loop (``batches.run_batches``): in this process, or on ``runner``."""
    parts = run_batches(partial(score_documents, settings=settings), preds, golds, runner,
                        partial(ngram_plan, preds, golds), "score", progress)
    return [d for part in parts for d in part]


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
