"""Where edges run and their labels land: a curve per edge chosen so that the edge passes through no
node but its own two ends and its label keeps clear of every node and of the other labels (the pane
draws each edge as vis-network's quadratic ``curvedCW`` / ``curvedCCW`` curve, its label centred on
the curve's middle), and a check of a whole drawing for both kinds of clash."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..ngrams.induction import Edge, Graph
from .display import compact_folds, compact_label, drawn_edge_label, node_display
from .layout import BOX_CORNER, CHAR_WIDTH, NODE_CORNER, NODE_FONT_SIZE, NODE_MARGIN, label_size
from .palette import EDGE_FONT_SIZE
from .routes import SWING_ALLOWED, Route, edge_routes, label_centre, segments, turned_label_rect

#: Font size of node labels in the full (not compact) drawing.
FULL_FONT_SIZE = 24

#: Roundness values tried for an edge, in order of preference (positive: curvedCW, negative:
#: curvedCCW, 0: straight); the first keeps the old look of a slight clockwise curve.
BEND_CHOICES = (0.15, -0.15, 0.35, -0.35, 0.0, 0.55, -0.55, 0.75, -0.75, 0.95, -0.95, 1.2, -1.2,
                0.25, -0.25, 0.45, -0.45, 0.65, -0.65, 0.85, -0.85, 0.05, -0.05, 1.05, -1.05, 1.4, -1.4)
#: Above this many drawn edges, edge_bends tries only the first few curves, once, and every curve only for
#: the edges that still clash (a full search of a drawing that dense would take seconds).
MANY_EDGES = 150
#: Space kept free around a label (px at zoom 1, each side).
LABEL_PAD = 2.0
#: Space kept free around a node that an edge passes by (px at zoom 1, each side).
NODE_PAD = 3.0
#: What each px costs by which an edge leaves the nodes' bounding box (plus OUTSIDE_MARGIN): a curve
#: that swings far out makes the whole drawing smaller, yet is better than a clash (up to 10,000 px).
OUTSIDE_COST, OUTSIDE_MARGIN = 1e3, 30.0
#: What an edge through a node, or a label over another box, costs against the area a label overlaps
#: (px²): always more.
THROUGH_NODE_COST = 1e7
#: What a label over a node or a label costs when the label may be left off (the full drawing: a label
#: without room is shown on hover, room_for_labels): less than an edge through a node, so a curve clear
#: of the nodes wins over a place for the label.
OPTIONAL_LABEL_COST = 1e5
#: Rounder curves than BEND_CHOICES, tried last for an edge that no curve of those keeps clear of the nodes.
LAST_BENDS = (1.6, -1.6, 1.9, -1.9)

Point = tuple[float, float]
#: left, top, right, bottom
Rect = tuple[float, float, float, float]


def curve_middle(start: Point, end: Point, bend: float) -> Point:
    """The middle of the edge from ``start`` to ``end`` as vis-network 9 draws it with roundness
    ``|bend|`` (curvedCW when positive, curvedCCW when negative, straight at 0): where its label sits."""
    if bend == 0 or start == end:
        return ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    f = abs(bend)
    dx, dy = end[0] - start[0], start[1] - end[1]
    radius = math.hypot(dx, dy)
    turn = (0.5 * f + 0.5) if bend > 0 else (-0.5 * f + 0.5)
    angle = (math.atan2(dy, dx) + turn * math.pi) % (2 * math.pi)
    via = (start[0] + (0.5 * f + 0.5) * radius * math.sin(angle),
           start[1] + (0.5 * f + 0.5) * radius * math.cos(angle))
    return (0.25 * start[0] + 0.5 * via[0] + 0.25 * end[0], 0.25 * start[1] + 0.5 * via[1] + 0.25 * end[1])


def curve_control(start: Point, end: Point, bend: float) -> Point:
    """vis-network 9's control point of the quadratic curve from ``start`` to ``end`` with roundness
    ``bend`` (see curve_middle): an export draws the same curve."""
    if bend == 0 or start == end:
        return ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    f = abs(bend)
    dx, dy = end[0] - start[0], start[1] - end[1]
    radius = math.hypot(dx, dy)
    turn = (0.5 * f + 0.5) if bend > 0 else (-0.5 * f + 0.5)
    angle = (math.atan2(dy, dx) + turn * math.pi) % (2 * math.pi)
    return (start[0] + (0.5 * f + 0.5) * radius * math.sin(angle),
            start[1] + (0.5 * f + 0.5) * radius * math.cos(angle))


def curve_points(start: Point, end: Point, bend: float, step: float = 6.0) -> np.ndarray:
    """Points along the drawn edge (n x 2, about ``step`` px apart, ends excluded): the curve an
    edge must keep clear of other nodes."""
    via = curve_control(start, end, bend)
    length = math.dist(start, via) + math.dist(via, end)
    t = np.linspace(0.0, 1.0, max(8, int(length / step)) + 2)[1:-1, None]
    s, v, e = np.asarray(start), np.asarray(via), np.asarray(end)
    points: np.ndarray = (1 - t) ** 2 * s + 2 * t * (1 - t) * v + t ** 2 * e
    return points


def _nodes_hit(points: np.ndarray, rects: np.ndarray, pad: float = NODE_PAD) -> np.ndarray:
    """Per node rect (m x 4), whether any of the points falls inside it (grown by ``pad``)."""
    if len(rects) == 0:
        return np.zeros(0, dtype=bool)
    x, y = points[:, 0:1], points[:, 1:2]
    inside = ((x > rects[:, 0] - pad) & (x < rects[:, 2] + pad) & (y > rects[:, 1] - pad) & (y < rects[:, 3] + pad))
    hit: np.ndarray = np.asarray(inside.any(axis=0))
    return hit


def edge_label_rect(centre: Point, label: str, font_size: float = EDGE_FONT_SIZE) -> Rect:
    """The box an edge label of one line takes when centred on ``centre`` (monospace estimate)."""
    w = len(label) * CHAR_WIDTH * font_size / 2 + LABEL_PAD
    h = 0.5 * font_size + LABEL_PAD
    return (centre[0] - w, centre[1] - h, centre[0] + w, centre[1] + h)


def drawn_node_size(label: str, boxed: bool, font_size: float, corner: float = 0.0) -> tuple[float, float]:
    """Estimated width and height of a node's bounding box as the pane draws it: a box around the
    label with its ``corner`` radius counted on every side (as vis-network does), or (``boxed``
    false) vis-network's ellipse, twice the label's size."""
    width, height = label_size(label, font_size)
    if boxed:
        return width + 2 * corner, height + 2 * corner
    return max(2 * width, 2 * height) - 4 * NODE_MARGIN, 2 * height - 4 * NODE_MARGIN


def node_rect(centre: Point, size: tuple[float, float]) -> Rect:
    """The box of a node of ``size`` (width, height) drawn at ``centre``."""
    return (centre[0] - size[0] / 2, centre[1] - size[1] / 2, centre[0] + size[0] / 2, centre[1] + size[1] / 2)


def _overlap(a: Rect, b: Rect) -> float:
    """The area two boxes share (0 when apart)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def edge_bends(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
               node_sizes: Sequence[tuple[float, float]], font_size: float = EDGE_FONT_SIZE,
               optional_labels: bool = False) -> tuple[float, ...]:
    """A roundness per edge (see curve_middle; 0 for an edge not drawn, label None) such that each
    drawn label keeps clear of every node and of the labels placed before it, and edges between the
    same two nodes take different curves. Shorter labelled edges choose first (they have least room);
    a label with no free place takes the one it overlaps least. With ``optional_labels`` (labels
    without room are left off afterwards) an edge clear of the nodes comes before a free place for its
    label; an edge that still runs through a node tries rounder curves (LAST_BENDS) last."""
    label_clash = OPTIONAL_LABEL_COST if optional_labels else THROUGH_NODE_COST
    nodes = [node_rect(positions[n.id], node_sizes[n.id]) for n in graph.nodes]
    node_array = np.asarray(nodes, dtype=float).reshape(-1, 4)
    frame = ((node_array[:, 0].min() - OUTSIDE_MARGIN, node_array[:, 1].min() - OUTSIDE_MARGIN,
              node_array[:, 2].max() + OUTSIDE_MARGIN, node_array[:, 3].max() + OUTSIDE_MARGIN)
             if len(nodes) else (0.0, 0.0, 0.0, 0.0))
    bends = [0.0] * len(graph.edges)
    drawn = [e for e in graph.edges if edge_labels[e.id] is not None and e.source != e.target]
    # a dense drawing (a clash is certain) gets a quick choice among the first few curves
    choices = BEND_CHOICES if len(drawn) <= MANY_EDGES else BEND_CHOICES[:5]

    def length(eid: int) -> float:
        e = graph.edges[eid]
        return math.dist(positions[e.source], positions[e.target])

    order = sorted((e.id for e in drawn), key=lambda i: (not edge_labels[i], length(i), i))
    placed: dict[int, Rect] = {}  # label boxes so far, by edge id
    middles: dict[int, Point] = {}  # curve middles so far, by edge id
    pairs: dict[tuple[int, int], list[int]] = {}  # edges per pair of nodes

    def choose(eid: int, choices: Sequence[float] = choices) -> tuple[float, float]:
        """The best bend of one edge against everything placed but itself, and its cost."""
        e = graph.edges[eid]
        start, end = positions[e.source], positions[e.target]
        label = edge_labels[eid]
        parallel = [middles[i] for i in pairs.get((min(e.source, e.target), max(e.source, e.target)), ())
                    if i != eid and i in middles]
        others = np.ones(len(nodes), dtype=bool)
        others[[e.source, e.target]] = False
        best, best_cost = BEND_CHOICES[0], math.inf
        for bend in choices:
            middle = curve_middle(start, end, bend)
            if any(math.dist(middle, m) < font_size for m in parallel):
                continue  # the same curve as a parallel edge
            points = curve_points(start, end, bend)
            through = int((_nodes_hit(points, node_array) & others).sum())
            cost = THROUGH_NODE_COST * through
            outside = max(frame[0] - points[:, 0].min(), points[:, 0].max() - frame[2],
                          frame[1] - points[:, 1].min(), points[:, 1].max() - frame[3], 0.0)
            cost += OUTSIDE_COST * float(outside)
            if label:  # a label over a node or a label is as bad as an edge through a node
                rect = edge_label_rect(middle, label, font_size)
                areas = [_overlap(rect, r) for r in nodes] + [_overlap(rect, r) for i, r in placed.items() if i != eid]
                cost += sum(areas) + label_clash * sum(a > 1.0 for a in areas)
            if cost < best_cost:
                best, best_cost = bend, cost
            if cost == 0:
                break
        return best, best_cost

    def _through(eid: int) -> bool:
        e = graph.edges[eid]
        hit = _nodes_hit(curve_points(positions[e.source], positions[e.target], bends[eid]), node_array)
        hit[[e.source, e.target]] = False
        return bool(hit.any())

    def place(eid: int, bend: float) -> None:
        e = graph.edges[eid]
        bends[eid] = bend
        middles[eid] = curve_middle(positions[e.source], positions[e.target], bend)
        if edge_labels[eid]:
            placed[eid] = edge_label_rect(middles[eid], edge_labels[eid] or "", font_size)

    clashes = []
    for eid in order:
        e = graph.edges[eid]
        pairs.setdefault((min(e.source, e.target), max(e.source, e.target)), []).append(eid)
        bend, cost = choose(eid)
        place(eid, bend)
        if cost > 0:
            clashes.append(eid)
    if len(drawn) > MANY_EDGES:  # dense: an edge still through a node tries every curve, knowing the others
        for eid in clashes:
            bend, cost = choose(eid, BEND_CHOICES)
            place(eid, bend)
    for _ in range(4 if len(drawn) <= MANY_EDGES else 0):  # a clash: every edge looks again, knowing the others
        if not clashes:
            break
        clashes = []
        for eid in order:
            if edge_labels[eid] is not None:
                bend, cost = choose(eid)
                place(eid, bend)
                if cost > 0:
                    clashes.append(eid)
    for eid in order:  # the last resort of an edge still through a node: rounder curves
        if edge_labels[eid] is not None and _through(eid):
            bend, cost = choose(eid, (bends[eid],) + LAST_BENDS)
            place(eid, bend)
    return tuple(bends)


