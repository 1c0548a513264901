"""One graph as the pane draws it, in plain shapes (rounded rectangles and ellipses, quadratic curves,
arrowheads, label boxes) that an exporter writes out as they are: the SVG and the PDF export draw the
same scene, from the same geometry as the pane (drawing_geometry: node labels and sizes, each edge's
curve and the label at the curve's middle), so an export shows what the pane shows."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..ngrams.induction import Graph
from ..ngrams.ngram_comparison import MATCHED, UNMATCHED, UNUSED, fold_into, fold_reverse
from .display import UNPAIRED_NOTE, compact_folds, edge_display, folded_note, node_display
from .edge_colour import EdgeShade, least_matched
from .edge_colour import edge_shades as shades_from_counts
from .edge_labels import FULL_FONT_SIZE, curve_control, curve_middle, drawing_geometry, edge_label_rect
from .layout import BOX_CORNER, NODE_CORNER, NODE_FONT_SIZE, label_size
from .palette import (
    EDGE_FONT_SIZE,
    GRADE_LINES,
    KIND_FILL,
    NODE_BORDER,
    PLAIN_EDGE_COLOUR,
    PLAIN_LINE,
    UNPAIRED_FILL,
    LineStyle,
)
from .routes import Route, label_centre, turned_label_rect

Point = tuple[float, float]
#: left, top, right, bottom
Rect = tuple[float, float, float, float]
#: How far (px) each further loop on one node rises above the one before.
PARALLEL_STEP = 22.0


@dataclass(frozen=True)
class SceneNode:
    """A node as drawn: centre, width and height of its shape, ``ellipse`` or a rectangle with
    corner radius ``corner``, fill, border, its label's lines at ``font_size`` and its tooltip."""

    id: int
    kind: str
    centre: Point
    size: Point
    ellipse: bool
    corner: float
    fill: str
    border: str
    border_width: float
    dashed: bool
    lines: tuple[str, ...]
    font_size: float
    tooltip: str


@dataclass(frozen=True)
class SceneEdge:
    """An edge as drawn: its curve (``points``: start, control point(s), end; a quadratic curve with
    one control point, a loop's cubic with two), from where it leaves its source to the base of its
    arrowhead (``arrow``: tip and the two back corners), colour, line and tooltip. A long edge drawn
    through waypoints (routes.Route) first runs straight through ``lead`` (from its source's border to the
    last waypoint), then along ``points`` (its last segment, straight) to the arrowhead."""

    id: int
    points: tuple[Point, ...]
    arrow: tuple[Point, Point, Point]
    colour: str
    style: LineStyle
    tooltip: str
    lead: tuple[Point, ...] = ()


@dataclass(frozen=True)
class SceneLabel:
    """An edge's label: its box (white behind the text) and text, at the curve's middle as in the pane;
    ``turned``: the label runs up along a routed edge's lane (read from bottom to top)."""

    id: int
    rect: Rect
    text: str
    font_size: float
    tooltip: str
    turned: bool = False


@dataclass(frozen=True)
class Scene:
    """Everything one graph's drawing holds, and its extent (min x, min y, max x, max y)."""

    nodes: tuple[SceneNode, ...]
    edges: tuple[SceneEdge, ...]
    labels: tuple[SceneLabel, ...]
    extent: Rect
    shaded: bool


def folded_shades(graph: Graph, shades: Sequence[EdgeShade]) -> tuple[EdgeShade, ...]:
    """Shades for a drawing without reverse edges: a forward edge counts its own and its reverse
    partner's k-gram occurrences (as fold_reverse does for the pane)."""
    counts = [(s.matched, s.unmatched) for s in shades]
    return shades_from_counts(fold_reverse(graph, [UNUSED] * len(counts), counts)[1])


def _status(shade: EdgeShade) -> str:
    return MATCHED if shade.matched else UNMATCHED if shade.unmatched else UNUSED


