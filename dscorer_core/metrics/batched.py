"""What the three registered metrics share beyond the protocol (``base.Metric``): scoring through
the one driver (``Batches.score``), batches added as a training loop evaluates (``add_batch``,
``compute``), and, for a metric of one count triple per document, its figures (``OneComponent``).
Beside the driver, so that no metric writes its own ``score``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import DrsCountMismatch
from ..formula import prf
from ..runner import Runner
from .base import MetricResult, Progress
from .driver import run_metric

if TYPE_CHECKING:
    from ..clauses import Drs


class Batches:
    """``add_batch(preds, golds)`` as a training loop's evaluation goes, then ``compute()``: the
    corpus result of every pair added, equal to ``score`` of them all at once (it is that call: the
    pairs are kept, in order, and scored together, so that micro and macro figures, document
    indices and signatures are those of one corpus). ``compute`` starts a new round.

    The pairs are kept outside the metric's fields, so a metric compares, hashes and pickles as
    before (a pickled metric leaves its pending pairs behind)."""

    _BATCHES = "_pending_batches"

    def score(self, preds: Sequence[Drs], golds: Sequence[Drs], progress: Progress | None = None,
              runner: Runner | None = None) -> MetricResult:
        """Score aligned predicted and gold DRSs through the one driver (``driver.run_metric``): the
        batches on ``runner`` (handed down: ``runner.Processes(N)``, a cluster's, docs/scale.md; None:
        the metric's own ``jobs`` processes, else this process)."""
        return run_metric(self, preds, golds, runner, progress)  # type: ignore[arg-type]

    def _pending(self) -> list[tuple[tuple[Drs, ...], tuple[Drs, ...]]]:
        found: list[tuple[tuple[Drs, ...], tuple[Drs, ...]]] | None = self.__dict__.get(self._BATCHES)
        if found is None:
            found = []
            object.__setattr__(self, self._BATCHES, found)  # frozen dataclasses: not a field
        return found

    def add_batch(self, preds: Sequence[Drs], golds: Sequence[Drs]) -> None:
        """Keep a batch of aligned predicted and gold DRSs for ``compute``."""
        if len(preds) != len(golds):
            raise DrsCountMismatch("the predicted batch", "the gold batch", len(preds), len(golds))
        self._pending().append((tuple(preds), tuple(golds)))

    def compute(self, progress: Progress | None = None) -> MetricResult:
        """The corpus result of every pair added since the last ``compute`` (``score`` of them all)."""
        batches = self._pending()
        preds = [p for batch, _ in batches for p in batch]
        golds = [g for _, batch in batches for g in batch]
        object.__setattr__(self, self._BATCHES, [])
        return self.score(preds, golds, progress)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != self._BATCHES}


class OneComponent(Batches):
    """What a metric of one count triple per document (COUNTER's clauses, Smatch's triples) says
    alike: its figures are ``formula.prf`` of the summed (matched, predicted, gold), it has no
    sub-scores, and a document's score is its F."""

    def figures(self, sums: np.ndarray) -> np.ndarray:
        """``formula.prf`` of summed (matched, predicted, gold) counts."""
        sums = np.atleast_2d(sums)
        return np.column_stack(prf(sums[:, 0], sums[:, 1], sums[:, 2]))

    @property
    def sub_scores(self) -> tuple[str, ...]:
        return ()

    def document_scores(self, result: MetricResult) -> dict[str, list[float]]:
        return {"": [d.F for d in result.documents]}
