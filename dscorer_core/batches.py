"""The one batch loop: a corpus cut into consecutive ranges (a ``BatchPlan``), each range counted by a
task in this process or on the runner handed down, the results given back in corpus order.

The corpus functions of every metric (``ngrams.corpus.score_corpus``, ``counter.score.counter_corpus``,
``sbn.smatch.smatch_corpus``) and the metrics' driver (``metrics.driver.run_metric``) run their
batches here, so "in this process or on the runner" is decided in one place
(docs/architecture.md, "Where it runs"). A task numbers its documents from the first index it is
given, so the results are the same to the last bit however the corpus was cut and wherever it ran.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .runner import Runner

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
#: ``progress(done, total)``, called as documents are counted.
Progress = Callable[[int, int], None]


class BatchTask(Protocol[R_co]):
    """What counts one batch: ``task(preds, golds, first_index=, progress=)`` for consecutive pairs
    numbered from ``first_index``; picklable (a module-level function or a ``functools.partial`` of
    one), so a worker process or a cluster runs it. ``progress(done, len(preds))`` as pairs are counted."""

    def __call__(self, preds: Sequence[Any], golds: Sequence[Any], *, first_index: int,
                 progress: Progress | None) -> R_co:
        ...  # pragma: no cover


@dataclass(frozen=True)
class BatchPlan:
    """How a corpus is cut into batches (``runner.chunk_ranges``): consecutive (start, end) ranges,
    in the order they are best handed out (the results come back in corpus order); ``spread``:
    whether a runner of several workers pays for them (else they run in this process)."""

    ranges: tuple[tuple[int, int], ...]
    spread: bool = True


def run_batches(task: BatchTask[R], preds: Sequence[Any], golds: Sequence[Any], runner: Runner,
                plan_for: Callable[[int], BatchPlan], name: str, progress: Progress | None = None,
                first_index: int = 0) -> list[R]:
    """Each batch of ``plan_for(runner.workers)`` counted by ``task``: in this process, range after
    range, where the runner has one worker or the plan is not worth spreading, else on the runner;
    the results in corpus order. ``progress(done, len(preds))`` per document here, per batch there;
    ``first_index`` numbers the documents of a piece of a larger corpus."""
    workers = runner.workers  # a cluster asks its scheduler: once
    plan = plan_for(workers)
    total = len(preds)
    done: dict[int, R] = {}
    if workers <= 1 or not plan.spread:
        for a, b in sorted(plan.ranges):
            done[a] = task(preds[a:b], golds[a:b], first_index=first_index + a,
                           progress=_shifted(progress, a, total))
    else:
        args = ((task, list(preds[a:b]), list(golds[a:b]), first_index + a) for a, b in plan.ranges)
        counted = 0
        for (a, b), found in zip(plan.ranges, runner.map_ordered(_run_task, args, name)):
            done[a] = found
            counted += b - a
            if progress:
                progress(counted, total)
    return [done[a] for a in sorted(done)]


def _run_task(task: BatchTask[R], preds: Sequence[Any], golds: Sequence[Any], first_index: int) -> R:
    """One batch in a worker (the runner calls it with positional arguments)."""
    return task(preds, golds, first_index=first_index, progress=None)


def _shifted(progress: Progress | None, first: int, total: int) -> Progress | None:
    """A batch's ``progress(done, of_batch)`` as the corpus's ``progress(first + done, total)``."""
    if progress is None:
        return None
    report = progress

    def shifted(done: int, _of_batch: int) -> None:
        report(first + done, total)

    return shifted
