"""The per-metric corpus functions of dscorer 0.1, kept for one release as thin aliases of the one
driver (``metrics.driver.run_metric``): each returns that metric's own result (``MetricResult.detail``)
and the facade warns on first use (``dscorer_core.score`` is the front door; docs/changes.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from .metrics.driver import run_metric
from .metrics.registry import make_metric

if TYPE_CHECKING:
    from .clauses import Drs
    from .counter.score import CounterResult
    from .counter.settings import CounterSettings
    from .ngrams.scoring import CorpusResult
    from .ngrams.settings import ScoreSettings
    from .runner import Runner


def score_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings | None = None,
                 progress: Callable[[int, int], None] | None = None, jobs: int = 1, runner: Runner | None = None,
                 **changes: Any) -> CorpusResult:
    """DSCORER's corpus result of aligned DRSs as read (``dscorer_core.score`` applies the command
    line's ill-formed policy too): ``run_metric`` on the ``dscorer`` metric, its ``detail``."""
    from .ngrams.settings import ScoreSettings

    chosen = (settings or ScoreSettings()).replace(**changes)
    return cast("CorpusResult", run_metric(make_metric("dscorer", chosen, jobs), preds, golds, runner, progress).detail)


def counter_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: CounterSettings | None = None,
                   progress: Callable[[int, int], None] | None = None, runner: Runner | None = None,
                   jobs: int = 1) -> CounterResult:
    """COUNTER's corpus result of aligned DRSs as read: ``run_metric`` on the ``counter`` metric, its
    ``detail`` (a piece of a corpus numbered from ``first_index``: ``counter.score.counter_corpus``)."""
    return cast("CounterResult", run_metric(make_metric("counter", settings, jobs), preds, golds, runner,
                                            progress).detail)