def label_overlaps(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
                   node_sizes: Sequence[tuple[float, float]], bends: Sequence[float],
                   font_size: float = EDGE_FONT_SIZE, tolerance: float = 0.0,
                   routes: Sequence[Route | None] = ()) -> list[tuple[str, int, str, int]]:
    """Every overlap of the estimated drawing: ("node", a, "node", b), ("edge", e, "node", n) or
    ("edge", e, "edge", f) for boxes that share more than ``tolerance`` px in both directions (a routed
    edge's label, ``routes``, runs along its lane)."""
    def hit(a: Rect, b: Rect) -> bool:
        return min(a[2], b[2]) - max(a[0], b[0]) > tolerance and min(a[3], b[3]) - max(a[1], b[1]) > tolerance

    def label_rect(e: Edge) -> Rect:
        start, end, text = positions[e.source], positions[e.target], edge_labels[e.id] or ""
        route = routes[e.id] if routes else None
        if route is not None:
            return turned_label_rect(label_centre(route, start, end), text, font_size)
        return edge_label_rect(curve_middle(start, end, bends[e.id]), text, font_size)

    nodes = [node_rect(positions[n.id], node_sizes[n.id]) for n in graph.nodes]
    labels = [(e.id, label_rect(e)) for e in graph.edges if edge_labels[e.id] and e.source != e.target]
    found = [("node", a, "node", b) for a in range(len(nodes)) for b in range(a + 1, len(nodes))
             if hit(nodes[a], nodes[b])]
    for i, (eid, rect) in enumerate(labels):
        found += [("edge", eid, "node", n) for n, r in enumerate(nodes) if hit(rect, r)]
        found += [("edge", eid, "edge", other) for other, r in labels[i + 1:] if hit(rect, r)]
    return found


