"""The app on SBN files: the pair view loads the SBN examples and draws them as converted DRSs."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
pytest.importorskip("pyvis")
from app_helpers import (
    SHARED,
    box_frames,
    graph_layers,
    iframes,
    new_app,
    no_errors,
    open_by_path,
    style_layers,
    vis_nodes,
)

from app_widgets.drawing import COLOURS

EXAMPLES = SHARED / "sbn-4.0.0"


def test_pair_view_loads_sbn_files_by_path_and_draws_both_graphs():
    sbn, clf = EXAMPLES / "p04_d1646.drs.sbn", EXAMPLES / "p04_d1646.drs.clf"
    if not (sbn.is_file() and clf.is_file()):
        pytest.skip(f"the SBN examples are not at {EXAMPLES}")
    at = open_by_path(sbn, sbn)
    no_errors(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["F"] == "1.0000" and metrics["COUNTER F"] == "1.0000"
    panes = iframes(at)
    assert len(panes) == 2 and all(vis_nodes(html) for html in panes)
    # the SBN against the clause form of the same document: both load, the scores are below 1
    at.text_input(key="path_gold").set_value(str(clf)).run()
    no_errors(at)
    assert 0 < float(at.metric[2].value) < 1


def test_graph_conversion_page_accepts_pasted_sbn():
    at = new_app().run()
    at.switch_page("pages/2_Graph_conversion.py").run()
    at.radio(key="conv_source").set_value("Paste").run()
    at.text_area(key="conv_text").set_value('female.n.02 Name "Tracy"\nlose.v.05 Agent -1 Time +1\n'
                                            "time.n.08 TPR now\n").run()
    no_errors(at)
    boxes = " ".join(box_frames(at))  # the teaching view opens on the converted DRS as boxes
    assert 'female &quot;n.02&quot; x1' in boxes and 'lose &quot;v.05&quot; e1' in boxes  # clauses, escaped
    at.text_area(key="conv_text").set_value("female.n.02 Name\n").run()
    assert "pasted text:1:13: role Name has no value" in at.error[0].value.replace("\\", "")


def test_the_pair_view_shows_an_sbn_documents_sentence_and_names_the_files_by_format():
    sbn = EXAMPLES / "p00_d1593.drs.sbn"
    if not sbn.is_file():
        pytest.skip(f"the SBN examples are not at {EXAMPLES}")
    raw = sbn.with_name("p00_d1593.raw").read_text(encoding="utf-8").strip()
    at = open_by_path(sbn, sbn)
    no_errors(at)
    assert raw in [c.value.replace("\\", "") for c in at.caption]  # not "(no sentence in the files)"
    captions = [c.value for c in at.sidebar.caption]
    assert captions.count("SBN file, 1 DRS(s)") == 2
    labels = [w.label for w in at.sidebar.text_input] + [e.label for e in at.sidebar.expander]
    assert labels and not any("clause file" in label.lower() for label in labels)
    at.text_input(key="path_gold").set_value(str(sbn.with_name("p00_d1593.drs.clf"))).run()
    assert "Clause file, 1 DRS(s)" in [c.value for c in at.sidebar.caption]


PMB5 = SHARED / "pmb-5.0.0"


def test_pair_and_corpus_views_show_both_smatch_figures_for_sbn_files_and_why_they_differ():
    pred, gold = PMB5 / "neuralboxer_nl_test.sbn", PMB5 / "gold_nl_test.sbn"
    if not (pred.is_file() and gold.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    at = open_by_path(pred, gold, timeout=120)
    at.number_input(key="doc_number").set_value(2).run()
    no_errors(at)
    metrics = {m.label: m.value for m in at.metric}
    # nl sentence 2: the script matches 8 of 11 triples, 9 of 11 once concepts lose their depth
    assert metrics["Smatch F (PMB 5)"] == f"{8 / 11:.4f}" and metrics["Smatch F (corrected)"] == f"{9 / 11:.4f}"
    assert any("**depth**" in c.value for c in at.caption)
    # soft Smatch beside them: the figure `dscorer smatch --soft` gives this sentence
    from dscorer_core.reading.drs_files import read_sbn_texts
    from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus

    soft = smatch_corpus(read_sbn_texts(pred)[2:3], read_sbn_texts(gold)[2:3], SmatchSettings(soft=True))
    assert metrics["soft Smatch F"] == f"{soft.mean_F:.4f}" and soft.mean_F >= 8 / 11
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    metrics = {m.label: m.value for m in at.metric}
    assert 0.7332 <= float(metrics["Smatch F (PMB 5)"]) <= 0.7432
    assert metrics["ill-formed (PMB 5)"] == "0.0851"
    assert float(metrics["Smatch F (corrected)"]) > float(metrics["Smatch F (PMB 5)"])
    assert float(metrics["soft Smatch F"]) > float(metrics["Smatch F (PMB 5)"])


def test_corpus_and_compare_pages_offer_smatch_from_the_registry_for_sbn_files():
    pred, gold = PMB5 / "neuralboxer_nl_test.sbn", PMB5 / "gold_nl_test.sbn"
    if not (pred.is_file() and gold.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    at = open_by_path(pred, gold, timeout=180)
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    table = next(d.value for d in at.dataframe if "Smatch F" in d.value.columns)
    assert len(table) == 435 and round(sum(table["Smatch F"]) / 435, 4) == 0.7333  # the PMB 5 figure
    at.switch_page("pages/3_Compare_systems.py").run()
    assert "Smatch" not in at.radio(key="cmp_metric").options  # it opens on the sample clause files
    for slot, path in (("gold", gold), ("sys0", gold), ("sys1", pred)):
        at.radio(key=f"cmp_src_{slot}").set_value("Local path").run()
        at.text_input(key=f"cmp_path_{slot}").input(str(path)).run()
    assert "Smatch" in at.radio(key="cmp_metric").options  # the options as shown
    at.radio(key="cmp_metric").set_value("smatch").run()
    no_errors(at)
    [shown] = [d.value for d in at.dataframe if "system" in d.value.columns]
    assert list(shown["system"]) == ["gold_nl_test.sbn", "neuralboxer_nl_test.sbn"]
    assert round(float(shown["F"][1]), 4) == 0.7333 and float(shown["F"][0]) == 1.0
    assert any("smatch|sbn|exact|hard|triples:pmb5|" in c.value.replace("\\", "") for c in at.caption)


def test_an_sbn_pair_opens_on_smatchs_view_its_triples_coloured_in_both_panes_as_the_figure_counts_them():
    pred, gold = PMB5 / "neuralboxer_nl_test.sbn", PMB5 / "gold_nl_test.sbn"
    if not (pred.is_file() and gold.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    at = open_by_path(pred, gold, timeout=120)
    at.number_input(key="doc_number").set_value(2).run()
    no_errors(at)
    assert at.segmented_control(key="pair_drawing").value == "Smatch (SBN)"
    metrics = {m.label: m.value for m in at.metric}
    for mode, label in (("pmb5", "Smatch F (PMB 5)"), ("corrected", "Smatch F (corrected)")):
        at.segmented_control(key="smatch_triples").set_value(mode).run()
        no_errors(at)
        summary = next(m.value for m in at.markdown if m.value.startswith(f"**Smatch ({mode})**"))
        assert f"F = {metrics[label]}" in summary  # the figure above, from the verdicts the panes are coloured by
        tables = [d.value for d in at.dataframe if "Smatch" in d.value.columns]
        assert len(tables) == 2  # predicted and gold triples, listed
        layers, graphs = style_layers(at), graph_layers(at)
        for side, table in zip(("pred", "gold"), tables):
            listed = table[~table["triple"].str.contains(" :instance ")]
            coloured = [e for e in layers[side]["e"] if e["color"] == COLOURS["matched"]]
            assert len(graphs[side]["e"]) == len(listed)  # one edge per role or value triple
            assert len(coloured) == int((listed["Smatch"] == "✓ matched").sum())
            concepts = table[table["triple"].str.contains(" :instance ")]
            ringed = [n for n in layers[side]["n"] if n["color"]["border"] == COLOURS["matched"]]
            assert len(ringed) == int((concepts["Smatch"] == "✓ matched").sum())
        matched = int(summary.split(" matched of ")[0].rsplit(" ", 1)[-1])
        assert matched == int((tables[0]["Smatch"] == "✓ matched").sum())  # no triple written twice here
    # nl sentence 2 (corrected): 9 of 11; the predicted and gold time.n.08 are aligned to each other
    alignment = next(d.value for d in at.dataframe if "gold variable" in d.value.columns)
    row = alignment[alignment["pred concept"] == "time.n.08"].iloc[0]
    assert row["gold concept"] == "time.n.08" and row["concept"] == "✓ matched"
    assert [c.value for c in at.code][1].splitlines()[0] == "person.n.01 Sub speaker"  # the gold SBN, one item a line


def test_a_hostile_name_reaches_the_smatch_panes_as_escaped_json_and_plain_tooltips():
    from app_widgets.sbn_view import _pane
    from dscorer_core.render.sbn_drawing import smatch_drawings
    from dscorer_core.sbn.triple_match import triple_match_text

    sbn = 'male.n.02 Name "<img src=x onerror=alert(1)>" see.v.01 Agent -1'
    match = triple_match_text(sbn, sbn)
    assert match.F == 1.0
    pred, _ = smatch_drawings(match)
    pane = _pane(pred, "pred", pred.box, False, frozenset())
    assert "<img" not in pane.graph and "<img" not in pane.styles and "\\u003cimg" in pane.graph
    assert "<img" not in pane.html  # the shell holds no graph at all
