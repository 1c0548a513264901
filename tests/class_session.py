"""A class of sessions against a served app, speaking Streamlit's websocket protocol (st_protocol.py):
the steps a student walks, timed, and the server's process tree read from /proc. Used by the served
tests (tests/test_load.py, tests/test_served_faults.py) and by the load benchmark (bench/load_app.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from pathlib import Path

from served_app import REPO
from st_protocol import RunResult, Session, StepFailed

DATA_ROOT = REPO.parent / "shared" / "data"
DATA = DATA_ROOT / "pmb-2.2.0"
PRED, GOLD = DATA / "boxer_dev.clf", DATA / "gold_dev.clf"
STEPS = ("open", "rerun", "k", "next", "pick", "corpus", "worst", "compare", "errors", "back", "judging")
#: The steps a class does most often; the targets hold them to a tighter p95.
QUICK_STEPS = ("rerun", "k", "next")


# ---- the server's process tree, from /proc
def tree(pid: int) -> list[int]:
    """A process and all its descendants (every thread's children: a pool started from a script
    thread hangs below that thread)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        for task in Path(f"/proc/{p}/task").glob("*"):
            with contextlib.suppress(OSError):
                todo += [int(c) for c in (task / "children").read_text().split()]
    return out


def rss_kb(pid: int) -> int:
    """Resident memory of a process tree (kB)."""
    total = 0
    for p in tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, reaped children included) of a process tree so far."""
    total = 0
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# ---- one session's walk
def class_link() -> str:
    """The query string of the link a teacher hands out: both files by Local path."""
    return urllib.parse.urlencode({"pred": f"path:{PRED}", "gold": f"path:{GOLD}"})


async def walk(url: str | list[str], number: int, steps: tuple[str, ...], store: Path, think: float,
               step_timeout: float, deadline: float, times: dict[str, list[float]], errors: list[str],
               server_cpu: Callable[[], float] | None = None, cpu_used: dict[str, list[float]] | None = None) -> None:
    """One student: each step timed from the request to the end of its run (on ``url``, or on
    one of several app processes, round robin by session number); given ``server_cpu`` (the
    server's CPU seconds so far, meaningful with one session), also the server CPU of each step."""
    if isinstance(url, list):
        url = url[number % len(url)]
    # a browser's own cookie (Streamlit's XSRF cookie), which a proxy's sticky hash may route on
    s = Session(url, timeout=step_timeout, cookie=f"_streamlit_xsrf=session{number}-{random.getrandbits(64):x}")
    rng = random.Random(number)

    async def judging() -> RunResult:
        await s.run("Pair view", judging=True)
        await s.run(judge_store=str(store), judge_annotator=f"student{number}")
        return await s.press(key="judge_accept_acceptable")

    async def open_link() -> RunResult:
        s.query = class_link()
        await s.connect()
        return await s.run()

    actions: dict[str, Callable[[], Awaitable[RunResult]]] = {
        "open": open_link,
        "rerun": lambda: s.run(),
        "k": lambda: s.run(k=[2]),
        "next": lambda: s.press(label="Next"),
        "pick": lambda: s.run(doc_number=rng.randrange(682)),
        "corpus": lambda: s.run("Corpus"),
        "worst": lambda: s.press(key="corpus_open_button"),
        "compare": lambda: s.run("Compare systems"),
        "errors": lambda: s.run("Error analysis"),
        "back": lambda: s.run("Pair view"),
        "judging": judging,
    }
    try:
        for step in steps:
            if time.perf_counter() > deadline:
                errors.append(f"session {number}: stopped before {step}: the run's time is up")
                return
            start, cpu_start = time.perf_counter(), server_cpu() if server_cpu else 0.0
            try:
                result = await actions[step]()
            except StepFailed as exc:
                errors.append(f"session {number}, {step}: {exc}")
                return
            if result.errors:
                errors.append(f"session {number}, {step}: " + " | ".join(result.errors)[:300])
                return
            times[step].append(time.perf_counter() - start)
            if server_cpu and cpu_used is not None:
                cpu_used.setdefault(step, []).append(server_cpu() - cpu_start)
            await asyncio.sleep(rng.uniform(0, 2 * think))
    finally:
        await s.close()


async def class_of(url: str | list[str], sessions: int, steps: tuple[str, ...], store: Path, think: float, ramp: float,
                   step_timeout: float, max_seconds: float, server_cpu: Callable[[], float] | None = None,
                   cpu_used: dict[str, list[float]] | None = None) -> tuple[dict[str, list[float]], list[str]]:
    """N sessions at once (started over ``ramp`` seconds), each walking ``steps``."""
    times: dict[str, list[float]] = {s: [] for s in steps}
    errors: list[str] = []
    deadline = time.perf_counter() + max_seconds

    async def later(i: int) -> None:
        await asyncio.sleep(ramp * i / max(1, sessions))
        await walk(url, i, steps, store, think, step_timeout, deadline, times, errors, server_cpu, cpu_used)

    await asyncio.gather(*(later(i) for i in range(sessions)))
    return times, errors
