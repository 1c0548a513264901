"""COUNTER beside DSCORER in a real browser (headless Debian Chromium through Playwright):
the chosen variable is ringed in both drawn graphs, a mapping-table row chooses it too, and the
corpus view draws the DSCORER/COUNTER scatter and opens a document from the disagreement table.

Uses conftest's session app server and browser (same skips as test_browser.py: no Playwright,
no Chromium).
"""

from __future__ import annotations

import pytest
from browser_helpers import (
    assert_no_exception,
    click_table_row,
    frame_where,
    graph_frames,
    open_corpus_on_samples,
    wait_idle,
    wait_still,
)

pytestmark = pytest.mark.browser

RINGED = ("JSON.stringify(network.body.data.nodes.get().filter(n => n.borderWidth === 7)"
          ".map(n => n.title.split(':')[0]))")


def _table_row(page, key: str, row: int) -> None:
    """Click the row-marker cell of row ``row`` of the st.dataframe with widget key ``key``."""
    click_table_row(page, page.locator(f".st-key-{key} [data-testid='stDataFrame']"), row)


def test_choosing_a_variable_rings_it_in_both_drawn_graphs(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    graph_frames(page)
    page.get_by_role("button", name="Next ▶").click()
    wait_idle(page)
    frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    assert page.get_by_text("COUNTER F", exact=True).count() == 1
    box = page.get_by_role("combobox", name="Highlight a variable in both graphs (pred → gold)")
    box.scroll_into_view_if_needed()
    wait_still(box)
    box.click()
    box.fill("e1 →")
    page.get_by_role("option", name="e1 → e1").click()
    wait_idle(page)
    for i in range(2):
        frame_where(page, i, f"{RINGED} === '[\"e1\"]'")
    # a row of the mapping table chooses its variable too (row 4: x1 -> x1)
    _table_row(page, "counter_map_table", 4)
    for i in range(2):
        frame_where(page, i, f"{RINGED} === '[\"x1\"]'")
    assert_no_exception(page)


def test_corpus_view_scatter_and_disagreement_table(page, app_url):
    open_corpus_on_samples(page, app_url)
    page.get_by_text("Pearson's r", exact=True).wait_for()
    assert page.get_by_text("COUNTER F", exact=True).count() >= 1
    # the scatter is drawn (vega-embed renders a canvas or an svg)
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    chart.wait_for()
    page.wait_for_function("document.querySelectorAll('[data-testid=\"stVegaLiteChart\"] canvas, "
                           "[data-testid=\"stVegaLiteChart\"] svg').length > 0")
    # the one document the metrics disagree on (Figure 4) opens from the disagreement table
    _table_row(page, "corpus_disagree_table", 0)
    page.get_by_role("heading", name="Document 1").wait_for()
    frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6")
    assert_no_exception(page)
