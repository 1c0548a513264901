"""One graph as a standalone SVG 1.1 picture, drawn as the app's pane draws it (positions from the
shared layout, node kinds, edge shades, the compact labels) so it can be kept, printed or put in a paper.

Every text from a clause file is XML-escaped character data; the picture holds no script, no event
attribute and no external reference (its one ``url(#...)`` names its own colour scale)."""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from xml.sax.saxutils import escape

from ..dscorer.induction import Edge, Graph
from ..dscorer.ngram_comparison import MATCHED, UNMATCHED, UNUSED, fold_into, fold_reverse
from .display import (
    UNPAIRED_NOTE,
    compact_folds,
    compact_label,
    drawn_edge_label,
    edge_display,
    folded_note,
    node_display,
)
from .edge_colour import NO_KGRAM_COLOUR, SCALE_STOPS, EdgeShade, least_matched, share_colour
from .edge_colour import edge_shades as shades_from_counts
from .layout import CHAR_WIDTH, NODE_FONT_SIZE, edge_curves, label_size
from .palette import (
    EDGE_FONT_SIZE,
    GRADE_LINES,
    KIND_FILL,
    LEGEND_GRADE_TEXT,
    LEGEND_NODE_TEXT,
    NODE_BORDER,
    PLAIN_EDGE_COLOUR,
    PLAIN_LINE,
    TEXT_COLOUR,
    UNPAIRED_FILL,
    LineStyle,
)

__all__ = ["LEGEND_FONT_SIZE", "TITLE_FONT_SIZE", "SVG_MARGIN", "PARALLEL_STEP", "LABEL_SPOTS", "graph_svg",
           "drawn_edges", "folded_shades"]

#: Font sizes (px) of the legend and the heading; node labels use NODE_FONT_SIZE, edge labels EDGE_FONT_SIZE.
LEGEND_FONT_SIZE = 14
TITLE_FONT_SIZE = 18
#: Empty space (px) around the drawing.
SVG_MARGIN = 24.0
FONT_FAMILY = "DejaVu Sans Mono, Menlo, Consolas, monospace"

_QUOTES = {'"': "&quot;", "'": "&apos;"}
#: Characters XML 1.0 does not allow (C0 controls but tab and newline, surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_LEGEND_ROW = 28.0
#: The legend wraps at the drawing's width, or at this width when the drawing is narrower.
MIN_LEGEND_WIDTH = 520.0


def _text(value: str) -> str:
    """Character data or an attribute value: markup characters and both quotes as entities,
    characters XML cannot hold as U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", value), _QUOTES)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if math.isfinite(value) else "0"


def _dash(style: LineStyle) -> str:
    return f' stroke-dasharray="{" ".join(str(d) for d in style.dashes)}"' if style.dashes else ""


def folded_shades(graph: Graph, shades: Sequence[EdgeShade]) -> tuple[EdgeShade, ...]:
    """Shades for a drawing without reverse edges: a forward edge counts its own and its reverse
    partner's k-gram occurrences (as fold_reverse does for the pane)."""
    counts = [(s.matched, s.unmatched) for s in shades]
    return shades_from_counts(fold_reverse(graph, [UNUSED] * len(counts), counts)[1])


def drawn_edges(graph: Graph, compact: bool = True, forward_only: bool = False) -> tuple[Edge, ...]:
    """The edges a drawing shows: without reverse edges when ``forward_only`` or ``compact``, and
    compact also without the edges from a box to its referents and constants (compact_folds)."""
    hidden = compact_folds(graph).hidden if compact else frozenset()
    skip_reversed = forward_only or compact
    return tuple(e for e in graph.edges if e.id not in hidden and not (skip_reversed and e.reversed))


def _status(shade: EdgeShade) -> str:
    return MATCHED if shade.matched else UNMATCHED if shade.unmatched else UNUSED


