"""Find the best variable mapping of DRS pairs: smart starts, bound check, exact search, restarts
(COUNTER's search order over the alignment core, ``dscorer_core.align``).

Order of work: hill climbing from the smart starts; if that reaches the upper bound the mapping is
proven optimal.  Otherwise (``exact+hill``) branch and bound settles small problems and the
integer program the rest (small documents share a solver call); only when those are unaffordable
or stopped do seeded restarts continue the hill climbing (alternately from a random mapping and
from a random perturbation of the best mapping so far).

``method`` names what produced the mapping: ``hill``, ``bnb`` (branch and bound), ``milp``
(integer program) or ``trivial`` (no clause pair could match); ``optimal`` says whether it is proven best.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial

from ..align import (
    Alignment,
    Climber,
    ProgramOutcome,
    branch_and_bound,
    climb,
    count_matched,
    greedy_start,
    perturbed,
    random_start,
    solve_in_batches,
)
from .problem import MatchProblem
from .settings import CounterSettings

__all__ = ["SearchOutcome", "find_mapping", "find_mappings", "document_rng", "smart_start", "smart_pass",
           "branch_pass", "exact_pass"]

#: What the search found for one document (the alignment core's one outcome type).
SearchOutcome = Alignment

#: Smart starts made before any random one (they count towards ``restarts``).
SMART_STARTS = 2

#: Small documents (up to SMALL_PAIRS variable pairs) are solved together, up to BATCH_PAIRS
#: pairs per solver call; a larger document gets a call of its own (joining large programs
#: makes the solver's branching slower than solving them one by one).
SMALL_PAIRS = 100
BATCH_PAIRS = 1000

#: Problems up to this many variable pairs first try branch and bound, for up to BNB_NODES nodes.
BNB_PAIRS = 300
BNB_NODES = 5000


def document_rng(seed: int, index: int) -> random.Random:
    """The random generator of one document: depends only on the seed and the document's index."""
    return random.Random(f"counter:{seed}:{index}")


def smart_start(problem: MatchProblem, concepts_only: bool = False) -> dict[str, str]:
    """A greedy mapping: take candidate clause pairs, concepts and rare clauses first, when they fit
    (this generalises COUNTER's smart start: map the variables of matching concepts)."""
    options: dict[int, int] = defaultdict(int)
    for c in problem.candidates:
        options[c.pred] += 1
    clauses = problem.pred.clauses
    candidates = problem.candidates

    def key(k: int) -> tuple:
        c = candidates[k]
        return (clauses[c.pred].kind != "concept", options[c.pred], c.pred, c.gold)

    order = sorted(range(len(candidates)), key=key)
    if concepts_only:
        order = [k for k in order if clauses[candidates[k].pred].kind == "concept"]
    return greedy_start(problem, order)


def smart_pass(problem: MatchProblem) -> SearchOutcome:
    """Hill climbing from the smart starts; optimal when it reaches the upper bound."""
    bound = problem.upper_bound
    if not problem.candidates:
        return SearchOutcome({}, 0, bound, True, "trivial")
    climber = Climber(problem)
    best, best_map = -1, {}
    for start in (smart_start(problem, concepts_only=True), smart_start(problem)):
        climber.reset(start)
        score = climb(climber, bound, clause_moves=False)
        if score > best:
            best, best_map = score, climber.mapping()
        if best >= bound:
            break
    return SearchOutcome(best_map, best, bound, best >= bound, "hill")


def branch_pass(problem: MatchProblem, first: SearchOutcome) -> SearchOutcome:
    """Try to beat or prove ``first`` by branch and bound; unchanged if the node limit stops it."""
    found = branch_and_bound(problem, first.matched, BNB_NODES)
    if not found.finished:
        return first
    if found.mapping is None:
        return SearchOutcome(first.mapping, first.matched, first.upper_bound, True, first.method)
    return SearchOutcome(found.mapping, count_matched(problem, found.mapping), first.upper_bound, True, "bnb")


def exact_pass(problems: Sequence[MatchProblem], settings: CounterSettings) -> list[ProgramOutcome | None]:
    """Exact solutions of the problems' integer programs; small ones share solver calls (see
    SMALL_PAIRS), a batch the solver cannot finish is retried document by document, and a problem
    above the size limit gets None."""
    wanted = [i for i, p in enumerate(problems) if len(p.pairs) <= settings.max_exact_pairs]
    found = solve_in_batches([problems[i] for i in wanted], lambda p: len(p.pairs), BATCH_PAIRS,
                             settings.time_limit, settings.node_limit, alone_above=SMALL_PAIRS)
    outcomes: list[ProgramOutcome | None] = [None] * len(problems)
    for i, o in zip(wanted, found):
        outcomes[i] = o
    return outcomes


def finish(problem: MatchProblem, first: SearchOutcome, exact: ProgramOutcome | None,
           settings: CounterSettings, rng: Callable[[], random.Random]) -> SearchOutcome:
    """Combine the smart pass with the exact outcome; seeded random restarts if neither is proven best."""
    best, best_map, method = first.matched, first.mapping, first.method
    if exact is not None and exact.mapping is not None:
        found = count_matched(problem, exact.mapping)
        if found > best:
            best, best_map, method = found, exact.mapping, "milp"
        if exact.optimal and found >= best:
            return SearchOutcome(best_map, best, first.upper_bound, True, method)
    climber = Climber(problem, settings.max_moves)
    climber.reset(best_map)  # the best so far, now with clause moves too
    if climb(climber, first.upper_bound) > best:
        best, best_map, method = climber.score, climber.mapping(), "hill"
    restarts = settings.restarts - SMART_STARTS
    generator = rng() if restarts > 0 else random.Random(0)  # never drawn from without restarts
    for restart in range(restarts):
        if best >= first.upper_bound or climber.exhausted:
            break
        # alternate: a random start (as COUNTER does), then a perturbation of the best so far
        start = random_start(problem, generator) if restart % 2 == 0 else perturbed(problem, best_map, generator)
        climber.reset(start)
        score = climb(climber, first.upper_bound)
        if score > best:
            best, best_map, method = score, climber.mapping(), "hill"
    return SearchOutcome(best_map, best, first.upper_bound, best >= first.upper_bound, method)


def find_mappings(problems: Sequence[MatchProblem], settings: CounterSettings,
                  indices: Sequence[int] | None = None) -> list[SearchOutcome]:
    """The best mapping of every problem, solving the hard ones' integer programs together.

    ``indices`` (default 0, 1, ...) are the documents' indices: with the seed they decide the
    random restarts of each document.
    """
    indices = range(len(problems)) if indices is None else indices
    firsts = [smart_pass(p) for p in problems]
    if settings.search == "exact+hill":
        firsts = [f if f.optimal or len(p.pairs) > BNB_PAIRS else branch_pass(p, f)
                  for p, f in zip(problems, firsts)]
    open_ = [i for i, f in enumerate(firsts) if not f.optimal]
    exact: dict[int, ProgramOutcome | None] = {}
    if settings.search == "exact+hill" and open_:
        exact = dict(zip(open_, exact_pass([problems[i] for i in open_], settings)))
    return [f if f.optimal else
            finish(problems[i], f, exact.get(i), settings, partial(document_rng, settings.seed, indices[i]))
            for i, f in enumerate(firsts)]


def find_mapping(problem: MatchProblem, settings: CounterSettings, index: int = 0) -> SearchOutcome:
    """The best mapping this search can find for one problem (document ``index``), with its method and optimality."""
    return find_mappings([problem], settings, [index])[0]
