"""Running tasks on a Dask cluster and handing back their results in the order they were given, with
a bounded number of tasks in flight (so the client's memory does not grow with the corpus): the
``runner.Runner`` protocol, as this process and N processes implement it (``dscorer_core/runner.py``)."""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

R = TypeVar("R")


class DaskRunner:
    """Tasks on a Dask cluster: at most ``window`` in flight (default: two per worker thread, plus
    two), each result taken in submission order and released at once. A worker that dies has its
    tasks run again elsewhere by the scheduler (``distributed.scheduler.allowed-failures``); each
    task has its own key and its result is taken once, so nothing is counted twice."""

    def __init__(self, client: Any, window: int | None = None):
        self.client = client
        self.window = window

    @property
    def workers(self) -> int:
        """The cluster's worker threads (tasks that run at once)."""
        return sum(self.client.nthreads().values()) or 1

    def _window(self) -> int:
        return self.window or 2 * self.workers + 2

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        run = f"dscorer-{name}-{uuid.uuid4().hex[:12]}"
        window = self._window()
        pending: deque[Any] = deque()
        try:
            for i, a in enumerate(args):
                pending.append(self.client.submit(func, *a, key=f"{run}-{i}", pure=False))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            if pending:  # an error, or the consumer stopped: cancel what is left
                self.client.cancel(list(pending))
