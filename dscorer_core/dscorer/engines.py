"""Choosing an n-gram engine, and the guard that refuses a graph with too many k-grams.

``count_ngrams`` is what scoring calls: it checks ``path_bound`` against the cap, then
runs the ``reference`` engine (``paths``) or the default ``fast`` one (``fast_engine``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..clauses import Drs
from ..errors import NgramExplosion
from .arrays import arrays_from_graph
from .fast_engine import count_fast, path_bounds
from .induction import Graph
from .ngram_counts import NgramCounts
from .paths import count_reference

__all__ = ["ENGINES", "DEFAULT_MAX_NGRAMS", "count_ngrams", "path_bound", "check_explosion", "drs_name"]

#: Default cap on the k-grams one graph may have at any one order, checked on ``path_bound``
#: before counting.  At the cap the fast engine peaks near 1 GB for a pair; a 341-sentence
#: PMB document under the ``released`` preset (7.3 million) is still accepted.
DEFAULT_MAX_NGRAMS = 10_000_000


def path_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams of every order 1..k (the largest), far tighter
    than ``walk_bound``: walks that never use a self-loop nor step straight back."""
    return int(path_bounds(arrays_from_graph(graph), k)[0])


def drs_name(drs: Drs) -> str:
    """How an error names a DRS: its file, index and first line."""
    return f"{drs.source}, DRS {drs.index} (line {drs.line})"


def check_explosion(graph: Graph, order: int, max_ngrams: int | None, where: str = "",
                    advice: str | None = None) -> None:
    """Raise NgramExplosion before enumerating when a graph could exceed the cap."""
    if max_ngrams is None:
        return
    bound = path_bound(graph, order)
    if bound > max_ngrams:
        where = where or drs_name(graph.drs)
        raise (NgramExplosion(where, order, bound, max_ngrams) if advice is None else
               NgramExplosion(where, order, bound, max_ngrams, advice))



ENGINES: dict[str, Callable[[Graph, int], NgramCounts]] = {
    "reference": count_reference,
    "fast": count_fast,
}


def count_ngrams(graph: Graph, order: int = 4, engine: str = "fast",
                 max_ngrams: int | None = DEFAULT_MAX_NGRAMS) -> NgramCounts:
    """Count the k-grams of a graph for k = 1..order with the chosen engine.

    Raises NgramExplosion (naming the DRS and the bound) before any work when the
    number of order-k walks exceeds ``max_ngrams``.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    check_explosion(graph, order, max_ngrams)
    return ENGINES[engine](graph, order)

