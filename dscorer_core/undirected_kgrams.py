"""k-gram occurrences with a path and its reverse counted once, for lists a person reads.

Reverse edges (``~``, docs/metric.md) double the relations of a graph, so every path whose edges
all have reverse partners is there twice, once read each way (``B Theme-A1 X`` and
``X Theme-A1~ B``). The metric counts both; a list of what a parser gets wrong would name each
error twice. Here each such pair of paths counts once, under the text read with fewer reverse
edges (for a 1-gram, the forward one); a path with an edge that has no reverse (``B REF X`` in
``released``) counts as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .ngrams.induction import Graph
from .ngrams.ngram_comparison import reverse_partners
from .ngrams.ngram_counts import Path
from .ngrams.paths import path_text


def _reverse(path: Path, partners: Sequence[int | None]) -> Path | None:
    back = [partners[e] for e in reversed(path.edges)]
    if any(e is None for e in back):
        return None
    return Path(tuple(reversed(path.nodes)), tuple(e for e in back if e is not None))


def undirected_counts(graph: Graph, occurrences: Mapping[str, Sequence[Path]]) -> Counter[str]:
    """How often each k-gram text occurs when a path and its reverse path count once (under the
    text with fewer reverse edges, then the smaller text); ``occurrences`` maps each text of
    ``graph`` to its paths (``dscorer.ngram_comparison.occurrences``)."""
    partners = reverse_partners(graph)
    counts: Counter[str] = Counter()
    for text, paths in occurrences.items():
        for path in paths:
            back = _reverse(path, partners)
            if back is None:
                counts[text] += 1
                continue
            mine = sum(graph.edges[e].reversed for e in path.edges)
            theirs = len(path.edges) - mine  # a partner runs the other way: reversed flips on every edge
            if mine < theirs or (mine == theirs and (text, path.edges) < (path_text(graph, back), back.edges)):
                counts[text] += 1
    return counts


def undirected_kgram_counts(graph: Graph, orders: Sequence[int]) -> dict[int, Counter[str]]:
    """``undirected_counts`` of every k in ``orders`` from one walk of the graph's simple paths:
    no path objects, one text per distinct k-gram (what the error analysis of a corpus needs)."""
    wanted = set(orders)
    deepest = max(wanted, default=0)
    by_key: dict[int, Counter[tuple[str, ...]]] = {k: Counter() for k in wanted}
    ties: dict[int, Counter[str]] = {k: Counter() for k in wanted}  # as many reverse edges either way
    partners = reverse_partners(graph)
    node_label = [n.label for n in graph.nodes]
    edge_label = [e.label for e in graph.edges]
    reversed_edge = [e.reversed for e in graph.edges]
    out = [[(e.id, e.target) for e in edges] for edges in graph.out_edges]
    nodes: list[int] = []
    edges: list[int] = []
    labels: list[str] = []

    def tie_wins() -> bool:
        """A path with as many reverse edges as its reverse path: does its reading come first?"""
        back_edges = [partners[e] or 0 for e in reversed(edges)]  # every edge has a partner here
        back = [node_label[nodes[-1]]]
        for e, n in zip(back_edges, reversed(nodes[:-1])):
            back += [edge_label[e], node_label[n]]
        return (" ".join(labels), tuple(edges)) < (" ".join(back), tuple(back_edges))

    def grow(mine: int, both_ways: bool) -> None:
        k = len(edges)
        if k in wanted:
            if not both_ways or 2 * mine < k:
                by_key[k][tuple(labels)] += 1
            elif 2 * mine == k and tie_wins():
                ties[k][" ".join(labels)] += 1
        if k == deepest:
            return
        for e, target in out[nodes[-1]]:
            if target in nodes:
                continue
            nodes.append(target)
            edges.append(e)
            labels.append(edge_label[e])
            labels.append(node_label[target])
            grow(mine + reversed_edge[e], both_ways and partners[e] is not None)
            del labels[-2:]
            edges.pop()
            nodes.pop()

    for start in range(len(node_label)):
        nodes.append(start)
        labels.append(node_label[start])
        grow(0, True)
        labels.pop()
        nodes.pop()
    result: dict[int, Counter[str]] = {}
    for k in wanted:
        counts = ties[k]
        for key, n in by_key[k].items():
            counts[" ".join(key)] += n
        result[k] = counts
    return result