def edge_crossings(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
                   node_sizes: Sequence[tuple[float, float]], bends: Sequence[float],
                   pad: float = 0.0, routes: Sequence[Route | None] = ()) -> list[tuple[int, int]]:
    """Every (edge id, node id) where a drawn edge (label not None) passes through a node that is
    not one of its ends: what makes a reader wire a graph wrongly (a routed edge, ``routes``, along its
    straight segments)."""
    rects = np.asarray([node_rect(positions[n.id], node_sizes[n.id]) for n in graph.nodes], dtype=float).reshape(-1, 4)
    found = []
    for e in graph.edges:
        if edge_labels[e.id] is None or e.source == e.target:
            continue
        route = routes[e.id] if routes else None
        if route is not None:
            points = np.concatenate([np.linspace(a, b, max(2, int(math.dist(a, b) / 4.0) + 2))
                                     for a, b in segments(route, positions[e.source], positions[e.target])])
        else:
            points = curve_points(positions[e.source], positions[e.target], bends[e.id])
        hit = _nodes_hit(points, rects, pad)
        found += [(e.id, int(n)) for n in np.flatnonzero(hit) if n not in (e.source, e.target)]
    return found


def room_for_labels(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
                    node_sizes: Sequence[tuple[float, float]], bends: Sequence[float],
                    font_size: float = EDGE_FONT_SIZE, tolerance: float = 1.0) -> tuple[str | None, ...]:
    """The labels that have room: each drawn label (shortest edges first, as edge_bends places them)
    is kept where it covers no node and no label kept before it, else left off ("": the edge is still
    drawn and its tooltip names it). The full drawing of a large document has more labels than room."""
    def hit(a: Rect, b: Rect) -> bool:
        return min(a[2], b[2]) - max(a[0], b[0]) > tolerance and min(a[3], b[3]) - max(a[1], b[1]) > tolerance

    nodes = [node_rect(positions[n.id], node_sizes[n.id]) for n in graph.nodes]
    kept: list[Rect] = []
    labels = list(edge_labels)
    order = sorted((e for e in graph.edges if edge_labels[e.id] and e.source != e.target),
                   key=lambda e: (math.dist(positions[e.source], positions[e.target]), e.id))
    for e in order:
        rect = edge_label_rect(curve_middle(positions[e.source], positions[e.target], bends[e.id]),
                               edge_labels[e.id] or "", font_size)
        if any(hit(rect, r) for r in nodes) or any(hit(rect, r) for r in kept):
            labels[e.id] = ""
        else:
            kept.append(rect)
    return tuple(labels)


