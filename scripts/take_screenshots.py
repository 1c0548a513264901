"""Refresh the screenshots of the README and docs/ from the running app (Debian's Chromium through
Playwright; no browser download): the pair view on the Figure 4 pair at a laptop's 1280x800, the
box view of that pair, and two steps of the teaching view.

    python3 scripts/take_screenshots.py            # writes docs/pair_view.png, box_view.png, teaching_steps.png
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # served_app.py
from served_app import CHROMIUM, CHROMIUM_FLAGS, REPO, served_app

DOCS = REPO / "docs"
GRAPHS = "iframe:not([class*='st-key-dscorer_boxes'] iframe)"
IDLE = "!document.querySelector('[data-testid=\"stStatusWidget\"]')"



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

    with served_app() as (url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
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
    for name in ("pair_view.png", "box_view.png", "teaching_steps.png"):
        print(DOCS / name, (DOCS / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
