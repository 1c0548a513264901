"""Session state and caching of the app, in one place.

Policy: derived results are cached per content key (a LoadedFile.key or the Drs objects
themselves) and settings; every cache is bounded in entries (see the maxsize and
MAX_STORED_RESULTS values below); widget values that must survive a page switch are listed in
PERSISTENT_KEYS. Nothing else keeps state across reruns."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable

import streamlit as st

from dscorer_core import (
    CounterPair,
    CounterResult,
    CounterSettings,
    Drs,
    Graph,
    PairResult,
    ScoreSettings,
    counter_corpus,
    counter_pair,
    score_pair,
)
from dscorer_core.render import Layout, NgramComparison, compare_ngrams, shared_layout

from .files import LoadedFile

__all__ = ["PERSISTENT_KEYS", "keep_widget_state", "cached_pair_score", "cached_counter_pair", "cached_layout",
           "cached_comparison", "MAX_STORED_RESULTS", "cached_run", "cached_counter_corpus", "run_with_progress"]

#: Session keys of widgets whose value should survive a page switch.
PERSISTENT_KEYS = ("src_pred", "src_gold", "sample_pred", "sample_gold", "path_pred", "path_gold",
                   "preset", "order", "w0", "show_names", "k", "show_reverse", "conv_preset", "conv_order",
                   "conv_w0", "conv_show_names", "conv_show_reverse", "with_counter", "corpus_counter",
                   "corpus_disagree_by", "corpus_disagree_n")


def keep_widget_state() -> None:
    """Re-assign persistent widget values so they survive a switch between pages."""
    for key in PERSISTENT_KEYS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


@functools.lru_cache(maxsize=8)
def cached_pair_score(pred: Drs, gold: Drs, settings: ScoreSettings) -> PairResult:
    """score_pair, remembered per pair and settings, so a widget change does not rescore."""
    return score_pair(pred, gold, settings)


@functools.lru_cache(maxsize=8)
def cached_counter_pair(pred: Drs, gold: Drs, settings: CounterSettings | None = None,
                        index: int | None = None) -> CounterPair:
    """counter_pair, remembered per pair and settings (its search can take seconds on big DRSs)."""
    return counter_pair(pred, gold, settings, index=index)


@functools.lru_cache(maxsize=32)
def cached_layout(pred: Graph, gold: Graph, mapping: tuple[tuple[str, str], ...] | None = None) -> Layout:
    """shared_layout, remembered per pair of graphs and variable mapping (pred -> gold pairs, e.g.
    COUNTER's; None pairs variables by name)."""
    return shared_layout(pred, gold, mapping=dict(mapping) if mapping is not None else None)


@functools.lru_cache(maxsize=4)  # occurrence lists of big graphs are large
def cached_comparison(pred: Graph, gold: Graph, k: int) -> NgramComparison:
    """compare_ngrams, remembered per pair of graphs and order."""
    return compare_ngrams(pred, gold, k)


@st.cache_resource
def _result_store(name: str = "results") -> dict:
    """A store of results shared by all sessions, one per ``name`` (see cached_run)."""
    return {"results": OrderedDict(), "lock": threading.Lock()}


#: How many results cached_run keeps by default (least recently used dropped first).
MAX_STORED_RESULTS = 8


def cached_run(key: tuple, label: str, fn: Callable[[Callable[[int, int], None]], object], *,
               store: str = "results", max_results: int = MAX_STORED_RESULTS):
    """``run_with_progress(label, fn)`` the first time ``key`` is asked for, then the stored result.

    A store held by st.cache_resource rather than st.cache_data: the progress bar is drawn
    outside the cached call, which st.cache_data cannot replay. ``key`` must name the files'
    contents (LoadedFile.key) and every setting the result depends on. Each ``store`` (a name)
    keeps its own ``max_results`` latest results, so one page's results do not push out another's.
    """
    shelf = _result_store(store)
    with shelf["lock"]:
        if key in shelf["results"]:
            shelf["results"].move_to_end(key)
            return shelf["results"][key]
    result = run_with_progress(label, fn)
    with shelf["lock"]:
        shelf["results"][key] = result
        while len(shelf["results"]) > max_results:
            shelf["results"].popitem(last=False)
    return result


def cached_counter_corpus(pred: LoadedFile, gold: LoadedFile, settings: CounterSettings) -> CounterResult:
    """counter_corpus of a loaded pair of files, with a progress bar the first time (cached on the
    files' contents and the COUNTER settings)."""
    return cached_run(("counter", pred.key, gold.key, settings), f"COUNTER: matching {len(gold.drss)} documents...",
                      lambda progress: counter_corpus(list(pred.drss), list(gold.drss), settings, progress=progress))


def run_with_progress(label: str, fn: Callable[[Callable[[int, int], None]], object]):
    """Run ``fn(progress)`` with a progress bar that ``progress(done, total)`` moves."""
    bar = st.progress(0.0, text=label)

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 100) == 0:
            bar.progress(done / total if total else 1.0, text=f"{label} {done}/{total}")

    try:
        return fn(progress)
    finally:
        bar.empty()
