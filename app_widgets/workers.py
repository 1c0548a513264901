"""The process pool that runs the app's heavy work (corpus scoring, COUNTER on a corpus, error
analysis, the compare page's tables) off the script threads, shared by all sessions.

Script threads share one interpreter lock: a corpus scored on one of them slows every other
session's rerun. Here the work runs in at most ``DSCORER_WORKERS`` worker processes (default: the
number of cores, at most 4; 0 runs it on the script thread, as before), forked from a clean server
process that has imported ``dscorer_core`` only; a worker is replaced after MAX_TASKS_PER_WORKER
task (a fresh fork is cheap), so what one file left in it (interned labels, caches) is given back. Progress reaches the
asking session's bar through a queue."""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import spawn
from typing import Any

from dscorer_core.relay import call_with_progress

__all__ = ["WORKERS", "MAX_TASKS_PER_WORKER", "WORKER_NICENESS", "WorkerTask", "in_worker", "shutdown"]


def _workers_from_env() -> int:
    raw = os.environ.get("DSCORER_WORKERS", "").strip()
    if raw.isdigit():
        return int(raw)
    return max(1, min(4, os.cpu_count() or 1))


#: How many worker processes run heavy work at once (DSCORER_WORKERS; 0: on the script thread).
WORKERS = _workers_from_env()
#: Tasks a worker runs before it is replaced by a fresh one (its memory given back).
MAX_TASKS_PER_WORKER = 1
#: How much lower than the server a worker runs (os.nice): heavy work, above all what is computed in
#: the background (corpus_jobs), takes the cores the clicks leave free and never slows a click.
WORKER_NICENESS = 10

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_manager: Any = None


def _context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one (workers fork from a process that holds no threads nor
    sessions), else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["dscorer_core"])
        return ctx
    return multiprocessing.get_context("spawn")


def _without_main_module(original: Callable[[str], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    """``multiprocessing.spawn.get_preparation_data`` without the parent's ``__main__``: a new
    process would import it first, and in the app's server that is Streamlit's command line (all
    of Streamlit, 200 MB a worker) or, while a script runs, the page itself (Streamlit runs each
    page as ``__main__``), run again in the worker. The tasks are core functions and need neither."""
    def get_preparation_data(name: str) -> dict[str, Any]:
        data = original(name)
        data.pop("init_main_from_name", None)
        data.pop("init_main_from_path", None)
        return data

    get_preparation_data.without_main = True  # type: ignore[attr-defined]
    return get_preparation_data


def _pool_and_manager() -> tuple[ProcessPoolExecutor, Any]:
    global _pool, _manager
    with _lock:
        if _pool is None:
            if not getattr(spawn.get_preparation_data, "without_main", False):
                spawn.get_preparation_data = _without_main_module(spawn.get_preparation_data)  # type: ignore[assignment]
            ctx = _context()
            _manager = ctx.Manager()
            # one task per worker, so its memory is returned (Python 3.11+; 3.10 keeps its workers)
            extra: dict[str, Any] = {"max_tasks_per_child": MAX_TASKS_PER_WORKER} if sys.version_info >= (3, 11) else {}
            # a worker's first step, os.nice itself (a function of this module would make each worker
            # import the app, and with it Streamlit); no such step where there is no os.nice (Windows)
            if hasattr(os, "nice"):
                extra |= {"initializer": os.nice, "initargs": (WORKER_NICENESS,)}
            _pool = ProcessPoolExecutor(WORKERS, mp_context=ctx, **extra)
        return _pool, _manager


def _discard(broken: ProcessPoolExecutor) -> None:
    """Forget a pool that can run no more tasks (a worker died), so the next task starts a new one."""
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the pool and its queue server (tests; the server stops them at exit)."""
    global _pool, _manager
    with _lock:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
            _manager.shutdown()
        _pool = _manager = None


@dataclass(frozen=True)
class WorkerTask:
    """``fn(*args, progress=..., **kwargs)`` to run in the pool; ``fn`` a module-level function of
    ``dscorer_core`` (it and its arguments travel by pickle). Called with a progress callback, as
    ``cached_run`` calls its work."""

    fn: Callable[..., Any]
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def __call__(self, progress: Callable[[int, int], None]) -> Any:
        if WORKERS <= 0:
            return self.fn(*self.args, progress=progress, **self.kwargs)
        pool, manager = _pool_and_manager()
        updates = manager.Queue()
        future = pool.submit(call_with_progress, self.fn, self.args, self.kwargs, updates)
        while True:
            try:
                progress(*updates.get(timeout=0.25))
            except queue.Empty:
                if future.done():
                    break
        try:
            return future.result()
        except BrokenProcessPool:  # a worker was killed (out of memory, a signal): a new pool for the next task
            _discard(pool)
            raise RuntimeError(f"the worker process running {getattr(self.fn, '__name__', 'a task')} ended "
                               "abruptly (out of memory?); try again, or use the command line") from None


def in_worker(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> WorkerTask:
    """The work ``fn(*args, **kwargs)`` (``fn`` takes a ``progress`` keyword) for the pool."""
    return WorkerTask(fn, args, kwargs)
