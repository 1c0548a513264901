"""A proven upper bound on the best mapping from the linear relaxation of the integer program, and
the variable pairs and candidates that no better mapping can use (reduced-cost fixing).

The relaxation (``program.add_program`` with every column in [0, 1]) is solved by HiGHS's interior
point method without crossover to a vertex (much quicker than the simplex the integer solver starts
with: 5 s against over 50 s on an 80-sentence document; crossover adds a second, and its vertex
rounds to worse mappings than the interior point does).  The bound is not the solver's objective but
is recomputed from its dual values ``y >= 0``: for ``max c.x`` subject to ``A x <= b`` and
``0 <= x <= 1``, every such ``y`` gives ``c.x <= b.y + sum(max(0, c - A'y))``, whatever the solver's
tolerances or a time limit left it with, so the bound is valid as computed.  With the same ``y``,
forcing one column to 1 adds its (negative) reduced cost ``c_j - (A'y)_j`` to the bound: a pair or
candidate whose forced bound is below ``incumbent + 1`` is in no mapping that beats the incumbent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .budget import WorkBudget
from .outcome import Alignment
from .problem import Candidate, Mapping, MappingProblem
from .program import add_program

#: Slack for floating-point sums when a fractional bound is rounded down to whole matches.
EPSILON = 1e-6


@dataclass(frozen=True)
class RelaxationBound:
    """``bound``: no mapping matches more (whole matches); ``reduced``: the reduced costs of the
    pairs (in ``problem.pairs`` order) then of the candidates, with ``value`` the fractional bound;
    ``pair_values``: the relaxation's value of each pair (1: mapped, 0: not, between: undecided)."""

    bound: int
    value: float
    reduced: tuple[float, ...]
    pair_values: tuple[float, ...] = ()

    def rounded(self, problem: MappingProblem) -> Mapping:
        """A mapping read off the relaxation: pairs by falling value, each taken when both its variables
        are still free (the relaxation is nearly whole on long documents: a start for hill climbing)."""
        order = sorted((-v, k) for k, v in enumerate(self.pair_values) if v > EPSILON)
        forward: Mapping = {}
        taken: set[str] = set()
        for _, k in order:
            p, g = problem.pairs[k]
            if p not in forward and g not in taken:
                forward[p] = g
                taken.add(g)
        return forward

    def survivors(self, problem: MappingProblem, incumbent: int) -> list[Candidate]:
        """The candidates a mapping matching more than ``incumbent`` may satisfy: those whose own
        forced bound, and the forced bound of every pair they need, reach ``incumbent + 1``."""
        need = incumbent + 1 - EPSILON
        n = len(problem.pairs)
        dead = {pair for pair, r in zip(problem.pairs, self.reduced[:n]) if self.value + min(r, 0.0) < need}
        return [c for c, r in zip(problem.candidates, self.reduced[n:])
                if self.value + min(r, 0.0) >= need and not any(pair in dead for pair in c.needs)]


def relaxation_bound(problem: MappingProblem, iterations: int = 500,
                     time_limit: float | None = None) -> RelaxationBound | None:
    """The relaxation's proven bound and reduced costs; None if the solver returned no dual values
    (stopped by its ``iterations`` limit, counted work, or the opt-in wall-clock ``time_limit``,
    before it had any). The bound is valid whatever dual values the solver stopped with."""
    import warnings

    import numpy as np  # slow to import: only when a bound is needed
    from scipy.optimize import OptimizeWarning, linprog

    from ..sparse_rows import SparseRows

    rows = SparseRows()
    columns = add_program(problem, 0, rows)
    gain = np.zeros(columns)
    gain[len(problem.pairs):] = [c.weight for c in problem.candidates]
    if not rows.upper:
        return RelaxationBound(int(gain.sum()), float(gain.sum()), tuple(gain.tolist()), (1.0,) * len(problem.pairs))
    constraint = rows.constraints(columns)[0]
    matrix, upper = constraint.A, np.asarray(constraint.ub, dtype=float)
    with warnings.catch_warnings():
        # run_crossover is a HiGHS option scipy does not list: it warns, then passes it on as it is
        warnings.simplefilter("ignore", OptimizeWarning)
        res = linprog(-gain, A_ub=matrix, b_ub=upper, bounds=(0, 1), method="highs-ipm",
                      options={"time_limit": math.inf if time_limit is None else max(time_limit, 0.01),
                               "maxiter": max(1, iterations), "run_crossover": "off"})
    marginals = getattr(getattr(res, "ineqlin", None), "marginals", None)
    if marginals is None or len(marginals) != len(upper) or not np.all(np.isfinite(marginals)):
        return None
    y = np.maximum(0.0, -np.asarray(marginals))
    reduced = gain - matrix.T @ y
    value = float(upper @ y + np.maximum(0.0, reduced).sum())
    values = res.x[:len(problem.pairs)].tolist() if res.x is not None else []
    return RelaxationBound(math.floor(value + EPSILON), value, tuple(reduced.tolist()), tuple(values))


def bounded_search(problem: MappingProblem, start: Mapping, upper_bound: int, work: WorkBudget,
                   quick_bound: Callable[[], int] | None = None, climb_first: bool = True
                   ) -> tuple[Alignment, MappingProblem | None]:
    """A large open problem: hill climbing from ``start`` (or, when both sides have several parts, from
    paired-up parts instead, ``blocks.block_start``; skipped without ``climb_first``), ``quick_bound`` if
    given, then the relaxation's bound (one solver call, within ``work``'s iteration limit and opt-in
    clock) and its rounded mapping climbed. The climbing's moves are charged to ``work``.

    Returns the best mapping found with the best bound proven (optimal when they meet), and the problem
    reduced to the candidates a better mapping may use (None when none can be better; the problem itself
    when the relaxation was stopped before it had a bound)."""
    from .blocks import block_start, item_parts
    from .hill import Climber, climb
    from .problem import count_matched, restricted

    best_map, best = start, count_matched(problem, start)
    moves = work.left("moves")
    climber = Climber(problem, moves)

    def charge() -> None:
        nonlocal moves
        if moves is not None and climber.budget is not None:
            work.charge("moves", moves - climber.budget)
            moves = climber.budget

    if climb_first:
        parts = item_parts(problem, 0), item_parts(problem, 1)
        if all(len(set(side.values())) > 1 for side in parts):
            start = block_start(problem, parts=parts)
        climber.reset(start)
        if climb(climber, upper_bound) > best:
            best, best_map = climber.score, climber.mapping()
        charge()
    bound = max(best, min(upper_bound, quick_bound() if quick_bound is not None else upper_bound))
    if best >= bound:
        return Alignment(best_map, best, bound, True, "hill"), None
    relaxation = None if work.out_of_time() else relaxation_bound(problem, work.limits.lp_iterations,
                                                                   work.seconds and work.solver_seconds())
    work.note_solver(relaxation is not None)
    if relaxation is None:  # stopped before it had a bound
        return Alignment(best_map, best, bound, False, "hill"), problem
    bound = max(best, min(bound, relaxation.bound))
    if best < bound:  # the relaxation's own mapping, rounded and climbed, is often better still
        climber.reset(relaxation.rounded(problem))
        if climb(climber, bound) > best:
            best, best_map = climber.score, climber.mapping()
        charge()
    if best >= bound:
        return Alignment(best_map, best, bound, True, "hill"), None
    survivors = relaxation.survivors(problem, best)
    if not survivors:
        return Alignment(best_map, best, best, True, "hill"), None
    return Alignment(best_map, best, bound, False, "hill"), restricted(problem, survivors)
