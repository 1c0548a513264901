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

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial

from ..align import (
    Alignment,
    Climber,
    ProgramOutcome,
    anchor_bound,
    bounded_search,
    branch_and_bound,
    climb,
    count_matched,
    greedy_start,
    perturbed,
    random_start,
    solve_in_batches,
    solve_program,
)
from ..align.bound import EPSILON
from ..align.budget import WorkBudget
from .normalise import CounterDrs
from .problem import MatchProblem
from .settings import CounterSettings

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
BNB_PAIRS = 1000

#: Open problems above this many variable pairs (documents of several sentences) get a better start
#: (``align.block_start`` when both sides have several parts, then hill climbing with clause moves)
#: and the bound of the linear relaxation (``align.bound``) before any integer program: it proves
#: most such starts optimal, and otherwise shrinks the integer program to the pairs and candidates
#: a better mapping could use, or, above ``max_exact_pairs``, bounds the gap that remains.
BOUND_PAIRS = 2000
#: A long document's restarts after the relaxation (its rounded start seldom leaves more to find:
#: none did on the 80-sentence PMB documents) share the document's move budget; at most this many.
LONG_RESTARTS = 4


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


def branch_pass(problem: MatchProblem, first: SearchOutcome, settings: CounterSettings | None = None) -> SearchOutcome:
    """Try to beat or prove ``first`` by branch and bound; unchanged if the node limit stops it."""
    settings = settings or CounterSettings()
    found = branch_and_bound(problem, first.matched, settings.work.nodes)
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
                             settings.time_limit, settings.work.mip_nodes, alone_above=SMALL_PAIRS)
    outcomes: list[ProgramOutcome | None] = [None] * len(problems)
    for i, o in zip(wanted, found):
        outcomes[i] = o
    return outcomes


def box_bound(problem: MatchProblem) -> int:
    """A quick upper bound: a clause matches only where its box (first token) maps, and boxes map one
    to one (``align.anchor_bound``)."""
    def boxes(drs: CounterDrs) -> list[str | None]:
        return [c.tokens[0] if c.tokens[0] in drs.types else None for c in drs.clauses]

    return anchor_bound(problem, boxes(problem.pred), boxes(problem.gold))


def bounded_pass(problem: MatchProblem, first: SearchOutcome, settings: CounterSettings,
                 budget: WorkBudget | None = None) -> tuple[SearchOutcome, MatchProblem | None]:
    """A better start and a proven bound for a large open problem (``align.bounded_search``, with the
    boxes' bound first, within ``budget``, default the settings' work limits): the outcome
    (optimal when the best mapping meets the bound; ``upper_bound`` the best bound proven) and the
    problem reduced to what a better mapping may use (None when nothing better is possible)."""
    found, reduced = bounded_search(problem, first.mapping, first.upper_bound,
                                    budget if budget is not None else settings.budget(),
                                    lambda: box_bound(problem))
    method = first.method if found.matched <= first.matched else found.method
    mapping = first.mapping if found.matched <= first.matched else found.mapping
    outcome = SearchOutcome(mapping, max(found.matched, first.matched), found.upper_bound, found.optimal, method)
    if reduced is None or reduced is problem:
        return outcome, None if reduced is None else problem
    return outcome, MatchProblem(reduced.candidates, reduced.upper_bound, reduced.pred_kinds, reduced.gold_kinds,
                                 problem.pred, problem.gold)


