"""DSCORER graphs as integer arrays, the input of the fast n-gram engine (docs/metric.md, "The graph").

A ``GraphBatch`` is the array view of one or more ``induction.Induced`` records: the
disjoint union of their graphs, each forward edge followed by its reverse edge (if any),
exactly as ``induction.Graph`` numbers its edges, with label ids of one label table (graphs
induced against two tables are brought into the newer one by their labels' text).
``arrays_from_drss`` induces many DRSs and builds one batch without creating Node and Edge objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain

import numpy as np

from ..clauses import Drs
from .induction import Graph, Induced, induce
from .labels import LabelTable, current_table
from .presets import Preset, get_preset


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
    labels: LabelTable        # the table the label ids are ids of

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

    def select(self, first: int, stop: int) -> GraphBatch:
        """Graphs first..stop-1 as a batch of their own."""
        n0, n1 = self.node_offsets[first], self.node_offsets[stop]
        e0, e1 = self.edge_offsets[first], self.edge_offsets[stop]
        return GraphBatch(self.node_labels[n0:n1], self.edge_sources[e0:e1] - n0,
                          self.edge_targets[e0:e1] - n0, self.edge_labels[e0:e1],
                          self.node_offsets[first:stop + 1] - n0, self.edge_offsets[first:stop + 1] - e0,
                          self.labels)


def _array(values: Iterable[int]) -> np.ndarray:
    return np.fromiter(values, dtype=np.int64)


def _in_one_table(graphs: Sequence[Induced]) -> tuple[Sequence[Induced], LabelTable]:
    """The graphs with label ids of one table: the table they share, else the newest one's (the others'
    labels interned there by their text; rare: only when a table filled up between two graphs)."""
    tables = {id(g.labels): g.labels for g in graphs}
    if len(tables) <= 1:
        return graphs, graphs[0].labels if graphs else current_table()
    target = graphs[max(range(len(graphs)), key=lambda i: (graphs[i].labels is current_table(), i))].labels
    moved = []
    for g in graphs:
        if g.labels is not target:
            ids = [tuple(target.id(t) if t else -1 for t in g.labels.texts_of(labels))
                   for labels in (g.node_labels, g.edge_labels, g.reverse_labels)]
            g = replace(g, node_labels=ids[0], edge_labels=ids[1], reverse_labels=ids[2], labels=target)
        moved.append(g)
    return moved, target


def batch_from_induced(graphs: Sequence[Induced]) -> GraphBatch:
    """The graphs of induced DRSs as one batch: forward edges with each reverse edge right after."""
    graphs, table = _in_one_table(graphs)
    node_counts = _array([len(g.node_labels) for g in graphs])
    forward_counts = _array([len(g.edge_sources) for g in graphs])
    node_offsets = np.concatenate([[0], np.cumsum(node_counts)]).astype(np.int64)
    shift = np.repeat(node_offsets[:-1], forward_counts)
    labels = _array(chain.from_iterable(g.node_labels for g in graphs))
    fs = _array(chain.from_iterable(g.edge_sources for g in graphs)) + shift
    ft = _array(chain.from_iterable(g.edge_targets for g in graphs)) + shift
    fl = _array(chain.from_iterable(g.edge_labels for g in graphs))
    rl = _array(chain.from_iterable(g.reverse_labels for g in graphs))
    reverse = rl >= 0
    width = 1 + reverse
    ends = np.cumsum(width)
    at = ends - width
    total = int(ends[-1]) if len(ends) else 0
    es, et, el = (np.empty(total, dtype=np.int64) for _ in range(3))
    es[at], et[at], el[at] = fs, ft, fl
    back = at[reverse] + 1
    es[back], et[back], el[back] = ft[reverse], fs[reverse], rl[reverse]
    forward_offsets = np.concatenate([[0], np.cumsum(forward_counts)]).astype(np.int64)
    edge_offsets = np.concatenate([[0], ends])[forward_offsets].astype(np.int64)
    return GraphBatch(labels, es, et, el, node_offsets, edge_offsets, table)


def arrays_from_graph(graph: Graph) -> GraphBatch:
    """A batch of one graph."""
    return batch_from_induced([graph.induced])


def arrays_from_drss(drss: Sequence[Drs], preset: str | Preset = "released") -> GraphBatch:
    """The graphs of many DRSs as one batch, each induced once by ``induction.induce``."""
    found = get_preset(preset)
    return batch_from_induced([induce(d, found) for d in drss])
