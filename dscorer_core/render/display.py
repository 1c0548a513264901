"""Labels and tooltips of nodes and edges, as plain text (the app never renders them as HTML)."""

from __future__ import annotations

from dataclasses import dataclass

from ..dscorer.induction import Edge, Graph, Node
from .ngram_view import MATCHED, UNMATCHED, UNUSED

__all__ = ["NodeDisplay", "EdgeDisplay", "node_display", "edge_display"]


@dataclass(frozen=True)
class NodeDisplay:
    """How a node is shown: its visible label and its tooltip, both plain text."""

    label: str
    title: str


@dataclass(frozen=True)
class EdgeDisplay:
    """How an edge is shown: its visible label and its tooltip, both plain text."""

    label: str
    title: str


def _kind_text(node: Node) -> str:
    return {"box": "box", "referent": "referent", "constant": "constant"}.get(node.kind, node.kind)


def node_display(graph: Graph, node: Node, show_names: bool = False) -> NodeDisplay:
    """Visible label (type or constant, plus the variable name if asked) and a text tooltip
    that names the variable, its type and the clauses it occurs in."""
    if node.is_constant:
        label = node.label
        head = f"constant {node.label}"
    else:
        label = f"{node.label}\n{node.name}" if show_names else node.label
        head = f"{node.name}: type {node.label} ({_kind_text(node)})"
    lines = [head, "clauses:"]
    for ci in node.clauses[:12]:
        c = graph.drs.clauses[ci]
        lines.append(f"  line {c.line}: {c.text()}" if c.line else f"  {c.text()}")
    if len(node.clauses) > 12:
        lines.append(f"  ... and {len(node.clauses) - 12} more")
    return NodeDisplay(label, "\n".join(lines))


def edge_display(graph: Graph, edge: Edge, status: str | None = None,
                 counts: tuple[int, int] | None = None) -> EdgeDisplay:
    """Visible label (the relation, ``~`` on a reverse edge) and a text tooltip with the clause
    (and, given ``counts``, on how many matched / unmatched k-gram occurrences the edge lies)."""
    c = graph.drs.clauses[edge.clause]
    src, dst = graph.nodes[edge.source], graph.nodes[edge.target]
    lines = [f"{edge.label}: {src.name} -> {dst.name}" + (" (reverse edge)" if edge.reversed else ""),
             f"clause{f' (line {c.line})' if c.line else ''}: {c.text()}"]
    if status:
        lines.append({MATCHED: "on a matched k-gram", UNMATCHED: "only on unmatched k-grams",
                      UNUSED: "on no k-gram of this order"}.get(status, status))
    if counts:
        lines.append(f"k-gram occurrences through it: {counts[0]} matched, {counts[1]} unmatched")
        if sum(counts):
            lines.append(f"matched share: {100 * counts[0] / sum(counts):.0f} %")
    return EdgeDisplay(edge.label, "\n".join(lines))