def _bezier(points: Sequence[Point], t: float) -> Point:
    """The point at ``t`` of the Bezier curve with these control points (de Casteljau)."""
    pts = list(points)
    while len(pts) > 1:
        pts = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in zip(pts, pts[1:])]
    return pts[0]


def split_quadratic(p0: Point, p1: Point, p2: Point, t0: float, t1: float) -> tuple[Point, Point, Point]:
    """The part from ``t0`` to ``t1`` of the quadratic curve p0, p1, p2, as a quadratic curve of its own
    (the same points, so an export draws exactly the pane's curve)."""
    def lerp(a: Point, b: Point, t: float) -> Point:
        return (1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]

    control = lerp(lerp(p0, p1, t1), lerp(p1, p2, t1), t0)
    return _bezier((p0, p1, p2), t0), control, _bezier((p0, p1, p2), t1)


def _inside(point: Point, node: SceneNode, gap: float = 0.0) -> bool:
    dx, dy = abs(point[0] - node.centre[0]), abs(point[1] - node.centre[1])
    hw, hh = node.size[0] / 2 + gap, node.size[1] / 2 + gap
    if node.ellipse:
        return (dx / hw) ** 2 + (dy / hh) ** 2 <= 1.0
    return dx <= hw and dy <= hh


def _border_t(curve: Sequence[Point], node: SceneNode, leaving: bool) -> float:
    """Where the curve crosses the node's border (bisection): leaving the source (from t = 0) or
    entering the target (towards t = 1)."""
    lo, hi = (0.0, 1.0)
    inside_end = 0.0 if leaving else 1.0
    if not _inside(_bezier(curve, inside_end), node):
        return inside_end
    for _ in range(40):
        mid = (lo + hi) / 2
        if _inside(_bezier(curve, mid), node) == leaving:
            lo = mid
        else:
            hi = mid
    return lo if leaving else hi


def _edge_shape(start: SceneNode, end: SceneNode, bend: float, rank: int,
                width: float) -> tuple[tuple[Point, ...], tuple[Point, Point, Point]]:
    """The drawn curve (from the source's border to the arrowhead's base) and arrowhead of an edge with
    roundness ``bend`` (as vis-network draws curvedCW / curvedCCW), or a loop over the node's top."""
    head = 10.0 + 2.0 * width
    if start.id == end.id:
        (x, y), (w, h) = start.centre, start.size
        lift = 40.0 + PARALLEL_STEP * rank
        p0, p1 = (x + w * 0.2, y - h / 2 - 2), (x - w * 0.2, y - h / 2 - 2)
        controls = [(x + w * 0.3 + 12, y - h / 2 - lift), (x - w * 0.3 - 12, y - h / 2 - lift)]
        ux, uy = p1[0] - controls[-1][0], p1[1] - controls[-1][1]
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        stop = (p1[0] - ux * (head - 1), p1[1] - uy * (head - 1))
        base = (p1[0] - ux * head, p1[1] - uy * head)
        points: tuple[Point, ...] = (p0, *controls, stop)
    else:
        curve = (start.centre, curve_control(start.centre, end.centre, bend), end.centre)
        t0 = _border_t(curve, start, leaving=True)
        t1 = _border_t(curve, end, leaving=False)
        p1 = _bezier(curve, t1)
        lo, hi = t0, t1  # the arrowhead's base: ``head`` px back along the curve from its tip
        for _ in range(40):
            mid = (lo + hi) / 2
            if math.dist(_bezier(curve, mid), p1) > head:
                lo = mid
            else:
                hi = mid
        base = _bezier(curve, lo)
        stop_t = min(t1, lo + (t1 - lo) * 0.1)  # the line ends just under the arrowhead
        points = split_quadratic(*curve, t0, max(t0, stop_t))
        norm = math.dist(base, p1) or 1.0
        ux, uy = (p1[0] - base[0]) / norm, (p1[1] - base[1]) / norm
        base = (p1[0] - ux * head, p1[1] - uy * head)
    spread = 4.0 + width
    arrow = (p1, (base[0] - uy * spread, base[1] + ux * spread), (base[0] + uy * spread, base[1] - ux * spread))
    return points, arrow


