"""The "Compare systems" page in a real browser: headless Debian Chromium through Playwright.

The app runs on conftest's session server (``app_url``). These tests check what AppTest
cannot: the graphs are drawn, clicking a point of the plot or a row of the table opens that
document, and a hostile clause file runs no script. No browser is downloaded.
"""

from __future__ import annotations

import pytest
from app_helpers import HOSTILE_LINK, PMB
from browser_helpers import (
    assert_no_exception,
    click_table_row,
    graph_frames,
    wait_idle,
    wait_loaded,
    wait_node_counts,
    wait_shown_text,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def page(new_page, app_url):
    """A fresh page on the compare page, once it has drawn its first comparison."""
    pg = new_page(height=3400, timeout=90_000, idle_timeout=180_000)
    pg.goto(app_url + "/Compare_systems")
    pg.get_by_text("Scores and tests against the baseline").wait_for()
    wait_idle(pg)
    return pg


def upload(page, radio_label: str, name: str, data: bytes) -> None:
    """Choose 'Upload' in one file slot of the sidebar and upload ``data``."""
    radio = page.locator("[data-testid='stRadio']", has=page.get_by_text(radio_label, exact=True))
    inputs = page.locator("[data-testid='stSidebar'] input[type=file]")
    before = inputs.count()
    radio.get_by_text("Upload", exact=True).click()
    # the slot's uploader comes with the rerun (the slots are filled in order: it is the last one)
    page.wait_for_function("n => document.querySelectorAll(\"[data-testid='stSidebar'] input[type=file]\").length > n",
                           arg=before)
    wait_idle(page)
    inputs.last.set_input_files(
        {"name": name, "mimeType": "text/plain", "buffer": data})
    wait_idle(page)


def test_sample_files_draw_graphs_and_a_point_opens_its_document(page):
    wait_node_counts(page, [6, 10])  # "He smiled." beside gold
    points = page.locator("[data-testid='stVegaLiteChart'] g.mark-symbol path[aria-label*='index: ']")
    assert points.count() >= 2
    page.locator("[data-testid='stVegaLiteChart'] g.mark-symbol path[aria-label*='index: 0;']").first.click()
    wait_idle(page)
    page.get_by_text("He did n't play the piano", exact=False).first.wait_for()
    wait_node_counts(page, [14, 14])  # Figure 1's two DRSs
    assert_no_exception(page)
    assert page.dialogs == []


@pytest.mark.skipif(not (PMB / "boxer_dev.clf").is_file(), reason=f"shared PMB data not found at {PMB}")
def test_pmb_example_a_table_row_opens_the_document_and_b_goes_beside_gold(page):
    page.get_by_role("button", name="Load the PMB 2.2.0 dev example (SPAR baseline vs Boxer)").click()
    page.get_by_text("682 documents", exact=False).first.wait_for()
    wait_idle(page)
    # one point per document in the plot
    page.wait_for_function("document.querySelectorAll(\"[data-testid='stVegaLiteChart'] g.mark-symbol "
                           "path[aria-label*='sentence: ']\").length === 682", timeout=60_000)
    from dscorer_core import ScoreSettings
    from dscorer_core.ngrams import score_pair
    from dscorer_core.reading.clause_text import read_clf

    gold = read_clf(PMB / "gold_dev.clf", lenient=True)[133]
    spar = score_pair(read_clf(PMB / "spar_baseline.clf", lenient=True)[0], gold, ScoreSettings())
    boxer = score_pair(read_clf(PMB / "boxer_dev.clf", lenient=True)[133], gold, ScoreSettings())
    assert len(spar.pred_graph.nodes) != len(boxer.pred_graph.nodes)  # so that the swap below is seen
    picker = page.get_by_role("combobox", name="Document (largest |B − A| first)", exact=True)
    assert not picker.input_value().startswith("133:")  # so that the opening below is seen
    # the third row of the documents by |B - A|: document 133, "Forgive me !"
    click_table_row(page, page.locator("[data-testid='stDataFrame']").nth(1), 2)
    wait_shown_text(page, "Forgive me !")
    wait_idle(page)
    assert picker.input_value().startswith("133:")
    wait_node_counts(page, [len(spar.pred_graph.nodes), len(spar.gold_graph.nodes)])  # SPAR ("Tom voted ...")
    page.locator("[data-testid='stRadio']", has=page.get_by_text("Beside gold")).get_by_text(
        "B", exact=True).click()
    # the caption above the panes names the side drawn once the script has rerun
    page.get_by_text("DSCORER of B on this document", exact=False).first.wait_for()
    wait_idle(page)
    wait_node_counts(page, [len(boxer.pred_graph.nodes), len(boxer.gold_graph.nodes)])
    assert_no_exception(page)


def test_hostile_files_run_nothing(page):
    upload(page, "Gold", "<img src=x onerror=alert(7)>.clf", HOSTILE_LINK.encode())
    upload(page, "System 1 (baseline)", "<img src=x onerror=alert(8)>.clf", HOSTILE_LINK.encode())
    upload(page, "System 2", "other.clf", HOSTILE_LINK.replace("x1", "x2").encode())
    page.get_by_text("<img src=x onerror=alert(1)> said", exact=False).first.wait_for()
    graph_frames(page)
    wait_loaded(page)
    assert page.dialogs == []
    assert page.locator("img[src=x]").count() == 0
    assert "<img src=x onerror=alert(8)>.clf" in page.inner_text("body")
    assert_no_exception(page)
