"""Where the nodes of a pair of graphs are drawn: one layout for both panes, so a variable sits
at the same place on either side."""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..dscorer.induction import Graph, Node

__all__ = ["MAX_LAYOUT_NODES", "Layout", "node_key", "shared_layout", "edge_curves", "too_large_to_draw"]


#: Graphs with more nodes than this are not laid out (the app offers the n-gram table instead).
MAX_LAYOUT_NODES = 150


@dataclass(frozen=True)
class Layout:
    """Positions of the nodes of a pair of graphs, and the bounding box of the union."""

    pred: tuple[tuple[float, float], ...]
    gold: tuple[tuple[float, float], ...]
    box: tuple[float, float, float, float]  # min x, min y, max x, max y


def node_key(graph: Graph, node: Node) -> tuple[str, ...]:
    """A key that names 'the same node' across two graphs: the variable name, or the constant
    text plus its occurrence number (constants may be one node per occurrence)."""
    if not node.is_constant:
        return ("v", node.name)
    nth = sum(1 for n in graph.nodes[: node.id] if n.is_constant and n.name == node.name)
    return ("c", node.name, str(nth))


def _seed(key: tuple[str, ...]) -> float:
    return zlib.crc32("\x1f".join(key).encode("utf-8")) / 2 ** 32


def shared_layout(pred: Graph, gold: Graph, spacing: float = 120.0, iterations: int = 300) -> Layout:
    """Deterministic positions for both graphs from the union of their nodes and edges.

    Nodes with the same key (see node_key) get the same position in both graphs. The layout
    is a force-directed one (Fruchterman-Reingold) started from a circle ordered by key,
    with a fixed number of steps and no randomness: same input, same picture. Node pairs joined
    by several edges get a longer ideal distance, so parallel edges' labels have room; the
    result is turned so that its long axis is horizontal.
    """
    keys: dict[tuple[str, ...], int] = {}
    maps: list[list[int]] = []
    pairs: dict[tuple[int, int], int] = {}
    boxes: set[int] = set()
    for g in (pred, gold):
        ids = []
        for node in g.nodes:
            key = node_key(g, node)
            ids.append(keys.setdefault(key, len(keys)))
            if node.is_box:
                boxes.add(keys[key])
        maps.append(ids)
        multiplicity: dict[tuple[int, int], int] = {}
        for e in g.edges:
            a, b = ids[e.source], ids[e.target]
            if a != b:
                pair = (min(a, b), max(a, b))
                multiplicity[pair] = multiplicity.get(pair, 0) + 1
        for pair, m in multiplicity.items():
            pairs[pair] = max(pairs.get(pair, 0), m)
    n = len(keys)
    if n == 0:
        return Layout((), (), (0.0, 0.0, 0.0, 0.0))
    order = sorted(keys, key=lambda key: (key[0], _seed(key), key))
    pos = np.zeros((n, 2))
    for rank, key in enumerate(order):
        angle = 2 * math.pi * rank / n
        pos[keys[key]] = (math.cos(angle), math.sin(angle))
    pos *= spacing * max(1.0, math.sqrt(n)) / 2
    if pairs:
        edges = np.array(sorted(pairs))
        # node pairs joined by several edges (a relation and its reverse, or parallel
        # relations) are drawn further apart, so that their edge labels have room
        lengths = np.array([spacing * (1 + 0.25 * (min(pairs[p], 5) - 1)) for p in sorted(pairs)])
        ideal = spacing
        temp = spacing * math.sqrt(n) / 2
        for _ in range(iterations):
            delta = pos[:, None, :] - pos[None, :, :]
            dist = np.sqrt((delta ** 2).sum(-1)) + 1e-6
            np.fill_diagonal(dist, np.inf)
            force = (delta / dist[..., None] * (ideal ** 2 / dist)[..., None]).sum(1)
            d = pos[edges[:, 0]] - pos[edges[:, 1]]
            dl = np.sqrt((d ** 2).sum(-1)) + 1e-6
            pull = d / dl[:, None] * (dl ** 2 / lengths)[:, None]
            np.add.at(force, edges[:, 0], -pull)
            np.add.at(force, edges[:, 1], pull)
            # a weak pull to the centre keeps separate components together
            force -= pos * 0.3
            length = np.sqrt((force ** 2).sum(-1)) + 1e-9
            pos += force / length[:, None] * np.minimum(length, temp)[:, None]
            temp = max(spacing * 0.02, temp * 0.985)
    pos -= pos.mean(0)
    if n > 2:
        # turn the picture so its long axis is horizontal (panes are wider than tall)
        _, vecs = np.linalg.eigh(np.cov(pos.T))
        main = vecs[:, -1]
        if main[0] < 0 or (main[0] == 0 and main[1] < 0):
            main = -main
        rot = np.array([[main[0], main[1]], [-main[1], main[0]]])
        pos = pos @ rot.T
    pos = np.round(pos, 1)
    lo, hi = pos.min(0), pos.max(0)
    as_tuple = [(float(x), float(y)) for x, y in pos]
    return Layout(tuple(as_tuple[i] for i in maps[0]), tuple(as_tuple[i] for i in maps[1]),
                  (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))


def edge_curves(graph: Graph, skip_reversed: bool = False) -> tuple[int, ...]:
    """For every edge, its rank among the edges joining the same pair of nodes (either
    direction), so parallel edges can each get their own curve. With ``skip_reversed``
    reverse edges are not drawn and do not take a rank (they get 0)."""
    seen: dict[tuple[int, int], int] = {}
    ranks = []
    for e in graph.edges:
        if skip_reversed and e.reversed:
            ranks.append(0)
            continue
        pair = (min(e.source, e.target), max(e.source, e.target))
        ranks.append(seen.get(pair, 0))
        seen[pair] = ranks[-1] + 1
    return tuple(ranks)


def too_large_to_draw(graphs: Sequence[Graph], limit: int = MAX_LAYOUT_NODES) -> bool:
    """True when a graph has more nodes than can be laid out readably."""
    return any(len(g.nodes) > limit for g in graphs)
