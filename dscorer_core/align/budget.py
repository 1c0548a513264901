"""A time budget for one document's search, counted in this process's CPU seconds.

A search cut by a wall-clock limit finds less on a busy machine than on a quiet one: at a load
average of 4.7 on 2 cores, the relaxation of an 80-sentence document ran out of a 9 s wall-clock
limit before it had a bound, and a gap of 1 or 2 clauses became one of 36. Counting CPU seconds
gives the search the same work whatever else runs. The solver (HiGHS) keeps wall-clock time, so
it is given what is left stretched by how much slower than the CPU the wall clock is running: as
measured since the budget began, or as the load average says (runnable processes per core), when
that is more (a machine that became busy just now).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Budget", "MAX_STRETCH"]

#: The most a solver's wall-clock allowance is stretched (a machine 8 times oversubscribed).
MAX_STRETCH = 8.0
#: CPU seconds a budget must have used before its wall/CPU ratio is trusted.
_SETTLED = 0.05


@dataclass
class Budget:
    """``seconds`` of CPU time from when it was made; ``cpu`` and ``wall`` are the clocks."""

    seconds: float
    cpu: Callable[[], float] = time.process_time
    wall: Callable[[], float] = time.monotonic
    load: Callable[[], float] = lambda: _load_per_core()
    _cpu0: float = field(init=False)
    _wall0: float = field(init=False)

    def __post_init__(self) -> None:
        self._cpu0, self._wall0 = self.cpu(), self.wall()

    def left(self) -> float:
        """CPU seconds left (negative when overrun)."""
        return self.seconds - (self.cpu() - self._cpu0)

    def spent(self) -> bool:
        """True when nothing is left."""
        return self.left() <= 0

    def solver_seconds(self) -> float:
        """The wall-clock limit to give a solver for what is left: the CPU seconds left, times how
        much slower the wall clock runs than the CPU (so far, or by the load average, whichever is
        more; at least 1, at most MAX_STRETCH)."""
        left = self.left()
        if left <= 0:
            return 0.0
        used_cpu, used_wall = self.cpu() - self._cpu0, self.wall() - self._wall0
        stretch = max(used_wall / used_cpu if used_cpu > _SETTLED else 1.0, self.load())
        return left * min(max(stretch, 1.0), MAX_STRETCH)


def _load_per_core() -> float:
    """The last minute's load average per core (1 where the system does not say)."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except (AttributeError, OSError):
        return 1.0