def _waypoint(point: Point) -> SceneNode:
    """A routed edge's waypoint as a node of no size (a segment starts or ends right at it)."""
    return SceneNode(-1, "waypoint", point, (0.0, 0.0), False, 0.0, "", "", 0.0, False, (), 0.0, "")


def _routed_shape(start: SceneNode, end: SceneNode, route: Route,
                  width: float) -> tuple[tuple[Point, ...], tuple[Point, ...], tuple[Point, Point, Point]]:
    """A routed edge as drawn: the straight path from the source's border through every waypoint but the
    last (``lead``, ending at the last waypoint), the last segment to the arrowhead's base and the arrowhead."""
    first, _ = _edge_shape(start, _waypoint(route.points[0]), 0.0, 0, width)
    points, arrow = _edge_shape(_waypoint(route.points[-1]), end, 0.0, 0, width)
    return (first[0], *route.points), points, arrow


def _ranks(graph: Graph, drawn: Collection[int]) -> dict[int, int]:
    """Per drawn loop, its rank among the loops on the same node."""
    seen: dict[int, int] = {}
    ranks = {}
    for e in graph.edges:
        if e.id in drawn and e.source == e.target:
            ranks[e.id] = seen.get(e.source, 0)
            seen[e.source] = ranks[e.id] + 1
    return ranks


