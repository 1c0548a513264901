"""DSCORER graphs as integer arrays, the input of the fast n-gram engine (spec section 2).

``arrays_from_graph`` reads an induced ``Graph``.  ``arrays_from_drss`` builds the
same arrays straight from clauses, for many DRSs at once, without creating Node
and Edge objects (that is most of the time of scoring a corpus); the tests check
it against ``induce_graph`` on every PMB file.  Labels are interned as
process-wide integer ids, so arrays built at different times compare.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .clauses import _SENSE, Drs
from .graph import NODE_TYPES, REVERSE_MARK, Graph, induce_graph
from .presets import Preset, get_preset
from .signature import BOX_OPERATORS

__all__ = ["GraphBatch", "label_id", "label_text", "arrays_from_graph", "arrays_from_drss"]

_LABEL_IDS: dict[str, int] = {}
_LABELS: list[str] = []
_INTERN_LOCK = threading.Lock()

_TYPE_BITS = {t: 1 << i for i, t in enumerate(NODE_TYPES)}
_TYPE_OF_MASK = tuple(
    next((t for t in NODE_TYPES if mask & _TYPE_BITS[t]), "X") for mask in range(1 << len(NODE_TYPES)))


def label_id(label: str) -> int:
    """The process-wide integer id of a node or edge label (interned on first use)."""
    found = _LABEL_IDS.get(label)
    if found is None:
        with _INTERN_LOCK:
            found = _LABEL_IDS.get(label)
            if found is None:
                found = len(_LABELS)
                _LABELS.append(label)
                _LABEL_IDS[label] = found
    return found


def label_text(ident: int) -> str:
    """The label an id stands for."""
    return _LABELS[ident]


def label_count() -> int:
    """How many labels have been interned so far (every id is below it)."""
    return len(_LABELS)


@dataclass(frozen=True)
class GraphBatch:
    """One or more graphs as flat arrays; graph g owns nodes node_offsets[g]:node_offsets[g+1].

    Edge endpoints are indices into the batch's node array, so the batch is the
    disjoint union of its graphs: a path never leaves the graph it starts in.
    """

    node_labels: np.ndarray   # int64 label id per node
    edge_sources: np.ndarray  # int64 node index per edge
    edge_targets: np.ndarray  # int64 node index per edge
    edge_labels: np.ndarray   # int64 label id per edge (a reverse edge's label ends in "~")
    node_offsets: np.ndarray  # int64, len = graphs + 1
    edge_offsets: np.ndarray  # int64, len = graphs + 1

    @property
    def graph_count(self) -> int:
        return len(self.node_offsets) - 1

    @property
    def node_counts(self) -> np.ndarray:
        """|N| of every graph."""
        return np.diff(self.node_offsets)

    def graph_of_node(self) -> np.ndarray:
        return np.repeat(np.arange(self.graph_count), self.node_counts)

    def graph_of_edge(self) -> np.ndarray:
        return np.repeat(np.arange(self.graph_count), np.diff(self.edge_offsets))

    def select(self, first: int, stop: int) -> "GraphBatch":
        """Graphs first..stop-1 as a batch of their own."""
        n0, n1 = self.node_offsets[first], self.node_offsets[stop]
        e0, e1 = self.edge_offsets[first], self.edge_offsets[stop]
        return GraphBatch(self.node_labels[n0:n1], self.edge_sources[e0:e1] - n0,
                          self.edge_targets[e0:e1] - n0, self.edge_labels[e0:e1],
                          self.node_offsets[first:stop + 1] - n0, self.edge_offsets[first:stop + 1] - e0)


def _batch(node_labels: list[int], sources: list[int], targets: list[int], edge_labels: list[int],
           node_offsets: list[int], edge_offsets: list[int]) -> GraphBatch:
    as_array = lambda xs: np.array(xs, dtype=np.int64)  # noqa: E731 - one local helper
    return GraphBatch(as_array(node_labels), as_array(sources), as_array(targets), as_array(edge_labels),
                      as_array(node_offsets), as_array(edge_offsets))


def arrays_from_graph(graph: Graph) -> GraphBatch:
    """A batch of one graph, read from an induced Graph."""
    return _batch([label_id(n.label) for n in graph.nodes], [e.source for e in graph.edges],
                  [e.target for e in graph.edges], [label_id(e.label) for e in graph.edges],
                  [0, len(graph.nodes)], [0, len(graph.edges)])


def _is_constant(token: str) -> bool:
    return len(token) >= 2 and token[0] == '"' and token[-1] == '"'


def _is_concept(tokens: tuple[str, ...]) -> bool:
    return len(tokens) == 4 and not tokens[1].isupper() and _SENSE.match(tokens[2]) is not None


def _structural_labels(drs: Drs) -> dict[str, str]:
    """The typed preset's B P E S T X label of every variable (as graph._structural_types)."""
    masks: dict[str, int] = {}
    B, P, E, S, T, X = (_TYPE_BITS[t] for t in NODE_TYPES)
    for clause in drs.clauses:
        toks = clause.tokens
        marks = [(toks[0], B)]
        rel, args = toks[1], toks[2:]
        if rel in BOX_OPERATORS:
            marks += [(a, B) for a in args]
        elif rel == "PRP" and len(args) == 2:
            marks += [(args[1], B), (args[0], P)]
        if _is_concept(toks):
            pos = toks[2][1]
            if pos == "v":
                marks.append((toks[3], E))
            elif pos in "ars":
                marks.append((toks[3], S))
            elif toks[1] == "time" and toks[2] == '"n.08"':
                marks.append((toks[3], T))
        marks += [(a, X) for a in args]
        for var, bit in marks:
            if not _is_constant(var):
                masks[var] = masks.get(var, 0) | bit
    return {var: _TYPE_OF_MASK[mask] for var, mask in masks.items()}


