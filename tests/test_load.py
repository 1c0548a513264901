"""A class on one server: the caches stay within their bounds however many distinct files pass
through the app, heavy work runs in the shared process pool with its progress shown, and the
protocol client (class_session.py, as bench/load_app.py drives it) walks every step of a real served app."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _held(probe, keys: list, runs: list[int]) -> int:
    """How many of the newest ``keys`` an st.cache_resource function still holds, seen from outside:
    probing from the newest, the first probe that runs the function's body again (``runs[0]`` grows)
    is the first entry it no longer holds (its cache drops the least recently used first)."""
    held = 0
    for key in reversed(keys):
        before = runs[0]
        probe(*key)
        if runs[0] > before:
            break
        held += 1
    return held


def _counted(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of ``module.name`` (what a cached function's body calls): [count]."""
    runs = [0]
    original = getattr(module, name)

    def counting(*args, **kwargs):
        runs[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return runs


def _rss_mb() -> float:
    """This process's resident memory now (MB), from /proc."""
    status = Path("/proc/self/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def _slices(path: Path, count: int, size: int) -> list[bytes]:
    """``count`` distinct clause files of ``size`` DRSs each: consecutive windows of a PMB file."""
    text = path.read_text(encoding="utf-8")
    blocks = [b for b in re.split(r"\n[ \t]*\n", text) if b.strip()]
    assert len(blocks) >= count + size, "not enough DRSs for distinct windows"
    return [("\n\n".join(blocks[i:i + size]) + "\n").encode() for i in range(count)]


@pytest.mark.slow
def test_the_caches_stay_within_their_bounds_over_300_distinct_files(shared_path, monkeypatch):
    """300 distinct uploaded pairs (windows of PMB 2.2.0 dev) go through every shared cache of the
    pair view: parsing, the ill-formed policy, the pair's scores, COUNTER, layout, n-gram comparison,
    the panes' HTML and the corpus store. No cache ever holds more entries than its bound, and the
    process holds less than 150 MB more after 300 files than after 10."""
    from app_widgets import drawing, files, state
    from dscorer_core import ScoreSettings

    preds = _slices(shared_path("pmb-2.2.0/boxer_dev.clf"), 300, 3)
    golds = _slices(shared_path("pmb-2.2.0/gold_dev.clf"), 300, 3)
    settings = ScoreSettings()
    # a class's worth of documents (state.CLASS_SESSIONS), each at most that many entries
    shared = {state.cached_pair_score: 64, state.cached_counter_pair: 64, state.cached_layout: 64,
              state.cached_comparison: 64, drawing._pane_page: 128,
              drawing._export_drawings: 2 * state.CLASS_SESSIONS}
    parsed, checked, policed = (_counted(monkeypatch, files, name) for name in ("_parse", "check_gold",
                                                                                 "apply_ill_policy"))
    uploads, gold_checks, policies = [], [], []
    store = state._result_store("bound-test", 8, state.MAX_STORED_BYTES)
    for i, (p_bytes, g_bytes) in enumerate(zip(preds, golds)):
        _, pdrss = files.parse_upload(f"pred{i}.clf", p_bytes, True)
        _, gdrss = files.parse_upload(f"gold{i}.clf", g_bytes)
        uploads += [(f"pred{i}.clf", p_bytes, True), (f"gold{i}.clf", g_bytes)]  # as called above
        gold_checks.append((f"g{i}", gdrss))
        policies.append((f"p{i}", f"g{i}", pdrss, gdrss))
        pdrss, _ = files._ill_policy(f"p{i}", f"g{i}", pdrss, gdrss)
        pair = state.cached_pair_score(pdrss[0], gdrss[0], settings)
        cpair = state.cached_counter_pair(pdrss[0], gdrss[0])
        mapping = tuple(sorted(cpair.mapping.items()))
        layout = state.cached_layout(pair.pred_graph, pair.gold_graph, mapping)
        state.cached_comparison(pair.pred_graph, pair.gold_graph, 1, mapping)
        box = drawing.drawing_box(layout, pair.pred_graph, pair.gold_graph, True, False, True)
        options = (("compact", True), ("side", "pred"))
        drawing._pane_page(pair.pred_graph, tuple(layout.pred), box, 600, True, options)
        drawing.PaneExport(pair.pred_graph, tuple(layout.pred), "pred", options).svg()  # a click on SVG
        store.get(("corpus", i), lambda score=pair.score: [score] * 100)
        for fn, bound in shared.items():
            assert len(fn.results.values) <= bound, f"{fn.__name__}: {len(fn.results.values)} > {bound}"
        assert len(store.values) <= 8 and len(store.running) == 0
        if i == 9:
            after_ten = _rss_mb()
    grown = _rss_mb() - after_ten
    # the app's resource caches (Streamlit's st.cache_resource) hold their newest entries, no more than
    # their bounds, seen through which calls run the cached body again
    for probe, keys, runs, bound in ((files._gold_check, gold_checks, checked, 16),
                                     (files._ill_policy, policies, policed, 32),
                                     (files.parse_upload, uploads, parsed, 16)):
        held = _held(probe, keys, runs)
        assert 0 < held <= bound, f"{probe.__name__}: {held} entries, bound {bound}"
    assert grown < 150, f"{grown:.0f} MB more after 300 distinct files than after 10"
    # the last files are the ones kept (least recently used dropped first)
    assert ("corpus", 299) in store.values and ("corpus", 0) not in store.values


def test_heavy_work_runs_in_the_pool_and_reports_its_progress(sample_data, monkeypatch):
    """A WorkerTask gives the same result in a worker process as on the script thread, and its
    progress reaches the caller up to the last document."""
    from app_widgets import workers
    from dscorer_core.counter import counter_corpus
    from dscorer_core.ngrams import score_corpus
    from dscorer_core.reading.clause_text import read_pair

    preds, golds = read_pair(sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    monkeypatch.setattr(workers, "WORKERS", 1)
    try:
        seen: list[tuple[int, int]] = []
        pooled = workers.in_worker(score_corpus, preds, golds)(lambda d, t: seen.append((d, t)))
        assert pooled == score_corpus(preds, golds)
        assert seen and seen[-1] == (len(golds), len(golds))
        assert workers.in_worker(counter_corpus, preds, golds)(lambda d, t: None) == counter_corpus(preds, golds)
        pid, loaded = workers.in_worker(_worker_pid)(lambda d, t: None)
        assert pid != os.getpid()
        assert not loaded  # a worker loads the core only, not the app nor Streamlit
    finally:
        workers.shutdown()
    monkeypatch.setattr(workers, "WORKERS", 0)  # 0: on the script thread, as before
    assert workers.in_worker(_worker_pid)(lambda d, t: None)[0] == os.getpid()


def test_a_killed_worker_fails_its_task_with_a_message_and_the_next_task_runs(monkeypatch):
    """A worker that dies (out of memory, killed) fails only its own task, with a one-line reason;
    the pool is replaced and the next task runs."""
    from app_widgets import workers

    monkeypatch.setattr(workers, "WORKERS", 1)
    try:
        with pytest.raises(RuntimeError, match="ended abruptly"):
            workers.in_worker(_killed)(lambda d, t: None)
        pid, _ = workers.in_worker(_worker_pid)(lambda d, t: None)
        assert pid != os.getpid()
    finally:
        workers.shutdown()


def _killed(progress=None) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _worker_pid(progress=None) -> tuple[int, list[str]]:
    return os.getpid(), [m for m in ("streamlit", "pandas", "app_widgets") if m in sys.modules]


def _run_apart(coroutine):
    """asyncio.run in a thread of its own: in a whole test run Playwright's sync API (the browser
    tests' session-wide fixtures) keeps an event loop running in the main thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.slow
def test_the_protocol_client_walks_every_step_of_a_served_app(shared_data, tmp_path):
    """One session of the protocol client (class_session.py) (no browser) against the app served as
    for a class: every step ends with script_finished and shows no exception or error box, the
    pages it asks for are the ones drawn, and the judgement it records is in the store."""
    import class_session
    from served_app import served_app
    from st_protocol import Session

    store = tmp_path / "judgements.sqlite"
    env = dict(os.environ, DSCORER_ALLOWED_DIRS=f"{shared_data}:{tmp_path}", DSCORER_WORKERS="1")
    with served_app(env=env) as (url, _):
        times, errors = _run_apart(class_session.class_of(url, 1, class_session.STEPS, store, think=0, ramp=0,
                                                      step_timeout=300, max_seconds=900))
        assert errors == []
        assert {step: len(v) for step, v in times.items()} == dict.fromkeys(class_session.STEPS, 1)

        async def pick_and_look() -> list[str]:
            s = Session(url)
            s.query = class_session.class_link()
            await s.connect()
            try:
                await s.run()
                picked = await s.run(doc_number=17)
                corpus = await s.run("Corpus")
                return picked.texts + corpus.texts
            finally:
                await s.close()

        texts = _run_apart(pick_and_look())
    assert "#### Document 17" in texts  # the number typed is the document drawn
    assert any(t.startswith("micro F") for t in texts)  # the corpus page was drawn
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT COUNT(*) FROM judgements WHERE annotator = 'student0'").fetchone()
    assert rows == (1,)
