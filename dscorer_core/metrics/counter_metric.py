"""COUNTER as a registered metric: one component, the clauses, matched under the best variable mapping."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..clauses import Drs
from ..counter.chunks import counter_plan
from ..counter.score import CounterResult, CounterTotals, counter_pair, score_chunk
from ..counter.settings import CounterSettings
from ..errors import SettingsError
from ..signature import Signature
from .base import (
    Average,
    BatchPlan,
    CountedBatch,
    CountRows,
    MetricResult,
    Progress,
    result_from_rows,
)
from .batched import OneComponent


def _rows(counts: Sequence[tuple[int, int, int]]) -> CountRows:
    return CountRows(("clauses",), np.array(counts, dtype=np.int64).reshape(len(counts), 1, 3))


@dataclass(frozen=True)
class CounterMetric(OneComponent):
    """COUNTER-compatible clause matching under ``settings``; micro-averaged, as COUNTER reports."""

    settings: CounterSettings = field(default_factory=CounterSettings)
    #: Processes that score a corpus large enough to pay for them (``counter_corpus``'s ``jobs``).
    jobs: int = 1
    name: ClassVar[str] = "counter"
    title: ClassVar[str] = "COUNTER"
    averages: ClassVar[tuple[Average, ...]] = ("micro",)

    scores_clauses: ClassVar[bool] = True

    @classmethod
    def from_settings(cls, settings: Any = None, jobs: int = 1, average: Average | None = None) -> CounterMetric:
        if average not in (None, "micro"):
            raise SettingsError(f"COUNTER is micro-averaged (summed clauses), not {average}")
        return cls(settings or CounterSettings(), jobs)

    @property
    def components(self) -> tuple[str, ...]:
        return ("clauses",)

    @property
    def average(self) -> Average:
        return "micro"

    def get_signature(self, average: Average | None = None) -> Signature:
        return self.settings.get_signature()

    def refusal(self, drss: Sequence[Drs], name: str) -> str | None:
        return None

    def pair_rows(self, pred: Drs, gold: Drs) -> CountRows:
        found = counter_pair(pred, gold, self.settings)
        return _rows([(found.matched, found.pred_clauses, found.gold_clauses)])


    def plan_batches(self, preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
        """COUNTER's chunks, the heaviest first when several workers pay for them (``counter.chunks.counter_plan``)."""
        return counter_plan(preds, golds, workers)

    def count_batch(self, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int,
                    progress: Progress | None = None) -> CountedBatch:
        """The clause counts of one chunk (``counter.score.score_chunk``), with its ``CounterPair``s."""
        docs = score_chunk(preds, golds, self.settings, first_index, progress)
        return CountedBatch(_rows([(d.matched, d.pred_clauses, d.gold_clauses) for d in docs]), tuple(docs))

    def result_of_batches(self, rows: CountRows, documents: Sequence[Any], golds: Sequence[Drs]) -> MetricResult:
        """The figures of the rows; ``detail`` the ``CounterResult`` ``counter_corpus`` gives for the same documents."""
        totals = CounterTotals(self.settings)
        totals.add(documents)
        corpus = totals.result()
        return result_from_rows(self, rows, [g.sentence for g in golds], optimal=[d.optimal for d in documents],
                                breakdown=corpus.by_kind, detail=corpus)

    def result_of(self, corpus: CounterResult, sentences: Sequence[str | None] | None = None) -> MetricResult:
        """The registry's corpus result of a COUNTER run (``counter_corpus``'s ``CounterResult`` as ``detail``);
        ``sentences`` label the documents (default: the sentences the pairs carry)."""
        docs = corpus.documents
        rows = _rows([(d.matched, d.pred_clauses, d.gold_clauses) for d in docs])
        labels = list(sentences) if sentences is not None else [d.sentence for d in docs]
        return result_from_rows(self, rows, labels, optimal=[d.optimal for d in docs],
                                breakdown=corpus.by_kind, detail=corpus)
