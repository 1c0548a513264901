"""Real-browser tests: the app on localhost, driven by headless Debian Chromium through Playwright.

Start: conftest's session fixture ``app_url`` runs ``streamlit run app.py`` on a free port;
every test opens a fresh page (its own browser context). No browser is downloaded: Playwright
uses /usr/bin/chromium (the tests skip without it or without Playwright).
"""

from __future__ import annotations

import pytest
from app_helpers import HOSTILE_LINK
from browser_helpers import (
    GRAPH_IFRAMES,
    assert_no_exception,
    click_table_row,
    frame_where,
    graph_frames,
    node_tooltips,
    open_corpus_on_samples,
    upload_side,
    wait_idle,
    wait_still,
)

pytestmark = pytest.mark.browser


def test_pair_view_draws_both_graphs(page, app_url, tmp_path):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    frames = graph_frames(page)
    for handle in page.query_selector_all(GRAPH_IFRAMES)[:2]:
        frame = handle.content_frame()
        box = frame.locator("#mynetwork canvas").bounding_box()
        assert box and box["width"] > 100 and box["height"] > 100
        assert handle.bounding_box()["width"] > 100
    counts = [f.evaluate("network.body.nodeIndices.filter(i => typeof i === 'number').length") for f in frames]
    assert counts == [14, 14]
    assert_no_exception(page)
    wait_idle(page)
    for frame in frames:  # each pane has set its first view (fitted to the drawing)
        frame.wait_for_function("document.body.dataset.ready === '1'")
    page.screenshot(path=str(tmp_path / "pair_view.png"), full_page=True)
    assert (tmp_path / "pair_view.png").stat().st_size > 10_000


