"""Time from committing an edit of the predicted DRS (Ctrl+Enter in "Edit pred") to the page showing
it: both graph panes drawn with the edit and the headline F of the edited pair, in the app in
headless Chromium at 1280x800 (issue 31, item 8: the graph, highlighting and scores follow an edit,
0.5 s per change). Each run removes the last one or two clauses of the predicted DRS in turn, so
every commit changes the DRS. Cases: the sample's Figure 4 pair and PMB 2.2.0 dev document 22
(Boxer against gold). Prints the median, min and max:

    python bench/bench_edit.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from bench_app import CURRENT, DATA, GRAPHS, READY, figure_4_page, fresh_panes, upload, wait_idle
from served_app import served_app

AREA = "Predicted DRS (clauses or SBN): edit, then Ctrl+Enter or click outside"


def _edited_shown(page, clauses: int) -> bool:
    """The heading row's notice names the edit's clause count, the pred pane shows the current run and both are drawn
    (the gold pane is restyled only when the edit changes what matches in it)."""
    # the heading row's notice, not a text search of the whole page: that search ran on the page's main
    # thread every 20 ms and took a tenth of a second per edit on document 22 (a CDP profile)
    note = page.locator(".st-key-dscorer_sentence")
    if not note.count() or f"Predicted DRS edited ({clauses} clauses)" not in note.first.inner_text():
        return False
    frames = [h.content_frame() for h in page.query_selector_all(GRAPHS)[:2]]
    return len(frames) == 2 and all(f and f.evaluate(f"(() => {{ try {{ return {CURRENT if i == 0 else 'true'} "
                                                     f"&& ({READY}); }} catch (e) {{ return false; }} }})()")
                                    for i, f in enumerate(frames))


def time_edits(page, repeats: int) -> list[float]:
    """Seconds per committed edit: the file's DRS less its last one or two clause lines, in turn."""
    page.get_by_role("button", name="Edit pred").click()
    area = page.get_by_role("textbox", name=AREA)
    area.wait_for()
    original = area.input_value().rstrip("\n").split("\n")
    clause_lines = [i for i, line in enumerate(original) if line.strip() and not line.startswith("%")]
    times = []
    for run in range(repeats):
        cut = 1 + run % 2
        text = "\n".join(line for i, line in enumerate(original) if i not in clause_lines[-cut:]) + "\n"
        wait_idle(page)  # the last edit is drawn (the loop's end waited for it): mark both panes as seen
        for h in page.query_selector_all(GRAPHS)[:2]:
            h.content_frame().evaluate("window.__benchOld = 1; window.__benchStyled = document.body.dataset.styled")
        area.fill(text)
        start = time.perf_counter()
        area.press("Control+Enter")
        deadline = time.time() + 120
        while not _edited_shown(page, len(clause_lines) - cut):
            if time.time() > deadline:
                raise TimeoutError("the edit was not drawn")
            page.wait_for_timeout(20)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with served_app() as (url, _), sync_playwright() as p:
        browser, page = figure_4_page(p, url)
        wait_idle(page)
        rows.append(("sample, Figure 4 (doc 1)", time_edits(page, args.repeats)))
        if (DATA / "boxer_dev.clf").is_file():
            page.goto(url + "/")
            wait_idle(page)
            upload(page, "Predicted (pred) file", DATA / "boxer_dev.clf")
            upload(page, "Gold file", DATA / "gold_dev.clf")
            box = page.get_by_label("Document (0-", exact=False)
            box.fill("22")
            box.press("Enter")
            page.get_by_role("heading", name="Document 22").wait_for()
            fresh_panes(page)
            rows.append(("PMB 2.2.0 dev doc 22, Boxer vs gold", time_edits(page, args.repeats)))
        browser.close()
    print(f"{'case':<40} {'median s':>9} {'min s':>7} {'max s':>7}  (commit an edit of pred, {args.repeats} runs)")
    for name, times in rows:
        print(f"{name:<40} {statistics.median(times):>9.3f} {min(times):>7.3f} {max(times):>7.3f}")


if __name__ == "__main__":
    main()
