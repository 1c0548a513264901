"""Drawing graphs with pyvis: self-contained vis-network HTML (no CDN), fixed positions, a legend.

Everything from a clause file reaches the page as JSON-encoded node and edge data (labels are
drawn on a canvas, tooltips are plain text); see docs/app.md for the four pyvis injection holes
that are kept shut."""

from __future__ import annotations

import re
from collections.abc import Sequence

import streamlit as st

from dscorer_core import Graph
from dscorer_core.render import (
    FULL,
    MATCHED,
    NO_KGRAM,
    NONE_MATCHED,
    PARTLY,
    SCALE_STOPS,
    UNMATCHED,
    edge_curves,
    edge_display,
    edge_shades,
    fold_reverse,
    node_display,
)

from .text import defuse_title

__all__ = ["COLOURS", "MARK_BORDER", "MARK_SHADOW", "EDGE_STYLE", "graph_html", "graph_pane", "legend"]

# Okabe-Ito colours (safe for colour-blind readers); each status also has its own dash/width.
COLOURS = {MATCHED: "#0072B2", UNMATCHED: "#D55E00", "none": "#B0B0B0", "focus": "#CC79A7",
           "box": "#F6E8B1", "referent": "#DCEBF7", "constant": "#FFFFFF", "border": "#444444"}
#: How a chosen variable's node is drawn (graph_html's ``marked_nodes``): border width and glow.
MARK_BORDER = 7
MARK_SHADOW = {"enabled": True, "color": COLOURS["focus"], "size": 22, "x": 0, "y": 0}
EDGE_STYLE = {MATCHED: {"width": 3, "dashes": False}, UNMATCHED: {"width": 2, "dashes": [8, 5]},
              "none": {"width": 1, "dashes": [2, 4]}}
#: Width and dashes per grade of the matched share (edge_shades), so the grade does not rest on colour.
GRADE_STYLE = {FULL: {"width": 4, "dashes": False}, PARTLY: {"width": 3, "dashes": [14, 4]},
               NONE_MATCHED: {"width": 2, "dashes": [6, 6]}, NO_KGRAM: {"width": 1, "dashes": [2, 4]}}

_BOOTSTRAP = re.compile(r"<link[^>]*bootstrap[^>]*/>|<script[^>]*bootstrap[^>]*>\s*</script>", re.S)


