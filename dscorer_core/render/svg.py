"""One graph as a standalone SVG 1.1 picture, drawn as the app's pane draws it (the scene of
render.scene: positions from the shared layout, node shapes and sizes, each edge's curve and the
label at its middle, colours and lines of the edge shades) so it can be kept, printed or put in a paper.

Every text from a clause file is XML-escaped character data; the picture holds no script, no event
attribute and no external reference (its one ``url(#...)`` names its own colour scale)."""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from xml.sax.saxutils import escape

from ..ngrams.induction import Edge, Graph
from .display import compact_folds
from .edge_colour import SCALE_STOPS, EdgeShade
from .palette import NODE_BORDER, TEXT_COLOUR, LineStyle
from .scene import (
    LEGEND_FONT_SIZE,
    LEGEND_ROW,
    TITLE_FONT_SIZE,
    LegendItem,
    Scene,
    graph_scene,
    page_of,
)

FONT_FAMILY = "DejaVu Sans Mono, Menlo, Consolas, monospace"

_QUOTES = {'"': "&quot;", "'": "&apos;"}
#: Characters XML 1.0 does not allow (C0 controls but tab and newline, surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: str) -> str:
    """Character data or an attribute value: markup characters and both quotes as entities,
    characters XML cannot hold as U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", value), _QUOTES)


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if math.isfinite(value) else "0"


def _dash(style: LineStyle) -> str:
    return f' stroke-dasharray="{" ".join(str(d) for d in style.dashes)}"' if style.dashes else ""


def drawn_edges(graph: Graph, compact: bool = True, forward_only: bool = False) -> tuple[Edge, ...]:
    """The edges a drawing shows: without reverse edges when ``forward_only`` or ``compact``, and
    compact also without the edges from a box to its referents and constants (compact_folds)."""
    hidden = compact_folds(graph).hidden if compact else frozenset()
    skip_reversed = forward_only or compact
    return tuple(e for e in graph.edges if e.id not in hidden and not (skip_reversed and e.reversed))


def _label_lines(x: float, y: float, lines: Sequence[str], size: float) -> str:
    """tspans of a centred label, one per line, around the point (x, y)."""
    step = 1.25 * size
    first = y - step * (len(lines) - 1) / 2 + 0.35 * size
    return "".join(f'<tspan x="{_n(x)}" y="{_n(first + i * step)}">{_text(line)}</tspan>'
                   for i, line in enumerate(lines))


def _legend_item(item: LegendItem) -> str:
    size = LEGEND_FONT_SIZE
    if item.kind == "text":
        body = f'<text x="0" y="{_n(0.35 * size)}" font-size="{size}" fill="{TEXT_COLOUR}">{_text(item.text)}</text>'
    elif item.kind == "swatch":
        dash = ' stroke-dasharray="3 3"' if item.dashed else ""
        body = f'<rect x="0" y="-9" width="30" height="18" rx="4" fill="{item.fill}" stroke="{NODE_BORDER}"{dash}/>'
    elif item.kind == "line":
        body = (f'<line x1="0" y1="0" x2="44" y2="0" stroke="{item.colour}" stroke-width="{_n(item.style.width)}"'
                f'{_dash(item.style)}/>')
    else:
        body = '<rect x="0" y="-7" width="160" height="14" rx="3" fill="url(#share-scale)"/>'
    return f'<g transform="translate({_n(item.x)} 0)">{body}</g>'


def _path(points: Sequence[tuple[float, float]], lead: Sequence[tuple[float, float]] = ()) -> str:
    command = {3: "Q", 4: "C"}[len(points)]
    start = "".join(f"L {_n(x)} {_n(y)} " for x, y in lead[1:]) + (f"L {_n(points[0][0])} {_n(points[0][1])} "
                                                                    if lead else "")
    first = lead[0] if lead else points[0]
    return (f"M {_n(first[0])} {_n(first[1])} {start}{command} "
            + " ".join(f"{_n(x)} {_n(y)}" for x, y in points[1:]))


def scene_svg(scene: Scene, *, compact: bool = True, forward_only: bool = False, title: str = "",
              unpaired: bool = False) -> str:
    """A scene (graph_scene) as a standalone SVG 1.1 document, with ``title`` as heading and a legend
    under the drawing."""
    node_parts = []
    for node in scene.nodes:
        (x, y), (w, h) = node.centre, node.size
        rx, ry = (w / 2, h / 2) if node.ellipse else (node.corner, node.corner)
        dash = ' stroke-dasharray="3 3"' if node.dashed else ""
        node_parts.append(
            f'<g class="node {node.kind}" id="n{node.id}"><title>{_text(node.tooltip)}</title>'
            f'<rect x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" width="{_n(w)}" height="{_n(h)}" '
            f'rx="{_n(rx)}" ry="{_n(ry)}" fill="{node.fill}" stroke="{node.border}" '
            f'stroke-width="{_n(node.border_width)}"{dash}/>'
            f'<text font-size="{_n(node.font_size)}" text-anchor="middle" fill="{TEXT_COLOUR}">'
            f'{_label_lines(x, y, node.lines, node.font_size)}</text></g>')
    tooltips = {e.id: f"<title>{_text(e.tooltip)}</title>" for e in scene.edges}
    edge_parts = [
        f'<g class="edge" id="e{e.id}">{tooltips[e.id]}<path d="{_path(e.points, e.lead)}" fill="none" '
        f'stroke="{e.colour}" '
        f'stroke-width="{_n(e.style.width)}"{_dash(e.style)}/>'
        f'<polygon points="{" ".join(f"{_n(px)},{_n(py)}" for px, py in e.arrow)}" fill="{e.colour}"/></g>'
        for e in scene.edges]
    label_parts = []
    for label in scene.labels:
        x0, y0, x1, y1 = label.rect
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        turn = f' transform="rotate(-90 {_n(cx)} {_n(cy)})"' if label.turned else ""
        label_parts.append(
            f'<g class="edge-label" id="l{label.id}">{tooltips[label.id]}'
            f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" rx="3" '
            f'fill="#FFFFFF" fill-opacity="0.85"/>'
            f'<text x="{_n(cx)}" y="{_n(cy + 0.35 * label.font_size)}"{turn} '
            f'font-size="{_n(label.font_size)}" text-anchor="middle" fill="{TEXT_COLOUR}">'
            f'{_text(label.text)}</text></g>')
    page = page_of(scene, compact, forward_only, title, unpaired)
    left, top, width, height = page.box
    legend_parts = [f'<g transform="translate({_n(scene.extent[0])} {_n(page.legend_top + LEGEND_ROW * (i + 0.5))})">'
                    + "".join(_legend_item(item) for item in row) + "</g>" for i, row in enumerate(page.legend)]
    heading = ""
    if title:
        heading = (f'<text class="heading" x="{_n(page.heading_at[0])}" y="{_n(page.heading_at[1])}" '
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


def graph_svg(graph: Graph, positions: Sequence[tuple[float, float]], *,
              edge_shades: Sequence[EdgeShade] | None = None, compact: bool = True, forward_only: bool = False,
              show_names: bool = False, title: str = "", unpaired: Collection[int] = frozenset()) -> str:
    """A standalone SVG 1.1 document of one graph at ``positions`` (per node id, e.g. Layout.pred),
    drawn exactly as the pane draws it (graph_scene: the pane's node shapes, curves and label places).

    Nodes are filled by kind, edges arrows in the colour and dash of their grade (``edge_shades``: per
    edge of the graph, before folding, e.g. edge_shades(SideHighlight.edge_counts)); ``compact`` folds
    reverse edges and shows concepts in the referent's label, as the app's pane does. Each node and
    edge has a ``<title>`` tooltip; a legend sits under the drawing."""
    scene = graph_scene(graph, positions, edge_shades=edge_shades, compact=compact, forward_only=forward_only,
                        show_names=show_names, unpaired=unpaired)
    return scene_svg(scene, compact=compact, forward_only=forward_only, title=title, unpaired=bool(unpaired))