def _understood(preset: Preset) -> bool:
    return (preset.node_types in ("name", "structure") and preset.reverse_edges in ("not-upper", "not-box-box"))


def arrays_from_drss(drss: Sequence[Drs], preset: "str | Preset" = "released") -> GraphBatch:
    """The graphs of many DRSs as one batch, identical to inducing each with ``induce_graph``."""
    preset = get_preset(preset)
    if not _understood(preset):
        graphs = [arrays_from_graph(induce_graph(d, preset)) for d in drss]
        return _concatenate(graphs)
    structural = preset.node_types == "structure"
    by_name = preset.reverse_edges == "not-upper"
    merge = preset.merge_constants
    node_labels: list[int] = []
    sources: list[int] = []
    targets: list[int] = []
    edge_labels: list[int] = []
    node_offsets, edge_offsets = [0], [0]
    box_label = label_id("B")
    name_labels = {"B": box_label, "X": label_id("X")}
    rel_ids: dict[str, tuple[int, int, bool]] = {}  # relation -> (id, reverse id, upper-case)

    def relation(rel: str) -> tuple[int, int, bool]:
        found = rel_ids.get(rel)
        if found is None:
            base = rel.rsplit("-A", 1)[0] if rel.endswith(("-A1", "-A2")) else rel
            found = rel_ids[rel] = (label_id(rel), label_id(rel + REVERSE_MARK), base.isupper())
        return found

    for drs in drss:
        types = _structural_labels(drs) if structural else None
        nodes: dict[object, int] = {}

        def node(token: str, clause_index: int, position: int) -> int:
            if _is_constant(token):
                key: object = token if merge else (clause_index, position)
                found = nodes.get(key)
                if found is None:
                    found = nodes[key] = len(node_labels)
                    node_labels.append(label_id(token))
                return found
            found = nodes.get(token)
            if found is None:
                found = nodes[token] = len(node_labels)
                if types is not None:
                    node_labels.append(label_id(types.get(token, "X")))
                else:
                    node_labels.append(name_labels["B" if token.startswith("b") else "X"])
            return found

        def edge(s: int, t: int, rel: str) -> None:
            ident, reverse, upper = relation(rel)
            sources.append(s)
            targets.append(t)
            edge_labels.append(ident)
            if by_name:
                has_reverse = not upper
            else:  # a constant keeps its quotes, so only box variables are labelled B
                has_reverse = not (node_labels[s] == box_label == node_labels[t])
            if has_reverse:
                sources.append(t)
                targets.append(s)
                edge_labels.append(reverse)

        for ci, clause in enumerate(drs.clauses):
            toks = clause.tokens
            if _is_concept(toks):
                pairs = [(toks[0], 0, f"{toks[1]}.{toks[2][1:-1]}", toks[3], 3)]
            else:
                rel = "Equ" if by_name and toks[1] == "EQU" else toks[1]
                if len(toks) == 3:
                    pairs = [(toks[0], 0, rel, toks[2], 2)]
                else:
                    pairs = [(toks[0], 0, f"{rel}-A1", toks[2], 2), (toks[2], 2, f"{rel}-A2", toks[3], 3)]
            for src, sp, rel, dst, dp in pairs:
                edge(node(src, ci, sp), node(dst, ci, dp), rel)
        node_offsets.append(len(node_labels))
        edge_offsets.append(len(sources))
    return _batch(node_labels, sources, targets, edge_labels, node_offsets, edge_offsets)


def _concatenate(batches: Sequence[GraphBatch]) -> GraphBatch:
    """Several batches as one (node indices shifted)."""
    if not batches:
        return _batch([], [], [], [], [0], [0])
    node_shift = np.cumsum([0] + [len(b.node_labels) for b in batches])
    edge_shift = np.cumsum([0] + [len(b.edge_sources) for b in batches])
    return GraphBatch(
        np.concatenate([b.node_labels for b in batches]),
        np.concatenate([b.edge_sources + s for b, s in zip(batches, node_shift)]),
        np.concatenate([b.edge_targets + s for b, s in zip(batches, node_shift)]),
        np.concatenate([b.edge_labels for b in batches]),
        np.concatenate([[0]] + [b.node_offsets[1:] + s for b, s in zip(batches, node_shift)]),
        np.concatenate([[0]] + [b.edge_offsets[1:] + s for b, s in zip(batches, edge_shift)]))
