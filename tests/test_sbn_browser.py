"""An SBN pair in a real browser at a laptop's 1280x800: the pair view opens on Smatch's view of it,
the triples are listed, and both panes colour exactly the triples listed as matched (colours read
from vis-network's data inside each pane); hovering a node names the node it is aligned to."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_helpers import GRAPH_IFRAMES, assert_no_exception, frame_where, node_tooltips, wait_idle

from app_widgets.drawing import COLOURS

PMB5 = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-5.0.0"
PRED, GOLD = PMB5 / "neuralboxer_nl_test.sbn", PMB5 / "gold_nl_test.sbn"
MATCHED = COLOURS["matched"]

#: The rows of every table on the page (st.dataframe's accessible table), header first.
TABLES = ("[...document.querySelectorAll('[data-testid=stDataFrame] table')].map(t => [...t.querySelectorAll('tr')]"
          ".map(r => [...r.querySelectorAll('th,td')].map(c => c.innerText.trim())))")


def _triple_tables(page) -> list[list[list[str]]]:
    """The predicted and the gold triples tables (header row dropped), once both are on the page."""
    page.get_by_text("Predicted triples", exact=False).first.scroll_into_view_if_needed()
    page.wait_for_function(f"{TABLES}.filter(t => t.length > 1 && t[0][0] === 'triple').length === 2")
    return [t[1:] for t in page.evaluate(TABLES) if len(t) > 1 and t[0][0] == "triple"]


def test_an_sbn_pair_lists_its_triples_and_colours_both_graphs_as_they_are_listed(new_page, app_url):
    if not (PRED.is_file() and GOLD.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    page = new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{app_url}/?pred=path:{PRED}&gold=path:{GOLD}&doc=2")
    wait_idle(page)
    page.wait_for_function(f"document.querySelectorAll(\"{GRAPH_IFRAMES}\").length >= 2")
    frames = [frame_where(page, i, "network.body.data.edges.length > 0") for i in range(2)]
    assert_no_exception(page)
    tables = _triple_tables(page)
    assert [len(t) for t in tables] == [11, 11]  # nl sentence 2: 11 triples on each side
    for frame, rows in zip(frames, tables):
        edges = frame.evaluate("network.body.data.edges.get().map(e => e.color)")
        borders = frame.evaluate("network.body.data.nodes.get().map(n => n.color && n.color.border)")
        listed_edges = [r for r in rows if " :instance " not in r[0]]
        listed_concepts = [r for r in rows if " :instance " in r[0]]
        assert len(edges) == len(listed_edges)  # one edge per role or value triple
        assert sum(c == MATCHED for c in edges) == sum(r[1] == "✓ matched" for r in listed_edges)
        assert sum(c == MATCHED for c in borders) == sum(r[1] == "✓ matched" for r in listed_concepts)
    # both sides list 8 matched triples: the PMB 5 figure of this sentence is 8 of 11
    assert [sum(r[1] == "✓ matched" for r in t) for t in tables] == [8, 8]
    # hover: each predicted concept names the gold node the alignment maps it to
    handle = page.query_selector_all(GRAPH_IFRAMES)[0]
    tips = [text for text, _ in node_tooltips(page, frames[0], handle)]
    assert any("time.n.08" in t and "aligned to gold s2" in t for t in tips), tips
