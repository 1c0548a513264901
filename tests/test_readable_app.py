"""AppTests of issue 12 ("Readable graphs") that need no browser: settings that survive a page switch."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from app_helpers import iframes, new_app, no_errors, vis_nodes


def test_compact_toggle_survives_a_page_switch():
    at = new_app().run()
    no_errors(at)
    assert at.toggle(key="compact").value is True
    assert {n["shape"] for n in vis_nodes(iframes(at)[0])} == {"box"}  # compact: every node a box
    at.toggle(key="compact").set_value(False).run()
    no_errors(at)
    assert "ellipse" in {n["shape"] for n in vis_nodes(iframes(at)[0])}  # full graph: referents are ellipses
    # the corpus page draws the same settings; the conversion page has its own (no "compact" widget)
    for page in ("pages/1_Corpus.py", "pages/2_Graph_conversion.py"):
        at.switch_page(page).run()
        no_errors(at)
        at.switch_page("app.py").run()
        no_errors(at)
        assert at.toggle(key="compact").value is False, page
        assert "ellipse" in {n["shape"] for n in vis_nodes(iframes(at)[0])}, page