def _clip(centre: tuple[float, float], towards: tuple[float, float], half: tuple[float, float],
          gap: float = 3.0) -> tuple[float, float]:
    """Where the ray from a node's centre towards a point leaves its rectangle (plus ``gap``)."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return centre[0], centre[1] - half[1] - gap
    ux, uy = dx / length, dy / length
    t = min(half[0] / abs(ux) if ux else math.inf, half[1] / abs(uy) if uy else math.inf)
    return centre[0] + ux * (t + gap), centre[1] + uy * (t + gap)


class _Bounds:
    """The smallest rectangle around everything drawn so far."""

    def __init__(self) -> None:
        self.x0 = self.y0 = math.inf
        self.x1 = self.y1 = -math.inf

    def add(self, x: float, y: float, half_w: float = 0.0, half_h: float = 0.0) -> None:
        self.x0, self.x1 = min(self.x0, x - half_w), max(self.x1, x + half_w)
        self.y0, self.y1 = min(self.y0, y - half_h), max(self.y1, y + half_h)


#: Offset (px) of the middle of each further edge between the same two nodes from the one before.
PARALLEL_STEP = 22.0
#: Where along its curve an edge label may stand, tried in this order until it covers no node or label.
LABEL_SPOTS = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


def _bezier(points: Sequence[Point], t: float) -> Point:
    """The point at ``t`` of the Bezier curve with these control points (de Casteljau)."""
    pts = list(points)
    while len(pts) > 1:
        pts = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in zip(pts, pts[1:])]
    return pts[0]


def _edge_shape(start_centre: Point, start_half: Point, end_centre: Point, end_half: Point, rank: int,
                width: float) -> tuple[str, list[Point], list[Point]]:
    """Path data, arrowhead corners and the curve's control points (start to arrow tip) of an edge
    curved clockwise, each further edge between the same two nodes a step further out (as in the pane)."""
    head = 10.0 + 2.0 * width
    if start_centre == end_centre:  # a loop over the node's top
        (x, y), (hw, hh) = start_centre, start_half
        lift = 40.0 + PARALLEL_STEP * rank
        p0, p1 = (x + hw * 0.4, y - hh - 2), (x - hw * 0.4, y - hh - 2)
        controls = [(x + hw * 0.6 + 12, y - hh - lift), (x - hw * 0.6 - 12, y - hh - lift)]
    else:
        dx, dy = end_centre[0] - start_centre[0], end_centre[1] - start_centre[1]
        length = math.hypot(dx, dy)
        bend = 0.15 + PARALLEL_STEP * rank / length
        controls = [((start_centre[0] + end_centre[0]) / 2 - dy * bend,
                     (start_centre[1] + end_centre[1]) / 2 + dx * bend)]
        p0 = _clip(start_centre, controls[0], start_half)
        p1 = _clip(end_centre, controls[0], end_half)
    ux, uy = p1[0] - controls[-1][0], p1[1] - controls[-1][1]
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    stop = (p1[0] - ux * (head - 1), p1[1] - uy * (head - 1))
    d = f"M {_n(p0[0])} {_n(p0[1])} {'Q' if len(controls) == 1 else 'C'} " + \
        " ".join(f"{_n(cx)} {_n(cy)}" for cx, cy in [*controls, stop])
    base = (p1[0] - ux * head, p1[1] - uy * head)
    spread = 4.0 + width
    arrow = [p1, (base[0] - uy * spread, base[1] + ux * spread), (base[0] + uy * spread, base[1] - ux * spread)]
    return d, arrow, [p0, *controls, p1]


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_spot(curve: Sequence[Point], half: Point, taken: Sequence[Rect]) -> Rect:
    """The label's rectangle at the first of LABEL_SPOTS along the curve where it covers nothing
    in ``taken`` (node boxes, labels placed before), else at the curve's middle."""
    for t in LABEL_SPOTS:
        x, y = _bezier(curve, t)
        rect = (x - half[0], y - half[1], x + half[0], y + half[1])
        if not any(_overlaps(rect, other) for other in taken):
            return rect
    x, y = _bezier(curve, 0.5)
    return x - half[0], y - half[1], x + half[0], y + half[1]


