"""The teaching view (Graph conversion page) in a real browser at a laptop's 1280x800 and a projector's
1920x1080, with a real two-sentence PMB DRS pasted in: at every step the step's new edges (ends and label)
are drawn inside the pane, below its buttons and on the first screen, with labels of at least 11 CSS px.
Everything is read from the drawing (vis-network's positions, label boxes and scale inside the pane) and
the page's DOM; waits are for conditions only. Skips without ../shared/data."""

from __future__ import annotations

import re

import pytest
from app_helpers import SHARED
from browser_helpers import assert_no_exception, fresh_pane, mark_seen, wait_idle

from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.render import shared_layout, teaching_steps

pytestmark = pytest.mark.browser

#: The smallest label on the step's graph, in CSS px (a projector's back row).
LEAST_LABEL_PX = 11
#: A real two-sentence DRS, "I don't want pizza. I'm not hungry.": PMB 3.0.0 gold dev (20 clauses) and
#: PMB 2.2.0 gold dev document 250 (22 clauses; its CONTINUATION joins boxes drawn far apart).
TWO_SENTENCES = "I do n't want ø pizza . I 'm not hungry ."
SOURCES = ("pmb-3.0.0", "pmb-2.2.0")
STEP = re.compile(r"^Step (\d+) of (\d+)")

#: Inside the pane, in the page's CSS px: the scale, the least label, the pane's drawing area below its
#: buttons bar, and each highlighted (new) edge's ends and label as boxes.
MEASURE = """(() => {
  const f = window.frameElement.getBoundingClientRect(), c = document.querySelector('#mynetwork canvas')
    .getBoundingClientRect(), bar = document.querySelector('.dv-bar').getBoundingClientRect();
  const dom = (x, y) => { const q = network.canvasToDOM({x, y}); return [q.x + c.left + f.left, q.y + c.top + f.top]; };
  const node = id => { const b = network.getBoundingBox(id);
    return [...dom(b.left, b.top), ...dom(b.right, b.bottom)]; };
  const fonts = network.body.edgeIndices.map(id => network.body.edges[id].options.font.size);
  const edges = network.body.edgeIndices.map(id => network.body.edges[id])
    .filter(e => !e.options.hidden && e.options.width >= 5).map(e => {
      const l = e.labelModule.size;
      return {id: String(e.id), from: node(e.fromId), to: node(e.toId),
              label: [...dom(l.left, l.top), ...dom(l.left + l.width, l.top + l.height)]};
    });
  return {least: Math.min(...fonts, 99) * network.getScale(), edges,
          area: [c.left + f.left, bar.bottom + f.top, c.right + f.left, Math.min(c.bottom, f.height) + f.top],
          labelled: network.body.edgeIndices.every(id => network.body.edges[id].labelModule.size.width > 0
                                                   || !network.body.edges[id].options.label)};
})()"""




def two_sentence_drs(release: str) -> tuple[str, int]:
    """The clauses of TWO_SENTENCES from ``release``'s gold dev and the number of teaching steps the core
    makes of them (skips when the shared data is absent)."""
    path = SHARED / release / "gold_dev.clf"
    if not path.is_file():
        pytest.skip(f"shared data file {path} not found")
    found = [d for d in parse_clf(path.read_text(encoding="utf-8"), path.name) if d.sentence == TWO_SENTENCES]
    assert len(found) == 1
    graph = induce_graph(found[0], "typed")
    return found[0].text(), len(teaching_steps(graph, positions=shared_layout(graph, graph).pred))


def step_line(page) -> tuple[int, int]:
    """The page's 'Step i of n' line, as (i, n)."""
    m = STEP.match(page.get_by_text(STEP).first.inner_text())
    assert m
    return int(m.group(1)), int(m.group(2))


def inside(box: list[float], area: list[float], height: int) -> bool:
    """``box`` lies within ``area`` (1 px of rounding) and above the first screen's bottom."""
    return (box[0] >= area[0] - 1 and box[2] <= area[2] + 1 and box[1] >= area[1] - 1 and box[3] <= area[3] + 1
            and box[3] <= height)


@pytest.mark.parametrize("release", SOURCES)
def test_pasted_two_sentence_drs_keeps_each_steps_new_edge_on_the_first_screen(sized_page, shots, release):
    """Paste a real two-sentence PMB DRS; at every step after the boxes the labels are at least 11 CSS
    px, and each new (highlighted) edge's ends and label are inside the pane, clear of its buttons and
    on the first screen. The reverse edges (more than a pane holds at 11 px) come in pages, each whole in
    view; PMB 2.2.0's boxes of the two sentences stand further apart than the pane: the step draws them closer."""
    page = sized_page
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    page.goto(page.app_url + "/Graph_conversion")
    wait_idle(page)
    page.get_by_text("Paste", exact=True).click()
    box = page.get_by_label("One DRS: clauses (PMB clause format) or SBN")
    text, n_steps = two_sentence_drs(release)
    box.fill(text)
    box.press("Control+Enter")
    page.get_by_text(f"Step 1 of {n_steps}").first.wait_for()
    wait_idle(page)
    assert step_line(page) == (1, n_steps)  # boxes, the clauses, merge, typing, reverse, 6 k-grams of k = 2
    missed = []
    for i in range(2, n_steps + 1):
        mark_seen(page)  # the previous step's document, so that fresh_pane waits for this step's
        page.get_by_role("button", name="Next ▶").click()
        page.get_by_text(re.compile(rf"^Step {i} of {n_steps}")).first.wait_for()
        wait_idle(page)
        frame = fresh_pane(page)
        m = frame.evaluate(MEASURE)
        assert m["least"] >= LEAST_LABEL_PX - 0.01, (i, m["least"])
        whole = [all(inside(e[k], m["area"], height) for k in ("from", "to", "label")) for e in m["edges"]]
        if not all(whole):
            missed.append((i, m))
            page.screenshot(path=str(shots / f"teaching_{release}_{width}x{height}_missed{i:02d}.png"))
        if i in (2, 14, 15, n_steps) or "Reverse edges" in page.get_by_text(STEP).first.inner_text() \
                or page.get_by_text(re.compile(r"^Reverse edges")).count():
            page.screenshot(path=str(shots / f"teaching_{release}_{width}x{height}_step{i:02d}.png"))
    assert not missed, missed
    assert_no_exception(page)
