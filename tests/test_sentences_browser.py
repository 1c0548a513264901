"""The sentence navigator in a real browser: the 100-sentence sample document, sentence 57 drawn alone;
the next sentence drawn in the panes already loaded; a hostile sentence reached with ▶ runs nothing."""

from __future__ import annotations

import pytest
from app_helpers import HOSTILE_SENTENCES, SAMPLES
from browser_helpers import GRAPH_IFRAMES, assert_no_exception, frame_where, node_tooltips, upload_side, wait_idle

pytestmark = pytest.mark.browser

#: The titles of the graph's own nodes in a pane (waypoints of routed edges have string ids).
NODE_TITLES = "network.body.data.nodes.get().filter(n => typeof n.id === 'number').map(n => n.title)"


def test_navigator_opens_sentence_57_and_draws_only_its_part(page, app_url):
    page.goto(app_url + "/?doc=0")
    wait_idle(page)
    for side in ("pred", "gold"):
        upload_side(page, side, f"document100_{side}.clf", (SAMPLES / f"document100_{side}.clf").read_bytes())
    navigator = page.locator(".st-key-dscorer_sentences")
    navigator.wait_for()
    blocks = navigator.locator("[data-testid='stVegaLiteChart'] g.mark-rect path")
    blocks.first.wait_for()
    assert blocks.count() == 100  # the overview: one block per sentence
    navigator.locator("[data-testid='stSelectbox']").first.click()
    page.keyboard.type("57: F")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert_no_exception(page)
    page.get_by_text("Sentence 57 of 100", exact=False).first.wait_for()
    for side in (0, 1):
        # every node drawn is sentence 57's: its variables carry the suffix _57, the rest are constants
        frame = frame_where(page, side, "network.body.nodeIndices.filter(i => typeof i === 'number').length > 3")
        titles = frame.evaluate(NODE_TITLES)
        names = [t.split("\n")[0] for t in titles]  # "x1_57: type X (referent)", 'constant "now"'
        variables = [t.split(":")[0] for t in names if not t.startswith("constant")]
        assert len(variables) >= 3, names
        assert all(v.endswith("_57") for v in variables), names
        assert len(titles) < 40  # the part, not the document's 600-odd nodes
    # a click on sentence 58's block in the overview opens it
    navigator.locator("[data-testid='stVegaLiteChart'] g.mark-rect path[aria-label*='sentence: 58;']").first.click()
    wait_idle(page)
    page.get_by_text("Sentence 58 of 100", exact=False).first.wait_for()
    frame = frame_where(page, 1, "network.body.data.nodes.get().some(n => (n.title || '').startsWith('x1_58'))")
    names = [t.split("\n")[0] for t in frame.evaluate(NODE_TITLES)]
    assert all(n.split(":")[0].endswith("_58") for n in names if not n.startswith("constant"))


def test_a_link_opens_a_sentence(page, app_url):
    """``?...&sentence=57`` opens the navigator on sentence 57, and the address keeps it."""
    page.goto(app_url + "/?pred=sample:document100_pred.clf&gold=sample:document100_gold.clf&doc=0&sentence=57")
    wait_idle(page)
    assert_no_exception(page)
    page.get_by_text("Sentence 57 of 100", exact=False).first.wait_for()
    frame = frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length > 3")
    names = [t.split("\n")[0] for t in frame.evaluate(NODE_TITLES)]
    assert all(n.split(":")[0].endswith("_57") for n in names if not n.startswith("constant"))
    assert "sentence=57" in page.url


def _drawn(n: int) -> str:
    """True in a pane once it shows sentence n of the 100-sentence sample (a variable ``x1_n``)."""
    return f"network.body.data.nodes.get().some(n => (n.title || '').includes('_{n}:'))"


#: In a pane: how tall its frame, the page's element around it and its drawing area are, its view's scale,
#: and the nodes drawn outside the drawing area.
_FIT = """(() => { const c = document.getElementById('mynetwork'), fe = window.frameElement;
  const out = Object.values(network.getPositions()).map(p => network.canvasToDOM(p))
    .filter(q => q.x < 0 || q.y < 0 || q.x > c.clientWidth || q.y > c.clientHeight).length;
  return {frame: fe.offsetHeight, element: fe.parentElement.offsetHeight, area: c.offsetHeight,
          scale: network.getScale(), out: out}; })()"""


