"""Where a corpus's batches run, handed down to the metrics by whoever calls them (the command line,
the app, a notebook): in this process, in N processes, or on a Dask cluster (``cluster.DaskRunner``,
the same protocol). The metrics cut a corpus with ``chunk_ranges`` and give the runner a picklable
function and its arguments; every runner hands the results back in the order given, so the figures
are the same to the last bit wherever they ran (docs/architecture.md, "Where it runs")."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .errors import SettingsError

R = TypeVar("R")


class Runner(Protocol):
    """Something that runs ``func(*args)`` for each argument tuple and yields the results in order;
    ``workers`` says how many run at once (1: cutting a corpus finer gains nothing)."""

    @property
    def workers(self) -> int:
        ...  # pragma: no cover

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        ...  # pragma: no cover


@dataclass(frozen=True)
class InProcess:
    """Every task in this process, one after the other."""

    @property
    def workers(self) -> int:
        """One: the tasks run one after the other."""
        return 1

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        """``func(*a)`` for each ``a``, lazily, in order."""
        for a in args:
            yield func(*a)


@dataclass(frozen=True)
class Processes:
    """Tasks in ``jobs`` worker processes of this machine (``--jobs``), at most ``2 * jobs + 2`` in
    flight (a streamed corpus's pieces are not all read ahead); an error raised in a worker is raised
    here as it was raised there, and the tasks not yet run are cancelled."""

    jobs: int

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise SettingsError(f"jobs must be at least 1, not {self.jobs}")

    @property
    def workers(self) -> int:
        """The number of processes."""
        return self.jobs

    def map_ordered(self, func: Callable[..., R], args: Iterable[tuple[Any, ...]], name: str) -> Iterator[R]:
        """``func(*a)`` for each ``a`` in the processes; the results in the order of ``args``."""
        window = 2 * self.jobs + 2
        pending: deque[Future[R]] = deque()
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            try:
                for a in args:
                    pending.append(pool.submit(func, *a))
                    if len(pending) >= window:
                        yield pending.popleft().result()
                while pending:
                    yield pending.popleft().result()
            finally:
                for other in pending:  # an error, or the consumer stopped
                    other.cancel()


#: The runner of everything that is not told otherwise.
IN_PROCESS = InProcess()


def runner_for(jobs: int = 1) -> Runner:
    """This process for ``jobs`` 1, else ``jobs`` processes (what ``--jobs N`` asks for)."""
    return Processes(jobs) if jobs > 1 else IN_PROCESS


def chunk_ranges(weights: Sequence[int], most_items: int, most_weight: int | None = None) -> list[tuple[int, int]]:
    """Cut items of these weights into consecutive (start, end) ranges: a range closes once it holds
    ``most_items`` items or its weight reaches ``most_weight``. The one way a corpus is cut into tasks."""
    if most_items < 1:
        raise SettingsError(f"a chunk holds at least one item, not {most_items}")
    ranges: list[tuple[int, int]] = []
    first, used = 0, 0
    for i, weight in enumerate(weights):
        used += weight
        if i + 1 - first >= most_items or (most_weight is not None and used >= most_weight):
            ranges.append((first, i + 1))
            first, used = i + 1, 0
    if first < len(weights):
        ranges.append((first, len(weights)))
    return ranges


def even_ranges(weights: Sequence[int], parts: int) -> list[tuple[int, int]]:
    """At most ``parts`` consecutive ranges of about equal weight (``chunk_ranges`` with a weight cap)."""
    total = sum(weights)
    return chunk_ranges(weights, len(weights) or 1, -(-total // max(parts, 1)) or None)
