"""DSCORER as a registered metric: its rows are the node counts and the k-gram counts of each order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..clauses import Drs
from ..formula import dscorer_rows
from ..ngrams.batch import score_documents
from ..ngrams.corpus import corpus_from_documents, ngram_plan
from ..ngrams.scoring import CorpusResult, OrderCounts, score_pair, zero_gram_ratio, zero_gram_ratios_of
from ..ngrams.settings import ScoreSettings
from ..signature import Signature
from .base import (
    Average,
    BatchPlan,
    CountedBatch,
    CountRows,
    MetricResult,
    Progress,
    component_f,
    result_from_rows,
)
from .batched import Batches


def _rows(counts: Sequence[Sequence[OrderCounts]], zero_grams: Sequence[float], order: int) -> CountRows:
    table = np.array([[(c.matched, c.pred, c.gold) for c in row] for row in counts], dtype=np.int64)
    extra = np.column_stack([np.asarray(zero_grams, dtype=np.float64), np.ones(len(counts))])
    return CountRows(tuple(f"k{k}" for k in range(order + 1)), table.reshape(len(counts), order + 1, 3),
                     ("zero_gram", "documents"), extra)


@dataclass(frozen=True)
class DscorerMetric(Batches):
    """DSCORER under ``settings`` (preset, order, w0, average); ``jobs`` processes score a corpus."""

    settings: ScoreSettings = field(default_factory=ScoreSettings)
    jobs: int = 1
    name: ClassVar[str] = "dscorer"
    title: ClassVar[str] = "DSCORER"
    averages: ClassVar[tuple[Average, ...]] = ("micro", "macro")

    scores_clauses: ClassVar[bool] = True

    @classmethod
    def from_settings(cls, settings: Any = None, jobs: int = 1, average: Average | None = None) -> DscorerMetric:
        return cls((settings or ScoreSettings()).replace(average=average), jobs)

    @property
    def components(self) -> tuple[str, ...]:
        return tuple(f"k{k}" for k in range(self.settings.order + 1))

    @property
    def average(self) -> Average:
        return self.settings.average

    def get_signature(self, average: Average | None = None) -> Signature:
        return self.settings.replace(average=average).get_signature()

    def refusal(self, drss: Sequence[Drs], name: str) -> str | None:
        return None

    def figures(self, sums: np.ndarray) -> np.ndarray:
        """``formula.dscorer_rows`` on summed per-order counts, the 0-gram term being the (weighted)
        mean of the documents' ratios (the last two columns: summed ratios, summed documents)."""
        n = self.settings.order
        sums = np.atleast_2d(sums)
        grams = sums[:, : 3 * (n + 1)].reshape(-1, n + 1, 3)[:, 1:, :]
        zero = sums[:, -2] / sums[:, -1]
        found = dscorer_rows(grams[..., 0], grams[..., 1], grams[..., 2], zero, self.settings.w0,
                             self.settings.preset_spec.missing_orders)
        return np.column_stack([found.P, found.R, found.F])

    @property
    def sub_scores(self) -> tuple[str, ...]:
        """The F of each order k = 1..n."""
        return self.components[1:]

    def document_scores(self, result: MetricResult) -> dict[str, list[float]]:
        """F, and the F of each order k = 1..n (``k1`` ...)."""
        out = {"": [d.F for d in result.documents]}
        out.update({key: component_f(result.rows, key) for key in self.sub_scores})
        return out

    def pair_rows(self, pred: Drs, gold: Drs) -> CountRows:
        counts = score_pair(pred, gold, self.settings).counts
        return _rows([counts], [zero_gram_ratio(counts[0])], self.settings.order)


    def plan_batches(self, preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
        """One batch in one process, else four ranges of about equal size per worker (``ngrams.corpus.ngram_plan``)."""
        return ngram_plan(preds, golds, workers)

    def count_batch(self, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int,
                    progress: Progress | None = None) -> CountedBatch:
        """Node and k-gram counts of each pair (``ngrams.batch.score_documents``), with its ``DocumentScore``."""
        docs = score_documents(preds, golds, self.settings, first_index, progress)
        return CountedBatch(_rows([d.counts for d in docs], zero_gram_ratios_of(docs), self.settings.order),
                            tuple(docs))

    def result_of_batches(self, rows: CountRows, documents: Sequence[Any], golds: Sequence[Drs]) -> MetricResult:
        """The figures of the rows; ``detail`` the ``CorpusResult`` ``score_corpus`` gives for the same documents."""
        corpus = corpus_from_documents(documents, self.settings)
        return result_from_rows(self, rows, [d.sentence for d in documents], orders=corpus.micro.orders,
                                detail=corpus)

    def result_of(self, corpus: CorpusResult) -> MetricResult:
        """The registry's corpus result of a DSCORER run (``score_corpus``'s ``CorpusResult`` as ``detail``)."""
        docs = corpus.documents
        rows = _rows([d.counts for d in docs], zero_gram_ratios_of(docs), corpus.settings.order)
        return result_from_rows(self, rows, [d.sentence for d in docs], orders=corpus.micro.orders, detail=corpus)