def graph_scene(graph: Graph, positions: Sequence[Point], *, edge_shades: Sequence[EdgeShade] | None = None,
                compact: bool = True, forward_only: bool = False, show_names: bool = False,
                unpaired: Collection[int] = frozenset()) -> Scene:
    """The drawing of one graph at ``positions`` as the app's pane draws it (compact or full, with or
    without reverse edges): node shapes and sizes, each edge's curve and label from drawing_geometry,
    colours and lines from ``edge_shades`` (per edge of the graph before folding, as edge_shades gives
    them for SideHighlight.edge_counts); ``unpaired`` nodes filled grey."""
    if len(positions) != len(graph.nodes):
        raise ValueError(f"{len(positions)} positions for a graph of {len(graph.nodes)} nodes")
    if edge_shades is not None and len(edge_shades) != len(graph.edges):
        raise ValueError(f"{len(edge_shades)} edge shades for a graph of {len(graph.edges)} edges")
    forward_only = forward_only or compact
    geometry = drawing_geometry(graph, tuple((float(x), float(y)) for x, y in positions), compact, show_names,
                                False, forward_only)
    shades = (folded_shades(graph, edge_shades) if forward_only else tuple(edge_shades)) \
        if edge_shades is not None else None
    folds = compact_folds(graph) if compact else None
    if folds is not None and shades is not None:  # one line per relation, as in the pane
        shades = shades_from_counts(fold_into([UNUSED] * len(shades), [(s.matched, s.unmatched) for s in shades],
                                              folds.into_edge)[1])
    into = folds.into_node if folds is not None else ()
    lonely = frozenset(unpaired)
    font = NODE_FONT_SIZE if compact else FULL_FONT_SIZE
    nodes = []
    for node in graph.nodes:
        label = geometry.node_labels[node.id]
        boxed = compact or node.is_box
        corner = float(BOX_CORNER if node.is_box else NODE_CORNER)
        # a box is drawn around its label (its corners bulge beyond: drawn_node_size counts them)
        size = label_size(label, font) if boxed else geometry.node_sizes[node.id]
        border, width = NODE_BORDER, (2.0 if node.is_box else 1.0)
        if compact and into[node.id] and shades is not None:
            border, width = least_matched([shades[e] for e in into[node.id]]).colour, 4.0
        tooltip = node_display(graph, node, show_names).title + ("\n" + UNPAIRED_NOTE if node.id in lonely else "")
        fill = UNPAIRED_FILL if node.id in lonely else KIND_FILL.get(node.kind, KIND_FILL["referent"])
        nodes.append(SceneNode(node.id, node.kind, (float(positions[node.id][0]), float(positions[node.id][1])),
                               (float(size[0]), float(size[1])), not boxed, corner, fill, border, width,
                               node.is_constant, tuple(label.split("\n")), font, tooltip))
    drawn = {e.id for e in graph.edges if geometry.edge_labels[e.id] is not None}
    loops = _ranks(graph, drawn)
    edges, labels = [], []
    rects = [(n.centre[0] - n.size[0] / 2, n.centre[1] - n.size[1] / 2, n.centre[0] + n.size[0] / 2,
              n.centre[1] + n.size[1] / 2) for n in nodes]
    for edge in graph.edges:
        if edge.id not in drawn:
            continue
        shade = shades[edge.id] if shades is not None else None
        if shade is None:
            colour, style = PLAIN_EDGE_COLOUR, PLAIN_LINE
            disp = edge_display(graph, edge)
        else:
            colour, style = shade.colour, GRADE_LINES[shade.grade]
            disp = edge_display(graph, edge, _status(shade), (shade.matched, shade.unmatched))
        bend = geometry.bends[edge.id]
        route = geometry.route(edge.id)
        lead: tuple[Point, ...] = ()
        if route is not None:
            lead, points, arrow = _routed_shape(nodes[edge.source], nodes[edge.target], route, style.width)
        else:
            points, arrow = _edge_shape(nodes[edge.source], nodes[edge.target], bend, loops.get(edge.id, 0),
                                        style.width)
        note = folded_note(graph, folds, edge.id) if folds is not None else ""
        tooltip = disp.title + ("\n" + note if note else "")
        edges.append(SceneEdge(edge.id, points, arrow, colour, style, tooltip, lead))
        for x, y in (*lead, *points, *arrow):
            rects.append((x, y, x, y))
        text = geometry.edge_labels[edge.id]
        if text and route is not None:
            rect = turned_label_rect(label_centre(route, positions[edge.source], positions[edge.target]), text,
                                     EDGE_FONT_SIZE)
            labels.append(SceneLabel(edge.id, rect, text, EDGE_FONT_SIZE, tooltip, turned=True))
            rects.append(rect)
        elif text:
            if edge.source == edge.target:
                middle = _bezier(points, 0.5)
            else:
                middle = curve_middle(positions[edge.source], positions[edge.target], bend)
            rect = edge_label_rect(middle, text, EDGE_FONT_SIZE)
            labels.append(SceneLabel(edge.id, rect, text, EDGE_FONT_SIZE, tooltip))
            rects.append(rect)
    extent = (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects),
              max(r[3] for r in rects)) if rects else (0.0, 0.0, 0.0, 0.0)
    return Scene(tuple(nodes), tuple(edges), tuple(labels), extent, shades is not None)


# ------------------------------------------------------------------ the legend under an exported drawing

#: Font size (px) of the legend; a legend row's height.
LEGEND_FONT_SIZE = 14
LEGEND_ROW = 28.0
#: The legend wraps at the drawing's width, or at this width when the drawing is narrower.
MIN_LEGEND_WIDTH = 520.0
#: Width of one monospace character, as a share of the font size (as layout.CHAR_WIDTH).
_CHAR = 0.62


@dataclass(frozen=True)
class LegendItem:
    """One piece of a legend row: ``kind`` text (``text``), swatch (a node's ``fill``, ``dashed``
    border), line (an edge's ``colour`` and ``style``) or gradient (the colour scale), starting at
    ``x`` (px from the row's left), ``width`` wide."""

    kind: str
    x: float
    width: float
    text: str = ""
    fill: str = ""
    dashed: bool = False
    colour: str = ""
    style: LineStyle = PLAIN_LINE


