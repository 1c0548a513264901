"""The one driver: every metric's corpus result, wherever its batches run.

``run_metric`` asks the metric how to cut the corpus (``plan_batches``, made with
``runner.chunk_ranges``), has it count each batch of pairs into rows (``count_batch``, run by the
runner handed down: this process, N processes, a cluster), puts the batches back in corpus order and
lets the metric turn the rows into its ``MetricResult`` (``result_of_batches``). The batches number
their documents from their first index and are summed in corpus order, so the figures are the same to
the last bit however the corpus was cut and wherever it ran (docs/architecture.md, "The protocol").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import DrsCountMismatch
from ..runner import Runner, runner_for
from .base import CountedBatch, Metric, MetricResult, Progress, stack_rows

if TYPE_CHECKING:
    from ..clauses import Drs


def count_batch(metric: Metric, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int) -> CountedBatch:
    """One batch counted by its metric: the picklable task a worker process or a cluster runs."""
    return metric.count_batch(preds, golds, first_index)


def default_runner(metric: Metric) -> Runner:
    """The runner of a metric not handed one: its own ``jobs`` processes (DSCORER, COUNTER), else this process."""
    return runner_for(int(getattr(metric, "jobs", 1)))


def run_metric(metric: Metric, preds: Sequence[Drs], golds: Sequence[Drs], runner: Runner | None = None,
               progress: Progress | None = None) -> MetricResult:
    """Score aligned predicted and gold DRSs with ``metric``: its batches on ``runner`` (None: the
    metric's default, ``default_runner``), ``progress(done, total)`` as documents are counted."""
    runner = runner or default_runner(metric)
    plan = metric.plan_batches(preds, golds, runner.workers)
    if len(preds) != len(golds):
        raise DrsCountMismatch("the predicted DRSs", "the gold DRSs", len(preds), len(golds))
    ranges = plan.ranges or ((0, 0),)
    total = len(preds)
    done: dict[int, CountedBatch] = {}
    if runner.workers <= 1 or not plan.spread:
        for a, b in sorted(ranges):
            done[a] = metric.count_batch(preds[a:b], golds[a:b], a, _shifted(progress, a, total))
    else:
        args = ((metric, list(preds[a:b]), list(golds[a:b]), a) for a, b in ranges)
        counted = 0
        for (a, b), found in zip(ranges, runner.map_ordered(count_batch, args, metric.name)):
            done[a] = found
            counted += b - a
            if progress:
                progress(counted, total)
    parts = [done[a] for a in sorted(done)]
    documents: list[Any] = [d for part in parts for d in part.documents]
    return metric.result_of_batches(stack_rows([p.rows for p in parts]), documents, golds)


def _shifted(progress: Progress | None, first: int, total: int) -> Progress | None:
    """A batch's ``progress(done, of_batch)`` as the corpus's ``progress(first + done, total)``."""
    if progress is None:
        return None
    report = progress

    def shifted(done: int, _of_batch: int) -> None:
        report(first + done, total)

    return shifted
