"""Session state, and the caching mechanism that the app's caches share (``SharedResults``,
``shared_cache``, ``cached_run``; the caches of one widget live beside it: charts, sentences,
tables, drawing).

Policy: derived results are cached per content key (a LoadedFile.key or the Drs objects
themselves) and settings; every cache is bounded in entries (see the maxsize and
MAX_STORED_RESULTS values below), and those whose entries grow with a document or corpus also in
bytes (MAX_STORED_BYTES: cached_run's stores, cached_comparison, the panes' pages, shared texts);
a result that one session is computing is waited for by the others, not computed again.
Widget values that must survive a page switch are listed in
PERSISTENT_KEYS. Nothing else keeps state across reruns."""

from __future__ import annotations

import functools
import os
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

import streamlit as st

from dscorer_core import CounterSettings, Drs, ScoreSettings
from dscorer_core.counter import CounterPair, counter_pair
from dscorer_core.ngrams import Graph, PairResult, score_pair
from dscorer_core.render import Layout, NgramComparison, compare_ngrams, shared_layout

from .judging import JUDGING_KEYS
from .limits import MAX_SYSTEMS

__all__ = ["SharedResults", "shared_cache", "PERSISTENT_KEYS", "COMPARE_KEYS", "keep_widget_state", "cached_pair_score",
           "cached_counter_pair", "cached_layout",
           "cached_comparison", "comparison_size", "MAX_STORED_RESULTS", "MAX_STORED_BYTES", "result_size",
           "cached_run", "result_store", "run_with_progress", "CLASS_SESSIONS", "shared_text"]

T = TypeVar("T")

#: The compare page's file slots: gold, then one per possible system.
COMPARE_SLOTS = ("gold", *(f"sys{i}" for i in range(MAX_SYSTEMS)))
#: The compare page's widget keys that survive a page switch (its file slots, settings, A, B, document).
COMPARE_KEYS = ("cmp_n", "cmp_baseline", "cmp_metric", "cmp_average", "cmp_bootstrap", "cmp_ar", "cmp_seed",
                "cmp_restarts", "cmp_counter_seed", "cmp_search", "cmp_keep_ref", "cmp_a", "cmp_b", "cmp_by",
                "cmp_doc", "cmp_side", "cmp_k",
                *(f"cmp_{what}_{slot}" for slot in COMPARE_SLOTS for what in ("src", "sample", "path", "paste")))
#: Session keys of widgets whose value should survive a page switch (every page's: one scheme for the app).
PERSISTENT_KEYS = ("src_pred", "src_gold", "sample_pred", "sample_gold", "path_pred", "path_gold", "paste_pred",
                   "paste_gold",
                   "preset", "order", "w0", "show_names", "k", "show_reverse", "conv_preset", "conv_order",
                   "conv_w0", "conv_show_names", "conv_show_reverse", "compact", "with_counter", "present",
                   "pair_drawing", "corpus_counter", "corpus_disagree_by", "corpus_disagree_n", *JUDGING_KEYS,
                   *COMPARE_KEYS)


def keep_widget_state() -> None:
    """Re-assign persistent widget values so they survive a switch between pages. The re-assignment
    also sends each value to the browser on every run: a keyed selectbox whose option labels changed
    (other files loaded) would otherwise go on showing its first option while the page used another."""
    for key in PERSISTENT_KEYS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