def finish(problem: MatchProblem, first: SearchOutcome, exact: ProgramOutcome | None,
           settings: CounterSettings, rng: Callable[[], random.Random], reduced: MatchProblem | None = None,
           budget: WorkBudget | None = None, restarts: int | None = None) -> SearchOutcome:
    """Combine the earlier passes with the exact outcome; seeded random restarts if neither is proven best.
    ``first.upper_bound`` is the best bound proven so far (the integer program's optimum, when it is
    proven, is one too: any better mapping would have survived the reduction it solved). The restarts
    search ``reduced`` when given (it holds every better mapping); ``restarts`` (default the settings')
    and the moves are what is left of ``budget`` (default a fresh one) after the earlier passes."""
    best, best_map, method = first.matched, first.mapping, first.method
    bound = first.upper_bound
    if exact is not None and exact.mapping is not None:
        found = count_matched(problem, exact.mapping)
        if found > best:
            best, best_map, method = found, exact.mapping, "milp"
        if exact.optimal and found >= best:
            return SearchOutcome(best_map, best, best, True, method)
    if exact is not None and exact.optimal:  # the reduced program found nothing better: the start is best
        return SearchOutcome(best_map, best, best, True, method)
    if exact is not None and exact.bound is not None:  # stopped early, but with a bound of its own: a better
        # mapping is in the program it solved (the whole problem, or ``reduced``, which holds every one)
        bound = max(best, min(bound, math.floor(exact.bound + EPSILON)))
        if best >= bound:
            return SearchOutcome(best_map, best, best, True, method)
    searched = reduced or problem
    work = budget if budget is not None else settings.budget()
    climber = Climber(searched, work.left("moves"))
    if reduced is None:
        climber.reset(best_map)  # the best so far, now with clause moves too
        if climb(climber, bound) > best:
            best, best_map, method = climber.score, climber.mapping(), "hill"
    restarts = settings.restarts - SMART_STARTS if restarts is None else restarts
    generator = rng() if restarts > 0 else random.Random(0)  # never drawn from without restarts
    for restart in range(restarts):
        if best >= bound or climber.exhausted:
            break
        # alternate: a random start (as COUNTER does), then a perturbation of the best so far
        start = random_start(searched, generator) if restart % 2 == 0 else perturbed(searched, best_map, generator)
        climber.reset(start)
        climb(climber, bound)
        score = count_matched(problem, climber.mapping()) if reduced is not None else climber.score
        if score > best:
            best, best_map, method = score, climber.mapping(), "hill"
    proven = best >= bound
    clock = work.clock_cut or (exact is not None and exact.timed_out)
    return SearchOutcome(best_map, best, max(bound, best), proven, method,
                         None if proven else "time limit" if clock else "work limit")


def find_mappings(problems: Sequence[MatchProblem], settings: CounterSettings,
                  indices: Sequence[int] | None = None) -> list[SearchOutcome]:
    """The best mapping of every problem, solving the hard ones' integer programs together.

    ``indices`` (default 0, 1, ...) are the documents' indices: with the seed they decide the
    random restarts of each document.
    """
    indices = range(len(problems)) if indices is None else indices
    firsts = [smart_pass(p) for p in problems]
    exact_search = settings.search == "exact+hill"
    if exact_search:
        firsts = [f if f.optimal or len(p.pairs) > BNB_PAIRS else branch_pass(p, f, settings)
                  for p, f in zip(problems, firsts)]
    programs: dict[int, MatchProblem] = {}  # what the integer program solves, per open document
    long: list[int] = []
    for i, f in enumerate(firsts):
        if f.optimal or not exact_search:
            continue
        if len(problems[i].pairs) > BOUND_PAIRS:
            long.append(i)
        else:
            programs[i] = problems[i]
    exact: dict[int, ProgramOutcome | None] = {}
    if programs:
        order = sorted(programs)
        exact = dict(zip(order, exact_pass([programs[i] for i in order], settings)))
    outcomes = [f if f.optimal or i in long else
                finish(problems[i], f, exact.get(i), settings, partial(document_rng, settings.seed, indices[i]))
                for i, f in enumerate(firsts)]
    for i in long:
        outcomes[i] = long_document(problems[i], firsts[i], settings, partial(document_rng, settings.seed, indices[i]))
    return outcomes


def long_document(problem: MatchProblem, first: SearchOutcome, settings: CounterSettings,
                  rng: Callable[[], random.Random]) -> SearchOutcome:
    """A long open document settled within the settings' work limits (``align.WorkBudget``: counted,
    so the same on every machine): the relaxation's bound and start (``bounded_pass``), the integer
    program of what a better mapping may use, a few restarts; whatever is still open is reported
    with the best bound proven. An opt-in ``time_limit`` caps the solver calls on top."""
    budget = settings.budget()
    first, reduced = bounded_pass(problem, first, settings, budget)
    exact = None
    if reduced is not None and len(reduced.pairs) <= settings.max_exact_pairs and not budget.out_of_time():
        exact = solve_program(reduced, budget.seconds and budget.solver_seconds(), settings.work.mip_nodes)
        budget.note_solver(exact.optimal)
    return finish(problem, first, exact, settings, rng, reduced, budget,
                  min(LONG_RESTARTS, settings.restarts - SMART_STARTS))


def find_mapping(problem: MatchProblem, settings: CounterSettings, index: int = 0) -> SearchOutcome:
    """The best mapping this search can find for one problem (document ``index``), with its method and optimality."""
    return find_mappings([problem], settings, [index])[0]
