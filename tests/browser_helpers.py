"""Page helpers of the real-browser tests (Playwright pages from conftest's ``new_page``).

Streamlit replaces a graph's iframe when a rerun changes its page (the compare page's panes; the pair
view's live panes keep theirs and draw a new graph in place), so the helpers that read a graph wait
inside the iframe until vis-network has drawn nodes (``READY``) and look again when a frame went away
meanwhile.
"""

from __future__ import annotations

import time

from app_helpers import SAMPLES

#: The two screens every view is judged at: a laptop and a projector or desktop.
VIEWPORTS = ((1280, 800), (1920, 1080))

#: The graph panes' iframes (the box views sit in containers keyed ``dscorer_boxes...``).
GRAPH_IFRAMES = "iframe:not([class*='st-key-dscorer_boxes'] iframe)"
#: The box views' iframes.
BOX_IFRAMES = "[class*='st-key-dscorer_boxes'] iframe"

#: True inside a graph iframe once vis-network has drawn at least one node.
READY = "typeof network !== 'undefined' && network.body.nodeIndices.filter(i => typeof i === 'number').length > 0"


#: True once Streamlit has finished its run and is connected: the app's root element says so in its
#: ``data-test-script-state`` ("initial" before the first run, "running", "rerunRequested", "notRunning")
#: and ``data-test-connection-state``. (The status widget is no such sign: with toolbarMode "minimal"
#: it is not drawn during a short run, so waiting for it to go returned while the first run still
#: ran, and a key pressed then was lost: the n/p test's failure under load.)
IDLE = ("(() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
        " return !!app && app.dataset.testScriptState === 'notRunning'"
        " && app.dataset.testConnectionState === 'CONNECTED'; })()")


def wait_idle(page) -> None:
    """Wait until Streamlit has finished the current run (at most ``page.idle_timeout`` ms). Right after
    an action that starts a run, wait for what the run shows instead (a heading, a value): the run may
    not have started yet."""
    page.wait_for_function(IDLE, timeout=page.idle_timeout)


def assert_no_exception(page) -> None:
    """The page shows no exception, traceback or error."""
    assert page.locator("[data-testid='stException']").count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error:" not in body.replace("NgramExplosion", "")


def graph_frames(page, count: int = 2):
    """The graph iframes once vis-network has drawn nodes in each."""
    page.wait_for_function(f"document.querySelectorAll(\"{GRAPH_IFRAMES}\").length >= {count}")
    frames = []
    for handle in page.query_selector_all(GRAPH_IFRAMES)[:count]:
        frame = handle.content_frame()
        frame.wait_for_function(READY)
        frames.append(frame)
    return frames


#: In the page: the index-th graph iframe's window once vis-network has drawn it and the JS condition
#: (an expression evaluated in that window) holds, else null. The panes' documents are same-origin (srcdoc).
_FRAME_WHERE = """([sel, index, condition]) => { try {
  const f = document.querySelectorAll(sel)[index], w = f && f.contentWindow;
  return !!w && w.document.readyState !== 'loading' && !!w.eval('(' + READY + ') && (' + condition + ')');
} catch (e) { return false; } }""".replace("READY", repr(READY))


def frame_where(page, index: int, condition: str, timeout: float = 60.0):
    """The index-th graph iframe once vis-network has drawn it and the JS ``condition`` holds (waits in the
    page, so a frame that a rerun replaces meanwhile is looked up again)."""
    deadline = time.time() + timeout
    while True:
        page.wait_for_function(_FRAME_WHERE, arg=[GRAPH_IFRAMES, index, condition],
                               timeout=max(1.0, deadline - time.time()) * 1000)
        frame = page.query_selector_all(GRAPH_IFRAMES)[index].content_frame()
        try:
            if frame and frame.evaluate(f"(() => {{ try {{ return !!(({READY}) && ({condition})); }}"
                                        " catch (e) { return false; } })()"):
                return frame
        except Exception:  # replaced between the wait and the look: wait again
            pass
        if time.time() > deadline:
            raise AssertionError(f"graph {index} never satisfied {condition!r}")


def fresh_pane(page):
    """The teaching pane once the step's drawing has loaded and set its view (a document not marked as
    seen: the previous step's is marked ``data-seen`` before Next) and every label has its size."""
    handle = page.wait_for_selector(GRAPH_IFRAMES)
    page.wait_for_function(
        "sel => { const f = document.querySelector(sel); try { const w = f.contentWindow, d = w.document;"
        f" return !d.body.dataset.seen && d.body.dataset.view !== undefined && w.eval({READY!r})"
        " && w.network.body.edgeIndices.every(id => w.network.body.edges[id].labelModule.size.width > 0"
        " || !w.network.body.edges[id].options.label); } catch (e) { return false; } }",
        arg=GRAPH_IFRAMES, timeout=page.idle_timeout)
    return page.query_selector(GRAPH_IFRAMES).content_frame() or handle.content_frame()


def mark_seen(page) -> None:
    """Mark the teaching pane's document as seen once it has set its view (call it when the page is idle,
    before an action that draws the pane anew), so that ``fresh_pane`` waits for the new document: until
    the browser has loaded it, the iframe still holds the old one, drawn and ready. A step drawn without
    a pane (the boxes) has nothing to mark."""
    page.wait_for_function("sel => { const f = document.querySelector(sel); if (!f) return true;"
                           " try { const d = f.contentDocument; if (d.readyState === 'loading' || !d.body"
                           " || d.body.dataset.view === undefined) return false;"
                           " d.body.dataset.seen = '1'; return true; } catch (e) { return false; } }",
                           arg=GRAPH_IFRAMES, timeout=page.idle_timeout)


