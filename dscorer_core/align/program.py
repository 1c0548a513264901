"""Best mappings as an integer program, solved exactly with HiGHS (``scipy.optimize.milp``, imported
only when a program is solved).

Binary x[p] for each (predicted variable, gold variable) pair, one-to-one; y[k] in [0, 1] for each
candidate; for every item and every pair p its candidates need, the sum of those candidates' y is
at most x[p] (an item matches one partner, so this is valid, and it is much tighter than
y[k] <= x[p] one by one); maximise the weighted sum of y.  With x integral the best y is integral
too, so only x is declared integer.  Several documents can be solved as one block-diagonal
program: a proven optimum of the sum is an optimum of every block, and one solver call costs far
less than many small ones (``solve_in_batches`` groups them).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..sparse_rows import SparseRows
from .problem import Mapping, MappingProblem


@dataclass(frozen=True)
class ProgramOutcome:
    """What the solver found for one document: a mapping (None if none), whether it is proven best,
    and, from a single document's call stopped early, the solver's proven bound on its optimum
    (matches, fractional; None when it has none); ``timed_out``: the opt-in wall-clock cap stopped it.
    """

    mapping: Mapping | None
    optimal: bool
    status: str
    bound: float | None = None
    timed_out: bool = False


def add_program(problem: MappingProblem, x0: int, rows: SparseRows) -> int:
    """Add one document's constraints, its x columns from ``x0`` and its y columns after them; returns
    how many columns it uses."""
    y0 = x0 + len(problem.pairs)
    index = {p: x0 + i for i, p in enumerate(problem.pairs)}
    groups: dict[tuple, list[int]] = {}
    for i, (pv, gv) in enumerate(problem.pairs):
        groups.setdefault(("pv", pv), []).append(x0 + i)
        groups.setdefault(("gv", gv), []).append(x0 + i)
    links: dict[tuple, list[int]] = {}
    for k, cand in enumerate(problem.candidates):
        for p in cand.needs:
            links.setdefault(("p", cand.pred, p), []).append(y0 + k)
            links.setdefault(("g", cand.gold, p), []).append(y0 + k)
        groups.setdefault(("pc", cand.pred), []).append(y0 + k)
        groups.setdefault(("gc", cand.gold), []).append(y0 + k)
    for (_, _, p), members in links.items():
        rows.add(members + [index[p]], [1.0] * len(members) + [-1.0], 0.0)
    for members in groups.values():
        if len(members) > 1:
            rows.add(members, [1.0] * len(members), 1.0)
    return len(problem.pairs) + len(problem.candidates)


def solve_programs(problems: Sequence[MappingProblem], time_limit: float | None = None,
                   node_limit: int | None = None, beat: int | None = None) -> list[ProgramOutcome]:
    """Solve several documents in one program; each outcome is optimal only if the whole is.
    ``node_limit`` bounds HiGHS's branch-and-bound nodes (counted work: the same answer on any
    machine); ``time_limit`` (seconds, None: none, the default) is an opt-in wall-clock cap.
    ``beat``: stop at the first mapping matching more than this (HiGHS's objective cutoff and
    improving-solution limit): for a caller whose proven bound is ``beat + 1``, that mapping is best."""
    import numpy as np  # slow to import: only when a program is solved
    from scipy.optimize import Bounds, milp

    rows = SparseRows()
    offsets = []
    col = 0
    for problem in problems:
        offsets.append(col)
        col += add_program(problem, col, rows)
    if col == 0:
        return [ProgramOutcome({}, True, "empty") for _ in problems]
    integrality = np.zeros(col)
    cost = np.zeros(col)
    for problem, x0 in zip(problems, offsets):
        y0 = x0 + len(problem.pairs)
        integrality[x0:y0] = 1
        cost[y0:y0 + len(problem.candidates)] = [-c.weight for c in problem.candidates]
    options: dict = {"time_limit": math.inf if time_limit is None else max(time_limit, 0.0), "presolve": True}
    if node_limit is not None:
        options["node_limit"] = node_limit
    if beat is not None:
        options.update(objective_bound=-(beat + 0.5), mip_max_improving_sols=1)
    with warnings.catch_warnings():  # HiGHS options scipy does not list: it warns, then passes them on
        warnings.simplefilter("ignore", RuntimeWarning)
        res = milp(cost, integrality=integrality, bounds=Bounds(0, 1), constraints=rows.constraints(col),
                   options=options)
    dual = getattr(res, "mip_dual_bound", None)  # the solver's bound on the whole minimum (costs are negated)
    bound = -float(dual) if len(problems) == 1 and dual is not None and np.isfinite(dual) else None
    timed_out = time_limit is not None and res.status == 1  # 1: HiGHS's time limit (its node limit is 4)
    if res.x is None:
        return [ProgramOutcome(None, False, res.message, bound, timed_out) for _ in problems]
    outcomes = []
    for problem, x0 in zip(problems, offsets):
        chosen = np.flatnonzero(res.x[x0:x0 + len(problem.pairs)] > 0.5)
        mapping = {problem.pairs[i][0]: problem.pairs[i][1] for i in chosen}
        outcomes.append(ProgramOutcome(mapping, res.status == 0, res.message, bound, timed_out))
    return outcomes


def solve_program(problem: MappingProblem, time_limit: float | None = None, node_limit: int | None = None,
                  beat: int | None = None) -> ProgramOutcome:
    """Solve one document's program to optimality (within the given limits; see solve_programs)."""
    return solve_programs([problem], time_limit, node_limit, beat)[0]


def solve_in_batches(problems: Sequence[MappingProblem], size: Callable[[MappingProblem], int], budget: int,
                     time_limit: float | None, node_limit: int | None = None, alone_above: int | None = None,
                     solved: Callable[[int], None] | None = None) -> list[ProgramOutcome]:
    """Every problem's program, consecutive ones sharing a solver call while their ``size`` adds up to at
    most ``budget``; one above ``alone_above`` gets a call of its own (joining large programs makes the
    solver's branching slower). A batch the solver cannot finish is solved again document by document.
    ``solved(n)`` is told after each call how many more problems are settled (for a progress bar)."""
    outcomes: list[ProgramOutcome | None] = [None] * len(problems)
    batch: list[int] = []
    used = 0

    def flush() -> None:
        nonlocal batch, used
        if not batch:
            return
        found = solve_programs([problems[i] for i in batch], time_limit, node_limit)
        if len(batch) > 1 and not all(o.optimal for o in found):
            found = [solve_program(problems[i], time_limit, node_limit) for i in batch]
        for i, o in zip(batch, found):
            outcomes[i] = o
        if solved is not None:
            solved(len(batch))
        batch, used = [], 0

    for i, problem in enumerate(problems):
        n = size(problem)
        if alone_above is not None and n > alone_above:
            outcomes[i] = solve_program(problem, time_limit, node_limit)
            if solved is not None:
                solved(1)
            continue
        if used + n > budget:
            flush()
        batch.append(i)
        used += n
    flush()
    return [o if o is not None else ProgramOutcome(None, False, "not solved") for o in outcomes]
