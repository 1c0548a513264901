"""Best mappings as an integer program, solved exactly with HiGHS (``scipy.optimize.milp``).

Binary x[p] for each (pred var, gold var) pair, one-to-one; y[k] in [0, 1] for each candidate
clause pair; for every clause and every pair p its candidates need, the sum of those candidates'
y is at most x[p] (a clause matches one partner, so this is valid, and it is much tighter than
y[k] <= x[p] one by one); maximise the sum of y.  With x integral the best y is integral too,
so only x is declared integer.
Several documents can be solved as one block-diagonal program: a proven optimum of the sum is
an optimum of every block, and one solver call costs far less than many small ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..sparse_rows import SparseRows
from .problem import MatchProblem

__all__ = ["ExactOutcome", "solve_exact", "solve_exact_batch"]


@dataclass(frozen=True)
class ExactOutcome:
    """What the solver found for one document: a mapping (or None) and whether it is proven optimal."""

    mapping: dict[str, str] | None
    optimal: bool
    status: str


def _add_problem(problem: MatchProblem, x0: int, y0: int, rows: SparseRows) -> None:
    """Constraints of one document, its x variables from column x0 and its y variables from y0."""
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


def solve_exact_batch(problems: Sequence[MatchProblem], time_limit: float = 20.0,
                      node_limit: int | None = 20_000) -> list[ExactOutcome]:
    """Solve several documents' matchings in one program; each outcome is optimal only if the whole is."""
    from scipy.optimize import (  # slow to import: only when needed
        Bounds,
        milp,
    )

    rows = SparseRows()
    offsets = []
    col = 0
    for problem in problems:
        x0, y0 = col, col + len(problem.pairs)
        offsets.append((x0, y0))
        _add_problem(problem, x0, y0, rows)
        col = y0 + len(problem.candidates)
    if col == 0:
        return [ExactOutcome({}, True, "empty") for _ in problems]
    integrality = np.zeros(col)
    cost = np.zeros(col)
    for problem, (x0, y0) in zip(problems, offsets):
        integrality[x0:y0] = 1
        cost[y0:y0 + len(problem.candidates)] = -1
    options: dict = {"time_limit": time_limit, "presolve": True}
    if node_limit is not None:
        options["node_limit"] = node_limit
    res = milp(cost, integrality=integrality, bounds=Bounds(0, 1), constraints=rows.constraints(col), options=options)
    if res.x is None:
        return [ExactOutcome(None, False, res.message) for _ in problems]
    outcomes = []
    for problem, (x0, y0) in zip(problems, offsets):
        chosen = np.flatnonzero(res.x[x0:y0] > 0.5)
        mapping = {problem.pairs[i][0]: problem.pairs[i][1] for i in chosen}
        outcomes.append(ExactOutcome(mapping, res.status == 0, res.message))
    return outcomes


def solve_exact(problem: MatchProblem, time_limit: float = 20.0, node_limit: int | None = 20_000) -> ExactOutcome:
    """Solve one document's clause matching to optimality (within the given limits)."""
    return solve_exact_batch([problem], time_limit, node_limit)[0]