#: In the page: the number of nodes vis-network has drawn in each graph iframe (null where none yet).
_NODE_COUNTS = """sel => [...document.querySelectorAll(sel)].map(f => { try {
  const n = f.contentWindow.network; return n ? n.body.nodeIndices.filter(i => typeof i === 'number').length : null;
} catch (e) { return null; } })"""


def wait_node_counts(page, expected: list[int], timeout: float = 60.0) -> None:
    """Wait until the first graph panes have drawn ``expected`` nodes each (a rerun's new documents reach
    an iframe some time after the script has finished; until then it shows the old, drawn graph)."""
    try:
        page.wait_for_function(f"([sel, want]) => JSON.stringify(({_NODE_COUNTS})(sel).slice(0, want.length))"
                               " === JSON.stringify(want)", arg=[GRAPH_IFRAMES, list(expected)],
                               timeout=timeout * 1000)
    except Exception as exc:
        seen = page.evaluate(_NODE_COUNTS, GRAPH_IFRAMES)
        raise AssertionError(f"the panes drew {seen} nodes, not {expected}") from exc


def wait_shown_text(page, text: str) -> None:
    """Wait until the page's last ``st.text`` (the compare page's document view: the sentence) reads
    ``text``: what a rerun draws, where a picker's own value changes before the rerun."""
    page.wait_for_function("t => { const e = [...document.querySelectorAll(\"[data-testid='stText']\")].pop();"
                           " return !!e && e.innerText.trim() === t; }", arg=text, timeout=page.idle_timeout)


def upload_side(page, side: str, name: str, data: bytes) -> None:
    """Pair and corpus view: choose 'Upload' for one side in the sidebar and upload ``data``."""
    label = "Predicted (pred) file" if side == "pred" else "Gold file"
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Upload", exact=True).click()
    wait_idle(page)
    block.locator("input[type=file]").set_input_files({"name": name, "mimeType": "text/plain", "buffer": data})
    wait_idle(page)


def open_corpus_on_samples(page, app_url: str) -> None:
    """Open the corpus view and upload the bundled sample pair (paper_pred.clf, paper_gold.clf)."""
    page.goto(app_url + "/Corpus")
    wait_idle(page)
    upload_side(page, "pred", "pred.clf", (SAMPLES / "paper_pred.clf").read_bytes())
    upload_side(page, "gold", "gold.clf", (SAMPLES / "paper_gold.clf").read_bytes())


def click_table_row(page, table, row: int) -> None:
    """Select row ``row`` (from 0) of the st.dataframe ``table`` (a locator) by clicking its
    row-marker cell, then wait for the rerun."""
    table.wait_for()
    table.scroll_into_view_if_needed()
    # Streamlit loads the grid's code lazily: wait until it has drawn its rows and stopped moving
    table.locator("canvas").first.wait_for()
    page.wait_for_function("([el, n]) => el.querySelectorAll('table [role=row], table tr').length > n + 1",
                           arg=[table.element_handle(), row])
    box = wait_still(table)
    page.mouse.click(box["x"] + 18, box["y"] + 36 + 17 + 35 * row)
    wait_idle(page)


def node_tooltips(page, frame, handle) -> list[tuple[str, int]]:
    """Hover every node of a graph pane (``frame``, its iframe element ``handle``): the tooltips
    shown, each as its text and how many elements other than line breaks it holds."""
    handle.scroll_into_view_if_needed()
    origin = wait_still(handle)
    # canvas coordinates are relative to the canvas, which sits below the pane's buttons bar
    positions = frame.evaluate(
        "(() => { const r = document.querySelector('#mynetwork canvas').getBoundingClientRect();"
        " return Object.entries(network.getPositions()).map(([id, p]) => network.canvasToDOM(p))"
        ".map(q => ({x: q.x + r.left, y: q.y + r.top})); })()")
    tips = []
    for pos in positions:
        # hide the last tooltip, hover the node, and wait for vis-network to show the node's own
        frame.evaluate("(() => { const t = document.querySelector('div.vis-tooltip');"
                       " if (t) t.style.visibility = 'hidden'; })()")
        page.mouse.move(origin["x"] + pos["x"], origin["y"] + pos["y"], steps=4)
        try:
            frame.wait_for_function("(() => { const t = document.querySelector('div.vis-tooltip');"
                                    " return !!t && t.style.visibility !== 'hidden'; })()", timeout=10_000)
        except Exception:  # no tooltip at this point (a node under another's label): nothing to read
            continue
        tips.append(frame.evaluate(
            "(() => { const t = document.querySelector('div.vis-tooltip');"
            " return t && t.style.visibility !== 'hidden'"
            " ? [t.textContent, [...t.querySelectorAll('*')].filter(c => c.tagName !== 'BR').length] : null; })()"))
    return [tuple(tip) for tip in tips if tip]


#: Resolves with an element's box once it is the same in two animation frames running (scrolled, laid out).
_STILL = """el => new Promise(done => { let last = '';
  const tick = () => { const r = el.getBoundingClientRect(), now = [r.x, r.y, r.width, r.height].join();
    if (now === last) done(true); else { last = now; requestAnimationFrame(tick); } };
  requestAnimationFrame(tick); })"""


def wait_still(target) -> dict:
    """The bounding box of ``target`` (a locator or an element handle) once it has stopped moving."""
    target.evaluate(_STILL)
    return target.bounding_box()


def wait_loaded(page) -> None:
    """Wait until Streamlit has finished its run and the page and every iframe in it have loaded (an
    image's error handler, say a hostile ``onerror``, has run by then: images hold up the load event)."""
    wait_idle(page)
    page.wait_for_function("document.readyState === 'complete' && [...document.querySelectorAll('iframe')]"
                           ".every(f => { try { return f.contentDocument.readyState === 'complete'; }"
                           " catch (e) { return true; } })")
