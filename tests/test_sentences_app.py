"""The pair view's sentence navigator (app_widgets.sentences) on the bundled 100-sentence document (AppTest)."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from app_helpers import PMB, SAMPLES, box_frames, elements, iframes, new_app, no_errors, open_by_path, vis_nodes

from app_widgets.drawing import CONTEXT_NOTE
from dscorer_core.document_parts import sentence_parts, shared_names
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.sentence_scores import sentence_scores, worst_first


def _open_document(timeout: float = 120):
    at = new_app(timeout).run()
    for side in ("pred", "gold"):
        at.selectbox(key=f"sample_{side}").set_value(f"document100_{side}.clf").run()
    return at


def test_navigator_lists_sentences_worst_first_and_draws_only_the_chosen_part():
    at = _open_document()
    no_errors(at)
    pick = at.selectbox(key="sentence")
    pred = read_clf(SAMPLES / "document100_pred.clf")[0]
    gold = read_clf(SAMPLES / "document100_gold.clf")[0]
    # the options: the whole document, then the 100 sentences by their own DSCORER F, lowest first
    assert pick.options[0].startswith("The whole document (100 sentences)")
    ranked = worst_first(sentence_scores(pred, gold, with_counter=False))
    assert [int(o.split(":")[0]) for o in pick.options[1:]] == [s.number for s in ranked]
    # the whole document is too large to draw: no graph panes yet
    assert iframes(at) == []

    pick.set_value(57).run()
    no_errors(at)
    part = {side: sentence_parts(drs)[56] for side, drs in (("pred", pred), ("gold", gold))}
    panes = iframes(at)
    assert len(panes) == 2
    for html, side, drs in zip(panes, ("pred", "gold"), (pred, gold)):
        names = {n["title"].split("\n")[0] for n in vis_nodes(html)}
        variables = {t for ci in part[side].clauses for t in (drs.clauses[ci].tokens[0],) + drs.clauses[ci].tokens[2:]
                     if not t.startswith('"')}
        # every variable drawn is one of sentence 57's (renamed x1_57 ...), and all of them are drawn
        drawn = {v for v in variables if any(v in title for title in names)}
        assert drawn == variables
        assert all(not any(f"_{n}" in title for n in (56, 58)) for title in names)
    assert "Tom was hiding behind a tree" in " ".join(c.value for c in at.caption)
    # context: exactly the nodes whose name other sentences use too (here constants such as "now") are marked
    gold_pane = vis_nodes(panes[1])
    shared = shared_names(gold, part["gold"])
    assert shared
    marked = {n["title"].split("\n")[0] for n in gold_pane if CONTEXT_NOTE in n["title"]}
    assert marked and all(any(name in title for name in shared) for title in marked)
    assert all(CONTEXT_NOTE not in n["title"] for n in gold_pane if not any(name in n["title"] for name in shared))
    # the box view pages by sentence too: only sentence 57's conditions
    boxes = " ".join(box_frames(at))
    assert "hide" in boxes and "tree" in boxes and "cube" not in boxes
    # the next sentence, with the arrow: the panes' pages stay byte for byte the same (the browser keeps
    # them loaded), only their hidden graph layers change, to sentence 58's nodes
    pages = [proto.srcdoc for proto in elements(at, "iframe")][:2]
    at.button(key="sentence_next").click().run()
    assert at.session_state["sentence"] == 58
    assert [proto.srcdoc for proto in elements(at, "iframe")][:2] == pages
    for html in iframes(at):
        names = [n["title"].split("\n")[0].split(":")[0] for n in vis_nodes(html)]
        variables = [n for n in names if not n.startswith("constant")]
        assert variables and all(v.endswith("_58") for v in variables), names


def test_a_real_two_sentence_pmb_document_gets_the_navigator():
    """PMB 2.2.0 dev document 250 ("I do n't want pizza . I 'm not hungry .", Boxer against gold): two
    sentences, COUNTER per sentence under the document's own mapping; sentence 2 draws only its part."""
    if not (PMB / "gold_dev.clf").is_file():
        pytest.skip(f"shared PMB data not found at {PMB}")
    at = open_by_path(PMB / "boxer_dev.clf", PMB / "gold_dev.clf", timeout=120)
    at.number_input(key="doc_number").set_value(250).run()
    no_errors(at)
    pick = at.selectbox(key="sentence")
    assert len(pick.options) == 3  # the whole document and its two sentences
    assert "the document's variable mapping" in (pick.help or "")
    pick.set_value(2).run()
    no_errors(at)
    gold = vis_nodes(iframes(at)[1])
    labels = {n["label"] for n in gold}
    assert "s1 hungry.a.01" in labels and not any("pizza" in label or "want" in label for label in labels)
    # b3, the box "b2 CONTINUATION b3" of the first sentence points to, is where the sentences join
    context = {n["label"] for n in gold if CONTEXT_NOTE in n["title"]}
    assert "b3" in context and "s1 hungry.a.01" not in context
