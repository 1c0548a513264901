"""COUNTER-compatible clause matching (spec section 4): released COUNTER's figures on real PMB data,
normalisation and REF pruning, exactness against brute force, determinism, breakdowns, CLI."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from dscorer_core import CounterSettings, __version__
from dscorer_core.align import branch_and_bound, count_matched, solve_program, solve_programs
from dscorer_core.cli import main
from dscorer_core.counter import KINDS, build_problem, counter_corpus, counter_pair, prepare_drs
from dscorer_core.counter.normalise import BOX, REFERENT, normalise_clause
from dscorer_core.reading.clause_text import parse_clf, read_pair

BOXER = "pmb-2.2.0/boxer_dev.clf"
GOLD = "pmb-2.2.0/gold_dev.clf"
SPAR = "pmb-2.2.0/spar_baseline.clf"

SMATCH_WORK = "bnb4000-moves1000000-lp500-mip20000"  # the default work limits (signatures)
COUNTER_WORK = "bnb5000-moves1000000-lp500-mip20000"


def drs(text: str):
    """One DRS from clause lines."""
    [d] = parse_clf(text)
    return d


# --- the released COUNTER's figures on PMB 2.2.0 dev -------------------------------------------

@pytest.fixture(scope="module")
def boxer_dev(shared_path):
    return read_pair(shared_path(BOXER), shared_path(GOLD))


@pytest.fixture(scope="module")
def boxer_result(boxer_dev):
    return counter_corpus(*boxer_dev)


@pytest.mark.slow
def test_boxer_dev_clause_counts_equal_counter_and_matches_at_least_counter(boxer_result):
    # released COUNTER: 6066 predicted, 6103 gold clauses after REF pruning, 4393 matched
    assert boxer_result.pred_clauses == 6066
    assert boxer_result.gold_clauses == 6103
    assert boxer_result.matched >= 4393
    assert round(boxer_result.P, 4) >= 0.7242
    assert round(boxer_result.R, 4) >= 0.7198
    assert round(boxer_result.F, 4) >= 0.7220


@pytest.mark.slow
def test_boxer_dev_every_document_records_search_and_all_are_proven(boxer_result):
    assert len(boxer_result.documents) == 682
    assert {d.method for d in boxer_result.documents} <= {"hill", "bnb", "milp", "trivial"}  # small: no "direct"
    assert boxer_result.optimal_documents == 682
    assert "Tom underestimated" in boxer_result.documents[1].sentence
    for d in boxer_result.documents:
        assert d.matched <= d.upper_bound
        assert d.matched + len(d.unmatched_pred) == d.pred_clauses
        assert d.matched + len(d.unmatched_gold) == d.gold_clauses


@pytest.mark.slow
def test_boxer_dev_hill_search_alone_matches_counter(boxer_dev):
    result = counter_corpus(*boxer_dev, CounterSettings(search="hill"))
    assert (result.pred_clauses, result.gold_clauses) == (6066, 6103)
    assert result.matched >= 4393
    assert result.signature.startswith(
        f"counter|restarts:20|seed:1|ref:drop|search:hill|wn:3.0|work:{COUNTER_WORK}|version:")


@pytest.mark.slow
def test_spar_baseline_compared_with_every_gold_drs(shared_path):
    preds, golds = read_pair(shared_path(SPAR), shared_path(GOLD), baseline=True)
    result = counter_corpus(preds, golds)
    # the SPAR DRS keeps 8 of its 11 clauses (3 REF clauses are redundant)
    assert result.pred_clauses == 8 * 682
    assert result.gold_clauses == 6103
    assert round(result.F, 4) >= 0.3997  # released COUNTER: .3997


@pytest.mark.slow
def test_gold_against_itself_is_perfect_and_maps_every_variable_to_itself(shared_path):
    golds = read_pair(shared_path(GOLD), shared_path(GOLD))[1][:150]
    calls = []
    result = counter_corpus(golds, golds, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(100, 150), (150, 150)]
    assert result.F == 1.0
    for d in result.documents:
        assert d.optimal and not d.unmatched_pred and not d.unmatched_gold
        assert all(p is g for p, g in d.matched_clauses)


@pytest.mark.slow
def test_keep_ref_scores_every_clause(boxer_dev):
    preds, golds = boxer_dev
    result = counter_corpus(preds[:100], golds[:100], CounterSettings(keep_ref=True))
    assert result.pred_clauses == sum(len(d.clauses) for d in preds[:100])
    assert result.gold_clauses == sum(len(d.clauses) for d in golds[:100])
    assert "|ref:keep|" in result.signature


# --- determinism and agreement between the pair and corpus entry points -----------------------

@pytest.mark.slow
@pytest.mark.parametrize("search", ["hill", "exact+hill"])
def test_search_is_deterministic_for_a_seed(boxer_dev, search):
    preds, golds = boxer_dev
    settings = CounterSettings(search=search, seed=7)
    a = counter_corpus(preds[:120], golds[:120], settings)
    b = counter_corpus(preds[:120], golds[:120], settings)
    assert [d.mapping for d in a.documents] == [d.mapping for d in b.documents]
    assert [d.matched for d in a.documents] == [d.matched for d in b.documents]


def test_counter_pair_agrees_with_counter_corpus(shared_path):
    preds, golds = read_pair(shared_path(BOXER), shared_path(GOLD))
    preds, golds = preds[:40], golds[:40]
    corpus = counter_corpus(preds, golds)
    for i, (p, g) in enumerate(zip(preds, golds)):
        pair = counter_pair(p, g, index=i)
        assert (pair.matched, pair.pred_clauses, pair.gold_clauses) == \
               (corpus.documents[i].matched, corpus.documents[i].pred_clauses, corpus.documents[i].gold_clauses)


# --- normalisation, REF pruning, typing ------------------------------------------------------

def test_inverse_role_is_turned_round():
    [c] = drs('b1 AttributeOf x1 x2').clauses
    assert normalise_clause(c) == ("b1", "Attribute", "x2", "x1")
    pair = counter_pair(drs("b1 AttributeOf x1 x2\nb1 big \"a.01\" x1"),
                        drs("b2 Attribute y2 y1\nb2 big \"a.01\" y1"))
    assert pair.matched == 2 and pair.F == 1.0
    assert pair.mapping == {"b1": "b2", "x1": "y1", "x2": "y2"}


def test_a_clause_that_normalises_to_an_earlier_one_is_dropped():
    prepared = prepare_drs(drs("b1 Attribute x2 x1\nb1 AttributeOf x1 x2\nb1 EQU \"now\" t1\nb1 EQU t1 \"now\""))
    assert [c.text() for c in prepared.clauses] == ["b1 Attribute x2 x1", 'b1 EQU t1 "now"']
    assert [c.line for c in prepared.dropped] == [2, 4]


def test_of_alone_and_concepts_ending_in_of_are_not_inverted():
    for line in ('b1 Of x1 x2', 'b1 hereof "r.01" x1'):
        [c] = drs(line).clauses
        assert normalise_clause(c) == c.tokens
    [part] = drs('b1 PartOf x1 "c"').clauses
    assert normalise_clause(part) == ("b1", "Part", '"c"', "x1")


def test_quoted_first_argument_of_equ_is_swapped():
    [c] = drs('b1 EQU "now" t1').clauses
    assert normalise_clause(c) == ("b1", "EQU", "t1", '"now"')
    assert counter_pair(drs('b1 EQU "now" t1'), drs('b5 EQU t9 "now"')).F == 1.0
    [both] = drs('b1 EQU "a" "b"').clauses
    assert normalise_clause(both) == both.tokens
    [role] = drs('b1 Name "tom" x1').clauses  # only APX NEQ EQU TAB are swapped
    assert normalise_clause(role) == role.tokens


def test_ref_pruning_drops_a_referent_used_again_in_its_box_only():
    d = drs('b1 REF x1\nb1 male "n.02" x1\nb1 REF x2\nb2 Agent e1 x2\nb1 REF x3\nb1 Theme x3 e1')
    prepared = prepare_drs(d)
    assert [c.text() for c in prepared.dropped] == ["b1 REF x1", "b1 REF x3"]
    assert "b1 REF x2" in [c.text() for c in prepared.clauses]  # x2 occurs only in box b2
    assert len(prepare_drs(d, keep_ref=True).clauses) == len(d.clauses)


def test_variables_are_typed_by_position():
    prepared = prepare_drs(drs('b1 PRP x1 b2\nb2 NOT b3\nb3 Agent e1 x1\nb4 DIS b5 b6'))
    assert prepared.types["b2"] == prepared.types["b3"] == prepared.types["b5"] == BOX
    assert prepared.types["x1"] == prepared.types["e1"] == REFERENT


def test_a_box_never_maps_to_a_referent():
    # the Theme clauses would match if box b2 could map to referent x5
    pair = counter_pair(drs("b1 Theme e1 b2\nb2 NOT b3"), drs("b4 Theme e2 x5"))
    assert pair.matched == 0
    assert pair.mapping == {}


def test_pair_result_holds_original_clauses_with_lines_and_mapping():
    pred = drs('b1 REF x1\nb1 dog "n.01" x1\nb1 Agent e1 x1\nb1 run "v.01" e1')
    gold = drs('b2 REF y1\nb2 cat "n.01" y1\nb2 Agent e2 y1\nb2 run "v.01" e2')
    pair = counter_pair(pred, gold)
    assert (pair.matched, pair.pred_clauses, pair.gold_clauses) == (2, 3, 3)
    assert [c.line for c in pair.unmatched_pred] == [2]
    assert [(p.line, g.line) for p, g in pair.matched_clauses] == [(3, 3), (4, 4)]
    assert pair.mapping == {"b1": "b2", "e1": "e2", "x1": "y1"}
    assert [c.text() for c in pair.dropped_pred] == ["b1 REF x1"]
    assert pytest.approx(2 / 3) == pair.P and pytest.approx(2 / 3) == pair.F


def test_one_to_one_mapping_is_enforced():
    # two pred referents cannot both map to y1
    pair = counter_pair(drs('b1 dog "n.01" x1\nb1 dog "n.02" x2\nb1 Agent x1 x2'),
                        drs('b1 dog "n.01" y1\nb1 dog "n.02" y1\nb1 Agent y1 y1'))
    assert pair.matched == 1


# --- breakdown by clause kind -----------------------------------------------------------------

@pytest.mark.slow
def test_breakdown_sums_to_the_totals(boxer_result):
    kinds = {k.kind: k for k in boxer_result.by_kind}
    assert tuple(kinds) == KINDS
    for field in ("matched", "pred", "gold"):
        total = getattr(boxer_result, {"matched": "matched", "pred": "pred_clauses", "gold": "gold_clauses"}[field])
        assert sum(getattr(kinds[k], field) for k in ("operators", "roles", "concepts")) == total
        assert sum(getattr(kinds[k], field) for k in ("nouns", "verbs", "adjectives", "adverbs")) == \
               getattr(kinds["concepts"], field)
        assert getattr(kinds["events"], field) == getattr(kinds["verbs"], field) + getattr(kinds["adjectives"], field)
    for doc_kind in zip(*(d.by_kind for d in boxer_result.documents)):
        assert sum(k.matched for k in doc_kind) == kinds[doc_kind[0].kind].matched


def test_breakdown_of_one_pair():
    pair = counter_pair(drs('b1 NOT b2\nb2 Agent e1 x1\nb2 run "v.01" e1\nb2 fast "r.01" e1'),
                        drs('b1 NOT b2\nb2 Agent e1 x1\nb2 walk "v.01" e1\nb2 fast "r.01" e1'))
    kinds = {k.kind: (k.matched, k.pred, k.gold) for k in pair.by_kind}
    assert kinds["operators"] == (1, 1, 1)
    assert kinds["roles"] == (1, 1, 1)
    assert kinds["verbs"] == (0, 1, 1)
    assert kinds["adverbs"] == (1, 1, 1)
    assert kinds["events"] == (0, 1, 1)


# --- exact search against brute force ---------------------------------------------------------

RELATIONS = [("REF", 1), ("NOT", 1), ("Agent", 2), ("Theme", 2), ("dog", "c"), ("run", "c"),
             ("EQU", "now"), ("IMP", 2)]


@st.composite
def small_drs(draw):
    boxes = ["b1", "b2"]
    refs = ["x1", "x2", "x3"]
    lines = set()
    for _ in range(draw(st.integers(1, 7))):
        rel, arity = draw(st.sampled_from(RELATIONS))
        box = draw(st.sampled_from(boxes))
        if rel in ("NOT",):
            lines.add(f"{box} {rel} {draw(st.sampled_from(boxes))}")
        elif rel == "IMP":
            lines.add(f"{box} {rel} {draw(st.sampled_from(boxes))} {draw(st.sampled_from(boxes))}")
        elif arity == "c":
            lines.add(f'{box} {rel} "n.01" {draw(st.sampled_from(refs))}')
        elif arity == "now":
            lines.add(f'{box} EQU {draw(st.sampled_from(refs))} "now"')
        elif arity == 1:
            lines.add(f"{box} REF {draw(st.sampled_from(refs))}")
        else:
            lines.add(f"{box} {rel} {draw(st.sampled_from(refs))} {draw(st.sampled_from(refs))}")
    return drs("\n".join(sorted(lines)))


def brute_force(pred, gold) -> int:
    """The most clauses any one-to-one, type-respecting mapping matches (every mapping tried)."""
    p, g = prepare_drs(pred), prepare_drs(gold)
    gold_set = {c.tokens for c in g.clauses}
    best = 0
    groups = []
    for kind in (BOX, REFERENT):
        pv = sorted(v for v, t in p.types.items() if t == kind)
        gv = sorted(v for v, t in g.types.items() if t == kind)
        options = []
        # every injective partial map pv -> gv: choose images (None = unmapped)
        for images in itertools.product([None] + gv, repeat=len(pv)):
            used = [x for x in images if x is not None]
            if len(used) == len(set(used)):
                options.append(dict(zip(pv, images)))
        groups.append(options)
    for m_box, m_ref in itertools.product(*groups):
        mapping = {**m_box, **m_ref}
        count = 0
        for c in p.clauses:
            image = tuple(t if i == 1 or t.startswith('"') else mapping.get(t) for i, t in enumerate(c.tokens))
            count += image in gold_set
        best = max(best, count)
    return best


@hyp_settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_drs(), small_drs())
def test_exact_search_finds_the_brute_force_optimum(pred, gold):
    best = brute_force(pred, gold)
    pair = counter_pair(pred, gold)
    assert pair.matched == best
    assert pair.optimal
    problem = build_problem(prepare_drs(pred), prepare_drs(gold))
    milp = solve_program(problem)  # the integer program on its own
    assert milp.optimal and count_matched(problem, milp.mapping) == best
    found = branch_and_bound(problem, -1)  # branch and bound on its own, from nothing
    assert found.finished and count_matched(problem, found.mapping) == best
    hill = counter_pair(pred, gold, CounterSettings(search="hill"))
    assert hill.matched <= best <= build_problem(prepare_drs(pred), prepare_drs(gold)).upper_bound
    if hill.optimal:
        assert hill.matched == best


def test_batched_integer_program_solves_each_document(shared_path):
    preds, golds = read_pair(shared_path(BOXER), shared_path(GOLD))
    problems = [build_problem(prepare_drs(p), prepare_drs(g)) for p, g in zip(preds[:60], golds[:60])]
    together = solve_programs(problems)
    for problem, outcome in zip(problems, together):
        alone = solve_program(problem)
        assert outcome.optimal and alone.optimal
        assert count_matched(problem, outcome.mapping) == count_matched(problem, alone.mapping)


# --- command line -------------------------------------------------------------------------------

def test_cli_counter_json_schema(shared_path, capsys):
    # the baseline set-up keeps this quick: one pred DRS against every gold DRS
    status = main(["counter", str(shared_path(SPAR)), str(shared_path(GOLD)), "--baseline",
                   "--json", "--per-doc", "--seed", "3", "--restarts", "5"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["signature"].startswith("counter|restarts:5|seed:3|ref:drop|search:exact+hill|wn:3.0|")
    assert data["signature"].endswith(f"|wf:off|version:{__version__}")  # the samples are PMB 2.x-style
    assert {"P", "R", "F", "matched", "pred_clauses", "gold_clauses", "documents", "by_kind"} <= set(data)
    assert data["gold_clauses"] == 6103 and len(data["documents"]) == 682
    for doc in data["documents"]:
        assert {"index", "P", "R", "F", "matched", "optimal"} <= set(doc)
    assert sum(doc["matched"] for doc in data["documents"]) == data["matched"]
    assert [k["kind"] for k in data["by_kind"]] == list(KINDS)


def test_cli_counter_text_and_errors(tmp_path, capsys):
    pred = tmp_path / "pred.clf"
    gold = tmp_path / "gold.clf"
    pred.write_text('b1 REF x1\nb1 dog "n.01" x1\n\nb1 REF x1\nb1 cat "n.01" x1\n', encoding="utf-8")
    gold.write_text('b2 REF y1\nb2 dog "n.01" y1\n\nb2 REF y1\nb2 dog "n.01" y1\n', encoding="utf-8")
    assert main(["counter", str(pred), str(gold), "--by-kind", "--per-doc"]) == 0
    out = capsys.readouterr().out
    assert "counter|restarts:20|seed:1|ref:drop|search:exact+hill" in out
    assert "0.5000" in out and "nouns" in out
    one = tmp_path / "one.clf"
    one.write_text('b1 REF x1\nb1 dog "n.01" x1\n', encoding="utf-8")
    assert main(["counter", str(one), str(gold)]) == 2
    assert "holds 1 DRS" in capsys.readouterr().err
    assert main(["counter", str(tmp_path / "missing.clf"), str(gold)]) == 2
    assert main(["counter", str(pred), str(gold), "--restarts", "0"]) == 2
    assert "argument --restarts: must be at least 1, not 0" in capsys.readouterr().err
    bad = tmp_path / "bad.clf"
    bad.write_text("b1 REF\n", encoding="utf-8")
    assert main(["counter", str(bad), str(gold), "--ill", "error"]) == 2
    assert "bad.clf:1" in capsys.readouterr().err
    assert main(["counter", str(bad), str(gold)]) == 2  # read leniently, it is one DRS against two
    assert "bad.clf holds 1 DRS(s)" in capsys.readouterr().err


def test_cli_score_with_counter_adds_a_counter_block(tmp_path, capsys):
    pred = tmp_path / "pred.clf"
    pred.write_text('b1 REF x1\nb1 dog "n.01" x1\nb1 Agent e1 x1\n', encoding="utf-8")
    assert main(["score", str(pred), str(pred), "--with-counter", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counter"]["F"] == 1.0
    assert data["counter"]["signature"].startswith("counter|")
    assert main(["score", str(pred), str(pred), "--with-counter"]) == 0
    assert "COUNTER" in capsys.readouterr().out


@pytest.mark.slow
def test_without_wordnet_boxer_dev_is_the_data_readmes_counter_figure(boxer_dev):
    # the data README's .7220 (4393 of 6066 / 6103) was computed without sense normalisation;
    # with it (the default), two more clauses match: climb_up.v.01 = climb.v.01, dance.n.03 = dancing.n.01
    plain = counter_corpus(*boxer_dev, CounterSettings(wordnet=False))
    assert (plain.matched, plain.pred_clauses, plain.gold_clauses) == (4393, 6066, 6103)
    assert round(plain.F, 4) == 0.7220 and "|wn:off|" in plain.signature


@pytest.mark.slow
def test_every_document_equals_the_official_counter_with_wordnet(shared_path):
    """The official COUNTER's per-DRS counts (matched, predicted, gold clauses) for a BERT parser on
    PMB 3.0.0 dev, WordNet normalisation on: dscorer gives the same on all 885 documents, F .8813."""
    from dscorer_core.reading.clause_text import read_pair

    preds, golds = read_pair(shared_path("pmb-3.0.0/bert_char_1enc_dev.clf"), shared_path("pmb-3.0.0/gold_dev.clf"))
    official = [tuple(int(v) for v in line.split()[:3])
                for line in shared_path("pmb-3.0.0/bert_char_1enc_dev.counter.prf").read_text().splitlines()
                if line.strip()]
    result = counter_corpus(preds, golds)
    ours = [(d.matched, d.pred_clauses, d.gold_clauses) for d in result.documents]
    assert len(ours) == len(official) == 885
    assert [i for i, (a, b) in enumerate(zip(ours, official)) if a != b] == []
    assert (result.matched, result.pred_clauses, result.gold_clauses) == (8004, 8979, 9185)
    assert round(result.F, 4) == 0.8813 and "|wn:3.0|" in result.signature
