"""n-grams of a DSCORER graph: simple paths of k edges (spec section 3).

A k-gram is a path of k edges that never visits a node twice; its identity is
the alternating sequence of node labels and edge labels.  Counting is done by an
*engine*: ``reference`` enumerates the definition directly (the oracle);
``fast`` (see ``ngrams_fast``) is the default.  Both return an ``NgramCounts``
whose tables compare with ``matched`` (clipped counts).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator, Protocol

from .errors import NgramExplosion
from .graph import Graph

__all__ = [
    "Path",
    "KgramTable",
    "CounterTable",
    "NgramCounts",
    "count_ngrams",
    "enumerate_paths",
    "path_key",
    "path_text",
    "ngram_occurrences",
    "walk_bound",
    "path_bound",
    "check_explosion",
    "drs_name",
    "ENGINES",
    "DEFAULT_MAX_NGRAMS",
]

#: Default cap on the k-grams one graph may have at any one order, checked on ``path_bound``
#: before counting.  At the cap the fast engine peaks near 1 GB for a pair; a 341-sentence
#: PMB document under the ``released`` preset (7.3 million) is still accepted.
DEFAULT_MAX_NGRAMS = 10_000_000


@dataclass(frozen=True)
class Path:
    """One n-gram occurrence: the node ids it visits and the edge ids it follows."""

    nodes: tuple[int, ...]
    edges: tuple[int, ...]

    @property
    def order(self) -> int:
        return len(self.edges)


class KgramTable(Protocol):
    """The multiset of one order's k-grams of one graph."""

    total: int

    def matched(self, other: "KgramTable") -> int:
        """sum over distinct k-grams of min(count here, count there)."""
        ...


class CounterTable:
    """A k-gram multiset keyed by label tuples (the reference engine's table)."""

    __slots__ = ("counts", "total")

    def __init__(self, counts: Counter):
        self.counts = counts
        self.total = sum(counts.values())

    def matched(self, other: "KgramTable") -> int:
        if not isinstance(other, CounterTable):
            raise TypeError("both sides must be counted by the same engine")
        small, large = (self.counts, other.counts) if len(self.counts) <= len(other.counts) \
            else (other.counts, self.counts)
        return sum(min(c, large[g]) for g, c in small.items() if g in large)


@dataclass(frozen=True)
class NgramCounts:
    """All k-gram multisets (k = 1..order) of one graph, plus its node count."""

    order: int
    node_count: int
    tables: tuple[KgramTable, ...]
    engine: str

    def total(self, k: int) -> int:
        """How many k-grams (with repeats) the graph has; k >= 1."""
        return self.tables[k - 1].total


def walk_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams: the number of walks of k edges."""
    per_node = [1] * len(graph.nodes)
    for _ in range(k):
        per_node = [sum(per_node[e.target] for e in out) for out in graph.out_edges]
    return sum(per_node)


def path_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams of every order 1..k (the largest), far tighter
    than ``walk_bound``: walks that never use a self-loop nor step straight back."""
    from .graph_arrays import arrays_from_graph
    from .ngrams_fast import path_bounds

    return int(path_bounds(arrays_from_graph(graph), k)[0])


def drs_name(drs) -> str:
    """How an error names a DRS: its file, index and first line."""
    return f"{drs.source}, DRS {drs.index} (line {drs.line})"


def check_explosion(graph: Graph, order: int, max_ngrams: int | None, where: str = "") -> None:
    """Raise NgramExplosion before enumerating when a graph could exceed the cap."""
    if max_ngrams is None:
        return
    bound = path_bound(graph, order)
    if bound > max_ngrams:
        raise NgramExplosion(where or drs_name(graph.drs), order, bound, max_ngrams)


def enumerate_paths(graph: Graph, k: int, start: int | None = None) -> Iterator[Path]:
    """Every simple path of exactly k edges (from ``start`` only, if given), depth first."""
    out = graph.out_edges

    def grow(nodes: list[int], edges: list[int]) -> Iterator[Path]:
        if len(edges) == k:
            yield Path(tuple(nodes), tuple(edges))
            return
        for e in out[nodes[-1]]:
            if e.target not in nodes:
                nodes.append(e.target)
                edges.append(e.id)
                yield from grow(nodes, edges)
                nodes.pop()
                edges.pop()

    starts = range(len(graph.nodes)) if start is None else (start,)
    for s in starts:
        yield from grow([s], [])


def path_key(graph: Graph, path: Path) -> tuple[str, ...]:
    """The identity of an n-gram: node label, edge label, node label, ..."""
    key = [graph.nodes[path.nodes[0]].label]
    for e, n in zip(path.edges, path.nodes[1:]):
        key.append(graph.edges[e].label)
        key.append(graph.nodes[n].label)
    return tuple(key)


def path_text(graph: Graph, path: Path) -> str:
    """An n-gram as text, e.g. ``B play.v.03 E Theme-A2 X piano.n.01~ B``."""
    return " ".join(path_key(graph, path))


def ngram_occurrences(graph: Graph, k: int) -> dict[str, list[Path]]:
    """Every distinct k-gram's text with the paths where it occurs (for display)."""
    found: dict[str, list[Path]] = {}
    for p in enumerate_paths(graph, k):
        found.setdefault(path_text(graph, p), []).append(p)
    return found


def _count_reference(graph: Graph, order: int) -> NgramCounts:
    """The spec's definition, enumerated: one Counter of label tuples per order."""
    counters = [Counter() for _ in range(order)]
    for k in range(1, order + 1):
        for p in enumerate_paths(graph, k):
            counters[k - 1][path_key(graph, p)] += 1
    return NgramCounts(order, graph.node_count, tuple(CounterTable(c) for c in counters), "reference")


def _count_fast(graph: Graph, order: int) -> NgramCounts:
    from .ngrams_fast import count_fast

    return count_fast(graph, order)


ENGINES: dict[str, Callable[[Graph, int], NgramCounts]] = {
    "reference": _count_reference,
    "fast": _count_fast,
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