class SharedResults:
    """Results shared by all sessions, least recently used dropped first beyond ``max_entries``
    (and ``max_bytes``, when given, as ``size`` measures a result: by default its pickle). A result
    that one session is computing is waited for by the others (up to WAIT_FOR_OTHERS seconds), not
    computed again: the one mechanism behind ``shared_cache`` and ``cached_run``."""

    def __init__(self, max_entries: int, max_bytes: int | None = None, size: Callable[[Any], int] | None = None):
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self.size = size  # None: result_size, the pickle
        self.values: OrderedDict = OrderedDict()
        self.sizes: dict = {}
        self.running: dict = {}
        self.lock = threading.Lock()

    def has(self, key: object) -> bool:
        """Whether ``key``'s value is stored or being computed (asking for it now computes nothing)."""
        with self.lock:
            return key in self.values or key in self.running

    def get(self, key: object, compute: Callable[[], T], waiting: Callable[[threading.Event], bool] | None = None) -> T:
        """The stored value of ``key``, else the one another session is computing, else ``compute()``;
        ``waiting(event)`` waits for another session (default: block) and says whether it finished."""
        while True:
            with self.lock:
                if key in self.values:
                    self.values.move_to_end(key)
                    return cast(T, self.values[key])
                other = self.running.get(key)
                if other is None:
                    mine = self.running[key] = threading.Event()
                    break
            finished = waiting(other) if waiting is not None else other.wait(WAIT_FOR_OTHERS)
            if not finished:
                return compute()  # the other session is stuck: compute it here, without storing
            # finished: the value is stored now, or the other session failed (then compute it here)
        try:
            value = compute()
            size = (self.size or result_size)(value) if self.max_bytes is not None else 0
            with self.lock:
                if self.max_bytes is None or size <= self.max_bytes:
                    self.values[key], self.sizes[key] = value, size
                while self.values and (len(self.values) > self.max_entries
                                       or (self.max_bytes is not None and sum(self.sizes.values()) > self.max_bytes)):
                    dropped, _ = self.values.popitem(last=False)
                    self.sizes.pop(dropped, None)
            return value
        finally:
            with self.lock:
                self.running.pop(key, None)
            mine.set()