@dataclass(frozen=True)
class DrawingGeometry:
    """Everything about where a pane draws one graph: the node and edge labels (None: edge not
    drawn), the node sizes, each edge's bend (see edge_bends) and the extent of it all (min x,
    min y, max x, max y: nodes, curves and labels), so a pane can fit what it really draws."""

    node_labels: tuple[str, ...]
    edge_labels: tuple[str | None, ...]
    node_sizes: tuple[tuple[float, float], ...]
    bends: tuple[float, ...]
    extent: tuple[float, float, float, float]
    #: Per edge, its route through waypoints (routes.Route; None: drawn as its curve, ``bends``).
    routes: tuple[Route | None, ...] = ()

    def route(self, eid: int) -> Route | None:
        """The route of edge ``eid``, or None when it is drawn as one curve."""
        return self.routes[eid] if self.routes else None


def drawing_geometry(graph: Graph, positions: tuple[Point, ...], compact: bool = True, show_names: bool = False,
                     names_only: bool = False, forward_only: bool = False) -> DrawingGeometry:
    """The geometry of one graph as the pane draws it at ``positions`` (compact: concepts in the
    referents' labels, one line per relation; else ``forward_only`` leaves reverse edges out, and a
    label without room is left off, room_for_labels: its edge's tooltip names it).
    Remembered for the last 64 drawings, keyed as drawn (compact implies forward only), so the panes
    and the bounding box of a pair share one computation."""
    return _drawing_geometry(graph, positions, compact, show_names, names_only, forward_only or compact)