def _label_lines(x: float, y: float, lines: Sequence[str], size: float) -> str:
    """tspans of a centred label, one per line, around the point (x, y)."""
    step = 1.25 * size
    first = y - step * (len(lines) - 1) / 2 + 0.35 * size
    return "".join(f'<tspan x="{_n(x)}" y="{_n(first + i * step)}">{_text(line)}</tspan>'
                   for i, line in enumerate(lines))


def _text_width(text: str, size: float) -> float:
    return len(text) * CHAR_WIDTH * size


Item = tuple[str, float]  # an SVG fragment drawn from x = 0 (y = 0: the middle of its row), and its width


def _legend(compact: bool, forward_only: bool, shaded: bool, unpaired: bool) -> list[list[list[Item]]]:
    """The legend: sections (each starts a row), each a list of entries (items kept on one row)."""
    size = LEGEND_FONT_SIZE

    def label(text: str) -> Item:
        return (f'<text x="0" y="{_n(0.35 * size)}" font-size="{size}" fill="{TEXT_COLOUR}">{_text(text)}</text>',
                _text_width(text, size))

    def swatch(fill: str, dashed: bool) -> Item:
        dash = ' stroke-dasharray="3 3"' if dashed else ""
        return (f'<rect x="0" y="-9" width="30" height="18" rx="4" fill="{fill}" stroke="{NODE_BORDER}"{dash}/>',
                30.0)

    def line(colour: str, style: LineStyle) -> Item:
        return (f'<line x1="0" y1="0" x2="44" y2="0" stroke="{colour}" stroke-width="{_n(style.width)}"'
                f'{_dash(style)}/>', 44.0)

    gradient = ('<rect x="0" y="-7" width="160" height="14" rx="3" fill="url(#share-scale)"/>', 160.0)
    nodes = [[swatch(KIND_FILL[kind], kind == "constant"), label(text)] for kind, text in LEGEND_NODE_TEXT.items()]
    if unpaired:
        nodes.append([swatch(UNPAIRED_FILL, False), label("no partner in the other graph")])
    sections = [nodes]
    if shaded:
        sections.append([[label("edge colour: matched share of k-grams"), label("0 %"), gradient, label("100 %")]])
        sections.append([[line(colour, style), label(LEGEND_GRADE_TEXT[grade])]
                         for (grade, style), colour in zip(GRADE_LINES.items(), (share_colour(1.0), share_colour(0.5),
                                                                                 share_colour(0.0), NO_KGRAM_COLOUR))])
    if compact:
        sections.append([[label("compact: relations once, concepts in labels")]])
    elif not forward_only:
        sections.append([[label("an edge label ending in ~ is a reverse edge")]])
    return sections


def _legend_rows(sections: Sequence[Sequence[Sequence[Item]]], max_width: float) -> list[tuple[str, float]]:
    """The legend's rows (fragment, width): each section on a new row, its entries flowed left to
    right and wrapped before ``max_width``."""
    rows: list[tuple[str, float]] = []
    gap, entry_gap = 8.0, 24.0
    for section in sections:
        parts: list[str] = []
        x = 0.0
        for entry in section:
            width = sum(w for _, w in entry) + gap * (len(entry) - 1)
            if parts and x + width > max_width:
                rows.append(("".join(parts), x - entry_gap))
                parts, x = [], 0.0
            for fragment, w in entry:
                parts.append(f'<g transform="translate({_n(x)} 0)">{fragment}</g>')
                x += w + gap
            x += entry_gap - gap
        rows.append(("".join(parts), max(0.0, x - entry_gap)))
    return rows


