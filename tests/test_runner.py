"""Where a corpus runs (dscorer_core/runner.py): every runner hands the results back in the order of
its tasks, raises a task's error as it was raised, and the one chunking function covers a corpus."""

from __future__ import annotations

import pytest

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
