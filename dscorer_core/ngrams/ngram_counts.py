"""The n-gram multisets of a graph (docs/metric.md, "n-grams"), whichever engine counted them.

A k-gram is a path of k edges that never visits a node twice; its identity is the
alternating sequence of node labels and edge labels.  ``NgramCounts`` holds one table
per order; tables of the same engine compare with ``matched`` (clipped counts).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Protocol


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

    def matched(self, other: KgramTable) -> int:
        """sum over distinct k-grams of min(count here, count there)."""
        ...


class CounterTable:
    """A k-gram multiset keyed by label tuples (the reference engine's table)."""

    __slots__ = ("counts", "total")

    def __init__(self, counts: Counter):
        self.counts = counts
        self.total = sum(counts.values())

    def matched(self, other: KgramTable) -> int:
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

