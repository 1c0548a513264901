"""Refresh the screenshots of the README and docs/ from the running app (Debian's Chromium through
Playwright; no browser download): the pair view on the Figure 4 pair at a laptop's 1280x800, the
box view of that pair, and two steps of the teaching view.

    python3 scripts/take_screenshots.py            # writes docs/pair_view.png, box_view.png, teaching_steps.png
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
CHROMIUM = "/usr/bin/chromium"
GRAPHS = "iframe:not([class*='st-key-dscorer_boxes'] iframe)"
IDLE = "!document.querySelector('[data-testid=\"stStatusWidget\"]')"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def idle(page) -> None:
    page.wait_for_timeout(400)
    page.wait_for_function(IDLE, timeout=120_000)
    page.wait_for_timeout(800)


def graphs_drawn(page) -> None:
    page.wait_for_function(f"document.querySelectorAll(\"{GRAPHS}\").length >= 2")
    for handle in page.query_selector_all(GRAPHS)[:2]:
        handle.content_frame().wait_for_function("typeof network !== 'undefined' && network.body.nodeIndices.length")
    page.wait_for_timeout(1000)


def main() -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                               "--server.headless", "true"], cwd=REPO, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url + "/?doc=1&k=2")
            idle(page)
            graphs_drawn(page)
            page.screenshot(path=str(DOCS / "pair_view.png"))
            boxes = page.locator("[class*='st-key-dscorer_boxes']").first
            boxes.scroll_into_view_if_needed()
            page.wait_for_timeout(800)
            boxes.screenshot(path=str(DOCS / "box_view.png"))
            page = browser.new_page(viewport={"width": 1260, "height": 1000})
            page.goto(url + "/Graph_conversion")
            idle(page)
            for _ in range(7):  # to clause 7's edges
                page.get_by_role("button", name="Next").first.click()
                idle(page)
            page.screenshot(path=str(DOCS / "teaching_steps.png"), full_page=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    for name in ("pair_view.png", "box_view.png", "teaching_steps.png"):
        print(DOCS / name, (DOCS / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
