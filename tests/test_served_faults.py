"""Faults of a served app: the server killed (SIGKILL, with its worker processes) during a judging
session and during a CSV import of judgements. After a restart on the same store, no judgement the
page acknowledged is lost, an import is in the store whole or not at all, and the store passes
SQLite's integrity check. The app is served as for a class and driven over Streamlit's own
protocol (st_protocol.py, class_session.py), as bench/load_app.py drives it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import re
import signal
import sqlite3
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

HEAD = "document,system,judgement,rationale,annotator\n"


def _run_apart(coroutine):
    """asyncio.run in a thread of its own (the browser tests keep an event loop in the main thread)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _kill_tree(pid: int) -> None:
    """SIGKILL a process and every descendant (the app's worker pool dies with it, as in a crash)."""
    import class_session

    for p in reversed(class_session.tree(pid)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)


def _integrity(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


def _judged(path: Path, annotator: str) -> dict[int, str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT document, judgement FROM judgements WHERE annotator = ?", (annotator,))
        return {int(d): j for d, j in rows}


def _bob_rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM judgements WHERE annotator LIKE 'bob%'").fetchone()[0]


def _document(texts: list[str]) -> int:
    """The document a pair-view run drew (its "#### Document N" heading)."""
    return next(int(m.group(1)) for t in texts if (m := re.match(r"#### Document (\d+)", t)))


async def _judging_session(url: str, store: Path, annotator: str):
    """A student's session on the class link with judging on, the store and a name set."""
    import class_session
    from st_protocol import Session

    s = Session(url, timeout=120)
    s.query = class_session.class_link()
    await s.connect()
    await s.run()
    await s.run("Pair view", judging=True)
    first = await s.run(judge_store=str(store), judge_annotator=annotator)
    assert first.errors == []
    return s, first


@pytest.fixture
def class_env(shared_data, tmp_path):
    return dict(os.environ, DSCORER_ALLOWED_DIRS=f"{shared_data}:{tmp_path}", DSCORER_WORKERS="1")


async def _judge_then_crash(url, proc, store: Path, count: int, round_: int, delay: float,
                            acknowledged: dict[int, str], in_flight: set[int]) -> None:
    """Judge ``count`` documents, then click once more and kill the server ``delay`` s later."""
    s, page = await _judging_session(url, store, "ann")
    page = await s.press(key="judge_accept_next")  # back where the class left off
    assert _document(page.texts) not in acknowledged
    for i in range(count):
        document = _document(page.texts)
        word = "acceptable" if (round_ + i) % 2 else "unacceptable"
        page = await s.press(key=f"judge_accept_{word}")
        assert page.errors == [] and not any(t.startswith("Not saved") for t in page.texts)
        assert _document(page.texts) != document  # it moved on: the judgement is acknowledged
        assert document not in acknowledged
        acknowledged[document] = word
    in_flight.add(_document(page.texts))
    await s.send_press(key="judge_accept_acceptable")  # the server dies before it answers
    await asyncio.sleep(delay)
    _kill_tree(proc.pid)
    proc.wait(30)
    await s.close()


def test_a_server_killed_while_judging_loses_no_acknowledged_judgement(class_env, tmp_path):
    """Three times: judge documents until some are acknowledged (the run after the click finished
    and showed the next document, no "Not saved"), click once more and kill the server at once,
    mid-request; restart it on the same store and go on. Every acknowledged judgement is there."""
    from served_app import served_app

    store = tmp_path / "class.sqlite"
    acknowledged: dict[int, str] = {}
    in_flight: set[int] = set()  # the documents of the clicks the server died on
    for round_, (count, delay) in enumerate(((3, 0.0), (4, 0.05), (3, 0.3))):
        with served_app(env=class_env) as (url, proc):
            _run_apart(_judge_then_crash(url, proc, store, count, round_, delay, acknowledged, in_flight))
            assert proc.returncode == -signal.SIGKILL
        assert _integrity(store) == "ok"
        stored = _judged(store, "ann")
        assert {d: stored.get(d) for d in acknowledged} == acknowledged
        assert set(stored) - set(acknowledged) <= in_flight  # besides, at most the clicks in flight landed
    assert len(acknowledged) == 10


async def _import_then_crash(url, proc, store: Path, csv: bytes, delay: float | None) -> bool:
    """Judge one document, upload ``csv`` to the import, kill the server ``delay`` s after the upload
    (None: after the page acknowledged the import); whether the page acknowledged it."""
    s, page = await _judging_session(url, store, "ann")
    judged = _document(page.texts)
    page = await s.press(key="judge_accept_acceptable")
    assert page.errors == [] and _judged(store, "ann").get(judged) == "acceptable"
    if delay is None:
        done = await s.upload("judge_import", "class.csv", csv)
        assert done.errors == []
        rows = len(csv.splitlines()) - 1
        assert f"{rows} judgement(s) imported." in done.texts and _bob_rows(store) == rows
        acknowledged = True
    else:
        task = asyncio.ensure_future(s.upload("judge_import", "class.csv", csv))
        # the file is on the server once its rerun is asked for; then wait ``delay``
        while not task.done() and not s.values.get(s.widget(key="judge_import").id):
            await asyncio.sleep(0.01)
        await asyncio.sleep(delay)
        acknowledged = False
        task.cancel()
    _kill_tree(proc.pid)
    proc.wait(30)
    await s.close()
    return acknowledged



def test_a_server_killed_during_a_csv_import_adds_all_rows_or_none(class_env, tmp_path):
    """Upload a 40,000-row judgement CSV through the sidebar's import and kill the server 0 to 0.5 s
    later; after a restart the store holds all of it or none, the judgement made before is intact,
    and an import the page acknowledged ("... imported.") survives a kill that follows it."""
    from served_app import served_app

    store = tmp_path / "class.sqlite"
    rows = 40_000
    csv = (HEAD + "".join(f"{i % 682},spar,unacceptable,row {i},bob{i // 682}\n" for i in range(rows))).encode()
    outcomes: set[int] = set()

    for delay in (0.0, 0.2, 0.5, None):  # None: wait for the page's acknowledgement, then kill
        if store.exists():
            with sqlite3.connect(store) as db:
                db.execute("DELETE FROM judgements WHERE annotator LIKE 'bob%'")
        with served_app(env=class_env) as (url, proc):

            acknowledged = _run_apart(_import_then_crash(url, proc, store, csv, delay))
        assert _integrity(store) == "ok"
        imported = _bob_rows(store)
        assert imported in (0, rows)
        assert not acknowledged or imported == rows
        assert "acceptable" in _judged(store, "ann").values()  # the judgement made before the import
        outcomes.add(imported)
        time.sleep(0.1)
    assert outcomes == {0, rows}  # a kill right after the upload left nothing; an acknowledged import stayed whole
