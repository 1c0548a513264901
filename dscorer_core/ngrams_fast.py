"""The default n-gram engine (placeholder: delegates to the reference engine)."""

from __future__ import annotations

from .graph import Graph
from .ngrams import NgramCounts, _count_reference


def count_fast(graph: Graph, order: int) -> NgramCounts:
    """Count k-grams for k = 1..order."""
    counts = _count_reference(graph, order)
    return NgramCounts(counts.order, counts.node_count, counts.tables, "fast")