def test_changing_the_order_updates_the_highlighting(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    graph_frames(page)
    page.get_by_role("button", name="Next ▶").click()
    wait_idle(page)
    page.get_by_role("heading", name="Document 1").wait_for()
    gold = frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    dashed = "network.body.data.edges.get().filter(e => e.dashes).length"
    before = gold.evaluate(dashed)
    slider = page.get_by_role("slider")
    slider.focus()
    slider.press("End")  # k = n = 4
    wait_idle(page)
    page.get_by_text("4-grams:", exact=False).first.wait_for()
    gold = frame_where(page, 1, f"{dashed} > {before}")
    after = gold.evaluate(dashed)
    assert after > before
    # k reruns the pair view's fragment only (app.pair_details); the address still follows it
    page.wait_for_function("location.search.includes('k=4')")
    assert "doc=1" in page.url
    assert_no_exception(page)


def test_corpus_view_lists_an_uploaded_pair_and_opens_a_row(page, app_url):
    open_corpus_on_samples(page, app_url)
    page.get_by_text("micro F").first.wait_for()
    assert_no_exception(page)
    assert page.get_by_text("2 documents", exact=False).count() >= 1
    # the worst document (Figure 4) is the first row: select it (the row-marker column)
    click_table_row(page, page.locator(".st-key-corpus_table [data-testid='stDataFrame']"), 0)
    page.get_by_role("heading", name="Document 1").wait_for()
    frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6")
    frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    assert "Pair view" in page.inner_text("body")
    assert_no_exception(page)


def test_hostile_clause_file_runs_nothing(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    graph_frames(page)
    upload_side(page, "pred", "hostile.clf", HOSTILE_LINK.encode())
    upload_side(page, "gold", "hostile.clf", HOSTILE_LINK.encode())
    page.get_by_text("<img src=x onerror=alert(1)> said", exact=False).first.wait_for()
    wait_idle(page)
    # long constants are shortened on the canvas (the tooltip has the full text)
    # drawn, and restyled by its style layer (the tooltips come with it: the pair view's panes are live)
    payload_drawn = ("network.body.data.nodes.get().some(n => n.label === '\"<img src=x one…')"
                     " && document.body.dataset.styled")
    frames = [frame_where(page, i, payload_drawn) for i in range(2)]
    for frame, handle in zip(frames, page.query_selector_all(GRAPH_IFRAMES)[:2]):
        labels = frame.evaluate("network.body.data.nodes.get().map(n => n.label)")
        assert '"<img src=x one…' in labels
        # compact drawing: no line from a box to its referents; the relation's line names that half too
        edge_titles = " ".join(frame.evaluate("network.body.data.edges.get().map(e => e.title)"))
        assert "</script><script>alert(3)</script>-A1" in edge_titles
        # hover every node: the tooltip shows the text and holds no markup
        shown = node_tooltips(page, frame, handle)
        assert shown, "hovering a node shows its tooltip"
        assert all(tip[1] == 0 for tip in shown), shown  # only line breaks, no markup
        assert any('"<img src=x onerror=alert(1)>"' in text for text, *_ in shown)
        assert frame.evaluate("document.querySelectorAll('img').length") == 0
    assert page.dialogs == []
    assert not [line for line in page.console_lines if "alert" in line or "Uncaught" in line]
    assert page.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert_no_exception(page)


#: How far the page has scrolled (Streamlit scrolls its main block, not the document).
SCROLLED = ("document.querySelector('[data-testid=\"stMain\"]').scrollTop"
            " + document.scrollingElement.scrollTop")


def test_wheel_over_a_graph_scrolls_the_page_and_ctrl_wheel_zooms(page, app_url):
    """The plain wheel over a graph pane scrolls the page (vis zoomView is off), the graph's scale
    stays; Ctrl + wheel zooms, and the other pane follows (mirrored views)."""
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    frames = graph_frames(page)
    handle = page.query_selector_all(GRAPH_IFRAMES)[0]
    handle.scroll_into_view_if_needed()
    box = wait_still(handle)
    scale = frames[0].evaluate("network.getScale()")
    before = page.evaluate(SCROLLED)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 400)
    page.wait_for_function(f"() => ({SCROLLED}) > {before}")  # the page scrolls (smoothly or at once)
    wait_still(handle)
    after = page.evaluate(SCROLLED)
    assert after > before, "the page scrolled"
    assert frames[0].evaluate("network.getScale()") == scale, "the graph did not zoom"
    box = handle.bounding_box()  # the page has scrolled: the pane's top may be above the window now
    page.mouse.move(box["x"] + box["width"] / 2, max(box["y"], 0) + 120)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    frames[0].wait_for_function(f"network.getScale() > {scale}")
    zoomed = frames[0].evaluate("network.getScale()")
    frames[1].wait_for_function(f"Math.abs(network.getScale() - {zoomed}) < 1e-6")
    assert zoomed > scale
    assert abs(frames[1].evaluate("network.getScale()") - zoomed) < 1e-6, "the other pane follows"
    assert frames[0].evaluate("window.dscorerGraph.side") == "pred"
    assert frames[1].evaluate("window.dscorerGraph.side") == "gold"


def test_url_opens_document_and_order(page, app_url):
    """A shared link ?doc=1&k=3 opens Figure 4 at k = 3."""
    page.goto(app_url + "/?doc=1&k=3")
    page.get_by_role("heading", name="Document 1").wait_for()
    page.get_by_text("3-grams:", exact=False).first.wait_for()
    frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    assert "k=3" in page.url and "doc=1" in page.url
    assert_no_exception(page)


def test_keys_n_and_p_move_to_the_next_and_previous_document(page, app_url):
    """N and P are the Next and Previous buttons' shortcuts. A key is handled once its button is drawn:
    Streamlit loads a button's code on first use, so on a fast (cached) run the heading can be on the
    page and the run over while the buttons are still loading, and a key pressed then does nothing (the
    failure this test had under load; a person sees no button yet either). So wait for the button."""
    from playwright.sync_api import expect  # the browser fixture skips without Playwright

    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    page.get_by_role("heading", name="Document 0").wait_for()
    wait_idle(page)
    expect(page.get_by_role("button", name="Next ▶")).to_be_enabled()
    page.get_by_role("heading", name="Document 0").click()  # focus the page, not a widget
    page.keyboard.press("n")
    page.get_by_role("heading", name="Document 1").wait_for()
    wait_idle(page)
    expect(page.get_by_role("button", name="◀ Previous")).to_be_enabled()
    page.keyboard.press("p")
    page.get_by_role("heading", name="Document 0").wait_for()
    assert_no_exception(page)


def test_every_page_loads_from_the_app_alone(page, app_url):
    """The app works with no internet: opening each page (the pair view's panes drawn, reruns included)
    asks nothing of any host but the app's own (the tab's icon too: a Material icon as the page icon
    was fetched from fonts.gstatic.com on every rerun)."""
    from urllib.parse import urlsplit

    own = urlsplit(app_url).netloc
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(app_url + "/?doc=0&k=1")
    graph_frames(page)
    page.get_by_role("button", name="Next ▶").click()  # a rerun of the whole page: its icon is set again
    page.get_by_role("heading", name="Document 1").wait_for()
    wait_idle(page)
    slider = page.get_by_role("slider")
    slider.focus()
    slider.press("End")  # a rerun of the document's view only
    page.get_by_text("4-grams:", exact=False).first.wait_for()
    wait_idle(page)
    for path in ("/Corpus", "/Graph_conversion", "/Compare_systems", "/Error_analysis"):
        page.goto(app_url + path)
        wait_idle(page)
        page.locator("h1").first.wait_for()
    icons = page.evaluate("[...document.querySelectorAll('link[rel~=icon]')].map(l => l.href)")
    assert icons and all(href.startswith("data:") or urlsplit(href).netloc == own for href in icons)
    elsewhere = sorted({url for url in asked if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                        and urlsplit(url).netloc != own})
    assert elsewhere == []
