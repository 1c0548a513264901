"""DSCORER scores (docs/metric.md; the spec vectors): test vectors, weights, 0-gram, micro/macro, properties."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core import Clause, Drs, ScoreSettings, __version__
from dscorer_core.formula import order_weights
from dscorer_core.ngrams import score_corpus, score_pair
from dscorer_core.ngrams.presets import PRESETS, Preset
from dscorer_core.reading.clause_text import parse_clf, read_clf

LN_FLOOR = math.log(1e-3)  # a zero inside a log is replaced by 1e-3


def drs(text: str) -> Drs:
    [d] = parse_clf(text)
    return d


# Spec section 6: G = {b1 REF x1, b1 male.n.02 x1}; P4 = G + {b1 REF x2, b1 female.n.02 x2}
G_MERGED = drs("b1 REF x1\nb1 male.n.02 x1\n")
P4_MERGED = drs("b1 REF x1\nb1 male.n.02 x1\nb1 REF x2\nb1 female.n.02 x2\n")
G = drs('b1 REF x1\nb1 male "n.02" x1\n')
P4 = drs('b1 REF x1\nb1 male "n.02" x1\nb1 REF x2\nb1 female "n.02" x2\n')


def figures(result) -> tuple[float, float, float]:
    s = result.score
    return s.P, s.R, s.F


# --- section 6 test vectors, released preset ------------------------------------------------


@pytest.mark.parametrize("pred, gold", [(P4_MERGED, G_MERGED), (P4, G)])
def test_section6_p4_against_g(pred, gold):
    assert figures(score_pair(pred, gold, preset="released")) == pytest.approx(
        (0.031400, 0.042893, 0.035740), abs=1e-6)


@pytest.mark.parametrize("pred, gold", [(G_MERGED, P4_MERGED), (G, P4)])
def test_section6_g_against_p4(pred, gold):
    assert figures(score_pair(pred, gold, preset="released")) == pytest.approx(
        (0.960265, 0.702955, 0.800110), abs=1e-6)


def test_section6_vector_details_p4_against_g():
    # k=1: P .5, R 1; k=2: 0 (G has no 2-gram); k=3,4 left out, w1 = w2 = .45; 0-gram 2/3
    orders = score_pair(P4, G, preset="released").score.orders
    assert [(o.k, o.p, o.r) for o in orders[:3]] == [(0, 2 / 3, 2 / 3), (1, 0.5, 1.0), (2, 0.0, 0.0)]
    assert [o.weight for o in orders] == pytest.approx([0.1, 0.45, 0.45, 0.0, 0.0])


def test_section6_vector_details_g_against_p4():
    # orders 2-4 left out (pred has no 2-gram), w1 = .45, total weight .55
    orders = score_pair(G, P4, preset="released").score.orders
    assert [o.weight for o in orders] == pytest.approx([0.1, 0.45, 0.0, 0.0, 0.0])
    assert sum(o.weight for o in orders) == pytest.approx(0.55)


def test_section6_equ_against_equ_scores_one():
    res = score_pair(drs('b1 EQU x1 "now"\n'), drs('b1 Equ x1 "now"\n'), preset="released")
    assert figures(res) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize("preset", ["released", "typed"])
def test_section6_duplicated_clause_changes_nothing(preset):
    dup = drs('b1 REF x1\nb1 male "n.02" x1\nb1 male "n.02" x1\nb1 REF x2\nb1 female "n.02" x2\n')
    assert len(dup.duplicates) == 1
    assert figures(score_pair(dup, G, preset=preset)) == figures(score_pair(P4, G, preset=preset))


# --- typed preset: renormalised weights, derived by hand ------------------------------------
# typed adds a reverse for REF too (b1 and x1 are not both boxes).
# G: 1-grams B REF X, X REF~ B, B male X, X male~ B (4); no 2-gram (B X B repeats a node).
# P4: 8 1-grams (B REF X x2, X REF~ B x2, male/female forward and reversed); 2-grams run
# x1 -> b1 -> x2 and x2 -> b1 -> x1: 2 ways in x 2 ways out, twice: 8; no 3-gram.
# k=1 matched min(2,1)+min(2,1)+1+1 = 4. Orders 3, 4: neither side has any -> left out; order
# 2 is kept (one side has 2-grams) with p = r = f = 0; weights .1, .45, .45 (sum 1).


def test_typed_p4_against_g_by_hand():
    p = math.exp(0.1 * math.log(2 / 3) + 0.45 * math.log(4 / 8) + 0.45 * LN_FLOOR)
    r = math.exp(0.1 * math.log(2 / 3) + 0.45 * math.log(4 / 4) + 0.45 * LN_FLOOR)
    f = math.exp(0.1 * math.log(2 / 3) + 0.45 * math.log(2 / 3) + 0.45 * LN_FLOOR)
    res = score_pair(P4, G, preset="typed")
    assert [(o.k, o.matched, o.pred, o.gold) for o in res.counts] == [
        (0, 2, 3, 2), (1, 4, 8, 4), (2, 0, 8, 0), (3, 0, 0, 0), (4, 0, 0, 0)]
    assert figures(res) == pytest.approx((p, r, f), abs=1e-12)


def test_typed_g_against_p4_is_the_mirror_unlike_released():
    # typed keeps order 2 (gold has 2-grams), so G vs P4 is P4 vs G with P and R swapped;
    # released leaves out orders 2-4 because the *pred* side has none (see section 6).
    forward = score_pair(P4, G, preset="typed").score
    back = score_pair(G, P4, preset="typed").score
    assert pytest.approx((forward.R, forward.P, forward.F), abs=1e-12) == (back.P, back.R, back.F)
    assert [o.weight for o in back.orders] == pytest.approx([0.1, 0.45, 0.45, 0.0, 0.0])


def test_order_weights_released_rule():
    # pred lacks order 2 and beyond: kept 1..1, each kept order gets 0.225 + (3 * 0.225) / 3
    assert order_weights(4, 0.1, [3, 0, 0, 0], [6, 4, 0, 0], "released") == pytest.approx(
        (0.1, 0.45, 0.0, 0.0, 0.0))
    # kept orders are 1..K up to the first the pred lacks, even when a later one is present
    assert order_weights(4, 0.1, [5, 0, 3, 0], [5, 5, 5, 5], "released") == pytest.approx(
        (0.1, 0.45, 0.0, 0.0, 0.0))
    # gold lacking an order does not matter to the released rule
    assert order_weights(4, 0.1, [5, 5, 5, 5], [5, 0, 0, 0], "released") == pytest.approx(
        (0.1, 0.225, 0.225, 0.225, 0.225))
    # n = 3, w0 = 0.4: wk = 0.2; pred has orders 1 and 2: w = 0.2 + 0.2 / 1 = 0.4 each
    assert order_weights(3, 0.4, [2, 1, 0], [2, 1, 1], "released") == pytest.approx((0.4, 0.4, 0.4, 0.0))


def test_order_weights_typed_renormalisation():
    # left out only when neither side has k-grams; the rest share the weight, total 1
    assert order_weights(4, 0.1, [3, 0, 0, 0], [6, 4, 0, 0], "renormalise") == pytest.approx(
        (0.1, 0.45, 0.45, 0.0, 0.0))
    assert order_weights(4, 0.1, [3, 0, 0, 0], [3, 0, 0, 0], "renormalise") == pytest.approx(
        (0.1, 0.9, 0.0, 0.0, 0.0))
    w = order_weights(4, 0.1, [3, 2, 0, 1], [3, 0, 0, 0], "renormalise")
    assert w == pytest.approx((0.1, 0.3, 0.3, 0.0, 0.3)) and sum(w) == pytest.approx(1.0)


# --- the 0-gram term --------------------------------------------------------------------------


def test_zero_gram_is_min_over_max_node_count():
    # pred: b1 x1 "tom" (3 nodes); gold: b1 x1 x2 e1 "tom" (5 nodes) -> 3/5 in both presets
    pred = drs('b1 REF x1\nb1 Name x1 "tom"\n')
    gold = drs('b1 REF x1\nb1 Name x1 "tom"\nb1 REF x2\nb1 Agent e1 x2\n')
    for preset in ("released", "typed"):
        zero = score_pair(pred, gold, preset=preset).score.orders[0]
        assert (zero.k, zero.pred, zero.gold, zero.p, zero.r, zero.f) == (0, 3, 5, 0.6, 0.6, 0.6)


def test_zero_gram_counts_constants_per_occurrence_only_in_typed():
    # two "now": released merges them (b1 t1 "now" = 3 nodes), typed keeps both (4 nodes);
    # against gold b1 t1 "now" (3 nodes): released 3/3, typed 3/4
    pred = drs('b1 REF t1\nb1 TPR t1 "now"\nb1 EQU t1 "now"\n')
    gold = drs('b1 REF t1\nb1 TPR t1 "now"\n')
    assert score_pair(pred, gold, preset="released").score.orders[0].f == 1.0
    assert score_pair(pred, gold, preset="typed").score.orders[0].f == 0.75


# --- corpus figures: micro and macro ---------------------------------------------------------


def test_micro_and_macro_by_hand():
    # doc 0: G vs G (all 1); doc 1: P4 vs G (section 6). Released, n = 4.
    # Summed counts: k=1 matched 3+3, pred 3+6, gold 3+3 -> p 2/3, r 1, f .8;
    # k=2 matched 0, pred 0+4, gold 0 -> 0; k=3,4: pred has none -> left out, w1 = w2 = .45.
    # 0-gram: mean of per-document ratios (1 + 2/3) / 2 = 5/6.
    res = score_corpus([G, P4], [G, G], preset="released")
    z = 0.1 * math.log(5 / 6)
    micro = (math.exp(z + 0.45 * math.log(2 / 3) + 0.45 * LN_FLOOR),
             math.exp(z + 0.45 * math.log(1.0) + 0.45 * LN_FLOOR),
             math.exp(z + 0.45 * math.log(0.8) + 0.45 * LN_FLOOR))
    assert pytest.approx(micro, abs=1e-12) == (res.micro.P, res.micro.R, res.micro.F)
    macro = ((1 + 0.031400) / 2, (1 + 0.042893) / 2, (1 + 0.035740) / 2)
    assert pytest.approx(macro, abs=1e-6) == (res.macro.P, res.macro.R, res.macro.F)
    assert [(o.k, o.matched, o.pred, o.gold) for o in res.micro.orders][1:3] == [(1, 6, 9, 6), (2, 0, 4, 0)]
    assert [d.index for d in res.documents] == [0, 1]


# --- the signature ------------------------------------------------------------------------------


def test_signature_format():
    assert ScoreSettings().signature() == f"dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|version:{__version__}"
    as_written = ScoreSettings(preset=replace(PRESETS["released"], wordnet=False))
    assert as_written.signature() == f"dscorer|preset:released|n:4|w0:0.1|avg:micro|version:{__version__}"
    assert ScoreSettings(preset="typed", order=3, w0=0.2).signature() == \
        f"dscorer|preset:typed|n:3|w0:0.2|avg:micro|version:{__version__}"
    assert score_pair(G, G, preset="typed").signature.startswith("dscorer|preset:typed|n:4|")


@pytest.mark.parametrize("bad", [dict(order=0), dict(w0=1.0), dict(w0=-0.1), dict(preset="paper"),
                                 dict(average="median"), dict(engine="turbo"), dict(order=True),
                                 dict(max_ngrams=0)])
def test_bad_settings_are_refused(bad):
    with pytest.raises(ValueError):
        ScoreSettings(**bad)


@pytest.mark.parametrize("knob, value", [("node_types", "names"), ("reverse_edges", "all"),
                                         ("missing_orders", "drop"), ("concepts", "upper"),
                                         ("merge_constants", "yes")])
def test_an_unknown_preset_knob_is_refused_not_taken_as_the_else_branch(knob, value):
    knobs = dict(name="mine", node_types="structure", reverse_edges="not-box-box", merge_constants=False,
                 missing_orders="renormalise", concepts="any")
    knobs[knob] = value
    with pytest.raises(ValueError, match=knob):
        Preset(**knobs)


def test_a_preset_object_works_wherever_a_preset_name_does():
    assert ScoreSettings(preset=PRESETS["typed"]).preset == "typed"  # a named preset keeps its name
    assert score_pair(P4, G, preset=PRESETS["typed"]).score == score_pair(P4, G, preset="typed").score
    mine = Preset("mine", "structure", "not-box-box", True, "renormalise", "any")  # typed, constants merged
    settings = ScoreSettings(preset=mine)
    assert settings.signature().startswith("dscorer|preset:custom(node_types=structure,reverse_edges=not-box-box,"
                                           "merge_constants=True,missing_orders=renormalise,concepts=any)|n:4|")
    drs_with_two_nows = drs('b1 TPR t1 "now"\nb1 TPR t2 "now"\nb1 REF t1\nb1 REF t2\n')
    assert score_pair(drs_with_two_nows, drs_with_two_nows, settings).pred_graph.node_count == 4
    assert score_pair(drs_with_two_nows, drs_with_two_nows, preset="typed").pred_graph.node_count == 5


# --- properties on random small DRSs ------------------------------------------------------------

BOXES = ["b0", "b1", "b2"]
REFS = ["x1", "x2", "e1", "e2", "t1", "s1"]
CONSTS = ['"now"', '"tom"', '"2"']


@st.composite
def clauses(draw):
    kind = draw(st.sampled_from(["concept", "ref", "role", "op3", "op4", "boxop", "prp"]))
    b = draw(st.sampled_from(BOXES))
    if kind == "concept":
        return (b, draw(st.sampled_from(["male", "run", "happy", "time", "piano"])),
                draw(st.sampled_from(['"n.02"', '"v.01"', '"a.01"', '"n.08"', '"r.01"'])),
                draw(st.sampled_from(REFS)))
    if kind == "ref":
        return (b, "REF", draw(st.sampled_from(REFS)))
    if kind == "role":
        return (b, draw(st.sampled_from(["Agent", "Theme", "Time", "Name"])), draw(st.sampled_from(REFS)),
                draw(st.sampled_from(REFS + CONSTS)))
    if kind == "op3":
        return (b, draw(st.sampled_from(["NOT", "POS"])), draw(st.sampled_from(BOXES)))
    if kind == "op4":
        return (b, draw(st.sampled_from(["EQU", "TPR", "APX"])), draw(st.sampled_from(REFS)),
                draw(st.sampled_from(REFS + CONSTS)))
    if kind == "boxop":
        return (b, draw(st.sampled_from(["CONTRAST", "IMP"])), draw(st.sampled_from(BOXES)),
                draw(st.sampled_from(BOXES)))
    return (b, "PRP", draw(st.sampled_from(["p1", "x1"])), draw(st.sampled_from(BOXES)))


def make_drs(tokens_list) -> Drs:
    unique = list(dict.fromkeys(tokens_list))
    return Drs(tuple(Clause(t, i + 1) for i, t in enumerate(unique)))


small_drss = st.lists(clauses(), min_size=1, max_size=7).map(make_drs)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(small_drss, small_drss, st.sampled_from(["released", "typed"]))
def test_scores_are_in_unit_interval_and_per_order_figures_swap(pred, gold, preset):
    a = score_pair(pred, gold, preset=preset).score
    b = score_pair(gold, pred, preset=preset).score
    for s in (a, b):
        assert all(0.0 <= v <= 1.0 for v in (s.P, s.R, s.F))
        assert all(0.0 <= v <= 1.0 for o in s.orders for v in (o.p, o.r, o.f))
    # per-order figures always swap; the released weights depend on the pred side only,
    # so the combined figures swap in typed always, in released when the weights agree
    assert [(o.p, o.r, o.f) for o in a.orders] == [(o.r, o.p, o.f) for o in b.orders]
    if preset == "typed" or [o.weight for o in a.orders] == [o.weight for o in b.orders]:
        assert pytest.approx((b.R, b.P, b.F), rel=1e-12) == (a.P, a.R, a.F)


@FAST
@given(small_drss, st.sampled_from(["released", "typed"]))
def test_a_drs_against_itself_scores_exactly_one(d, preset):
    s = score_pair(d, d, preset=preset).score
    assert (s.P, s.R, s.F) == (1.0, 1.0, 1.0)
    assert all((o.p, o.r, o.f) == (1.0, 1.0, 1.0) for o in s.orders if o.weight)


def rename(d: Drs, mapping) -> Drs:
    """Rename the variables of a DRS (never the relation, a sense or a constant)."""
    out = []
    for c in d.clauses:
        toks = list(c.tokens)
        for i in range(len(toks)):
            if i == 1 or (i == 2 and c.is_concept) or toks[i].startswith('"'):
                continue
            toks[i] = mapping(toks[i])
        out.append(Clause(tuple(toks), c.line))
    return Drs(tuple(out), d.index, d.sentence)


@FAST
@given(small_drss, small_drss)
def test_typed_scores_do_not_depend_on_variable_names(pred, gold):
    names: dict[str, str] = {}
    renamed = rename(pred, lambda v: names.setdefault(v, f"x{len(names) + 7}"))
    before = score_pair(pred, gold, preset="typed").score
    after = score_pair(renamed, gold, preset="typed").score
    assert (after.P, after.R, after.F) == (before.P, before.R, before.F)


def test_released_does_read_names_which_typed_does_not():
    # the same DRS with its box called k0: released sees an X node, typed still a box
    k0 = rename(P4, lambda v: "k0" if v == "b1" else v)
    assert score_pair(k0, P4, preset="typed").score.F == 1.0
    assert score_pair(k0, P4, preset="released").score.F < 1.0


# --- published figures, whichever way the concept clauses are written ---------------------------


def merged_concepts(drss):
    """PMB DRSs with their concept clauses written merged, as the released code's input form has them."""
    out = []
    for d in drss:
        clauses = tuple(Clause((c.box, c.concept_label, c.args[1]), c.line, c.comment)
                        if c.is_concept and not c.relation[:1].isupper() else c for c in d.clauses)
        out.append(replace(d, clauses=clauses))
    return out


