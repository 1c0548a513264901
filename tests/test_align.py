"""The alignment core (dscorer_core.align) on its own: on random small mapping problems, weighted as
Smatch weighs duplicated triples or with symmetric clauses as COUNTER has them, branch and bound and
the integer program find the brute-force optimum, the hill climber counts what the mapping matches,
and the bound is never below the optimum."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core.align import (
    NO_KIND,
    Candidate,
    Climber,
    MappingProblem,
    branch_and_bound,
    climb,
    count_matched,
    greedy_start,
    kind_bound,
    random_start,
    solve_program,
    solve_programs,
)


@st.composite
def problems(draw: st.DrawFn) -> MappingProblem:
    """Items with 1 or 2 variables, a kind and a multiplicity; a candidate for every predicted and gold
    item of one kind and arity whose variables can be paired one to one, weighing the product of the
    multiplicities (as Smatch counts duplicates); ``distinct`` items per kind never share variables."""
    pred_vars = [f"p{i}" for i in range(draw(st.integers(1, 4)))]
    gold_vars = [f"g{i}" for i in range(draw(st.integers(1, 4)))]

    def items(names: list[str]) -> list[tuple[int, tuple[str, ...], int]]:
        return draw(st.lists(st.tuples(st.integers(0, 2), st.lists(st.sampled_from(names), min_size=1, max_size=2)
                                       .map(tuple), st.integers(1, 3)), min_size=1, max_size=5))

    pred_items, gold_items = items(pred_vars), items(gold_vars)
    candidates = []
    for i, (pk, pv, pn) in enumerate(pred_items):
        for j, (gk, gv, gn) in enumerate(gold_items):
            if pk != gk or len(pv) != len(gv) or len(set(pv)) != len(set(gv)):
                continue
            needs = tuple(sorted(set(zip(pv, gv))))
            if len({p for p, _ in needs}) == len(needs) == len({g for _, g in needs}):
                candidates.append(Candidate(i, j, needs, pn * gn))
    used_pred = {c.pred for c in candidates}
    used_gold = {c.gold for c in candidates}
    pred_kinds = tuple((k, n) if i in used_pred else (NO_KIND, n) for i, (k, _, n) in enumerate(pred_items))
    gold_kinds = tuple((k, n) if j in used_gold else (NO_KIND, n) for j, (k, _, n) in enumerate(gold_items))
    return MappingProblem(tuple(candidates), kind_bound(pred_kinds, gold_kinds),
                          pred_kinds, gold_kinds)


def mappings(problem: MappingProblem):
    """Every one-to-one partial mapping of the problem's variables."""
    pred = sorted({p for p, _ in problem.pairs})
    gold = sorted({g for _, g in problem.pairs})
    for images in itertools.product([None, *gold], repeat=len(pred)):
        used = [g for g in images if g is not None]
        if len(used) == len(set(used)):
            yield {p: g for p, g in zip(pred, images) if g is not None}


def matches(problem: MappingProblem, mapping: dict[str, str]) -> int:
    """The heaviest set of satisfied candidates with no item twice (independent of the core)."""
    satisfied = [c for c in problem.candidates if all(mapping.get(p) == g for p, g in c.needs)]
    best = 0
    for size in range(len(satisfied) + 1):
        for chosen in itertools.combinations(satisfied, size):
            if len({c.pred for c in chosen}) == size == len({c.gold for c in chosen}):
                best = max(best, sum(c.weight for c in chosen))
    return best


def brute_force(problem: MappingProblem) -> int:
    return max(matches(problem, m) for m in mappings(problem))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_branch_and_bound_and_the_program_find_the_brute_force_optimum(problem):
    best = brute_force(problem)
    assert best <= problem.upper_bound
    found = branch_and_bound(problem, -1)
    assert found.finished and found.mapping is not None and matches(problem, found.mapping) == best
    assert count_matched(problem, found.mapping) == best
    start = random_start(problem, random.Random(0))
    from_start = branch_and_bound(problem, count_matched(problem, start), start=start)
    assert from_start.finished
    assert count_matched(problem, from_start.mapping or start) == best
    solved = solve_program(problem)
    assert solved.optimal and solved.mapping is not None and matches(problem, solved.mapping) == best


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.integers(0, 10_000))
def test_the_climber_counts_exactly_what_a_mapping_matches(problem, seed):
    rng = random.Random(seed)
    climber = Climber(problem)
    for _ in range(3):
        start = random_start(problem, rng)
        climber.reset(start)
        assert climber.score == matches(problem, start) == count_matched(problem, start)
        score = climb(climber, problem.upper_bound)
        mapping = climber.mapping()
        assert len(set(mapping.values())) == len(mapping)  # still one-to-one
        assert score == matches(problem, mapping) >= matches(problem, start)
    greedy = greedy_start(problem, range(len(problem.candidates)))
    assert len(set(greedy.values())) == len(greedy)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(problems(), min_size=2, max_size=5))
def test_one_program_for_several_documents_solves_each(many):
    together = solve_programs(many)
    for problem, outcome in zip(many, together):
        assert outcome.optimal and matches(problem, outcome.mapping) == brute_force(problem)


def test_a_symmetric_clause_counts_once_though_it_satisfies_two_candidates():
    """``EQU x1 x2`` against gold ``EQU y1 y2`` and ``EQU y2 y1``: both candidates hold, one clause matches."""
    candidates = (Candidate(0, 0, (("x1", "y1"), ("x2", "y2"))), Candidate(0, 1, (("x1", "y1"), ("x2", "y2"))))
    kinds = ((0, 1),)
    problem = MappingProblem(candidates, 1, kinds, ((0, 1), (0, 1)))
    mapping = {"x1": "y1", "x2": "y2"}
    assert count_matched(problem, mapping) == 1
    climber = Climber(problem)
    climber.reset(mapping)
    assert climber.score == 1
    assert branch_and_bound(problem, -1).finished
