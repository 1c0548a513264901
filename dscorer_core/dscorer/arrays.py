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

from ..clause_format import BOX_OPERATORS
from ..clauses import SENSE_PATTERN, Drs
from .induction import NODE_TYPES, REVERSE_MARK, Graph, induce_graph
from .presets import Preset, get_preset

__all__ = ["GraphBatch", "label_id", "label_text", "label_count", "arrays_from_graph", "arrays_from_drss"]

_LABEL_IDS: dict[str, int] = {}
_LABELS: list[str] = []
_INTERN_LOCK = threading.Lock()


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


def _understood(preset: Preset) -> bool:
    """Whether arrays_from_drss knows the preset's knobs (other presets go through induce_graph)."""
    return (preset.node_types in ("name", "structure") and preset.reverse_edges in ("not-upper", "not-box-box"))


# type bits of the typed preset, in NODE_TYPES order (B P E S T X): the lowest set bit wins
_B, _P, _E, _S, _T = (1 << i for i in range(5))
_POS_BITS = {"v": _E, "a": _S, "r": _S, "s": _S}
_TYPE_OF_MASK = tuple(NODE_TYPES[(m & -m).bit_length() - 1] if m else "X" for m in range(1 << 5))


def arrays_from_drss(drss: Sequence[Drs], preset: "str | Preset" = "released") -> GraphBatch:
    """The graphs of many DRSs as one batch, identical to inducing each with ``induce_graph``.

    One pass over the clauses makes the nodes (typed variables get their type at
    the end of their DRS) and the forward edges; numpy then adds the reverse edges
    right after their forward edge, as ``induce_graph`` orders them.
    """
    preset = get_preset(preset)
    if not _understood(preset):
        return _concatenate([arrays_from_graph(induce_graph(d, preset)) for d in drss])
    structural = preset.node_types == "structure"
    by_name = preset.reverse_edges == "not-upper"
    merge = preset.merge_constants
    node_labels: list[int] = []  # -1 for a typed variable until its DRS is read
    sources: list[int] = []
    targets: list[int] = []
    relations: list[int] = []  # index into relation_labels
    relation_index: dict[str, int] = {}
    relation_labels: list[tuple[int, int, bool]] = []  # (label id, reverse label id, upper-case)
    node_offsets, edge_offsets = [0], [0]
    name_label = {True: label_id("B"), False: label_id("X")}
    type_label = [label_id(t) for t in _TYPE_OF_MASK]

    def relation(name: str) -> int:
        found = relation_index.get(name)
        if found is None:
            base = name.rsplit("-A", 1)[0] if name.endswith(("-A1", "-A2")) else name
            found = relation_index[name] = len(relation_labels)
            relation_labels.append((label_id(name), label_id(name + REVERSE_MARK), base.isupper()))
        return found

    for drs in drss:
        nodes: dict[object, int] = {}
        masks: dict[str, int] = {}
        variables: list[tuple[int, str]] = []

        def node(token: str, clause_index: int, position: int) -> int:
            if len(token) >= 2 and token[0] == '"' and token[-1] == '"':
                key: object = token if merge else (clause_index, position)
                found = nodes.get(key)
                if found is None:
                    found = nodes[key] = len(node_labels)
                    node_labels.append(label_id(token))
                return found
            found = nodes.get(token)
            if found is None:
                found = nodes[token] = len(node_labels)
                if structural:
                    node_labels.append(-1)
                    variables.append((found, token))
                else:
                    node_labels.append(name_label[token.startswith("b")])
            return found

        def mark(token: str, bit: int) -> None:
            if not (len(token) >= 2 and token[0] == '"' and token[-1] == '"'):
                masks[token] = masks.get(token, 0) | bit

        for ci, clause in enumerate(drs.clauses):
            toks = clause.tokens
            box, rel = toks[0], toks[1]
            b = node(box, ci, 0)
            if len(toks) == 4 and not rel.isupper() and SENSE_PATTERN.match(toks[2]):
                sense = toks[2][1:-1]
                ref = toks[3]
                sources.append(b)
                targets.append(node(ref, ci, 3))
                relations.append(relation(f"{rel}.{sense}"))
                if structural:
                    mark(box, _B)
                    bit = _POS_BITS.get(sense[0], _T if (rel == "time" and sense == "n.08") else 0)
                    if bit:
                        mark(ref, bit)
                continue
            if by_name and rel == "EQU":
                rel = "Equ"
            first = toks[2]
            a = node(first, ci, 2)
            sources.append(b)
            targets.append(a)
            if len(toks) == 3:
                relations.append(relation(rel))
            else:
                relations.append(relation(rel + "-A1"))
                second = toks[3]
                sources.append(a)
                targets.append(node(second, ci, 3))
                relations.append(relation(rel + "-A2"))
            if structural:
                mark(box, _B)
                if toks[1] in BOX_OPERATORS:
                    for arg in toks[2:]:
                        mark(arg, _B)
                elif toks[1] == "PRP" and len(toks) == 4:
                    mark(toks[3], _B)
                    mark(toks[2], _P)
        for index, token in variables:
            node_labels[index] = type_label[masks.get(token, 0)]
        node_offsets.append(len(node_labels))
        edge_offsets.append(len(sources))
    return _with_reverse_edges(node_labels, sources, targets, relations, relation_labels,
                               node_offsets, edge_offsets, by_name)


def _with_reverse_edges(node_labels: list[int], sources: list[int], targets: list[int], relations: list[int],
                        relation_labels: list[tuple[int, int, bool]], node_offsets: list[int],
                        forward_offsets: list[int], by_name: bool) -> GraphBatch:
    """The batch of forward edges plus each reverse edge right after its forward edge."""
    labels = np.array(node_labels, dtype=np.int64)
    fs, ft = np.array(sources, dtype=np.int64), np.array(targets, dtype=np.int64)
    rel = np.array(relations, dtype=np.int64)
    info = np.array(relation_labels, dtype=np.int64).reshape(-1, 3)
    if by_name:
        reverse = info[rel, 2] == 0
    else:
        box = labels == label_id("B")  # a constant keeps its quotes, so only box variables are B
        reverse = ~(box[fs] & box[ft])
    width = 1 + reverse
    ends = np.cumsum(width)
    at = ends - width
    total = int(ends[-1]) if len(ends) else 0
    es, et, el = (np.empty(total, dtype=np.int64) for _ in range(3))
    es[at], et[at], el[at] = fs, ft, info[rel, 0]
    back = at[reverse] + 1
    es[back], et[back], el[back] = ft[reverse], fs[reverse], info[rel[reverse], 1]
    offsets = np.concatenate([[0], ends])[np.array(forward_offsets, dtype=np.int64)]
    return GraphBatch(labels, es, et, el, np.array(node_offsets, dtype=np.int64), offsets)


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
