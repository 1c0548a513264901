"""Corpus-sized results start in the background when a pair of files is loaded: opening the pair
view on PMB 2.2.0 dev fills the stores the corpus page and the error analysis read (the same
results as computing them directly), those pages then draw without a progress bar, nothing starts
twice, DSCORER_PREFETCH=0 turns it off, and the pool's workers run below the server's priority."""

from __future__ import annotations

import os
import time

import pytest

pytest.importorskip("streamlit")

from app_helpers import PMB, open_by_path

pytestmark = pytest.mark.slow


def _keys(store, name: str, pred_key: str) -> list[tuple]:
    """The keys of ``name`` results (dscorer, counter, errors) of the predicted file, stored or under way."""
    with store.lock:
        return [k for k in [*store.values, *store.running] if k[0] == name and k[1].startswith(pred_key)]


def _wait_for(store, name: str, pred_key: str, gold_key: str, seconds: float = 120) -> tuple[tuple, object]:
    """The key and the stored ``name`` result of the pair, once the background has computed it."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        with store.lock:
            done = [k for k in store.values if k[0] == name and k[1].startswith(pred_key) and k[2].startswith(gold_key)]
            if done:
                return done[0], store.values[done[0]]
        time.sleep(0.2)
    raise AssertionError(f"{name} was not computed in the background within {seconds} s")


@pytest.fixture
def dev_files():
    """PMB 2.2.0 dev, with the result stores emptied (other tests of the process fill them too)."""
    from app_widgets import state

    pred, gold = PMB / "boxer_dev.clf", PMB / "gold_dev.clf"
    if not gold.exists():
        pytest.skip(f"{gold} is absent (../shared/data)")
    state._result_store.clear()
    return pred, gold


def test_loading_a_pair_computes_the_corpus_pages_results_in_the_background(dev_files, monkeypatch):
    from app_widgets import corpus_jobs, state, workers
    from dscorer_core.analysis import analyse_errors
    from dscorer_core.counter import counter_corpus
    from dscorer_core.ngrams import score_corpus
    from dscorer_core.reading.clause_text import read_pair

    monkeypatch.setattr(workers, "WORKERS", 1)
    monkeypatch.setattr(corpus_jobs, "WORKERS", 1)
    try:
        at = open_by_path(*dev_files, timeout=120)
        assert not at.exception
        pred_key, gold_key = (f"path:{path.resolve()}:" for path in dev_files)  # keys name resolved paths
        stores = {"dscorer": "corpus", "counter": "results", "errors": "errors"}
        preds, golds = read_pair(*dev_files)
        stored = {name: _wait_for(state.result_store(store), name, pred_key, gold_key)
                  for name, store in stores.items()}
        (_, _, _, settings), dscorer_result = stored["dscorer"]
        (_, _, _, counter), counter_result = stored["counter"]
        (_, _, _, e_settings, e_counter, orders, top), analysis = stored["errors"]
        assert (e_settings, e_counter, orders, top) == (settings, counter, (1, 2, 3, 4), corpus_jobs.ERROR_ROWS)
        assert dscorer_result == score_corpus(preds, golds, settings)
        assert counter_result == counter_corpus(preds, golds, counter)
        assert analysis == analyse_errors(preds, golds, counter=counter, dscorer=settings, orders=orders, top=top)
        # stored: a rerun starts nothing again, and the pages ask for these very results (no second key)
        at.run()
        for page in ("pages/1_Corpus.py", "pages/4_Error_analysis.py"):
            at.switch_page(page).run()
            assert not at.exception
        assert {name: len(_keys(state.result_store(store), name, pred_key)) for name, store in stores.items()} \
            == dict.fromkeys(stores, 1)
    finally:
        workers.shutdown()


def test_no_background_work_when_turned_off_or_without_a_pool(dev_files, monkeypatch):
    from app_widgets import corpus_jobs, state

    monkeypatch.setattr(corpus_jobs, "PREFETCH", False)
    at = open_by_path(*dev_files, timeout=120)
    assert not at.exception
    time.sleep(1)
    pred_key = f"path:{dev_files[0].resolve()}:"
    assert not any(_keys(state.result_store(store), name, pred_key)
                   for name, store in (("dscorer", "corpus"), ("counter", "results"), ("errors", "errors")))
    monkeypatch.setattr(corpus_jobs, "PREFETCH", True)
    monkeypatch.setattr(corpus_jobs, "WORKERS", 0)  # on the script thread it would hold the server's lock
    at.run()
    assert not _keys(state.result_store("errors"), "errors", pred_key)


def test_workers_run_below_the_servers_priority(monkeypatch):
    from app_widgets import workers

    monkeypatch.setattr(workers, "WORKERS", 1)
    try:
        niceness = workers.in_worker(_niceness)(lambda d, t: None)
    finally:
        workers.shutdown()
    assert niceness == min(19, os.nice(0) + workers.WORKER_NICENESS)


def _niceness(progress=None) -> int:
    return os.nice(0)


def test_a_job_that_failed_in_the_background_is_not_started_again(monkeypatch):
    """A doomed job (an explosion, a killed worker) takes a worker once, not on every click."""
    from types import SimpleNamespace

    from app_widgets import corpus_jobs, state

    calls = []

    def doomed(progress):
        calls.append(1)
        raise MemoryError("the worker ran out of memory")

    job = corpus_jobs.CorpusJob(("dscorer", "path:doomed:", "path:gold:", "settings"), "DSCORER", doomed, "corpus")
    monkeypatch.setattr(corpus_jobs, "PREFETCH", True)
    monkeypatch.setattr(corpus_jobs, "WORKERS", 1)
    monkeypatch.setattr(corpus_jobs, "dscorer_job", lambda pred, gold, settings: job)
    monkeypatch.setattr(corpus_jobs, "counter_refusal", lambda preds, golds: "refused")  # DSCORER only
    monkeypatch.setattr(corpus_jobs, "_failed", set())
    files = SimpleNamespace(drss=())
    started = corpus_jobs.start_corpus_jobs(files, files, None)
    assert started == [job]
    deadline = time.time() + 30
    while job.key not in corpus_jobs._failed and time.time() < deadline:
        time.sleep(0.05)
    assert calls == [1] and not state.result_store("corpus").has(job.key)
    assert corpus_jobs.start_corpus_jobs(files, files, None) == []  # not again
    assert calls == [1]
