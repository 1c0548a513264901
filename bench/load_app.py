"""Load test of the app as a class would use it: N concurrent browser sessions on one server.

Starts ``streamlit run app.py`` on a free loopback port, then drives N headless Chromium sessions
at once (Playwright's Python package with Debian's /usr/bin/chromium; no browser is downloaded)
through a realistic path, and prints latency percentiles per step, the server's peak memory, and
the CPU time the server used (the browsers run on the same machine):

1. open    the pair view and load PMB 2.2.0 dev (Boxer against gold) by Local path
2. corpus  the corpus page scores all 682 documents (DSCORER and COUNTER)
3. worst   "Open in pair view" on the worst document: both graphs drawn
4. k       move the order-k slider one step: the graphs redrawn
5. compare the compare page on its samples

Each step is timed from the action to the end of Streamlit's run (the status widget gone).
Sessions share the server's caches, so later sessions find scores computed: that is how a class
uses a shared server, and the table says how many sessions finished each step.

    python3 bench/load_app.py [--sessions 10] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

from served_app import CHROMIUM, CHROMIUM_FLAGS, REPO, served_app

DATA = REPO.parent / "shared" / "data" / "pmb-2.2.0"
STEPS = ("open", "corpus", "worst", "k", "compare")
IDLE = "!document.querySelector('[data-testid=\"stStatusWidget\"]')"


def rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (kB), from /proc."""
    total = 0
    for p in [pid] + [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(page, timeout: float = 600_000) -> None:
    page.wait_for_timeout(300)
    page.wait_for_function(IDLE, timeout=timeout)
    page.wait_for_timeout(200)


def local_path(page, side: str, path: Path) -> None:
    label = "Predicted (pred) file" if side == "pred" else "Gold file"
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Local path", exact=True).click()
    idle(page)
    box = block.get_by_label("Path of a local file (clauses or SBN)")
    box.fill(str(path))
    box.press("Enter")
    idle(page)


def session(url: str, chromium: str, times: dict[str, list[float]], errors: list[str], lock: threading.Lock) -> None:
    """One student's path through the app, each step timed."""
    from playwright.sync_api import sync_playwright

    def timed(step: str, action: Callable[[], None]) -> None:
        start = time.perf_counter()
        action()
        with lock:
            times[step].append(time.perf_counter() - start)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        try:
            def open_pair() -> None:
                page.goto(url)
                idle(page)
                local_path(page, "pred", DATA / "boxer_dev.clf")
                local_path(page, "gold", DATA / "gold_dev.clf")

            def corpus() -> None:
                page.get_by_role("link", name="Corpus").first.click()
                idle(page)
                page.get_by_text("micro", exact=False).first.wait_for(timeout=600_000)

            def worst() -> None:
                page.get_by_role("button", name="Open in pair view").click()
                idle(page)
                page.wait_for_function("document.querySelectorAll('iframe').length >= 2", timeout=600_000)

            def change_k() -> None:
                page.locator("[data-testid='stSlider'] input[type='range']").first.focus()
                page.keyboard.press("ArrowRight")
                idle(page)

            def compare() -> None:
                page.get_by_role("link", name="Compare systems").first.click()
                idle(page)

            for step, action in zip(STEPS, (open_pair, corpus, worst, change_k, compare)):
                timed(step, action)
        except Exception as exc:  # a failed step is reported, the other sessions go on
            with lock:
                errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
        finally:
            browser.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--chromium", default=os.environ.get("DSCORER_CHROMIUM", CHROMIUM))
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"needs PMB 2.2.0 dev in {DATA}")
    times: dict[str, list[float]] = {s: [] for s in STEPS}
    errors: list[str] = []
    lock = threading.Lock()
    done = threading.Event()
    with served_app() as (url, server):
        peak = [rss_kb(server.pid)]

        def watch() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], rss_kb(server.pid))
                time.sleep(0.2)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        started = time.perf_counter()
        cpu_before = cpu_seconds(server.pid)
        threads = [threading.Thread(target=session, args=(url, args.chromium, times, errors, lock))
                   for _ in range(args.sessions)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        cpu_used = cpu_seconds(server.pid) - cpu_before
        done.set()
    print(f"{args.sessions} concurrent sessions, {os.cpu_count()} cores, {time.perf_counter() - started:.0f} s in all")
    print(f"{'step':8} {'done':>5} {'p50 s':>7} {'p95 s':>7} {'max s':>7}")
    for step in STEPS:
        v = times[step]
        if v:
            print(f"{step:8} {len(v):5d} {statistics.median(v):7.2f} {percentile(v, 0.95):7.2f} {max(v):7.2f}")
        else:
            print(f"{step:8} {0:5d} {'-':>7} {'-':>7} {'-':>7}")
    print(f"server peak memory: {peak[0] / 1024:.0f} MB")
    wall = time.perf_counter() - started
    print(f"server CPU: {cpu_used:.1f} s over {wall:.0f} s of wall time ({cpu_used / wall / (os.cpu_count() or 1):.0%} "
          "of the machine; the rest went to the browsers and the system)")
    for e in errors:
        print("failed:", e)


if __name__ == "__main__":
    main()