@pytest.mark.parametrize("width,height", [(1280, 800), (1920, 1080)])
def test_the_next_sentence_is_drawn_in_the_panes_already_loaded(new_page, app_url, width, height):
    """▶ from sentence 56 to 57: both panes keep their page (a mark set on the frame's window stays),
    show sentence 57's nodes only, fit them whole, and each frame is as tall as its drawing."""
    page = new_page(height=height)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(app_url + "/?pred=sample:document100_pred.clf&gold=sample:document100_gold.clf&doc=0&sentence=56")
    wait_idle(page)
    for i in range(2):
        frame_where(page, i, _drawn(56)).evaluate("window.__samePage = 1")
    page.locator(".st-key-sentence_next button").first.click()
    wait_idle(page)
    page.get_by_text("Sentence 57 of 100", exact=False).first.wait_for()
    assert len(page.query_selector_all(GRAPH_IFRAMES)) == 2
    seen = []
    for i in range(2):
        frame = frame_where(page, i, _drawn(57))
        assert frame.evaluate("window.__samePage") == 1  # the same page: drawn in place, not loaded again
        names = [t.split("\n")[0] for t in frame.evaluate(NODE_TITLES)]
        variables = [t.split(":")[0] for t in names if not t.startswith("constant")]
        assert variables and all(v.endswith("_57") for v in variables), names
        assert len(frame.evaluate("network.body.nodeIndices")) == len(names)  # no node of 56 left over
        seen.append(frame.evaluate(_FIT))
    for fit in seen:
        assert fit["out"] == 0, seen  # the whole sentence in view
        assert fit["frame"] == fit["element"] == fit["area"] + 20, seen  # no blank band, no overlap below
        assert fit["scale"] > 0.5, seen
    assert abs(seen[0]["scale"] - seen[1]["scale"]) < 1e-6  # both panes at the same scale
    assert_no_exception(page)


def test_a_hostile_sentence_reached_with_the_navigator_runs_nothing(page, app_url):
    """Markup and scripts in the names and relations of a document's second sentence, reached with ▶:
    drawn in the loaded panes as literal text (labels on the canvas, tooltips as text), nothing runs."""
    page.goto(app_url + "/?doc=0")
    wait_idle(page)
    for side in ("pred", "gold"):
        upload_side(page, side, "hostile_sentences.clf", HOSTILE_SENTENCES.encode())
    nxt = page.locator(".st-key-sentence_next button").first
    nxt.click()
    wait_idle(page)
    page.get_by_text("Sentence 1 of 2", exact=False).first.wait_for()
    for i in range(2):
        frame_where(page, i, "network.body.data.nodes.get().some(n => (n.label || '').includes('smile'))"
                    ).evaluate("window.__samePage = 1")
    nxt.click()
    wait_idle(page)
    page.get_by_text("Sentence 2 of 2", exact=False).first.wait_for()
    for i, handle in enumerate(page.query_selector_all(GRAPH_IFRAMES)[:2]):
        frame = frame_where(page, i, "network.body.data.nodes.get().some(n => n.label === '\"<img src=x one…')")
        assert frame.evaluate("window.__samePage") == 1
        labels = frame.evaluate("network.body.data.nodes.get().map(n => n.label)")
        assert not any("smile" in label for label in labels)  # sentence 1 is gone
        edge_titles = " ".join(frame.evaluate("network.body.data.edges.get().map(e => e.title)"))
        assert "</script><script>alert(3)</script>" in edge_titles  # the text, as text
        shown = node_tooltips(page, frame, handle)
        assert shown and all(tip[1] == 0 for tip in shown), shown  # only line breaks, no markup
        assert any('"<img src=x onerror=alert(1)>"' in text for text, _ in shown)
        assert not any("href=" in text for text, _ in shown)  # broken with a zero-width joiner
        assert frame.evaluate("document.querySelectorAll('img, a').length") == 0
    assert page.dialogs == []
    assert not [line for line in page.console_lines if "alert" in line or "Uncaught" in line]
    assert page.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert_no_exception(page)
