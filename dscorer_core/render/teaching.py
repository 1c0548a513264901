"""Data for the teaching view: each clause with the edges it adds, and the k-grams from a node."""

from __future__ import annotations

from dataclasses import dataclass

from ..clauses import Drs
from ..dscorer.induction import Graph, clause_edges
from ..dscorer.ngram_counts import Path
from ..dscorer.paths import enumerate_paths, path_text
from ..dscorer.presets import Preset

__all__ = ["ClauseStep", "conversion_steps", "paths_from"]


@dataclass(frozen=True)
class ClauseStep:
    """One clause of the conversion walk-through and the forward edges it contributes."""

    index: int
    text: str
    kind: str
    edges: tuple[tuple[str, str, str], ...]


def conversion_steps(drs: Drs, preset: str | Preset = "typed") -> tuple[ClauseStep, ...]:
    """The clauses of a DRS, each with the forward edges it contributes (docs/metric.md, "The graph")."""
    return tuple(ClauseStep(i, c.text(), c.kind, tuple(clause_edges(c, preset)))
                 for i, c in enumerate(drs.clauses))


def paths_from(graph: Graph, start: int, k: int, limit: int = 500) -> tuple[tuple[str, Path], ...]:
    """The k-grams that start at node ``start`` (text and path), at most ``limit`` of them."""
    out = []
    for p in enumerate_paths(graph, k, start):
        out.append((path_text(graph, p), p))
        if len(out) >= limit:
            break
    return tuple(out)
