"""Long edges drawn through hidden waypoints, as Graphviz ``dot`` draws them through virtual nodes: an
edge whose single curve would pass through a node or swing far out of the drawing (a tall document's
column of referents) runs instead from its source sideways into a vertical lane beside the nodes it
passes, along the lane, and sideways into its target. Each long edge gets a lane of its own where
their heights overlap; its label stands on the lane, turned to run along it, where it covers no node
and no other label. The pane (vis-network: one straight edge per segment, between waypoints that draw
nothing) and the exports draw the same segments."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..ngrams.induction import Graph
from .layout import CHAR_WIDTH
from .palette import EDGE_FONT_SIZE

Point = tuple[float, float]
#: left, top, right, bottom
Rect = tuple[float, float, float, float]

#: Distance (px at zoom 1) between neighbouring lanes, and between a lane and the nodes beside it.
LANE_GAP, LANE_PAD = 4.0, 5.0
#: How far outside the nodes' bounding box a single curve may swing before its edge takes a lane.
SWING_ALLOWED = 20.0
#: Space kept free around a node that a segment passes by, and around a label (px at zoom 1).
NODE_PAD, LABEL_PAD = 3.0, 2.0
#: The least height (px at zoom 1) an edge spans to take a lane (a lane needs room for its label's segment).
MIN_SPAN = 40.0
#: Steps (px at zoom 1) between the places tried for a lane's label along the lane.
LABEL_STEP = 12.0


@dataclass(frozen=True)
class Route:
    """A long edge's path: the waypoints between its source and its target, in the edge's direction
    (segments: source to the first waypoint, waypoint to waypoint, the last waypoint to the target, with
    the arrow), and which segment carries the label (its middle is the label's centre; the label runs
    along that vertical segment, read from bottom to top)."""

    points: tuple[Point, ...]
    label_segment: int


def segments(route: Route, start: Point, end: Point) -> tuple[tuple[Point, Point], ...]:
    """The straight segments of a routed edge from ``start`` (its source's centre) to ``end`` (its target's)."""
    chain = (start, *route.points, end)
    return tuple(zip(chain, chain[1:]))


def turned_label_rect(centre: Point, label: str, font_size: float = EDGE_FONT_SIZE) -> Rect:
    """The box a label of one line takes when it runs vertically (turned a quarter) centred on ``centre``."""
    half_long = len(label) * CHAR_WIDTH * font_size / 2 + LABEL_PAD
    half_short = 0.5 * font_size + LABEL_PAD
    return (centre[0] - half_short, centre[1] - half_long, centre[0] + half_short, centre[1] + half_long)


def label_centre(route: Route, start: Point, end: Point) -> Point:
    """The middle of the segment that carries a routed edge's label."""
    a, b = segments(route, start, end)[route.label_segment]
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _hits(a: Point, b: Point, rects: np.ndarray, pad: float = NODE_PAD) -> np.ndarray:
    """Per rect, whether the straight segment from ``a`` to ``b`` passes through it (grown by ``pad``)."""
    if len(rects) == 0:
        return np.zeros(0, dtype=bool)
    n = max(2, int(math.dist(a, b) / 4.0) + 2)
    t = np.linspace(0.0, 1.0, n)[:, None]
    pts = (1 - t) * np.asarray(a) + t * np.asarray(b)
    x, y = pts[:, 0:1], pts[:, 1:2]
    inside = (x > rects[:, 0] - pad) & (x < rects[:, 2] + pad) & (y > rects[:, 1] - pad) & (y < rects[:, 3] + pad)
    hit: np.ndarray = np.asarray(inside.any(axis=0))
    return hit


