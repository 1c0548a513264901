"""The one driver: every metric's corpus result, wherever its batches run.

``run_metric`` asks the metric how to cut the corpus (``plan_batches``, made with
``runner.chunk_ranges``), has it count each batch of pairs into rows (``count_batch``), run by the one
batch loop (``batches.run_batches``) on the runner handed down (this process, N processes, a cluster),
and lets the metric turn the rows, in corpus order, into its ``MetricResult`` (``result_of_batches``).
The batches number their documents from their first index and are summed in corpus order, so the
figures are the same to the last bit however the corpus was cut and wherever it ran
(docs/architecture.md, "The protocol").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ..batches import BatchPlan, run_batches
from ..errors import DrsCountMismatch
from ..runner import IN_PROCESS, Runner, runner_for
from .base import CountedBatch, Metric, MetricResult, Progress, stack_rows

if TYPE_CHECKING:
    from ..clauses import Drs


def count_batch(metric: Metric, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int,
                progress: Progress | None = None) -> CountedBatch:
    """One batch counted by its metric: the picklable task (``partial(count_batch, metric)``) a worker
    process or a cluster runs."""
    return metric.count_batch(preds, golds, first_index, progress)


def default_runner(metric: Metric) -> Runner:
    """The runner of a metric not handed one: its own ``jobs`` processes (DSCORER, COUNTER), else this process."""
    return runner_for(int(getattr(metric, "jobs", 1)))


def run_metric(metric: Metric, preds: Sequence[Drs], golds: Sequence[Drs], runner: Runner | None = None,
               progress: Progress | None = None) -> MetricResult:
    """Score aligned predicted and gold DRSs with ``metric``: its batches on ``runner`` (None: the
    metric's default, ``default_runner``) through ``batches.run_batches``, ``progress(done, total)``
    as documents are counted."""

    def plan_for(workers: int) -> BatchPlan:
        plan = metric.plan_batches(preds, golds, workers)
        if len(preds) != len(golds):
            raise DrsCountMismatch("the predicted DRSs", "the gold DRSs", len(preds), len(golds))
        return BatchPlan(plan.ranges or ((0, 0),), plan.spread)  # an empty corpus: one empty batch

    parts = run_batches(partial(count_batch, metric), preds, golds, runner or default_runner(metric), plan_for,
                        metric.name, progress)
    documents: list[Any] = [d for part in parts for d in part.documents]
    return metric.result_of_batches(stack_rows([p.rows for p in parts]), documents, golds)


def metric_detail(metric: Metric, preds: Sequence[Any], golds: Sequence[Any],
                  progress: Progress | None = None, runner: Runner = IN_PROCESS) -> Any:
    """``run_metric`` (in this process unless ``runner`` says otherwise), its metric's own result
    (``MetricResult.detail``: a DSCORER ``CorpusResult``, ``CounterResult``, ``SmatchResult``): a
    picklable task for a worker pool. ``preds``, ``golds``: DRSs (Smatch also takes SBN already split
    off a file, ``SbnText``)."""
    return run_metric(metric, preds, golds, runner, progress).detail
