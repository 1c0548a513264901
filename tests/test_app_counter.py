"""COUNTER beside DSCORER in the app (AppTest): the pair view's figures, clause matching panel and
variable highlighting, and the corpus view's COUNTER columns, Pearson's r and disagreement filter.

Expected values come from the core (counter_pair, counter_corpus, dscorer_core.stats.metric_agreement) on the
same files, so the page must show what the core computes.
"""

from __future__ import annotations

import re

import pytest

from app_widgets import app_counter_settings

pytest.importorskip("streamlit")
pytest.importorskip("pyvis")

from app_helpers import PMB, SAMPLES, iframes, new_app, no_errors, open_by_path, vis_nodes

from dscorer_core.counter import counter_corpus, counter_pair
from dscorer_core.ill_formed import with_extras
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.stats.metric_agreement import correlation, disagreements, metric_pairs

PINK = "#CC79A7"


def pmb_files():
    boxer, gold = PMB / "boxer_dev.clf", PMB / "gold_dev.clf"
    if not (boxer.is_file() and gold.is_file()):
        pytest.skip(f"shared PMB 2.2.0 data not found at {PMB}")
    return boxer, gold


def ringed(srcdoc: str) -> list[str]:
    """Names of the nodes drawn with the chosen-variable ring (pink border, glow)."""
    return [n["title"].split(":")[0] for n in vis_nodes(srcdoc)
            if n["color"]["border"] == PINK and n.get("shadow", {}).get("enabled")]


def styled_rows(frame_element, css: str) -> set[int]:
    """Rows of a st.dataframe(Styler) whose cells carry ``css``."""
    styles = frame_element.proto.arrow_data.styler.styles
    rows = set()
    for rule in styles.split("\n"):
        if css in rule:
            rows.update(int(r) for r in re.findall(r"_row(\d+)_col\d+", rule))
    return rows


def clause_tables(at):
    return [d for d in at.dataframe if "COUNTER" in d.value.columns and "clause" in d.value.columns]


# ------------------------------------------------------------------ pair view

def test_pair_view_shows_counter_beside_dscorer_for_figure_4():
    preds, golds = read_clf(SAMPLES / "paper_pred.clf"), read_clf(SAMPLES / "paper_gold.clf")
    # the app's settings are the command line's: the same signature
    expected = counter_pair(preds[1], golds[1], app_counter_settings())
    at = new_app().run()
    at.number_input(key="doc_number").set_value(1).run()
    no_errors(at)
    # the first six metrics: DSCORER's P/R/F, then COUNTER's right under them
    labels = [m.label for m in at.metric][:6]
    assert labels == ["P", "R", "F", "COUNTER P", "COUNTER R", "COUNTER F"]
    values = {m.label: m.value for m in at.metric}
    assert values["F"] == "0.2062"  # the released DSCORER code's figure (paper-facts.md)
    assert (values["COUNTER P"], values["COUNTER R"], values["COUNTER F"]) == \
        (f"{expected.P:.4f}", f"{expected.R:.4f}", f"{expected.F:.4f}") == ("0.6667", "0.3636", "0.4706")
    captions = " ".join(c.value for c in at.caption).replace("\\", "")
    assert "4 of 6 pred and 11 gold clauses match" in captions
    # the samples follow the PMB 2.x signature: COUNTER's well-formedness check is off (wf:off), as on the CLI
    assert "signature: dscorer|" in captions and with_extras(expected.signature, "|wf:off") in captions
    # the clause matching panel: the mapping and the matched clause pairs
    mapping = next(d.value for d in at.dataframe if "pred variable" in d.value.columns)
    mapped = mapping[mapping["pred variable"] != "–"]
    assert dict(zip(mapped["pred variable"], mapped["gold variable"])) == expected.mapping
    assert set(mapping.loc[mapping["pred variable"] == "–", "gold variable"]) == {"x2", "x3", "b2"}
    pairs = next(d.value for d in at.dataframe if "pred clause" in d.value.columns)
    assert list(pairs["gold clause"]) == [g.text() for _, g in expected.matched_clauses]
    # clause verdicts are coloured as the graphs colour edges: matched blue, unmatched orange
    pred_table = clause_tables(at)[0]
    frame = pred_table.value
    blue = styled_rows(pred_table, "color: #0072B2")
    orange = styled_rows(pred_table, "color: #D55E00")
    assert {i for i, v in enumerate(frame["COUNTER"]) if v == "✓ matched"} <= blue
    assert {i for i, v in enumerate(frame["COUNTER"]) if v == "✗ unmatched"} <= orange
    assert orange and blue


def test_selecting_a_variable_rings_it_in_both_graphs():
    at = new_app().run()
    at.number_input(key="doc_number").set_value(1).run()
    before = iframes(at)
    assert [ringed(h) for h in before] == [[], []]
    assert "x1 → x1" in at.selectbox(key="counter_var").options
    at.selectbox(key="counter_var").set_value("e1 → e1").run()
    no_errors(at)
    after = iframes(at)
    assert after != before
    assert [ringed(h) for h in after] == [["e1"], ["e1"]]
    pred_node = next(n for n in vis_nodes(after[0]) if n["title"].startswith("e1:"))
    assert pred_node["borderWidth"] > 4 and pred_node["opacity"] == 1.0
    # the variable's clauses are marked in both clause tables
    for table, n_clauses in zip(clause_tables(at), (4, 6)):
        rows = styled_rows(table, "background-color: #F3DCEA")
        assert len(rows) == n_clauses
        assert all("e1" in table.value["clause"].iloc[r].split() for r in rows)
    # a gold variable without a partner is ringed on the gold side only
    at.selectbox(key="counter_var").set_value("(none) → x3").run()
    assert [ringed(h) for h in iframes(at)] == [[], ["x3"]]
    # an n-gram choice and the variable ring go together: the ringed node is not faded
    at.selectbox(key="ngram_choice").set_value("B REF X").run()
    no_errors(at)
    gold_nodes = vis_nodes(iframes(at)[1])
    assert [n["opacity"] for n in gold_nodes if n["title"].startswith("x3:")] == [1.0]
    # with COUNTER off there is no mapping and no ring
    at.toggle(key="with_counter").set_value(False).run()
    no_errors(at)
    assert "counter_var" not in [s.key for s in at.selectbox]
    assert [ringed(h) for h in iframes(at)] == [[], []]


