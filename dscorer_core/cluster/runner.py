"""Running tasks and handing back their results in the order they were given: in this process, or on
a Dask cluster with a bounded number of tasks in flight (so the client's memory does not grow with
the corpus)."""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

R = TypeVar("R")


class Runner(Protocol):
    """Something that runs ``func(*args)`` for each argument tuple and yields the results in order."""

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        ...  # pragma: no cover


class InProcess:
    """Every task in this process, one after the other (a streamed corpus on one machine)."""

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        for a in args:
            yield func(*a)


class DaskRunner:
    """Tasks on a Dask cluster: at most ``window`` in flight (default: two per worker thread, plus
    two), each result taken in submission order and released at once. A worker that dies has its
    tasks run again elsewhere by the scheduler (``distributed.scheduler.allowed-failures``); each
    task has its own key and its result is taken once, so nothing is counted twice."""

    def __init__(self, client: Any, window: int | None = None):
        self.client = client
        self.window = window

    def _window(self) -> int:
        if self.window:
            return self.window
        threads = sum(self.client.nthreads().values()) or 1
        return 2 * threads + 2

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
