"""Where a corpus runs (dscorer_core/runner.py): every runner hands the results back in the order of
its tasks, raises a task's error as it was raised, and the one chunking function covers a corpus."""

from __future__ import annotations

import pytest

from dscorer_core.batches import BatchPlan, run_batches
from dscorer_core.errors import SettingsError
from dscorer_core.runner import IN_PROCESS, Processes, chunk_ranges, even_ranges, runner_for


def test_processes_give_the_results_in_the_order_of_the_tasks():
    args = [(i, 2) for i in range(30)]  # more tasks than the window of 2 * jobs + 2
    assert list(Processes(2).map_ordered(pow, args, "squares")) == [i * i for i in range(30)]
    assert list(IN_PROCESS.map_ordered(pow, args, "squares")) == [i * i for i in range(30)]


def test_a_task_error_is_raised_where_the_results_are_read():
    results = Processes(2).map_ordered(pow, [(2, 2), (0, -1), (3, 2)], "faulty")
    assert next(results) == 4
    with pytest.raises(ZeroDivisionError):
        next(results)


def test_runner_for_jobs():
    assert runner_for(1) is IN_PROCESS and runner_for(1).workers == 1
    assert runner_for(3) == Processes(3) and runner_for(3).workers == 3
    with pytest.raises(SettingsError, match="at least 1"):
        Processes(0)


def test_chunk_ranges_close_on_items_or_weight():
    weights = [3, 3, 3, 100, 1, 1, 1, 1]
    assert chunk_ranges(weights, 3) == [(0, 3), (3, 6), (6, 8)]
    assert chunk_ranges(weights, 8, 6) == [(0, 2), (2, 4), (4, 8)]
    assert chunk_ranges([], 5) == []
    assert even_ranges([0, 0, 0], 2) == [(0, 3)]
    with pytest.raises(SettingsError):
        chunk_ranges(weights, 0)


def _numbered(preds, golds, *, first_index, progress):
    """A batch task: each pair numbered from ``first_index``, with the sum of its two sides."""
    found = [(first_index + i, p + g) for i, (p, g) in enumerate(zip(preds, golds))]
    if progress:
        progress(len(found), len(preds))
    return found


@pytest.mark.parametrize("runner", [IN_PROCESS, Processes(2)], ids=["in process", "two processes"])
@pytest.mark.parametrize("spread", [True, False])
def test_run_batches_gives_the_batches_back_in_corpus_order(runner, spread):
    preds, golds = list(range(10)), list(range(100, 110))
    plan = BatchPlan(((6, 10), (0, 3), (3, 6)), spread)  # handed out heaviest first, say
    ticks: list[tuple[int, int]] = []
    parts = run_batches(_numbered, preds, golds, runner, lambda workers: plan, "numbered",
                        lambda done, total: ticks.append((done, total)), first_index=50)
    assert [x for part in parts for x in part] == [(50 + i, 100 + 2 * i) for i in range(10)]
    assert [len(p) for p in parts] == [3, 3, 4]
    assert ticks[-1] == (10, 10) and ticks == sorted(ticks)


def test_run_batches_asks_the_plan_for_the_runners_workers():
    asked: list[int] = []
    run_batches(_numbered, [1], [2], Processes(3), lambda w: asked.append(w) or BatchPlan(((0, 1),), False), "one")
    assert asked == [3]
