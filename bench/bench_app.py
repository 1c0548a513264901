"""Time from changing the order k to both graphs redrawn, in the app in headless Chromium.

Starts ``streamlit run app.py`` on a free local port, opens the pair view in Debian's Chromium
(Playwright, no browser download) and switches k between 1 and 4 with the slider's keys; a run
ends when both graph panes show the new order (rebuilt, or restyled in place). Cases: the bundled sample's Figure 4
pair, and PMB 2.2.0 dev document 22, Boxer against gold (uploaded). A third case times changing
sentence in the navigator on the bundled 100-sentence document (``sample_data/document100_*.clf``):
from choosing the next sentence to both panes drawn with it. Prints the median, min and max of 5:

    python bench/bench_app.py [--repeats 5] [--cases sample pmb sentences]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the helpers benchmarks share with tests
from served_app import CHROMIUM, CHROMIUM_FLAGS, REPO, served_app

DATA = REPO.parent / "shared" / "data" / "pmb-2.2.0"
GRAPHS = "iframe:not([class*='st-key-dscorer_boxes'] iframe)"
READY = "typeof network !== 'undefined' && network.body.nodeIndices.filter(i => typeof i === 'number').length > 0"


def wait_idle(page) -> None:
    page.wait_for_timeout(200)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)


#: True in a pane once it shows the current run: a new page, or the same page restyled in place
#: (the pair view's live panes count their style updates in ``document.body.dataset.styled``).
CURRENT = "(!window.__benchOld || document.body.dataset.styled !== window.__benchStyled)"


def fresh_panes(page, timeout: float = 120.0) -> None:
    """Wait until both graph panes show the new run (rebuilt, or restyled in place) and are drawn."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            frames = [h.content_frame() for h in page.query_selector_all(GRAPHS)[:2]]
            if len(frames) == 2 and all(f and f.evaluate(f"(() => {{ try {{ return {CURRENT} && ({READY}); }}"
                                                         " catch (e) { return false; } })()") for f in frames):
                return
        except Exception:  # a frame replaced while we looked at it
            pass
        page.wait_for_timeout(20)
    raise TimeoutError("the graphs were not redrawn")


def time_k_changes(page, repeats: int, start_high: bool = False) -> list[float]:
    """Seconds per k change (End: k = n, Home: k = 1, alternating; ``start_high``: k is n now)."""
    times = []
    slider = page.get_by_role("slider")
    high = start_high
    for _ in range(repeats):
        fresh_panes(page)
        wait_idle(page)
        for h in page.query_selector_all(GRAPHS)[:2]:
            h.content_frame().evaluate("window.__benchOld = 1; window.__benchStyled = document.body.dataset.styled")
        slider.focus()
        start = time.perf_counter()
        slider.press("Home" if high else "End")
        high = not high
        fresh_panes(page)
        times.append(time.perf_counter() - start)
    return times


def upload(page, label: str, path: Path) -> None:
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Upload", exact=True).click()
    wait_idle(page)
    block.locator("input[type=file]").set_input_files(str(path))
    wait_idle(page)


def pmb_case(page, repeats: int) -> list[float]:
    """Upload Boxer and gold dev, open document 22, time the k changes."""
    upload(page, "Predicted (pred) file", DATA / "boxer_dev.clf")
    upload(page, "Gold file", DATA / "gold_dev.clf")
    box = page.get_by_label("Document (0-", exact=False)
    box.fill("22")
    box.press("Enter")
    wait_idle(page)
    page.get_by_role("heading", name="Document 22").wait_for()
    return time_k_changes(page, repeats, start_high=repeats % 2 == 1)


def sentence_case(page, url: str, repeats: int) -> list[float]:
    """Open sentence 1 of the 100-sentence sample document (by its link), then time "next sentence" (▶)
    until both panes show the new sentence: the live panes stay loaded and draw the new graph in
    place, so a pane is current once it applied another payload (``styled`` changed) and a node's
    tooltip names a variable of sentence n (``x1_n: ...``)."""
    page.goto(url + "/?pred=sample:document100_pred.clf&gold=sample:document100_gold.clf&doc=0&sentence=1")
    wait_idle(page)
    times = []
    nxt = page.locator(".st-key-sentence_next button").first
    for n in range(2, 2 + repeats):
        fresh_panes(page)
        wait_idle(page)
        for h in page.query_selector_all(GRAPHS)[:2]:
            h.content_frame().evaluate("window.__benchOld = 1; window.__benchStyled = document.body.dataset.styled")
        start = time.perf_counter()
        nxt.click()
        deadline = time.time() + 120
        while time.time() < deadline:  # both panes drawn with sentence n (in place, or as new pages)
            try:
                frames = [h.content_frame() for h in page.query_selector_all(GRAPHS)[:2]]
                if len(frames) == 2 and all(f and f.evaluate(f"(() => {{ try {{ return {CURRENT} && ({READY}) "
                                                             f"&& network.body.data.nodes.get().some(x => "
                                                             f"(x.title || '').includes('_{n}:')); }} catch (e) "
                                                             "{ return false; } })()") for f in frames):
                    break
            except Exception:
                pass
            page.wait_for_timeout(20)
        else:
            raise TimeoutError(f"sentence {n} was not drawn")
        times.append(time.perf_counter() - start)
    return times


def figure_4_page(playwright, url: str):
    """Debian's Chromium (headless) and a 1280x800 page showing the sample's Figure 4 pair at k = 1, drawn."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url + "/?doc=1&k=1")
    fresh_panes(page)
    return browser, page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cases", nargs="+", choices=("sample", "pmb", "sentences"),
                        default=["sample", "pmb", "sentences"], help="which cases to time (default: all)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with served_app() as (url, _), sync_playwright() as p:
        browser, page = figure_4_page(p, url)
        if "sample" in args.cases:
            rows.append(("sample, Figure 4 (doc 1)", time_k_changes(page, args.repeats)))
        if "pmb" in args.cases and (DATA / "boxer_dev.clf").is_file():
            try:
                rows.append(("PMB 2.2.0 dev doc 22, Boxer vs gold", pmb_case(page, args.repeats)))
            except TimeoutError as exc:
                print(f"PMB 2.2.0 dev doc 22: not measured ({exc})", file=sys.stderr)
        try:
            if "sentences" in args.cases:
                rows.append(("100-sentence sample, next sentence", sentence_case(page, url, args.repeats)))
        except TimeoutError as exc:
            print(f"100-sentence sample: not measured ({exc})", file=sys.stderr)
        browser.close()
    print(f"{'case':<40} {'median s':>9} {'min s':>7} {'max s':>7}  (k 1 <-> 4 or next sentence, "
          f"{args.repeats} runs)")
    for name, times in rows:
        print(f"{name:<40} {statistics.median(times):>9.3f} {min(times):>7.3f} {max(times):>7.3f}")


if __name__ == "__main__":
    main()
