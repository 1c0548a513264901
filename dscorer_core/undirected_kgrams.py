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

from .dscorer.induction import Graph
from .dscorer.ngram_comparison import reverse_partners
from .dscorer.ngram_counts import Path
from .dscorer.paths import path_text

__all__ = ["undirected_counts"]


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