def _overlap(a: Rect, b: Rect) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def edge_routes(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
                node_rects: Sequence[Rect], long_edges: Sequence[int], kept_labels: Sequence[Rect] = (),
                font_size: float = EDGE_FONT_SIZE) -> tuple[Route | None, ...]:
    """A route per edge (None: drawn as its single curve) for the ``long_edges`` (ids) of a drawing whose
    nodes take ``node_rects``: each runs from its source sideways to a lane left or right of every node at
    the heights it spans (the side that widens the drawing least, then the shorter way), along the lane
    and into its target; lanes of edges whose heights overlap stand LANE_GAP apart, shorter edges nearer
    the nodes. Each label stands on its lane where it covers no node, no label in ``kept_labels`` and no
    label placed before it, else where it covers least. An edge no lane keeps clear of the nodes keeps
    its curve (None)."""
    rects = np.asarray(node_rects, dtype=float).reshape(-1, 4)
    routes: list[Route | None] = [None] * len(graph.edges)
    if len(rects) == 0 or not long_edges:
        return tuple(routes)
    frame = (float(rects[:, 0].min()), float(rects[:, 1].min()), float(rects[:, 2].max()), float(rects[:, 3].max()))
    lanes: list[tuple[float, float, float]] = []  # x, top, bottom of the lanes taken
    stubs: list[Rect] = []  # the sideways segments, as thin boxes (labels keep off them)
    chosen: dict[int, tuple[float, Point, Point]] = {}

    def span(eid: int) -> float:
        e = graph.edges[eid]
        return abs(positions[e.source][1] - positions[e.target][1])

    for eid in sorted(long_edges, key=lambda i: (span(i), i)):
        e = graph.edges[eid]
        start, end = positions[e.source], positions[e.target]
        top, bottom = min(start[1], end[1]), max(start[1], end[1])
        if bottom - top < MIN_SPAN:
            continue
        beside = rects[(rects[:, 3] > top - NODE_PAD) & (rects[:, 1] < bottom + NODE_PAD)]
        others = np.ones(len(rects), dtype=bool)
        others[[e.source, e.target]] = False
        best: tuple[float, float] | None = None
        for side in (-1.0, 1.0):
            edge_x = float(beside[:, 0].min()) if side < 0 else float(beside[:, 2].max())
            x = edge_x + side * LANE_PAD
            while any(abs(x - lx) < LANE_GAP - 1e-6 and lt < bottom + LANE_GAP and lb > top - LANE_GAP
                      for lx, lt, lb in lanes):
                x += side * LANE_GAP
            a, b = (x, start[1]), (x, end[1])
            clear = not any(bool((_hits(p, q, rects) & others).any()) for p, q in ((start, a), (a, b), (b, end)))
            if not clear:
                continue
            widen = max(0.0, frame[0] - x, x - frame[2])
            cost = 10.0 * widen + abs(x - start[0]) + abs(x - end[0])
            if best is None or cost < best[0]:
                best = (cost, x)
        if best is None:
            continue
        x = best[1]
        lanes.append((x, top, bottom))
        for p, q in ((start, (x, start[1])), ((x, end[1]), end)):
            stubs.append((min(p[0], q[0]), p[1] - 1.0, max(p[0], q[0]), p[1] + 1.0))
        chosen[eid] = (x, start, end)

    placed = list(kept_labels)
    for eid in sorted(chosen, key=lambda i: (span(i), i)):
        x, start, end = chosen[eid]
        top, bottom = min(start[1], end[1]), max(start[1], end[1])
        label = edge_labels[eid] or ""
        middle = (top + bottom) / 2
        centre_y = middle
        if label:
            half = turned_label_rect((x, 0.0), label, font_size)[3]
            low, high = top + half + NODE_PAD, bottom - half - NODE_PAD
            tries = [middle] if high < low else \
                sorted(set([middle] + [float(y) for y in np.arange(low, high + 1e-6, LABEL_STEP)]),
                       key=lambda y: (abs(y - middle), y))
            best_cost = math.inf
            for y in tries:
                rect = turned_label_rect((x, y), label, font_size)
                cost = sum(_overlap(rect, tuple(r)) for r in rects) * 1e3 \
                    + sum(_overlap(rect, r) for r in placed) * 1e3 + sum(_overlap(rect, s) for s in stubs)
                if cost < best_cost:
                    best_cost, centre_y = cost, y
                if cost == 0:
                    break
            placed.append(turned_label_rect((x, centre_y), label, font_size))
        reach = min(centre_y - top, bottom - centre_y)
        ys = sorted({top, centre_y - reach, centre_y + reach, bottom})
        if start[1] > end[1]:
            ys.reverse()
        points = tuple((x, y) for y in ys)
        labelled = min(centre_y - reach, centre_y + reach) if start[1] <= end[1] else max(centre_y - reach,
                                                                                          centre_y + reach)
        # the label's segment starts at the waypoint where the labelled stretch begins (in the edge's direction)
        index = 1 + [p[1] for p in points].index(labelled)
        routes[eid] = Route(points, index)
    return tuple(routes)
