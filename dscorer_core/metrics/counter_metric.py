"""COUNTER as a registered metric: one component, the clauses, matched under the best variable mapping."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..clauses import Drs
from ..counter.score import CounterResult, counter_corpus, counter_pair
from ..counter.settings import CounterSettings
from ..errors import SettingsError
from ..runner import Runner, runner_for
from ..signature import Signature
from .base import Average, CountRows, MetricResult, OneComponent, Progress, result_from_rows


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

    def score(self, preds: Sequence[Drs], golds: Sequence[Drs], progress: Progress | None = None,
              runner: Runner | None = None) -> MetricResult:
        """``runner``: where the batches run (a cluster's, docs/scale.md); None: ``jobs`` processes."""
        return self.result_of(counter_corpus(preds, golds, self.settings, progress=progress,
                                             runner=runner or runner_for(self.jobs)),
                              [g.sentence for g in golds])

    def result_of(self, corpus: CounterResult, sentences: Sequence[str | None] | None = None) -> MetricResult:
        """The registry's corpus result of a COUNTER run (``counter_corpus``'s ``CounterResult`` as ``detail``);
        ``sentences`` label the documents (default: the sentences the pairs carry)."""
        docs = corpus.documents
        rows = _rows([(d.matched, d.pred_clauses, d.gold_clauses) for d in docs])
        labels = list(sentences) if sentences is not None else [d.sentence for d in docs]
        return result_from_rows(self, rows, labels, optimal=[d.optimal for d in docs],
                                breakdown=corpus.by_kind, detail=corpus)
