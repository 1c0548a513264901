"""COUNTER on documents joined from PMB 2.2.0 dev sentences (issue 23): the bounded search (paired
sentence blocks, the linear relaxation's bound, reduced-cost fixing) proves the same optimum as the
integer program of the whole problem, its bounds are valid, a time limit reports its gap, and
``--jobs`` gives the same documents as one process."""

from __future__ import annotations

import json

import pytest
from document_pairs import document_pairs

from dscorer_core import CounterSettings
from dscorer_core.align import (
    ProgramOutcome,
    WorkBudget,
    WorkLimits,
    block_start,
    count_matched,
    independent_parts,
    item_parts,
    relaxation_bound,
    restricted,
    solve_program,
)
from dscorer_core.cli import main
from dscorer_core.counter import build_problem, counter_corpus, prepare_drs
from dscorer_core.counter import search as counter_search
from dscorer_core.counter.chunks import counter_chunks, worth_processes
from dscorer_core.counter.search import bounded_pass, box_bound, smart_pass
from dscorer_core.errors import SettingsError
from dscorer_core.reading.clause_text import read_pair

BOXER = "pmb-2.2.0/boxer_dev.clf"
GOLD = "pmb-2.2.0/gold_dev.clf"


@pytest.fixture(scope="module")
def dev(shared_path):
    return read_pair(shared_path(BOXER), shared_path(GOLD))


def joined_problems(dev, k: int, count: int):
    """The COUNTER problems of the first ``count`` documents of ``k`` joined sentences."""
    preds, golds = document_pairs(dev[0][:k * count], dev[1][:k * count], k)
    return [build_problem(prepare_drs(p, wordnet=True), prepare_drs(g, wordnet=True)) for p, g in zip(preds, golds)]


@pytest.fixture(scope="module")
def documents(dev):
    """Documents of 5 and 10 sentences with their proven optimum (the integer program of the whole problem)."""
    found = []
    for k, count in ((5, 4), (10, 4)):
        for problem in joined_problems(dev, k, count):
            exact = solve_program(problem, time_limit=120)
            assert exact.optimal and exact.mapping is not None
            found.append((problem, count_matched(problem, exact.mapping)))
    return found


def test_joined_sentences_are_separate_parts_on_both_sides(dev):
    problem = joined_problems(dev, 5, 1)[0]
    assert len(set(item_parts(problem, 0).values())) >= 5 and len(set(item_parts(problem, 1).values())) >= 5
    mapping = block_start(problem)
    assert len(set(mapping.values())) == len(mapping)  # one to one
    assert count_matched(problem, mapping) > smart_pass(problem).matched - 5


def test_independent_parts_share_no_variable_and_cover_every_candidate(documents):
    for problem, _ in documents:
        parts = independent_parts(problem.candidates)
        assert sum(len(p) for p in parts) == len(problem.candidates)
        seen_pred: dict[str, int] = {}
        seen_gold: dict[str, int] = {}
        for n, part in enumerate(parts):
            for c in part:
                for pv, gv in c.needs:
                    assert seen_pred.setdefault(pv, n) == n and seen_gold.setdefault(gv, n) == n


def test_relaxation_bound_is_at_least_the_proven_optimum(documents):
    for problem, best in documents:
        relaxation = relaxation_bound(problem)
        assert relaxation is not None
        assert best <= relaxation.bound <= problem.upper_bound


def test_box_bound_is_at_least_the_proven_optimum(documents):
    for problem, best in documents:
        assert best <= box_bound(problem)


def test_rounded_relaxation_is_a_one_to_one_mapping_along_candidate_pairs(documents):
    for problem, best in documents[:4]:
        relaxation = relaxation_bound(problem)
        assert relaxation is not None
        mapping = relaxation.rounded(problem)
        assert len(set(mapping.values())) == len(mapping) and set(mapping.items()) <= set(problem.pairs)
        assert count_matched(problem, mapping) <= best


def test_reduced_cost_fixing_keeps_an_optimal_mapping(documents):
    # every mapping better than optimum - 1 survives: the reduced problem still reaches the optimum
    for problem, best in documents:
        relaxation = relaxation_bound(problem)
        assert relaxation is not None
        survivors = relaxation.survivors(problem, best - 1)
        exact = solve_program(restricted(problem, survivors), time_limit=120)
        assert exact.optimal and exact.mapping is not None
        assert count_matched(problem, exact.mapping) == best
        # and nothing beats the optimum: with it as the incumbent the reduction may keep nothing better
        beyond = relaxation.survivors(problem, best)
        if beyond:
            again = solve_program(restricted(problem, beyond), time_limit=120)
            assert again.mapping is None or count_matched(problem, again.mapping) <= best


