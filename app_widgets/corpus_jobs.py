"""The corpus-sized results the pages share: DSCORER and COUNTER on every document, and the error
analysis. Each is a ``CorpusJob`` (its key, label, work and store), made here once so a page that
shows it and the background start ask for the same result.

When a pair of files is loaded, ``start_corpus_jobs`` starts these jobs in the process pool in the
background (unless ``DSCORER_PREFETCH=0``, or with no pool): a student who opens the corpus page or
the error analysis a minute later finds them computed, and a class does not wait for the first
visitor's 5 to 10 s of work. The pool's workers run at a lower priority (``workers.WORKER_NICENESS``),
so this work never slows a click."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dscorer_core.analysis import analyse_errors
from dscorer_core.counter import CounterSettings
from dscorer_core.metrics import make_metric
from dscorer_core.metrics.driver import metric_detail
from dscorer_core.ngrams.settings import ScoreSettings

from .files import LoadedFile
from .limits import app_counter_settings, counter_refusal
from .state import cached_run, result_store
from .workers import WORKERS, in_worker

__all__ = ["CorpusJob", "ERROR_ROWS", "PREFETCH", "cached_job", "counter_job",
           "dscorer_job", "error_orders", "errors_job", "start_corpus_jobs"]

#: Whether loading a pair of files starts its corpus results in the background (DSCORER_PREFETCH=0: no).
PREFETCH = os.environ.get("DSCORER_PREFETCH", "1").strip() != "0"
#: The error analysis's rows per list (confusions, k-grams) until a user changes it.
ERROR_ROWS = 50

_log = logging.getLogger(__name__)
#: Jobs whose background run failed (an explosion, a killed worker): not started in the background
#: again, so a doomed job does not take a worker on every click; the page that asks computes it and
#: shows the error.
_failed: set[tuple] = set()


@dataclass(frozen=True)
class CorpusJob:
    """One corpus-sized result: its key in ``store`` (the files' contents and every setting it
    depends on), the progress bar's label and the work (a pool task taking ``progress``)."""

    key: tuple
    label: str
    task: Callable[[Callable[[int, int], None]], Any]
    store: str


def dscorer_job(pred: LoadedFile, gold: LoadedFile, settings: ScoreSettings) -> CorpusJob:
    """DSCORER on every document (the corpus page's headline)."""
    return CorpusJob(("dscorer", pred.key, gold.key, settings), f"Scoring {len(gold.drss)} documents...",
                     in_worker(metric_detail, make_metric("dscorer", settings), list(pred.drss), list(gold.drss)),
                     "corpus")


def counter_job(pred: LoadedFile, gold: LoadedFile, settings: CounterSettings) -> CorpusJob:
    """COUNTER on every document (the corpus page's second metric)."""
    return CorpusJob(("counter", pred.key, gold.key, settings), f"COUNTER: matching {len(gold.drss)} documents...",
                     in_worker(metric_detail, make_metric("counter", settings), list(pred.drss), list(gold.drss)),
                     "results")


def error_orders(settings: ScoreSettings) -> tuple[int, ...]:
    """The orders k of the error analysis's k-gram lists: 1 to min(n, 4)."""
    return tuple(range(1, min(settings.order, 4) + 1))


def errors_job(pred: LoadedFile, gold: LoadedFile, settings: ScoreSettings, counter: CounterSettings,
               top: int = ERROR_ROWS) -> CorpusJob:
    """The error analysis (labels, confusions, structure, k-grams of orders 1 to min(n, 4))."""
    orders = error_orders(settings)
    return CorpusJob(("errors", pred.key, gold.key, settings, counter, orders, top),
                     f"Analysing {len(gold.drss)} documents...",
                     in_worker(analyse_errors, list(pred.drss), list(gold.drss), counter=counter, dscorer=settings,
                               orders=orders, top=top), "errors")


def cached_job(job: CorpusJob) -> Any:
    """The job's result: stored, or being computed (waited for), or computed now with a progress bar."""
    return cached_run(job.key, job.label, job.task, store=job.store)


def start_corpus_jobs(pred: LoadedFile, gold: LoadedFile, settings: ScoreSettings) -> list[CorpusJob]:
    """Start DSCORER, COUNTER and the error analysis of a loaded pair in the background, each
    unless stored, under way or failed in the background already; the jobs started (none without a
    pool, with DSCORER_PREFETCH=0, or where COUNTER is refused for the app's limits: then only DSCORER)."""
    if not PREFETCH or WORKERS <= 0:
        return []
    jobs = [dscorer_job(pred, gold, settings)]
    if counter_refusal(pred.drss, gold.drss) is None:
        counter = app_counter_settings()
        jobs += [counter_job(pred, gold, counter), errors_job(pred, gold, settings, counter)]
    started = []
    for job in jobs:
        shelf = result_store(job.store)
        if shelf.has(job.key) or job.key in _failed:
            continue
        threading.Thread(target=_run_quietly, args=(shelf, job), name="dscorer-prefetch", daemon=True).start()
        started.append(job)
    return started


def _run_quietly(shelf: Any, job: CorpusJob) -> None:
    """Compute a job into its store; a failure (an explosion, a killed worker) is left for the page
    that asks for it to meet and report, so it is only logged here."""
    try:
        shelf.get(job.key, lambda: job.task(lambda done, total: None))
    except Exception as exc:  # the page recomputes and shows the error in its own words
        _failed.add(job.key)
        _log.info("background %s not stored: %s", job.key[0], exc)
