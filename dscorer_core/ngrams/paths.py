"""The reference n-gram engine: simple paths of k edges enumerated as docs/metric.md defines them.

It is the oracle the fast engine is tested against, and what the app uses to list the
occurrences of one k-gram (``ngram_occurrences``, ``enumerate_paths``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .induction import Graph
from .ngram_counts import CounterTable, NgramCounts, Path


def walk_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams: the number of walks of k edges."""
    per_node = [1] * len(graph.nodes)
    for _ in range(k):
        per_node = [sum(per_node[e.target] for e in out) for out in graph.out_edges]
    return sum(per_node)



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


def count_reference(graph: Graph, order: int) -> NgramCounts:
    """The spec's definition, enumerated: one Counter of label tuples per order."""
    counters: list[Counter[tuple[str, ...]]] = [Counter() for _ in range(order)]
    for k in range(1, order + 1):
        for p in enumerate_paths(graph, k):
            counters[k - 1][path_key(graph, p)] += 1
    return NgramCounts(order, graph.node_count, tuple(CounterTable(c) for c in counters), "reference")
