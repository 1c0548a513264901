"""Choosing an n-gram engine, and the guard that refuses a graph with too many k-grams.

``count_ngrams`` is what scoring calls: it checks ``path_bound`` against the cap, then
runs the ``reference`` engine (``paths``), the default ``fast`` one (``fast_engine``) or
``walks`` (``walk_engine``: by label sequence, for long documents).  The corpus path
(``batch``) counts with ``fast`` a pair whose paths it can enumerate cheaply and with
``walks`` a bigger one (``WALKS_FROM``).
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
from .walk_engine import count_walks

__all__ = ["ENGINES", "DEFAULT_MAX_NGRAMS", "WALKS_FROM", "WALKS_PER_EDGE", "count_ngrams", "path_bound",
           "check_explosion", "drs_name", "uses_walks"]

#: Default cap on the k-grams one graph may have at any one order, checked on ``path_bound``
#: before counting.  A pair this big is counted by label sequence (``walks``), whose memory
#: follows the distinct label sequences, not the paths: a 1,000-sentence PMB document under
#: the ``released`` preset (a bound of 70 million) is accepted and scored in about a second.
DEFAULT_MAX_NGRAMS = 100_000_000

#: The default engine counts a pair by label sequence (``walks``) when the bounds of its two
#: graphs add up to more than WALKS_FROM and to more than WALKS_PER_EDGE paths per edge (hubs
#: make many paths spell few label sequences), and enumerates its paths (``fast``) otherwise.
#: Measured (docs/benchmarks.md): under ``released`` walks are 1.3 times quicker at 80 joined PMB
#: sentences (139 per edge), about the same at 40 (118 per edge, a bound under WALKS_FROM);
#: under ``typed`` (at most 106 per edge) enumeration stays 1.8 to 2.2 times quicker.
WALKS_FROM = 500_000
WALKS_PER_EDGE = 120


def path_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams of every order 1..k (the largest), far tighter
    than ``walk_bound``: walks that never use a self-loop nor step straight back."""
    return int(path_bounds(arrays_from_graph(graph), k)[0])


def drs_name(drs: Drs) -> str:
    """How an error names a DRS: its file, index and first line."""
    return f"{drs.source}, DRS {drs.index} (line {drs.line})"


def check_explosion(graph: Graph, order: int, max_ngrams: int | None, where: str = "") -> None:
    """Raise NgramExplosion before enumerating when a graph could exceed the cap."""
    if max_ngrams is None:
        return
    bound = path_bound(graph, order)
    if bound > max_ngrams:
        raise NgramExplosion(where or drs_name(graph.drs), order, bound, max_ngrams)



ENGINES: dict[str, Callable[[Graph, int], NgramCounts]] = {
    "reference": count_reference,
    "fast": count_fast,
    "walks": count_walks,
}


def uses_walks(engine: str, pair_bound: float, pair_edges: int, order: int) -> bool:
    """Whether a pair whose graphs' bounds add up to ``pair_bound`` (with ``pair_edges`` edges) is
    counted by label sequence: always under ``walks``; under ``fast`` when the bound is above
    WALKS_FROM and WALKS_PER_EDGE per edge (orders up to 4 only)."""
    if order > 4 or engine not in ("fast", "walks"):
        return False
    return engine == "walks" or (pair_bound > WALKS_FROM and pair_bound > WALKS_PER_EDGE * pair_edges)


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