@lru_cache(maxsize=64)
def _drawing_geometry(graph: Graph, positions: tuple[Point, ...], compact: bool, show_names: bool,
                      names_only: bool, forward_only: bool) -> DrawingGeometry:
    hidden = compact_folds(graph).hidden if compact else frozenset()
    node_labels = tuple(compact_label(graph, node) if compact
                        else node.name if names_only and not node.is_constant
                        else node_display(graph, node, show_names).label for node in graph.nodes)
    edge_labels = tuple(None if edge.id in hidden or (forward_only and edge.reversed)
                        else drawn_edge_label(graph, edge, compact) for edge in graph.edges)
    font = NODE_FONT_SIZE if compact else FULL_FONT_SIZE
    sizes = tuple(drawn_node_size(label, compact or graph.nodes[i].is_box, font,
                                  BOX_CORNER if graph.nodes[i].is_box else NODE_CORNER)
                  for i, label in enumerate(node_labels))
    bends = edge_bends(graph, positions, edge_labels, sizes, optional_labels=not compact)
    if not compact:
        edge_labels = room_for_labels(graph, positions, edge_labels, sizes, bends)
    rects = [node_rect(positions[n.id], sizes[n.id]) for n in graph.nodes]
    routes = _routes(graph, positions, edge_labels, rects, bends)
    if routes and not compact:  # a routed edge's label without room on its lane is shown on hover
        edge_labels = _room_on_lanes(graph, positions, edge_labels, rects, bends, routes)
    for e in graph.edges:
        label = edge_labels[e.id]
        if label is None or e.source == e.target:
            continue
        start, end = positions[e.source], positions[e.target]
        route = routes[e.id] if routes else None
        if route is not None:
            for a, b in segments(route, start, end):
                rects.append((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])))
            if label:
                rects.append(turned_label_rect(label_centre(route, start, end), label))
            continue
        points = curve_points(start, end, bends[e.id])
        rects.append((float(points[:, 0].min()), float(points[:, 1].min()),
                      float(points[:, 0].max()), float(points[:, 1].max())))
        if label:
            rects.append(edge_label_rect(curve_middle(start, end, bends[e.id]), label))
    extent = union_box(rects) if rects else (0.0, 0.0, 0.0, 0.0)
    return DrawingGeometry(node_labels, edge_labels, sizes, bends, extent, routes)


