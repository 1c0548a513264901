"""Real-browser tests of issue 12 ("Readable graphs"): what a reader sees on the pair view.

Node and edge-label boxes are read from vis-network in each graph pane (``network``) and checked
for overlaps; a laptop-sized page (1280x800, sidebar open) shows its figures and buttons uncut
and the top of both graphs on the first screen; edge colours follow the order k; each pane fits
its drawing on load. The app is started by conftest's ``app_url``; PMB tests skip without
../shared/data.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest
from app_helpers import PMB
from browser_helpers import GRAPH_IFRAMES, assert_no_exception, frame_where, graph_frames, wait_idle

pytestmark = pytest.mark.browser

#: Overlap allowed between two boxes, in canvas px (rounding of label sizes).
TOLERANCE = 2.0

#: Runs inside a graph pane: the box of every node, and of every drawn edge label (canvas units).
READ_BOXES = """(() => {
  const nodes = network.body.nodeIndices.map(id => {
    const b = network.getBoundingBox(id);
    return {id: String(id), left: b.left, top: b.top, right: b.right, bottom: b.bottom};
  });
  const labels = [];
  for (const id of network.body.edgeIndices) {
    const edge = network.body.edges[id];
    const text = edge.options.label;
    if (!edge.options.hidden && text !== undefined && text !== null && String(text).trim() !== '') {
      const s = edge.labelModule.size, cx = s.left + s.width / 2, cy = s.top + s.height / 2;
      // a label turned along a lane (font.align 'middle'): sized flat around its centre, drawn turned
      const [hw, hh] = edge.options.font.align && edge.options.font.align !== 'horizontal'
        ? [s.height / 2, s.width / 2] : [s.width / 2, s.height / 2];
      labels.push({id: String(id), text: String(text), left: cx - hw, top: cy - hh, right: cx + hw, bottom: cy + hh});
    }
  }
  return {nodes, labels};
})()"""


def _overlap(a: dict, b: dict) -> bool:
    """True when two boxes overlap by more than TOLERANCE in both directions."""
    dx = min(a["right"], b["right"]) - max(a["left"], b["left"])
    dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return dx > TOLERANCE and dy > TOLERANCE


def overlaps(frame) -> list[str]:
    """Every pair of overlapping node boxes, edge label boxes, or label and node boxes in one pane."""
    frame.evaluate("network.redraw()")  # edge label sizes are computed while drawing
    frame.wait_for_function("network.body.edgeIndices.every(id => !network.body.edges[id].options.label"
                            " || network.body.edges[id].options.hidden"
                            " || network.body.edges[id].labelModule.size.width > 0)")
    boxes = frame.evaluate(READ_BOXES)
    nodes, labels = boxes["nodes"], boxes["labels"]
    found = []
    for i, a in enumerate(nodes):
        found += [f"node {a['id']} / node {b['id']}" for b in nodes[i + 1:] if _overlap(a, b)]
    for i, a in enumerate(labels):
        found += [f"label {a['text']!r} ({a['id']}) / label {b['text']!r} ({b['id']})"
                  for b in labels[i + 1:] if _overlap(a, b)]
        found += [f"label {a['text']!r} ({a['id']}) / node {b['id']}" for b in nodes if _overlap(a, b)]
    return found


def pmb_dev_url(app_url: str, doc: int) -> str:
    """The pair view of PMB 2.2.0 dev (Boxer against gold) at one document, by its address."""
    pred, gold = PMB / "boxer_dev.clf", PMB / "gold_dev.clf"
    if not (pred.is_file() and gold.is_file()):
        pytest.skip(f"shared PMB 2.2.0 dev files not found at {PMB}")
    query = urllib.parse.urlencode({"pred": f"path:{pred.resolve()}", "gold": f"path:{gold.resolve()}",
                                    "doc": str(doc)})
    return f"{app_url}/?{query}"


def open_doc22(page, app_url: str) -> list:
    """The pair view on PMB 2.2.0 dev document 22 (38 and 24 nodes); its two graph frames."""
    page.goto(pmb_dev_url(app_url, 22))
    page.get_by_role("heading", name="Document 22").wait_for()
    wait_idle(page)
    return [frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 38"),
            frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 24")]


# ---------------------------------------------------------------- 1. no overlapping labels

def test_no_label_overlaps_on_the_figure_1_drs(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    page.get_by_role("heading", name="Document 0").wait_for()
    frames = graph_frames(page)
    for side, frame in zip(("pred", "gold"), frames):
        assert frame.evaluate("network.body.nodeIndices.filter(i => typeof i === 'number').length") == 14
        assert frame.evaluate(READ_BOXES)["labels"], "the Figure 1 graph has edge labels"
        assert overlaps(frame) == [], side
    assert_no_exception(page)


def test_no_label_overlaps_on_pmb_dev_document_22(page, app_url):
    frames = open_doc22(page, app_url)
    for side, frame in zip(("pred", "gold"), frames):
        assert overlaps(frame) == [], side
    assert_no_exception(page)


# ---------------------------------------------------------------- 3. colour follows the order k

#: The colours of the drawn edges in a pane (a colour is a string or {color: ...}).
EDGE_COLOURS = ("network.body.data.edges.get().map(e => typeof e.color === 'string' ? e.color"
                " : (e.color && e.color.color) || '')")


def test_edge_colours_change_between_k_1_and_k_4_on_figure_4(page, app_url):
    """Figure 4 ("He smiled." against another sentence's gold): matched shares fade from k = 1 to
    k = 4, so the edges' colours change (the order's figures say so too)."""
    page.goto(app_url + "/?doc=1&k=1")
    page.get_by_role("heading", name="Document 1").wait_for()
    page.get_by_text("1-grams:", exact=False).first.wait_for()
    wait_idle(page)
    frames = [frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6"),
              frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")]
    at_1 = [set(frame.evaluate(EDGE_COLOURS)) for frame in frames]
    slider = page.get_by_role("slider")
    slider.focus()
    slider.press("End")  # k = n = 4
    wait_idle(page)
    page.get_by_text("4-grams:", exact=False).first.wait_for()
    changed = f"[...new Set({EDGE_COLOURS})].sort().join() !== {','.join(sorted(at_1[1]))!r}"
    frames = [frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6"),
              frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10"
                                   f" && {changed}")]
    at_4 = [set(frame.evaluate(EDGE_COLOURS)) for frame in frames]
    for side, before, after in zip(("pred", "gold"), at_1, at_4):
        assert before and after, side
        assert before != after, f"{side}: the same colours at k = 1 and k = 4 ({before})"
    assert_no_exception(page)


# ---------------------------------------------------------------- 2. laptop first (1280x800)

@pytest.fixture
def laptop_page(new_page):
    """A fresh page at a laptop's 1280x800 (conftest's new_page, resized)."""
    pg = new_page(height=800)
    pg.set_viewport_size({"width": 1280, "height": 800})
    return pg


#: Runs on the app page: the headline figures, the Previous/Next buttons' text boxes (scroll width
#: against client width: wider means cut), the sidebar's width and the graph panes' tops.
READ_FIRST_SCREEN = """(() => {
  const cut = e => ({text: e.innerText, scroll: e.scrollWidth, client: e.clientWidth});
  const buttons = [...document.querySelectorAll("[data-testid='stMain'] button")]
    .filter(b => /Previous|Next/.test(b.innerText) && b.getClientRects().length > 0 && b.clientWidth > 0);
  const sidebar = document.querySelector("[data-testid='stSidebar']");
  return {
    metrics: [...document.querySelectorAll("[data-testid='stMetricValue']")].map(cut),
    buttons: buttons.map(b => [cut(b), cut(b.querySelector("[data-testid='stMarkdownContainer']") || b)]),
    sidebar: sidebar ? sidebar.getBoundingClientRect().width : 0,
    frames: [...document.querySelectorAll(__FRAMES__)].map(f => f.getBoundingClientRect().top),
    scrolled: document.querySelector("[data-testid='stMain']").scrollTop + document.scrollingElement.scrollTop,
  };
})()""".replace("__FRAMES__", json.dumps(GRAPH_IFRAMES))


def test_figures_and_graphs_on_a_laptops_first_screen(laptop_page, app_url):
    page = laptop_page
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    page.get_by_role("heading", name="Document 0").wait_for()
    graph_frames(page)
    wait_idle(page)
    # Streamlit loads an element's code on first use: the run can be over before the metrics and the
    # navigation buttons are drawn, so wait for them (six figures, Previous and Next)
    page.wait_for_function("document.querySelectorAll(\"[data-testid='stMetricValue']\").length === 6")
    page.wait_for_function("[...document.querySelectorAll(\"[data-testid='stMain'] button\")]"
                           ".filter(b => /Previous|Next/.test(b.innerText) && b.clientWidth > 0).length === 2")
    seen = page.evaluate(READ_FIRST_SCREEN)
    assert seen["sidebar"] > 200, "the sidebar is open"
    assert seen["scrolled"] == 0
    assert len(seen["metrics"]) == 6  # DSCORER and COUNTER P, R, F
    for m in seen["metrics"]:
        assert m["client"] > 0 and m["scroll"] <= m["client"] + 1, m
    assert len(seen["buttons"]) == 2
    for button in seen["buttons"]:
        for box in button:
            assert box["client"] > 0 and box["scroll"] <= box["client"] + 1, button
    assert "Previous" in seen["buttons"][0][1]["text"] and "Next" in seen["buttons"][1][1]["text"]
    # the scores and the top of both graphs are on the first screen
    assert len(seen["frames"]) >= 2 and all(0 < top < 800 - 100 for top in seen["frames"][:2]), seen["frames"]
    assert_no_exception(page)


# ---------------------------------------------------------------- 4. each pane fits its drawing on load

#: Runs in a graph pane: every node's centre on the page (DOM px of the canvas) and the canvas size.
NODE_PLACES = """(() => {
  const c = document.querySelector('#mynetwork canvas');
  return {width: c.clientWidth, height: c.clientHeight, scale: network.getScale(),
          view: network.getViewPosition(),
          nodes: network.body.nodeIndices.map(id => network.canvasToDOM(network.getPosition(id)))};
})()"""


#: Runs in a graph pane: resolves once the view (scale, position, canvas size) is the same in two animation
#: frames running.
VIEW_STILL = """new Promise(done => { let last = '';
  const tick = () => { const c = document.querySelector('#mynetwork canvas'),
      now = JSON.stringify([network.getScale(), network.getViewPosition(), c.clientWidth, c.clientHeight]);
    if (now === last) done(true); else { last = now; requestAnimationFrame(tick); } };
  requestAnimationFrame(tick); })"""


def test_both_panes_fit_pmb_dev_document_22_on_load_and_stay_aligned(page, app_url):
    frames = open_doc22(page, app_url)
    for frame in frames:  # each pane has fitted its drawing and stopped moving (the same view two frames running)
        frame.wait_for_function("document.body.dataset.ready === '1'")
        frame.evaluate(VIEW_STILL)
    places = [frame.evaluate(NODE_PLACES) for frame in frames]
    for side, seen in zip(("pred", "gold"), places):
        outside = [p for p in seen["nodes"]
                   if not (0 <= p["x"] <= seen["width"] and 0 <= p["y"] <= seen["height"])]
        assert seen["width"] > 100 and outside == [], f"{side}: {len(outside)} nodes outside the canvas"
    # fitted to the shared bounding box: both panes show the same view from the same top (the shorter
    # drawing's pane ends sooner), so paired nodes line up
    assert places[0]["scale"] == pytest.approx(places[1]["scale"])
    assert places[0]["view"]["x"] == pytest.approx(places[1]["view"]["x"], abs=0.5)
    tops = [seen["view"]["y"] - seen["height"] / 2 / seen["scale"] for seen in places]
    assert tops[0] == pytest.approx(tops[1], abs=0.5)
