"""Paste, diff, edit in the pair view (issue 31, item 8; AppTest: widget values and the page's text;
the browser test measures the drawing)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("streamlit")

from app_helpers import SAMPLES, new_app, no_errors

from dscorer_core.reading.clause_text import read_clf


def drs_text(name: str, index: int) -> str:
    """One DRS of a sample file as pasted text: its sentence line and its clauses."""
    drs = read_clf(SAMPLES / name)[index]
    return f"%%% {drs.sentence}\n{drs.text()}\n"


def paste_pair(at, pred: str, gold: str):
    """Paste both DRSs into the pair view's sidebar."""
    for side, text in (("pred", pred), ("gold", gold)):
        at.radio(key=f"src_{side}").set_value("Paste").run()
        at.text_area(key=f"paste_{side}").set_value(text).run()
    no_errors(at)
    return at


def scores(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_pasted_figure4_pair_is_scored_and_its_diff_lists_counter_s_verdicts():
    at = paste_pair(new_app(doc=None).run(), drs_text("paper_pred.clf", 1), drs_text("paper_gold.clf", 1))
    assert "#### Document 0" in [m.value for m in at.markdown]
    # the released COUNTER on Figure 4: 4 of 6 pred and 11 gold clauses (shared/docs/paper-facts.md)
    assert scores(at)["COUNTER F"] == "0.4706"
    at.session_state["pair_drawing"] = "diff"
    at.run()
    no_errors(at)
    text = " ".join(m.value for m in at.markdown)
    assert "4 matched of 6 in pred and 11 in gold" in text
    bodies = [h.proto.body for h in at.get("html")]
    lists = {heading: body for body in bodies for heading in ("Only in pred", "Only in gold", "Matched")
             if f"<b>{heading} (" in body}
    counts = {h: int(re.search(rf"{h} \((\d+)\)", b).group(1)) for h, b in lists.items()}
    assert counts == {"Only in pred": 2, "Only in gold": 7, "Matched": 4}
    assert lists["Only in pred"].count("<li>") == 2 and lists["Only in gold"].count("<li>") == 7


def test_editing_the_predicted_drs_moves_the_scores_and_a_bad_edit_keeps_the_file_s():
    at = new_app(doc=1).run()  # Figure 4
    before = scores(at)
    (area,) = [t for t in at.text_area if t.key.startswith("edit_pred_")]
    # the pred DRS replaced by the gold one: every figure 1
    area.set_value(drs_text("paper_gold.clf", 1)).run()
    no_errors(at)
    after = scores(at)
    assert after["F"] == "1.0000" and after["COUNTER F"] == "1.0000" and before["F"] != "1.0000"
    assert any(b.label == "Download the edited DRS" for b in at.get("download_button"))
    assert any("Predicted DRS edited" in c.value for c in at.caption)
    # an edit that does not read: said, and the file's DRS is shown
    (area,) = [t for t in at.text_area if t.key.startswith("edit_pred_")]
    area.set_value('b1 REF "x1\n').run()
    no_errors(at)
    assert any("edited DRS" in e.value for e in at.error)
    assert scores(at)["F"] == before["F"]


def test_a_pasted_sbn_pair_is_diffed_as_triples_too(shared_path):
    """The first sentence of PMB 5.0.0 nl test, Neural Boxer against gold, pasted as SBN lines: the diff
    lists triples under Smatch's alignment, as many matched, pred and gold as the corrected Smatch counts."""
    from dscorer_core.reading.drs_files import read_sbn_texts
    from dscorer_core.sbn.smatch_causes import compare_sbn_lines

    for i in range(10):  # the first pair whose prediction reads and differs from gold
        pred = read_sbn_texts(shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"))[i].raw
        gold = read_sbn_texts(shared_path("pmb-5.0.0/gold_nl_test.sbn"))[i].raw
        doc = compare_sbn_lines((pred,), (gold,)).corrected.documents[0]
        if not doc.ill_formed and doc.matched < doc.gold_triples:
            break
    at = paste_pair(new_app(doc=None).run(), pred + "\n", gold + "\n")
    at.session_state["pair_drawing"] = "diff"
    at.run()
    no_errors(at)
    text = " ".join(m.value for m in at.markdown)
    assert "Triples, under Smatch's alignment" in text
    assert f"{doc.matched} matched of {doc.pred_triples} in pred and {doc.gold_triples} in gold" in text