def _room_on_lanes(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None],
                   node_rects: Sequence[Rect], bends: Sequence[float],
                   routes: Sequence[Route | None]) -> tuple[str | None, ...]:
    """The full drawing's labels once long edges run in lanes: a routed edge's label that covers a node or
    a label kept before it is left off ("": its tooltip names the edge), as room_for_labels does."""
    labels = list(edge_labels)
    kept = [edge_label_rect(curve_middle(positions[e.source], positions[e.target], bends[e.id]), labels[e.id] or "")
            for e in graph.edges if labels[e.id] and e.source != e.target and routes[e.id] is None]
    for e in graph.edges:
        route = routes[e.id]
        if route is None or not labels[e.id]:
            continue
        rect = turned_label_rect(label_centre(route, positions[e.source], positions[e.target]), labels[e.id] or "")
        if any(_overlap(rect, r) > 1.0 for r in [*node_rects, *kept]):
            labels[e.id] = ""
        else:
            kept.append(rect)
    return tuple(labels)


def _routes(graph: Graph, positions: Sequence[Point], edge_labels: Sequence[str | None], node_rects: Sequence[Rect],
            bends: Sequence[float]) -> tuple[Route | None, ...]:
    """Routes (routes.edge_routes) for the edges whose chosen curve still runs through a node or swings
    more than SWING_ALLOWED out of the nodes' bounding box; the other labels keep their places."""
    if not node_rects:
        return ()
    array = np.asarray(node_rects, dtype=float).reshape(-1, 4)
    frame = (array[:, 0].min() - SWING_ALLOWED, array[:, 1].min() - SWING_ALLOWED,
             array[:, 2].max() + SWING_ALLOWED, array[:, 3].max() + SWING_ALLOWED)
    long_edges = []
    swinging: set[int] = set()  # long edges whose curve passes no node (it swings out)
    for e in graph.edges:
        if edge_labels[e.id] is None or e.source == e.target:
            continue
        points = curve_points(positions[e.source], positions[e.target], bends[e.id])
        hit = _nodes_hit(points, array)
        hit[[e.source, e.target]] = False
        box = union_box([(points[:, 0].min(), points[:, 1].min(), points[:, 0].max(), points[:, 1].max())]
                        + ([edge_label_rect(curve_middle(positions[e.source], positions[e.target], bends[e.id]),
                                            edge_labels[e.id] or "")] if edge_labels[e.id] else []))
        outside = box[0] < frame[0] or box[2] > frame[2] or box[1] < frame[1] or box[3] > frame[3]
        if hit.any() or outside:
            long_edges.append(e.id)
            if not hit.any():
                swinging.add(e.id)
    if not long_edges:
        return ()
    routed = set(long_edges)
    kept = [edge_label_rect(curve_middle(positions[e.source], positions[e.target], bends[e.id]),
                            edge_labels[e.id] or "")
            for e in graph.edges if edge_labels[e.id] and e.source != e.target and e.id not in routed]
    routes = list(edge_routes(graph, positions, edge_labels, node_rects, long_edges, kept))
    # a swinging edge whose label found no free place on its lane keeps its curve (and its label's place)
    for eid in sorted(swinging):
        route = routes[eid]
        if route is None or not edge_labels[eid]:
            continue
        e = graph.edges[eid]
        rect = turned_label_rect(label_centre(route, positions[e.source], positions[e.target]), edge_labels[eid] or "")
        others = [turned_label_rect(label_centre(r, positions[graph.edges[i].source], positions[graph.edges[i].target]),
                                    edge_labels[i] or "") for i, r in enumerate(routes)
                  if r is not None and i != eid and edge_labels[i]]
        if any(_overlap(rect, r) > 1.0 for r in [*node_rects, *kept, *others]):
            routes[eid] = None
    return tuple(routes) if any(r is not None for r in routes) else ()


def union_box(boxes: Sequence[Sequence[float]]) -> tuple[float, float, float, float]:
    """The smallest box (min x, min y, max x, max y) around all ``boxes`` of that form."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
