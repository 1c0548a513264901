"""Find the best variable mapping of DRS pairs: smart starts, bound check, exact search, restarts.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from .branch import branch_and_bound
from .exact import ExactOutcome, solve_exact_batch
from .hill import Climber, climb, perturbed, random_start, smart_start
from .problem import MatchProblem, count_matches
from .settings import CounterSettings

__all__ = ["SearchOutcome", "find_mapping", "find_mappings", "document_rng", "smart_pass", "branch_pass",
           "exact_pass"]

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


@dataclass(frozen=True)
class SearchOutcome:
    """The mapping found, how many clauses it matches, which search found it, and whether that is proven best."""

    mapping: dict[str, str]
    matched: int
    method: str
    optimal: bool
    upper_bound: int


def document_rng(seed: int, index: int) -> random.Random:
    """The random generator of one document: depends only on the seed and the document's index."""
    return random.Random(f"counter:{seed}:{index}")


def smart_pass(problem: MatchProblem) -> SearchOutcome:
    """Hill climbing from the smart starts; optimal when it reaches the upper bound."""
    bound = problem.upper_bound
    if not problem.candidates:
        return SearchOutcome({}, 0, "trivial", True, bound)
    climber = Climber(problem)
    best, best_map = -1, {}
    for start in (smart_start(problem, concepts_only=True), smart_start(problem)):
        climber.reset(start)
        score = climb(climber, bound, clause_moves=False)
        if score > best:
            best, best_map = score, climber.mapping()
        if best >= bound:
            break
    return SearchOutcome(best_map, best, "hill", best >= bound, bound)


def branch_pass(problem: MatchProblem, first: SearchOutcome) -> SearchOutcome:
    """Try to beat or prove ``first`` by branch and bound; unchanged if the node limit stops it."""
    mapping, finished = branch_and_bound(problem, first.matched, BNB_NODES)
    if not finished:
        return first
    if mapping is None:
        return SearchOutcome(first.mapping, first.matched, first.method, True, first.upper_bound)
    return SearchOutcome(mapping, count_matches(problem, mapping), "bnb", True, first.upper_bound)


def exact_pass(problems: Sequence[MatchProblem], settings: CounterSettings) -> list[ExactOutcome | None]:
    """Exact solutions of the problems; small ones share solver calls (see SMALL_PAIRS).

    A batch the solver cannot finish is retried document by document; a problem above the size
    limit gets None.
    """
    outcomes: list[ExactOutcome | None] = [None] * len(problems)
    batch: list[int] = []
    size = 0

    def flush() -> None:
        nonlocal batch, size
        if not batch:
            return
        found = solve_exact_batch([problems[i] for i in batch], settings.time_limit, settings.node_limit)
        if len(batch) > 1 and not all(o.optimal for o in found):
            found = [solve_exact_batch([problems[i]], settings.time_limit, settings.node_limit)[0] for i in batch]
        for i, o in zip(batch, found):
            outcomes[i] = o
        batch, size = [], 0

    for i, problem in enumerate(problems):
        n = len(problem.pairs)
        if n > settings.max_exact_pairs:
            continue
        if n > SMALL_PAIRS:
            outcomes[i] = solve_exact_batch([problem], settings.time_limit, settings.node_limit)[0]
            continue
        if size + n > BATCH_PAIRS:
            flush()
        batch.append(i)
        size += n
    flush()
    return outcomes


def finish(problem: MatchProblem, first: SearchOutcome, exact: ExactOutcome | None,
           settings: CounterSettings, rng: Callable[[], random.Random]) -> SearchOutcome:
    """Combine the smart pass with the exact outcome; seeded random restarts if neither is proven best."""
    best, best_map, method = first.matched, first.mapping, first.method
    if exact is not None and exact.mapping is not None:
        found = count_matches(problem, exact.mapping)
        if found > best:
            best, best_map, method = found, exact.mapping, "milp"
        if exact.optimal and found >= best:
            return SearchOutcome(best_map, best, method, True, first.upper_bound)
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
    return SearchOutcome(best_map, best, method, best >= first.upper_bound, first.upper_bound)


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
    exact: dict[int, ExactOutcome | None] = {}
    if settings.search == "exact+hill" and open_:
        exact = dict(zip(open_, exact_pass([problems[i] for i in open_], settings)))
    return [f if f.optimal else
            finish(problems[i], f, exact.get(i), settings, partial(document_rng, settings.seed, indices[i]))
            for i, f in enumerate(firsts)]


def find_mapping(problem: MatchProblem, settings: CounterSettings, index: int = 0) -> SearchOutcome:
    """The best mapping this search can find for one problem (document ``index``), with its method and optimality."""
    return find_mappings([problem], settings, [index])[0]
