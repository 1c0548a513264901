"""Progress across a process boundary: run a function in a worker process and send its progress
over a queue (the app's process pool, ``app_widgets.workers``, runs its heavy work this way).

A module of its own, importing nothing, so a worker that unpickles ``call_with_progress`` loads
none of the app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def call_with_progress(fn: Callable[..., Any], args: tuple, kwargs: dict, updates: Any) -> Any:
    """``fn(*args, progress=..., **kwargs)``, each hundredth of its progress ``(done, total)`` put on
    ``updates`` (a queue proxy), and the last step always."""
    last = [-1]

    def progress(done: int, total: int) -> None:
        step = max(1, total // 100)
        if done == total or done // step != last[0]:
            last[0] = done // step
            updates.put((done, total))

    return fn(*args, progress=progress, **kwargs)