def legend_rows(compact: bool, forward_only: bool, shaded: bool, unpaired: bool,
                max_width: float) -> tuple[tuple[LegendItem, ...], ...]:
    """The legend's rows: node kinds, the colour scale and the lines of each grade (``shaded``), what
    compact or reverse means; each section starts a row, its entries flow left to right and wrap
    before ``max_width``."""
    from .edge_colour import NO_KGRAM_COLOUR, share_colour
    from .palette import LEGEND_GRADE_TEXT, LEGEND_NODE_TEXT

    def label(text: str) -> LegendItem:
        return LegendItem("text", 0.0, len(text) * _CHAR * LEGEND_FONT_SIZE, text=text)

    nodes = [[LegendItem("swatch", 0.0, 30.0, fill=KIND_FILL[kind], dashed=kind == "constant"), label(text)]
             for kind, text in LEGEND_NODE_TEXT.items()]
    if unpaired:
        nodes.append([LegendItem("swatch", 0.0, 30.0, fill=UNPAIRED_FILL), label("no partner in the other graph")])
    sections = [nodes]
    if shaded:
        sections.append([[label("edge colour: matched share of k-grams"), label("0 %"),
                          LegendItem("gradient", 0.0, 160.0), label("100 %")]])
        sections.append([[LegendItem("line", 0.0, 44.0, colour=colour, style=style), label(LEGEND_GRADE_TEXT[grade])]
                         for (grade, style), colour in zip(GRADE_LINES.items(), (share_colour(1.0), share_colour(0.5),
                                                                                 share_colour(0.0), NO_KGRAM_COLOUR))])
    if compact:
        sections.append([[label("compact: relations once, concepts in labels")]])
    elif not forward_only:
        sections.append([[label("an edge label ending in ~ is a reverse edge")]])
    rows: list[tuple[LegendItem, ...]] = []
    gap, entry_gap = 8.0, 24.0
    for section in sections:
        row: list[LegendItem] = []
        x = 0.0
        for entry in section:
            width = sum(i.width for i in entry) + gap * (len(entry) - 1)
            if row and x + width > max_width:
                rows.append(tuple(row))
                row, x = [], 0.0
            for item in entry:
                row.append(LegendItem(item.kind, x, item.width, item.text, item.fill, item.dashed, item.colour,
                                      item.style))
                x += item.width + gap
            x += entry_gap - gap
        rows.append(tuple(row))
    return tuple(rows)


@dataclass(frozen=True)
class Page:
    """Where an export puts the drawing, its heading and its legend: the page's box (left, top, width,
    height, in the drawing's units), the heading's baseline, the legend's rows and the top of the first."""

    box: tuple[float, float, float, float]
    heading_at: Point
    legend: tuple[tuple[LegendItem, ...], ...]
    legend_top: float


#: Font size (px) of the heading; empty space (px) around the drawing.
TITLE_FONT_SIZE = 18
SVG_MARGIN = 24.0


def page_of(scene: Scene, compact: bool, forward_only: bool, title: str, unpaired: bool) -> Page:
    """The page around a scene: a margin, the heading above, the legend under the drawing."""
    x0, y0, x1, y1 = scene.extent
    rows = legend_rows(compact, forward_only, scene.shaded, unpaired, max(x1 - x0, MIN_LEGEND_WIDTH))
    legend_width = max((r[-1].x + r[-1].width for r in rows if r), default=0.0)
    left = x0 - SVG_MARGIN
    top = y0 - SVG_MARGIN - (TITLE_FONT_SIZE * 2 if title else 0.0)
    width = max(x1 - x0, legend_width) + 2 * SVG_MARGIN
    legend_top = y1 + SVG_MARGIN
    height = legend_top + LEGEND_ROW * len(rows) + SVG_MARGIN / 2 - top
    return Page((left, top, width, height), (x0, top + SVG_MARGIN + TITLE_FONT_SIZE), rows, legend_top)