def test_a_renaming_mapping_rings_different_names_on_pmb_dev():
    boxer, gold = pmb_files()
    at = open_by_path(boxer, gold)
    no_errors(at)
    at.number_input(key="doc_number").set_value(113).run()  # "There are ø rats in the kitchen ."
    no_errors(at)
    expected = counter_pair(read_clf(boxer)[113], read_clf(gold)[113])
    assert {m.label: m.value for m in at.metric}["COUNTER F"] == f"{expected.F:.4f}"
    at.selectbox(key="counter_var").set_value("x2 → x1").run()
    no_errors(at)
    assert [ringed(h) for h in iframes(at)] == [["x2"], ["x1"]]


# ------------------------------------------------------------------ corpus view

def test_corpus_view_on_the_samples_has_counter_figures():
    preds, golds = read_clf(SAMPLES / "paper_pred.clf"), read_clf(SAMPLES / "paper_gold.clf")
    cres = counter_corpus(preds, golds, app_counter_settings())
    at = new_app().run()
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    values = {m.label: m.value for m in at.metric}
    assert (values["COUNTER P"], values["COUNTER R"], values["COUNTER F"]) == \
        (f"{cres.P:.4f}", f"{cres.R:.4f}", f"{cres.F:.4f}")
    assert values["Pearson's r"] == "1.0000"  # two documents, both metrics rank them alike
    table = next(d.value for d in at.dataframe if "f1" in d.value.columns)
    assert list(table["index"]) == [1, 0]
    assert list(table["COUNTER F"]) == pytest.approx([cres.documents[1].F, cres.documents[0].F])
    assert with_extras(cres.signature, "|wf:off") in " ".join(c.value for c in at.caption).replace("\\", "")
    # turning COUNTER off leaves the DSCORER view as it was
    at.toggle(key="corpus_counter").set_value(False).run()
    no_errors(at)
    labels = {m.label for m in at.metric}
    assert "COUNTER F" not in labels and "Pearson's r" not in labels
    table = next(d.value for d in at.dataframe if "f1" in d.value.columns)
    assert "COUNTER F" not in table.columns


def test_corpus_view_on_pmb_dev_pearson_and_disagreements():
    boxer, gold = pmb_files()
    preds, golds = read_clf(boxer), read_clf(gold)
    pairs = metric_pairs(score_corpus(preds, golds), counter_corpus(preds, golds))
    agreement = correlation(pairs.dscorer, pairs.counter)
    at = open_by_path(boxer, gold)
    no_errors(at)
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    values = {m.label: m.value for m in at.metric}
    assert values["Pearson's r"] == f"{agreement.pearson:.4f}"
    assert values["Spearman's ρ"] == f"{agreement.spearman:.4f}"
    table = next(d.value for d in at.dataframe if "f1" in d.value.columns)
    assert len(table) == 682
    by_index = table.set_index("index")
    assert by_index.loc[103, "COUNTER F"] == pytest.approx(pairs.counter[103])
    # the disagreement filter: largest |DSCORER F - COUNTER F| first, top N
    dis = next(d.value for d in at.dataframe if "DSCORER − COUNTER" in d.value.columns)
    expected = disagreements(pairs, limit=20)
    assert list(dis["index"]) == [d.index for d in expected]
    at.slider(key="corpus_disagree_n").set_value(5).run()
    dis = next(d.value for d in at.dataframe if "DSCORER − COUNTER" in d.value.columns)
    assert list(dis["index"]) == [d.index for d in expected[:5]]
    at.radio(key="corpus_disagree_by").set_value("rank").run()
    no_errors(at)
    dis = next(d.value for d in at.dataframe if "DSCORER − COUNTER" in d.value.columns)
    assert list(dis["index"]) == [d.index for d in disagreements(pairs, by="rank", limit=5)]
    # a listed document opens in the pair view, which shows both metrics for it
    target = int(dis["index"].iloc[2])
    at.selectbox(key="corpus_disagree_open").set_value(target).run()
    at.button(key="corpus_disagree_button").click().run()
    no_errors(at)
    assert at.session_state["doc_index"] == target
    shown = {m.label: m.value for m in at.metric}
    assert shown["F"] == f"{pairs.dscorer[target]:.4f}"
    assert shown["COUNTER F"] == f"{pairs.counter[target]:.4f}"


# ------------------------------------------------------------------ graph conversion view

def test_conversion_view_shows_counters_normalisation():
    at = new_app().run()
    at.switch_page("pages/2_Graph_conversion.py").run()
    at.radio(key="conv_source").set_value("Paste").run()
    at.text_area(key="conv_text").set_value(
        'b1 REF x1\nb1 male "n.02" x1\nb1 REF x2\nb1 Name x2 "tom"\nb1 AttributeOf x2 x1\n').run()
    no_errors(at)
    view = next(d.value for d in at.dataframe if "COUNTER clause" in d.value.columns)
    assert list(view["COUNTER"]) == ["dropped: redundant REF", "kept", "dropped: redundant REF", "kept", "normalised"]
    assert view["COUNTER clause"].iloc[4] == "b1 Attribute x1 x2"