def test_bounded_search_equals_the_integer_program_of_the_whole_problem(documents, monkeypatch):
    monkeypatch.setattr(counter_search, "BOUND_PAIRS", 0)  # every open document takes the bounded path
    settings = CounterSettings()
    for i, (problem, best) in enumerate(documents):
        [outcome] = counter_search.find_mappings([problem], settings, [i])
        assert outcome.matched == count_matched(problem, outcome.mapping) <= outcome.upper_bound
        assert outcome.optimal, (i, outcome)
        assert outcome.matched == best <= outcome.upper_bound


def test_bounded_pass_bound_is_valid_and_optimal_means_equal(documents):
    settings = CounterSettings()
    for problem, best in documents:
        first = smart_pass(problem)
        outcome, reduced = bounded_pass(problem, first, settings)
        assert outcome.matched <= best <= outcome.upper_bound
        assert outcome.optimal == (outcome.matched == outcome.upper_bound)
        if reduced is not None:
            assert len(reduced.candidates) <= len(problem.candidates)


@pytest.mark.slow
def test_forty_sentence_documents_are_proven_or_report_a_valid_gap(dev):
    preds, golds = document_pairs(dev[0][:80], dev[1][:80], 40)
    result = counter_corpus(preds, golds, CounterSettings(time_limit=10))
    for d in result.documents:
        assert d.matched <= d.upper_bound <= d.pred_clauses
        assert d.optimal == (d.matched == d.upper_bound)
    assert result.matched <= result.upper_bound
    # a tiny time limit cuts the relaxation: the document still reports a bound it proved
    cut = counter_corpus(preds[:1], golds[:1], CounterSettings(time_limit=0.05)).documents[0]
    assert cut.matched <= cut.upper_bound and cut.optimal == (cut.matched == cut.upper_bound)
    if result.documents[0].optimal:  # the best mapping lies between what the cut search found and its bound
        assert cut.matched <= result.documents[0].matched <= cut.upper_bound


def test_jobs_score_the_same_documents_as_one_process(dev, tmp_path, capsys):
    preds, golds = document_pairs(dev[0][:300], dev[1][:300], 10)
    ranges = counter_chunks(preds, golds)
    assert ranges[0][0] == 0 and ranges[-1][1] == len(preds)
    assert all(a == b0 for (_, a), (b0, _) in zip(ranges, ranges[1:]))  # consecutive, nothing left out
    assert worth_processes(preds, golds, ranges)  # so processes are really used below
    one = counter_corpus(preds, golds)
    two = counter_corpus(preds, golds, jobs=2)
    assert [d.as_dict() for d in one.documents] == [d.as_dict() for d in two.documents]


def test_pmb_dev_is_too_little_work_for_processes(dev):
    assert not worth_processes(dev[0], dev[1], counter_chunks(dev[0], dev[1]))


