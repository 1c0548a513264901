"""Graph induction: a DRS becomes the typed, edge-labelled graph of DSCORER (spec section 2).

Every node and edge keeps the indices of the clauses it came from, so any
n-gram occurrence can be traced back to clause lines (the app highlights with it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..clauses import Clause, Drs, box_arguments, is_constant
from .presets import Preset, get_preset

__all__ = ["Node", "Edge", "Graph", "induce_graph", "clause_edges", "NODE_TYPES"]

#: Type labels of variable nodes, in the order the typed preset tries them.
NODE_TYPES = ("B", "P", "E", "S", "T", "X")

REVERSE_MARK = "~"


@dataclass(frozen=True)
class Node:
    """A graph node: its label (type or constant text) and what it stands for."""

    id: int
    label: str
    name: str
    kind: str  # "box", "referent" or "constant"
    clauses: tuple[int, ...]

    @property
    def is_box(self) -> bool:
        return self.kind == "box"

    @property
    def is_constant(self) -> bool:
        return self.kind == "constant"


@dataclass(frozen=True)
class Edge:
    """A directed edge; a reverse edge has the same relation and ``reversed`` set."""

    id: int
    source: int
    target: int
    relation: str
    reversed: bool
    clause: int

    @property
    def label(self) -> str:
        """The edge label as it appears in n-gram text (``~`` marks a reverse edge)."""
        return self.relation + REVERSE_MARK if self.reversed else self.relation


@dataclass(frozen=True)
class Graph:
    """The graph of one DRS under one preset."""

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    drs: Drs
    preset: Preset

    @cached_property
    def out_edges(self) -> tuple[tuple[Edge, ...], ...]:
        """Outgoing edges per node id, in edge order."""
        out: list[list[Edge]] = [[] for _ in self.nodes]
        for e in self.edges:
            out[e.source].append(e)
        return tuple(tuple(x) for x in out)

    @property
    def node_count(self) -> int:
        """|N|, the size of the node set used by the 0-gram term."""
        return len(self.nodes)

    def clause_of(self, edge: Edge) -> Clause:
        return self.drs.clauses[edge.clause]


def clause_edges(clause: Clause, preset: "str | Preset" = "released") -> list[tuple[str, str, str]]:
    """The forward edges one clause contributes, as (source token, relation, target token)."""
    preset = get_preset(preset)
    toks = clause.tokens
    if clause.is_concept:
        return [(toks[0], clause.concept_label, toks[3])]
    rel = toks[1]
    if preset.reverse_edges == "not-upper" and rel == "EQU":
        rel = "Equ"
    if len(toks) == 3:
        return [(toks[0], rel, toks[2])]
    return [(toks[0], f"{rel}-A1", toks[2]), (toks[2], f"{rel}-A2", toks[3])]


#: A concept clause already merged, as the released code expects: ``b run.v.01 e``.
_MERGED_CONCEPT = re.compile(r"^[^\sA-Z\"].*\.([nvars])\.\d+$")


def _concept_parts(c: Clause) -> tuple[str, str, str] | None:
    """(label, part of speech, referent) of a concept clause, merged (3 tokens) or not."""
    if c.is_concept:
        return c.concept_label, c.pos or "", c.args[1]
    if len(c.tokens) == 3 and not is_constant(c.args[0]):
        m = _MERGED_CONCEPT.match(c.relation)
        if m:
            return c.relation, m.group(1), c.args[0]
    return None


def _structural_types(drs: Drs) -> dict[str, str]:
    """Type each variable of a DRS from where it occurs (B, P, E, S, T, X)."""
    found: dict[str, set[str]] = {}

    def mark(var: str, t: str) -> None:
        if not is_constant(var):
            found.setdefault(var, set()).add(t)

    for c in drs.clauses:
        mark(c.box, "B")
        for pos in box_arguments(c):
            mark(c.args[pos], "B")
        if c.relation == "PRP" and len(c.args) == 2:
            mark(c.args[0], "P")
        concept = _concept_parts(c)
        if concept:
            label, pos, ref = concept
            if pos == "v":
                mark(ref, "E")
            elif pos in ("a", "r", "s"):
                mark(ref, "S")
            elif label == "time.n.08":
                mark(ref, "T")
        for a in c.args:
            mark(a, "X")
    return {v: next(t for t in NODE_TYPES if t in ts) for v, ts in found.items()}


def induce_graph(drs: Drs, preset: "str | Preset" = "released") -> Graph:
    """Turn a DRS into its DSCORER graph under a preset (spec section 2)."""
    preset = get_preset(preset)
    structural = _structural_types(drs) if preset.node_types == "structure" else {}
    keys: dict[object, int] = {}
    node_data: list[list] = []  # [label, name, kind, clause indices]

    def node_for(token: str, clause_index: int, position: int) -> int:
        if is_constant(token):
            key: object = ("c", token) if preset.merge_constants else ("c", clause_index, position)
            label, kind = token, "constant"
        else:
            key = ("v", token)
            if preset.node_types == "structure":
                label = structural.get(token, "X")
            else:
                label = "B" if token.startswith("b") else "X"
            kind = "box" if label == "B" else "referent"
        nid = keys.get(key)
        if nid is None:
            nid = keys[key] = len(node_data)
            node_data.append([label, token, kind, []])
        if not node_data[nid][3] or node_data[nid][3][-1] != clause_index:
            node_data[nid][3].append(clause_index)
        return nid

    edges: list[Edge] = []
    for ci, clause in enumerate(drs.clauses):
        toks = clause.tokens
        # token positions of each edge's endpoints, for per-occurrence constants
        positions = [(0, 3)] if clause.is_concept else ([(0, 2)] if len(toks) == 3 else [(0, 2), (2, 3)])
        for (src_tok, rel, dst_tok), (sp, dp) in zip(clause_edges(clause, preset), positions):
            s = node_for(src_tok, ci, sp)
            t = node_for(dst_tok, ci, dp)
            edges.append(Edge(len(edges), s, t, rel, False, ci))
            if _has_reverse(rel, node_data[s][2], node_data[t][2], preset):
                edges.append(Edge(len(edges), t, s, rel, True, ci))
    nodes = tuple(Node(i, d[0], d[1], d[2], tuple(d[3])) for i, d in enumerate(node_data))
    return Graph(nodes, tuple(edges), drs, preset)


def _has_reverse(relation: str, source_kind: str, target_kind: str, preset: Preset) -> bool:
    if preset.reverse_edges == "not-upper":
        base = relation.rsplit("-A", 1)[0] if relation.endswith(("-A1", "-A2")) else relation
        return not base.isupper()
    return not (source_kind == "box" and target_kind == "box")