@pytest.mark.slow
def test_pmb_dev_published_figures_hold_with_merged_concepts(shared_path):
    pred = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    gold = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    as_written = replace(PRESETS["released"], wordnet=False)  # the spec's run: merged files, no sense dictionary
    for preds, golds in ((pred, gold), (merged_concepts(pred), merged_concepts(gold))):
        released = score_corpus(preds, golds, preset=as_written).micro
        assert round(released.F, 4) == 0.5215
        assert [round(o.f, 4) for o in released.orders[1:]] == [0.7774, 0.5869, 0.4191, 0.2975]
        assert round(score_corpus(preds, golds, preset="typed").micro.F, 4) == 0.5440


def test_figure4_reproduces_the_released_tools_figures(sample_data):
    """The Figure 4 pair of the paper (paper-facts.md): COUNTER F 47.06 as printed; the released
    DSCORER code's 20.62 at n = 4 (P 55.07, R 13.47) and 52.50 at n = 1."""
    from dscorer_core.counter import counter_pair
    from dscorer_core.reading.clause_text import read_pair

    preds, golds = read_pair(sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    pred, gold = preds[1], golds[1]
    assert (pred.sentence, gold.sentence) == ("He smiled .", "ø Tom is putting the children to ø bed .")
    assert round(counter_pair(pred, gold).F, 4) == 0.4706
    four = score_pair(pred, gold, preset="released", order=4).score
    assert (round(four.P, 4), round(four.R, 4), round(four.F, 4)) == (0.5507, 0.1347, 0.2062)
    assert round(score_pair(pred, gold, preset="released", order=1).score.F, 4) == 0.5250


def test_figure1_sample_is_the_paper_figure_clause_by_clause(sample_data, shared_path):
    """DRS 0 of both sample files is Figure 1 (b) exactly as paper-facts.md prints it."""
    from pathlib import Path

    from dscorer_core.reading.clause_text import read_clf

    facts = Path(__file__).resolve().parents[2] / "shared" / "docs" / "paper-facts.md"
    if not facts.exists():
        pytest.skip("../shared/docs/paper-facts.md is not beside this checkout")
    printed = facts.read_text(encoding="utf-8").split("```\n")[1].strip().splitlines()
    for name in ("paper_pred.clf", "paper_gold.clf"):
        assert [c.text() for c in read_clf(sample_data / name)[0].clauses] == printed