def graph_svg(graph: Graph, positions: Sequence[tuple[float, float]], *,
              edge_shades: Sequence[EdgeShade] | None = None, compact: bool = True, forward_only: bool = False,
              show_names: bool = False, title: str = "", unpaired: Collection[int] = frozenset()) -> str:
    """A standalone SVG 1.1 document of one graph at ``positions`` (per node id, e.g. Layout.pred).

    Nodes are rounded rectangles filled by kind, edges arrows in the colour and dash of their grade
    (``edge_shades``: per edge of the graph, before folding, e.g. edge_shades(SideHighlight.edge_counts));
    ``compact`` folds reverse edges and shows concepts in the referent's label, as the app's pane
    does. Each node and edge has a ``<title>`` tooltip; a legend line sits under the drawing."""
    if len(positions) != len(graph.nodes):
        raise ValueError(f"{len(positions)} positions for a graph of {len(graph.nodes)} nodes")
    if edge_shades is not None and len(edge_shades) != len(graph.edges):
        raise ValueError(f"{len(edge_shades)} edge shades for a graph of {len(graph.edges)} edges")
    skip_reversed = forward_only or compact
    shades = (folded_shades(graph, edge_shades) if skip_reversed else tuple(edge_shades)) \
        if edge_shades is not None else None
    folds = compact_folds(graph) if compact else None
    if folds is not None and shades is not None:  # one line per relation, as in the pane
        shades = shades_from_counts(fold_into([UNUSED] * len(shades), [(s.matched, s.unmatched) for s in shades],
                                              folds.into_edge)[1])
    into = folds.into_node if folds is not None else ()
    lonely = frozenset(unpaired)
    bounds = _Bounds()

    labels = [compact_label(graph, n) if compact else node_display(graph, n, show_names).label for n in graph.nodes]
    halves = [(w / 2, h / 2) for w, h in (label_size(text, NODE_FONT_SIZE) for text in labels)]
    node_parts = []
    for node, text, half in zip(graph.nodes, labels, halves):
        x, y = positions[node.id]
        bounds.add(x, y, *half)
        border, width = NODE_BORDER, (2.0 if node.is_box else 1.0)
        if compact and into[node.id] and shades is not None:
            border, width = least_matched([shades[e] for e in into[node.id]]).colour, 4.0
        tooltip = node_display(graph, node, show_names).title + ("\n" + UNPAIRED_NOTE if node.id in lonely else "")
        fill = UNPAIRED_FILL if node.id in lonely else KIND_FILL.get(node.kind, KIND_FILL["referent"])
        dash = ' stroke-dasharray="3 3"' if node.is_constant else ""
        node_parts.append(
            f'<g class="node {node.kind}" id="n{node.id}"><title>{_text(tooltip)}</title>'
            f'<rect x="{_n(x - half[0])}" y="{_n(y - half[1])}" width="{_n(2 * half[0])}" height="{_n(2 * half[1])}" '
            f'rx="{2 if node.is_box else 12}" fill="{fill}" stroke="{border}" stroke-width="{_n(width)}"{dash}/>'
            f'<text font-size="{NODE_FONT_SIZE}" text-anchor="middle" fill="{TEXT_COLOUR}">'
            f'{_label_lines(x, y, text.split(chr(10)), NODE_FONT_SIZE)}</text></g>')

    ranks = edge_curves(graph, skip_reversed=skip_reversed)
    edge_parts, label_parts = [], []
    taken: list[Rect] = [(x - hw - 2, y - hh - 2, x + hw + 2, y + hh + 2)
                         for (x, y), (hw, hh) in zip(positions, halves)]
    for edge in drawn_edges(graph, compact, forward_only):
        shade = shades[edge.id] if shades is not None else None
        if shade is None:
            colour, style = PLAIN_EDGE_COLOUR, PLAIN_LINE
            disp = edge_display(graph, edge)
        else:
            colour, style = shade.colour, GRADE_LINES[shade.grade]
            disp = edge_display(graph, edge, _status(shade), (shade.matched, shade.unmatched))
        d, arrow, curve = _edge_shape(positions[edge.source], halves[edge.source], positions[edge.target],
                                      halves[edge.target], ranks[edge.id], style.width)
        for px, py in curve + arrow:
            bounds.add(px, py)
        note = folded_note(graph, folds, edge.id) if folds is not None else ""
        tooltip = f"<title>{_text(disp.title + (chr(10) + note if note else ''))}</title>"
        edge_parts.append(
            f'<g class="edge" id="e{edge.id}">{tooltip}<path d="{d}" fill="none" stroke="{colour}" '
            f'stroke-width="{_n(style.width)}"{_dash(style)}/>'
            f'<polygon points="{" ".join(f"{_n(px)},{_n(py)}" for px, py in arrow)}" fill="{colour}"/></g>')
        text = drawn_edge_label(graph, edge, compact)
        if text:
            x0, y0, x1, y1 = spot = _label_spot(curve, (_text_width(text, EDGE_FONT_SIZE) / 2 + 3,
                                                        0.65 * EDGE_FONT_SIZE), taken)
            taken.append(spot)
            bounds.add(x0, y0)
            bounds.add(x1, y1)
            label_parts.append(
                f'<g class="edge-label" id="l{edge.id}">{tooltip}'
                f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" rx="3" '
                f'fill="#FFFFFF" fill-opacity="0.85"/>'
                f'<text x="{_n((x0 + x1) / 2)}" y="{_n((y0 + y1) / 2 + 0.35 * EDGE_FONT_SIZE)}" '
                f'font-size="{EDGE_FONT_SIZE}" text-anchor="middle" fill="{TEXT_COLOUR}">{_text(text)}</text></g>')
    if not graph.nodes:
        bounds.add(0.0, 0.0)

    rows = _legend_rows(_legend(compact, forward_only, shades is not None, bool(lonely)),
                        max(bounds.x1 - bounds.x0, MIN_LEGEND_WIDTH))
    legend_width = max(row_width for _, row_width in rows)
    left = bounds.x0 - SVG_MARGIN
    top = bounds.y0 - SVG_MARGIN - (TITLE_FONT_SIZE * 2 if title else 0.0)
    width = max(bounds.x1 - bounds.x0, legend_width) + 2 * SVG_MARGIN
    legend_top = bounds.y1 + SVG_MARGIN
    height = legend_top + _LEGEND_ROW * len(rows) + SVG_MARGIN / 2 - top
    legend_parts = [f'<g transform="translate({_n(bounds.x0)} {_n(legend_top + _LEGEND_ROW * (i + 0.5))})">'
                    + fragment + "</g>" for i, (fragment, _) in enumerate(rows)]
    heading = ""
    if title:
        heading = (f'<text class="heading" x="{_n(bounds.x0)}" y="{_n(top + SVG_MARGIN + TITLE_FONT_SIZE)}" '
                   f'font-size="{TITLE_FONT_SIZE}" font-weight="bold" fill="{TEXT_COLOUR}">{_text(title)}</text>')
    stops = "".join(f'<stop offset="{_n(share)}" stop-color="{colour}"/>' for share, colour in SCALE_STOPS)
    box = f"{_n(left)} {_n(top)} {_n(width)} {_n(height)}"
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="{box}" font-family="{FONT_FAMILY}">',
        f"<title>{_text(title or 'DSCORER graph')}</title>",
        f'<defs><linearGradient id="share-scale" x1="0" y1="0" x2="1" y2="0">{stops}</linearGradient></defs>',
        f'<rect class="background" x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="{_n(height)}" '
        'fill="#FFFFFF"/>',
        heading,
        '<g class="edges">', *edge_parts, "</g>",
        '<g class="nodes">', *node_parts, "</g>",
        '<g class="edge-labels">', *label_parts, "</g>",
        '<g class="legend">', *legend_parts, "</g>",
        "</svg>",
        "",
    ])