def graph_html(graph: Graph, positions: Sequence[tuple[float, float]], box: tuple[float, float, float, float],
               *, edge_status: Sequence[str] | None = None,
               edge_counts: Sequence[tuple[int, int]] | None = None, focus_nodes: frozenset[int] = frozenset(),
               focus_edges: frozenset[int] = frozenset(), show_names: bool = False,
               names_only: bool = False, forward_only: bool = False, height: int = 520,
               marked_nodes: frozenset[int] = frozenset()) -> str:
    """Self-contained vis-network HTML of one graph at fixed positions (no CDN, physics off).

    ``edge_status`` (per edge: matched / unmatched / none) styles edges; ``focus_*`` draws one
    n-gram's occurrences on top; ``marked_nodes`` (a chosen variable) get a wide pink border and a
    pink glow and are never faded. ``names_only`` labels variables by name (the conversion view's
    merged graph) and ``forward_only`` leaves reverse edges out. The view is moved to the shared
    bounding box ``box`` so two panes line up.
    """
    from pyvis.network import Network  # lazy: pyvis pulls in IPython

    if forward_only and edge_status is not None:
        edge_status, edge_counts = fold_reverse(graph, edge_status, edge_counts)
    net = Network(directed=True, cdn_resources="in_line", height=f"{height - 20}px", width="100%")
    focus = bool(focus_edges)
    for node in graph.nodes:
        disp = node_display(graph, node, show_names)
        label = node.name if names_only and not node.is_constant else disp.label
        on_focus = node.id in focus_nodes
        marked = node.id in marked_nodes
        x, y = positions[node.id]
        extra = {"shadow": dict(MARK_SHADOW)} if marked else {}
        net.add_node(node.id, label=label, title=defuse_title(disp.title), x=x, y=y,
                     shape="box" if node.is_box else "ellipse",
                     color={"background": COLOURS[node.kind], "border": COLOURS["focus"] if on_focus or marked
                            else COLOURS["border"]},
                     borderWidth=MARK_BORDER if marked else 4 if on_focus else (2 if node.is_box else 1),
                     shapeProperties={"borderDashes": [3, 3] if node.is_constant else False},
                     font={"size": 24, "face": "monospace"},
                     opacity=0.35 if focus and not (on_focus or marked) else 1.0, **extra)
    shades = edge_shades(edge_counts) if edge_counts and edge_status is not None else None
    ranks = edge_curves(graph, skip_reversed=forward_only)
    for edge, rank in zip(graph.edges, ranks):
        if forward_only and edge.reversed:
            continue
        status = edge_status[edge.id] if edge_status is not None else None
        disp = edge_display(graph, edge, status, edge_counts[edge.id] if edge_counts else None)
        if status is None:
            colour, style = "#555555", {"width": 1.5, "dashes": False}
        elif shades is not None:
            colour, style = shades[edge.id].colour, GRADE_STYLE[shades[edge.id].grade]
        else:
            colour, style = COLOURS[status], EDGE_STYLE[status]
        if focus:
            if edge.id in focus_edges:
                colour, style = COLOURS["focus"], {"width": 5, "dashes": False}
            else:
                colour = "#DDDDDD"
        net.add_edge(edge.source, edge.target, label=disp.label, title=defuse_title(disp.title),
                     color=colour, width=style["width"], dashes=style["dashes"], arrows="to",
                     font={"size": 16, "face": "monospace", "strokeWidth": 4},
                     smooth={"enabled": True, "type": "curvedCW", "roundness": 0.15 + 0.25 * rank})
    net.options = {"physics": {"enabled": False},
                   "interaction": {"hover": True, "tooltipDelay": 150, "navigationButtons": False},
                   "edges": {"arrowStrikethrough": False}}
    html = _BOOTSTRAP.sub("", net.generate_html())
    x0, y0, x1, y1 = (float(v) for v in box)
    fit = (f"<script>(function(){{var b=[{x0},{y0},{x1},{y1}];"
           "function align(){var c=document.getElementById('mynetwork');if(!c||!network)return;"
           "var w=c.clientWidth||600,h=c.clientHeight||500,m=50;"
           "var s=Math.min(w/(b[2]-b[0]+2*m),h/(b[3]-b[1]+2*m),1.5);"
           "network.moveTo({position:{x:(b[0]+b[2])/2,y:(b[1]+b[3])/2},scale:s,animation:false});}"
           "align();window.addEventListener('resize',align);document.body.dataset.ready='1';})();</script>")
    return html.replace("</body>", fit + "\n</body>", 1)


def graph_pane(title: str, graph: Graph, positions, box, height: int = 600, **kwargs) -> None:
    """A caption and the embedded graph."""
    st.markdown(f"**{title}** · {len(graph.nodes)} nodes, {len(graph.edges)} edges")
    st.iframe(graph_html(graph, positions, box, height=height, **kwargs), height=height)


def legend(with_status: bool = True, with_variable: bool = False) -> None:
    """What the colours and dashes mean (``with_variable``: also the chosen variable's pink ring)."""
    parts = ["▭ box node (B)", "◯ referent (X, E, S, T, P)", "◌ dashed border: constant"]
    if with_status:
        stops = ", ".join(f"{c} {100 * s:.0f}%" for s, c in SCALE_STOPS)
        st.html(f'<div style="display:flex;align-items:center;gap:.6em;font-size:.85rem">'
                f'<span>edge colour = share of the k-gram occurrences through the edge that are matched:</span>'
                f'<span>0 %</span><span style="display:inline-block;width:14em;height:.9em;border-radius:3px;'
                f'background:linear-gradient(to right, {stops})"></span><span>100 %</span></div>')
        parts += ["**━ solid, thick**: all its k-grams matched",
                  "**╍ long dashes**: partly matched",
                  "**┅ short dashes**: none matched",
                  "┈ grey, dotted: on no k-gram of this order",
                  "**━ pink, widest**: the chosen n-gram"]
    if with_variable:
        parts.append("**◎ pink ring and glow**: the chosen variable (pred) and the gold variable COUNTER maps it to")
    parts.append("an edge label ending in `~` is a reverse edge")
    st.caption(" · ".join(parts))
