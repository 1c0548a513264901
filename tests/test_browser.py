"""Real-browser tests: the app on localhost, driven by headless Debian Chromium through Playwright.

Start: a module fixture runs ``streamlit run app.py`` on a free port; every test opens a
fresh page. No browser is downloaded: Playwright uses /usr/bin/chromium.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("DSCORER_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "typeof network !== 'undefined' && network.body.nodeIndices.length > 0"

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (Python package) is not installed")
if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

HOSTILE = ('%%% <img src=x onerror=alert(1)> said </script><script>alert(2)</script>\n'
           'b1 REF x1\n'
           'b1 <img_src=x_onerror=alert(1)> "n.01" x1\n'
           'b1 Name x1 "<img src=x onerror=alert(1)>"\n'
           'b1 </script><script>alert(3)</script> x1 "javascript:alert(4)"\n'
           'b1 javascript:alert(5) x1 "<a href=javascript:alert(6)>x</a>"\n')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def app_url():
    """The app served on a free localhost port for the tests of this module."""
    port = _free_port()
    log = open(ROOT / ".pytest_cache" / f"streamlit_{port}.log", "w") if (ROOT / ".pytest_cache").is_dir() \
        else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--browser.gatherUsageStats", "false",
                             "--server.fileWatcherType", "none"],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                pytest.fail("the Streamlit app did not start")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if log is not subprocess.DEVNULL:
            log.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1300})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    pg.dialogs = []
    pg.console_lines = []
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.on("console", lambda m: pg.console_lines.append(m.text))
    yield pg
    context.close()


def graph_frames(page, count: int = 2):
    """The graph iframes once vis-network has drawn nodes in each."""
    page.wait_for_function(f"document.querySelectorAll('iframe').length >= {count}")
    frames = []
    for handle in page.query_selector_all("iframe")[:count]:
        frame = handle.content_frame()
        frame.wait_for_function(READY)
        frames.append(frame)
    return frames


def frame_where(page, index: int, condition: str, timeout: float = 60.0):
    """The index-th graph iframe once vis-network has drawn it and the JS ``condition`` holds
    (polls, since Streamlit replaces iframes when a rerun redraws them)."""
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            handles = page.query_selector_all("iframe")
            if len(handles) > index:
                frame = handles[index].content_frame()
                if frame and frame.evaluate(f"(() => {{ try {{ return ({READY}) && ({condition}); }}"
                                            " catch (e) { return false; } })()"):
                    return frame
        except Exception as exc:  # a frame replaced while we looked at it
            last = exc
        page.wait_for_timeout(250)
    raise AssertionError(f"graph {index} never satisfied {condition!r} ({last})")


def wait_idle(page) -> None:
    """Wait until Streamlit has finished the current run."""
    page.wait_for_timeout(300)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)
    page.wait_for_timeout(300)


def assert_no_exception(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error:" not in body.replace("NgramExplosion", "")


def upload(page, side: str, name: str, data: bytes) -> None:
    """Choose 'Upload' for one side in the sidebar and upload ``data``."""
    label = "Predicted (pred) file" if side == "pred" else "Gold file"
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Upload", exact=True).click()
    wait_idle(page)
    block.locator("input[type=file]").set_input_files({"name": name, "mimeType": "text/plain", "buffer": data})
    wait_idle(page)


def test_pair_view_draws_both_graphs(page, app_url, tmp_path):
    page.goto(app_url)
    frames = graph_frames(page)
    for handle in page.query_selector_all("iframe")[:2]:
        frame = handle.content_frame()
        box = frame.locator("#mynetwork canvas").bounding_box()
        assert box and box["width"] > 100 and box["height"] > 100
        assert handle.bounding_box()["width"] > 100
    counts = [f.evaluate("network.body.nodeIndices.length") for f in frames]
    assert counts == [13, 13]
    assert_no_exception(page)
    page.wait_for_timeout(500)
    page.screenshot(path=str(tmp_path / "pair_view.png"), full_page=True)
    assert (tmp_path / "pair_view.png").stat().st_size > 10_000


def test_changing_the_order_updates_the_highlighting(page, app_url):
    page.goto(app_url)
    graph_frames(page)
    page.get_by_role("button", name="Next ▶").click()
    wait_idle(page)
    page.get_by_text("Tom is putting the children to bed", exact=False).first.wait_for()
    gold = frame_where(page, 1, "network.body.nodeIndices.length === 11")
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
    assert_no_exception(page)


def test_corpus_view_lists_an_uploaded_pair_and_opens_a_row(page, app_url):
    page.goto(app_url + "/Corpus")
    wait_idle(page)
    upload(page, "pred", "pred.clf", (ROOT / "sample_data" / "paper_pred.clf").read_bytes())
    upload(page, "gold", "gold.clf", (ROOT / "sample_data" / "paper_gold.clf").read_bytes())
    page.get_by_text("micro F").first.wait_for()
    assert_no_exception(page)
    assert page.get_by_text("2 documents", exact=False).count() >= 1
    # the worst document (Figure 4) is the first row: select it (the row-marker column)
    table = page.locator(".st-key-corpus_table [data-testid='stDataFrame']")
    table.wait_for()
    page.wait_for_timeout(500)
    box = table.bounding_box()
    page.mouse.click(box["x"] + 18, box["y"] + 36 + 17)
    wait_idle(page)
    page.get_by_role("heading", name="Document 1").wait_for()
    frame_where(page, 0, "network.body.nodeIndices.length === 6")
    frame_where(page, 1, "network.body.nodeIndices.length === 11")
    assert "Pair view" in page.inner_text("body")
    assert_no_exception(page)


def test_hostile_clause_file_runs_nothing(page, app_url):
    page.goto(app_url)
    graph_frames(page)
    upload(page, "pred", "hostile.clf", HOSTILE.encode())
    upload(page, "gold", "hostile.clf", HOSTILE.encode())
    page.get_by_text("<img src=x onerror=alert(1)> said", exact=False).first.wait_for()
    wait_idle(page)
    payload_drawn = "network.body.data.nodes.get().some(n => n.label === '\"<img src=x onerror=alert(1)>\"')"
    frames = [frame_where(page, i, payload_drawn) for i in range(2)]
    for frame, handle in zip(frames, page.query_selector_all("iframe")[:2]):
        labels = frame.evaluate("network.body.data.nodes.get().map(n => n.label)")
        assert '"<img src=x onerror=alert(1)>"' in labels
        edge_labels = frame.evaluate("network.body.data.edges.get().map(e => e.label)")
        assert "</script><script>alert(3)</script>-A1" in edge_labels
        # hover every node: the tooltip shows the text and holds no markup
        handle.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        origin = handle.bounding_box()
        positions = frame.evaluate(
            "Object.entries(network.getPositions()).map(([id, p]) => network.canvasToDOM(p))")
        tips = []
        for pos in positions:
            page.mouse.move(origin["x"] + pos["x"], origin["y"] + pos["y"], steps=4)
            page.wait_for_timeout(450)
            tips.append(frame.evaluate(
                "(() => { const t = document.querySelector('div.vis-tooltip');"
                " return t && t.style.visibility !== 'hidden' ? [t.textContent, [...t.querySelectorAll('*')].filter(c => c.tagName !== 'BR').length] : null; })()"))
        shown = [tip for tip in tips if tip]
        assert shown, "hovering a node shows its tooltip"
        assert all(tip[1] == 0 for tip in shown), shown  # only line breaks, no markup
        assert any('"<img src=x onerror=alert(1)>"' in text for text, *_ in shown)
        assert frame.evaluate("document.querySelectorAll('img').length") == 0
    assert page.dialogs == []
    assert not [line for line in page.console_lines if "alert" in line or "Uncaught" in line]
    assert page.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert_no_exception(page)
