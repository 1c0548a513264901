"""The "Compare systems" page in a real browser: headless Debian Chromium through Playwright.

A module fixture runs ``streamlit run app.py`` on a free port. These tests check what AppTest
cannot: the graphs are drawn, clicking a point of the plot or a row of the table opens that
document, and a hostile clause file runs no script. No browser is downloaded.
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
PMB = ROOT.parent / "shared" / "data" / "pmb-2.2.0"
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


@pytest.fixture(scope="module")
def page_url():
    """The compare page of the app served on a free localhost port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--browser.gatherUsageStats", "false",
                             "--server.fileWatcherType", "none"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        yield url + "/Compare_systems"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, page_url):
    context = browser.new_context(viewport={"width": 1500, "height": 3400})
    pg = context.new_page()
    pg.set_default_timeout(90_000)
    pg.dialogs = []
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.goto(page_url)
    pg.get_by_text("Scores and tests against the baseline").wait_for()
    wait_idle(pg)
    yield pg
    context.close()


def wait_idle(page) -> None:
    """Wait until Streamlit has finished the current run."""
    page.wait_for_timeout(300)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=180_000)
    page.wait_for_timeout(300)


def node_counts(page) -> list[int]:
    """Nodes drawn in the two graph panes, once vis-network has drawn them."""
    deadline = time.time() + 60
    while True:
        page.wait_for_function("document.querySelectorAll('iframe').length >= 2")
        try:
            counts = []
            for handle in page.query_selector_all("iframe")[:2]:
                frame = handle.content_frame()
                if frame is None:  # replaced by a rerun meanwhile
                    raise RuntimeError("iframe detached")
                frame.wait_for_function(READY, timeout=20_000)
                counts.append(frame.evaluate("network.body.nodeIndices.length"))
            return counts
        except Exception:
            if time.time() > deadline:
                raise
            page.wait_for_timeout(500)


def assert_no_exception(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0
    assert "Traceback" not in page.inner_text("body")


def upload(page, radio_label: str, name: str, data: bytes) -> None:
    """Choose 'Upload' in one file slot of the sidebar and upload ``data``."""
    radio = page.locator("[data-testid='stRadio']", has=page.get_by_text(radio_label, exact=True))
    radio.get_by_text("Upload", exact=True).click()
    wait_idle(page)
    page.locator("[data-testid='stSidebar'] input[type=file]").last.set_input_files(
        {"name": name, "mimeType": "text/plain", "buffer": data})
    wait_idle(page)


def test_sample_files_draw_graphs_and_a_point_opens_its_document(page):
    assert node_counts(page) == [6, 11]  # "He smiled." beside gold
    points = page.locator("[data-testid='stVegaLiteChart'] g.mark-symbol path[aria-label*='index: ']")
    assert points.count() >= 2
    page.locator("[data-testid='stVegaLiteChart'] g.mark-symbol path[aria-label*='index: 0;']").first.click()
    wait_idle(page)
    page.get_by_text("He did n't play the piano", exact=False).first.wait_for()
    assert node_counts(page) == [13, 13]
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
    table = page.locator("[data-testid='stDataFrame']").nth(1)  # documents by |B - A|
    table.wait_for()
    page.wait_for_timeout(500)
    box = table.bounding_box()
    page.mouse.click(box["x"] + 18, box["y"] + 36 + 35 * 2 + 17)  # the third row's marker: document 133
    wait_idle(page)
    page.get_by_text("Forgive me !", exact=True).first.wait_for()
    spar, gold = node_counts(page)
    assert spar == 7  # the SPAR DRS ("Tom voted for himself")
    page.locator("[data-testid='stRadio']", has=page.get_by_text("Beside gold")).get_by_text(
        "B", exact=True).click()
    wait_idle(page)
    page.get_by_text("B: boxer_dev.clf", exact=False).first.wait_for()
    assert node_counts(page)[1] == gold
    assert_no_exception(page)


def test_hostile_files_run_nothing(page):
    upload(page, "Gold", "<img src=x onerror=alert(7)>.clf", HOSTILE.encode())
    upload(page, "System 1 (baseline)", "<img src=x onerror=alert(8)>.clf", HOSTILE.encode())
    upload(page, "System 2", "other.clf", HOSTILE.replace("x1", "x2").encode())
    page.get_by_text("<img src=x onerror=alert(1)> said", exact=False).first.wait_for()
    node_counts(page)
    page.wait_for_timeout(1500)
    assert page.dialogs == []
    assert page.locator("img[src=x]").count() == 0
    assert "<img src=x onerror=alert(8)>.clf" in page.inner_text("body")
    assert_no_exception(page)