def test_cli_time_limit_and_jobs(shared_path, capsys):
    pred, gold = str(shared_path(BOXER)), str(shared_path(GOLD))
    assert main(["counter", pred, gold, "--time-limit", "0"]) != 0
    assert "more than 0 seconds" in capsys.readouterr().err
    assert main(["counter", pred, gold, "--json", "--per-doc", "--jobs", "2", "--time-limit", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matched_upper_bound"] == data["matched"] and data["F_upper_bound"] == data["F"]
    assert all(d["upper_bound"] == d["matched"] for d in data["documents"] if d["optimal"])


class _Clock:
    """A clock that only moves when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_long_documents_solver_calls_get_work_limits_and_no_clock_by_default(dev, monkeypatch):
    """By default a long document's integer program is limited by its node count only (no wall clock);
    with an opt-in time limit it gets what is left of it, measured from when the document began."""
    [problem] = joined_problems(dev, 40, 1)
    real_pass, given = counter_search.bounded_pass, []

    def open_pass(*args, **kwargs):
        found = real_pass(*args, **kwargs)
        return found[0], problem  # as if the relaxation left the whole problem open

    def program(reduced, time_limit, node_limit=None):
        given.append((time_limit, node_limit))
        return ProgramOutcome(None, False, "stopped")

    monkeypatch.setattr(counter_search, "bounded_pass", open_pass)
    monkeypatch.setattr(counter_search, "solve_program", program)
    rng = lambda: counter_search.document_rng(1, 0)
    outcome = counter_search.long_document(problem, smart_pass(problem), CounterSettings(node_limit=777), rng)
    assert given == [(None, 777)]
    assert outcome.matched == count_matched(problem, outcome.mapping) <= outcome.upper_bound
    assert outcome.optimal == (outcome.matched == outcome.upper_bound)
    clock = _Clock()
    monkeypatch.setattr(CounterSettings, "budget", lambda self: WorkBudget(self.work, self.time_limit, clock))
    given.clear()
    counter_search.long_document(problem, smart_pass(problem), CounterSettings(time_limit=4.0), rng)
    assert given == [(4.0, CounterSettings().node_limit)]  # the fake clock stood still: all of it is left


def test_a_work_budget_counts_work_not_seconds():
    clock = _Clock()
    budget = WorkBudget(WorkLimits(nodes=10, moves=100, lp_iterations=7, mip_nodes=3), clock=clock)
    assert budget.left("moves") == 100 and budget.left("nodes") == 10 and budget.left("lp_iterations") == 7
    budget.charge("moves", 30)
    clock.now += 1e6  # a machine a million seconds slower changes nothing without a time limit
    assert budget.left("moves") == 70 and budget.solver_seconds() == float("inf") and not budget.out_of_time()
    budget.charge("moves", 500)
    assert budget.left("moves") == 0
    budget.note_solver(False)
    assert not budget.clock_cut  # stopped on work, not on the clock
    assert WorkBudget(WorkLimits(moves=None)).left("moves") is None
    assert WorkLimits().text() == "bnb5000-moves1000000-lp500-mip20000"
    assert WorkLimits(moves=None).text().startswith("bnb5000-movesany-")


def test_an_opt_in_time_limit_is_a_cap_on_top_and_says_when_it_cut():
    clock = _Clock()
    budget = WorkBudget(WorkLimits(), 10.0, clock)
    assert budget.solver_seconds() == 10.0
    clock.now += 4.0
    assert budget.solver_seconds() == 6.0 and not budget.out_of_time()
    budget.note_solver(False)
    assert not budget.clock_cut  # time was left: the solver stopped on its own limits
    clock.now += 6.0
    assert budget.solver_seconds() == 0.0 and budget.out_of_time()
    budget.note_solver(True)
    assert not budget.clock_cut  # it finished in time
    budget.note_solver(False)
    assert budget.clock_cut
    for bad in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(SettingsError):
            WorkBudget(WorkLimits(), bad)
    with pytest.raises(SettingsError):
        WorkLimits(moves=-1)
    with pytest.raises(SettingsError):
        CounterSettings(time_limit=float("nan"))


def test_the_counter_signature_names_the_work_limits_and_an_opt_in_time_limit():
    assert "|work:bnb5000-moves1000000-lp500-mip20000|version:" in CounterSettings().signature()
    assert "|work:bnb5000-moves1000000-lp500-mip999|time:2.5|version:" in CounterSettings(
        node_limit=999, time_limit=2.5).signature()


@pytest.mark.slow
def test_a_search_stopped_by_its_work_limits_reports_a_valid_bound(dev):
    """Deterministic cuts (no clock): a relaxation stopped by its iteration limit has no bound, so the
    document keeps the boxes' bound; an integer program stopped with a bound of its own narrows the gap."""
    [problem] = joined_problems(dev, 40, 1)
    [proven] = counter_search.find_mappings([problem], CounterSettings(), [0])
    assert proven.optimal
    assert relaxation_bound(problem, iterations=5) is None  # the interior point needs about 25 iterations
    [cut] = counter_search.find_mappings([problem], CounterSettings(lp_iterations=5), [0])
    assert cut.matched == count_matched(problem, cut.mapping) <= proven.matched <= cut.upper_bound
    assert cut.optimal == (cut.matched == cut.upper_bound)
    relaxation = relaxation_bound(problem)
    assert relaxation is not None
    stopped = ProgramOutcome(None, False, "stopped", relaxation.value)
    first = smart_pass(problem)
    outcome = counter_search.finish(problem, first, stopped, CounterSettings(),
                                    lambda: counter_search.document_rng(1, 0))
    assert outcome.matched <= proven.matched <= outcome.upper_bound <= first.upper_bound
