"""The box view in a real browser (headless Chromium via Playwright; see conftest.py)."""

from __future__ import annotations

import pytest
from app_helpers import HOSTILE, SAMPLES
from browser_helpers import (
    BOX_IFRAMES,
    assert_no_exception,
    graph_frames,
    upload_side,
    wait_idle,
    wait_loaded,
)

from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render.box_view import box_names

pytestmark = pytest.mark.browser


def box_frame(page):
    """The pair view's box-view frame, once its script has run."""
    page.wait_for_selector(BOX_IFRAMES)
    frame = page.query_selector(BOX_IFRAMES).content_frame()
    frame.wait_for_function("document.body.dataset.ready === '1'")
    return frame


def test_box_view_draws_one_box_per_drs_box(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    graph_frames(page)
    frame = box_frame(page)
    for side, name in (("pred", "paper_pred.clf"), ("gold", "paper_gold.clf")):
        drs = read_clf(SAMPLES / name)[0]
        drawn = frame.eval_on_selector_all(f".dv-side[data-side={side}] .dv-box",
                                           "els => els.map(e => e.getAttribute('data-box'))")
        assert sorted(drawn) == sorted(box_names(drs))
        boxes = frame.eval_on_selector_all(f".dv-side[data-side={side}] .dv-box",
                                           "els => els.map(e => e.getBoundingClientRect().width)")
        assert all(w > 40 for w in boxes)
    # hovering a condition highlights it and its clause line (the graphs may or may not listen)
    frame.locator(".dv-side[data-side=pred] .dv-conds .dv-c").first.hover()
    assert frame.locator(".dv-side[data-side=pred] .dv-hot").count() == 2
    assert_no_exception(page)
    assert not page.dialogs


def test_hostile_clause_text_shows_as_text_with_no_dialog(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    wait_idle(page)
    upload_side(page, "pred", "hostile.clf", HOSTILE.encode())
    upload_side(page, "gold", "hostile.clf", HOSTILE.encode())
    frame = box_frame(page)
    text = frame.inner_text("body")
    assert "<img src=x onerror=alert(1)>" in text and "</script><script>alert(3)</script>" in text
    assert frame.locator("img").count() == 0
    assert frame.eval_on_selector_all("script", "els => els.filter(e => e.textContent.includes('alert')).length") == 0
    for el in frame.locator(".dv-roots .dv-c, .dv-links .dv-c").all():
        el.hover()
        el.click()
    wait_loaded(page)
    assert not page.dialogs
    assert_no_exception(page)


def test_hovering_a_condition_calls_the_graph_panes(page, app_url):
    """The box view's script calls ``window.dscorerGraph`` of the graph pane of its side with the
    clause's edge and node ids (a recorder stands in for the panes' own object here)."""
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    frames = graph_frames(page)
    for side, frame in zip(("pred", "gold"), frames):
        frame.evaluate("side => { window.calls = []; window.dscorerGraph = {side: side,"
                       " highlightEdges: ids => calls.push(['edges', ids]),"
                       " highlightNodes: ids => calls.push(['nodes', ids]), clear: () => calls.push(['clear']),"
                       " fit: () => null}; }", side)
    frame = box_frame(page)
    target = frame.locator(".dv-side[data-side=gold] .dv-conds .dv-c").first
    edges = [int(x) for x in target.get_attribute("data-edges").split()]
    nodes = [int(x) for x in target.get_attribute("data-nodes").split()]
    target.hover()
    gold_calls = frames[1].evaluate("calls")
    assert ["edges", edges] in gold_calls and ["nodes", nodes] in gold_calls
    assert not any(c[0] != "clear" for c in frames[0].evaluate("calls"))  # the other side is only cleared
    frame.locator(".dv-legend").hover()
    assert frames[1].evaluate("calls")[-1] == ["clear"]


def test_hovering_shows_the_clause_line(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    frame = box_frame(page)
    target = frame.locator(".dv-side[data-side=pred] .dv-conds .dv-c").first
    target.hover()
    status = frame.locator(".dv-side[data-side=pred] .dv-status").inner_text()
    clause = read_clf(SAMPLES / "paper_pred.clf")[0].clauses[int(target.get_attribute("data-clause"))]
    assert status.startswith(f"clause {int(target.get_attribute('data-clause')) + 1} (line {clause.line}): "
                             f"{clause.text()}")
    target.click()  # pinned: stays when the mouse leaves
    frame.locator(".dv-legend").hover()
    assert frame.locator(".dv-side[data-side=pred] .dv-hot").count() == 2
    target.click()
    assert frame.locator(".dv-hot").count() == 0


PMB4 = ('%%% Tom saw a mouse .\nb1 REF x1\nb1 Name x1 "tom"\nb1 PRESUPPOSITION b2\nb1 male "n.02" x1\n'
        'b2 REF e1\nb2 Experiencer e1 x1\nb2 Stimulus e1 x2\nb2 see "v.01" e1\nb2 REF x2\nb2 mouse "n.01" x2\n')


def test_links_between_boxes_are_drawn_as_arrows(page, app_url):
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    wait_idle(page)
    upload_side(page, "pred", "p4.clf", PMB4.encode())
    upload_side(page, "gold", "p4.clf", PMB4.encode())
    frame = box_frame(page)
    frame.wait_for_selector(".dv-side[data-side=pred] .dv-arcs path.dv-arc")
    assert frame.locator(".dv-side[data-side=pred] .dv-arcs text").text_content() == "PRESUPPOSITION"
    frame.locator(".dv-side[data-side=pred] .dv-link .dv-c").hover()
    # the hover handler runs asynchronously (and a busy machine may be slow): wait for it
    hot = frame.wait_for_selector(".dv-side[data-side=pred] .dv-arcs path.dv-hot", timeout=10_000)
    assert hot is not None and "dv-arc" in (hot.get_attribute("class") or "")
    assert_no_exception(page)