def shared_cache(maxsize: int, max_bytes: int | None = None,
                 size: Callable[[Any], int] | None = None) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like functools.lru_cache (shared by all sessions, ``maxsize`` entries, and ``max_bytes`` when
    given, as ``size`` measures a value: by default its pickle), but a value that one session is
    computing is waited for by the others instead of being computed again. A call whose arguments
    cannot key the store (a dict among them) is computed and not kept."""
    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        results = SharedResults(maxsize, max_bytes, size)

        @functools.wraps(fn)
        def cached(*args: Any, **kwargs: Any) -> T:
            key = (args, tuple(sorted(kwargs.items())))
            try:
                hash(key)
            except TypeError:
                return fn(*args, **kwargs)
            return results.get(key, lambda: fn(*args, **kwargs))

        cached.results = results  # type: ignore[attr-defined]  # its store, for tests of the bound
        return cached
    return decorate


#: How many bytes (pickled) of results one store keeps by default (least recently used dropped first);
#: DSCORER_CACHE_MB sets it for every store.
MAX_STORED_BYTES = int(float(os.environ.get("DSCORER_CACHE_MB", "256")) * 2**20)
#: How many sessions' documents the pair view's shared caches hold at once: a class of 30, each on
#: its own document, must not push each other's results out between two clicks (with 8 entries, ten
#: sessions rescored their document on every rerun). Each entry of a PMB document is a few kB; the
#: caches whose entries grow with a long document are also bounded in bytes (MAX_STORED_BYTES).
CLASS_SESSIONS = 32


@shared_cache(maxsize=2 * CLASS_SESSIONS)  # a document and the chosen sentence of it
def cached_pair_score(pred: Drs, gold: Drs, settings: ScoreSettings) -> PairResult:
    """score_pair, remembered per pair and settings, so a widget change does not rescore."""
    return score_pair(pred, gold, settings)


@shared_cache(maxsize=2 * CLASS_SESSIONS)
def cached_counter_pair(pred: Drs, gold: Drs, settings: CounterSettings | None = None,
                        index: int | None = None) -> CounterPair:
    """counter_pair, remembered per pair and settings (its search can take seconds on big DRSs)."""
    return counter_pair(pred, gold, settings, index=index)


@shared_cache(maxsize=2 * CLASS_SESSIONS)
def cached_layout(pred: Graph, gold: Graph, mapping: tuple[tuple[str, str], ...] | None = None) -> Layout:
    """shared_layout, remembered per pair of graphs and variable mapping (pred -> gold pairs, e.g.
    COUNTER's; None pairs variables by name)."""
    return shared_layout(pred, gold, mapping=dict(mapping) if mapping is not None else None)


def comparison_size(comparison: NgramComparison) -> int:
    """About the bytes a comparison takes, from its counts alone (12 per node and edge id of every
    occurrence, 2 per character of its texts; 0.7 to 1.6 times the pickle on the 100-sentence sample):
    pickling it to measure took a quarter of the time of building it, on every first view of a k."""
    ids = 2 * comparison.k + 1
    total = 0
    for occurrences in (comparison.pred_occurrences, comparison.gold_occurrences):
        total += sum(12 * ids * len(paths) + 2 * len(text) for text, paths in occurrences.items())
    return total


@shared_cache(maxsize=2 * CLASS_SESSIONS, max_bytes=MAX_STORED_BYTES,
              size=comparison_size)  # a long document's occurrences: MBs
def cached_comparison(pred: Graph, gold: Graph, k: int,
                      mapping: tuple[tuple[str, str], ...] | None = None) -> NgramComparison:
    """compare_ngrams, remembered per pair of graphs, order and variable mapping (pred -> gold
    pairs, e.g. COUNTER's, which decides which occurrences are the matched ones; None: by name)."""
    return compare_ngrams(pred, gold, k, mapping=dict(mapping) if mapping is not None else None)


#: Texts kept by shared_text: how many, and how many bytes in all.
MAX_SHARED_TEXTS, MAX_SHARED_TEXT_BYTES = 16, 64 * 2**20
_texts = SharedResults(MAX_SHARED_TEXTS, MAX_SHARED_TEXT_BYTES)


def shared_text(key: tuple, build: Callable[[], str]) -> str:
    """A text built once per ``key`` for all sessions (a corpus result as JSON for its download
    button, say: building it took 0.05 s of every view of the corpus page). ``key`` must name
    everything the text depends on."""
    return _texts.get(key, build)


def result_store(name: str) -> SharedResults:
    """The store that ``cached_run(..., store=name)`` uses with its default bounds."""
    return _result_store(name, MAX_STORED_RESULTS, MAX_STORED_BYTES)


@st.cache_resource
def _result_store(name: str, max_entries: int, max_bytes: int) -> SharedResults:
    """The store of results shared by all sessions for one ``name`` (see cached_run)."""
    return SharedResults(max_entries, max_bytes)


#: How many results cached_run keeps by default (least recently used dropped first).
MAX_STORED_RESULTS = 8
#: How long a session waits for another session's computation of the same result before computing
#: it itself (seconds).
WAIT_FOR_OTHERS = 600.0


def result_size(result: object) -> int:
    """The bytes a result takes, measured as its pickle (what the byte cap of the stores counts)."""
    try:
        return len(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # an unpicklable result counts as large, so it goes first
        return MAX_STORED_BYTES


def cached_run(key: tuple, label: str, fn: Callable[[Callable[[int, int], None]], T], *,
               store: str = "results", max_results: int = MAX_STORED_RESULTS, max_bytes: int | None = None) -> T:
    """``run_with_progress(label, fn)`` the first time ``key`` is asked for, then the stored result.

    A store held by st.cache_resource rather than st.cache_data: the progress bar is drawn
    outside the cached call, which st.cache_data cannot replay. ``key`` must name the files'
    contents (LoadedFile.key) and every setting the result depends on. Each ``store`` (a name)
    keeps its own ``max_results`` latest results within ``max_bytes`` (default MAX_STORED_BYTES),
    so one page's results do not push out another's. A result that another session is computing
    right now is waited for, not computed again (ten students opening one corpus compute it once).
    """
    shelf = _result_store(store, max_results, MAX_STORED_BYTES if max_bytes is None else max_bytes)

    def waiting(other: threading.Event) -> bool:
        with st.spinner(f"{label} (already under way, started by the page's files or another session; "
                        "waiting for its result)"):
            return other.wait(WAIT_FOR_OTHERS)

    return shelf.get(key, lambda: run_with_progress(label, fn), waiting)


def run_with_progress(label: str, fn: Callable[[Callable[[int, int], None]], T]) -> T:
    """Run ``fn(progress)`` with a progress bar that ``progress(done, total)`` moves."""
    bar = st.progress(0.0, text=label)

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 100) == 0:
            bar.progress(done / total if total else 1.0, text=f"{label} {done}/{total}")

    try:
        return fn(progress)
    finally:
        bar.empty()
