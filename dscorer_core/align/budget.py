"""The work one document's exact search may do, counted in steps of the search, not in seconds.

A search stopped by a clock finds less on a busy machine than on a quiet one (a PMB 5 long-text
document scored .2299 on a loaded machine where the same command proves .2993), so the searches
stop on counted work only: branch-and-bound steps, hill-climbing moves, the interior-point
iterations of the linear relaxation and the branch-and-bound nodes of the integer program (HiGHS's
``mip_max_nodes``; its root node is finite work and always completes). The same command then
prints the same bytes whatever else the machine runs. ``WorkLimits`` are the limits (named in the
signatures); ``WorkBudget`` counts what one document has used of them.

A wall-clock cap (``--time-limit``) is an explicit opt-in on top: it bounds each solver call, and a
document whose solver call it stopped is marked as cut by it (``WorkBudget.clock_cut``) and reported
with the bound proven so far. It is never the default.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..errors import SettingsError

#: The kinds of counted work: branch-and-bound steps, hill-climbing moves, relaxation iterations,
#: integer-program nodes.
Work = Literal["nodes", "moves", "lp_iterations", "mip_nodes"]


@dataclass(frozen=True)
class WorkLimits:
    """Per document: ``nodes`` steps of each branch and bound, ``moves`` hill-climbing moves in all
    (None: no limit), ``lp_iterations`` interior-point iterations of each linear relaxation,
    ``mip_nodes`` branch-and-bound nodes of each integer program (HiGHS)."""

    nodes: int = 5_000
    moves: int | None = 1_000_000
    lp_iterations: int = 500
    mip_nodes: int = 20_000

    def __post_init__(self) -> None:
        for name in ("nodes", "moves", "lp_iterations", "mip_nodes"):
            value = getattr(self, name)
            if value is None and name == "moves":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SettingsError(f"work limit {name} must be a whole number >= 0, not {value!r}")

    def text(self) -> str:
        """The signature's value: ``bnb5000-moves1000000-lp500-mip20000`` (``movesany``: no limit)."""
        moves = "any" if self.moves is None else str(self.moves)
        return f"bnb{self.nodes}-moves{moves}-lp{self.lp_iterations}-mip{self.mip_nodes}"


@dataclass
class WorkBudget:
    """What one document's search has used of ``limits``: each step reports its work (``charge``);
    ``left`` is what the next step may use. ``seconds`` (None: no cap, the default) is the opt-in
    wall-clock cap on the solver calls, measured by ``clock`` from when the budget was made."""

    limits: WorkLimits = field(default_factory=WorkLimits)
    seconds: float | None = None
    clock: Callable[[], float] = time.monotonic
    used: dict[str, int] = field(default_factory=dict)
    #: Set when the wall-clock cap stopped a solver call of this document (see ``note_solver``).
    clock_cut: bool = False
    _start: float = field(init=False)

    def __post_init__(self) -> None:
        if self.seconds is not None and not (self.seconds > 0 and math.isfinite(self.seconds)):
            raise SettingsError(f"time limit must be a positive number of seconds, not {self.seconds!r}")
        self._start = self.clock()

    def charge(self, kind: Work, amount: int) -> None:
        """Count ``amount`` units of ``kind`` as used."""
        self.used[kind] = self.used.get(kind, 0) + max(0, int(amount))

    def left(self, kind: Work) -> int | None:
        """Units of ``kind`` still allowed (None: no limit). Moves are one pool per document; the
        other kinds are limits per call, so what is left of them is the limit itself."""
        if kind != "moves":
            return int(getattr(self.limits, kind))
        if self.limits.moves is None:
            return None
        return max(0, self.limits.moves - self.used.get("moves", 0))

    def solver_seconds(self) -> float:
        """The wall-clock limit to give a solver call: infinite without a cap, else what is left of it."""
        if self.seconds is None:
            return math.inf
        return max(0.0, self.seconds - (self.clock() - self._start))

    def out_of_time(self) -> bool:
        """Whether an opt-in cap is given and used up (never true without one)."""
        return self.seconds is not None and self.solver_seconds() <= 0

    def note_solver(self, finished: bool) -> None:
        """After a solver call: one that did not finish while the cap is used up was cut by the clock."""
        if not finished and self.out_of_time():
            self.clock_cut = True
