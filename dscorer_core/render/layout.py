"""Where the nodes of a pair of graphs are drawn: one structured layout for both panes (boxes in a
top row, their referents in columns under them), so a variable sits at the same place on either side."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..ngrams.induction import Graph
from ..ngrams.node_pairing import mapped_keys
from .display import compact_label, concept_edges, drawn_edge_label
from .palette import EDGE_FONT_SIZE

if TYPE_CHECKING:  # networkx (0.4 s) is imported when a layout is computed, not with the package
    import networkx as nx


#: Graphs with more nodes than this are not laid out (the app offers the n-gram table instead).
MAX_LAYOUT_NODES = 150


@dataclass(frozen=True)
class Layout:
    """Positions of the nodes of a pair of graphs, and the bounding box of the union."""

    pred: tuple[tuple[float, float], ...]
    gold: tuple[tuple[float, float], ...]
    box: tuple[float, float, float, float]  # min x, min y, max x, max y
    #: Node ids with no partner in the other graph (under the variable mapping, or by name).
    pred_unpaired: frozenset[int] = field(default=frozenset())
    gold_unpaired: frozenset[int] = field(default=frozenset())


#: Font size (px at zoom 1) of node labels; the layout leaves room for labels of this size.
NODE_FONT_SIZE = 20
#: Width of one monospace character, as a share of the font size.
CHAR_WIDTH = 0.62
#: Inner margin of a drawn node (vis-network's box shape) in px, each side.
NODE_MARGIN = 6
#: Corner radius (px at zoom 1) of a drawn box node and of a referent or constant; vis-network adds
#: it on every side of a node's bounding box, so the layout and the label places count it too.
BOX_CORNER, NODE_CORNER = 2, 8
#: Gaps between node label boxes: between columns, between a referent and its constants, between rows.
GAP_X, GAP_BESIDE, GAP_Y = 60.0, 30.0, 64.0
#: The gap between the rows of a column: room for an edge between two referents of one column to
#: curve around the referents between them (with 64 px, 8% of the PMB 2.2.0 dev drawings had an edge
#: through a node; with 130, none).
ROW_GAP = 130.0
#: The gap between a box and its first referent: the edges between them are short (no referent between
#: them to curve around), and a wider gap left a blank band across the pane (issue 31, item 6).
HEAD_GAP = 64.0
#: How far a box's referents stand to the right of the box's left edge, so that the edges from the box
#: reach each referent from its left, clear of the referents above it.
INDENT = 54.0
#: Box columns per band by default: two panes side by side on a laptop are about 450 px wide each,
#: room for two columns at a readable scale.
COLUMNS_PER_BAND = 2
#: Widest band (layout units = px at zoom 1, gaps included) that still takes a second column: a
#: pane beside another on a 1280 px laptop screen with the sidebar open is about 400 px wide, and
#: labels are drawn at 16 px (zoom 0.8), so about 420 units fit.
BAND_WIDTH = 420.0


def label_size(label: str, font_size: float = NODE_FONT_SIZE) -> tuple[float, float]:
    """Estimated width and height of a drawn node with this label (monospace characters, margins)."""
    lines = label.split("\n") or [""]
    width = max(len(line) for line in lines) * CHAR_WIDTH * font_size + 2 * NODE_MARGIN
    return width, len(lines) * 1.25 * font_size + 2 * NODE_MARGIN


def beside_gap(referent: tuple[float, float], constants: Sequence[tuple[float, float]],
               labels: Sequence[str], minimum: float = GAP_BESIDE) -> float:
    """The gap between a referent's box (width, height) and the column of its constants (their
    sizes) such that the label of each edge between them (``labels``: the longest per constant),
    centred halfway between the two centres, lies clear of both boxes."""
    gap = minimum
    for (width, _), label in zip(constants, labels):
        if label:
            gap = max(gap, len(label) * CHAR_WIDTH * EDGE_FONT_SIZE + abs(referent[0] - width) / 2
                      + 2 * NODE_CORNER + 12.0)
    return gap


def _union(pred: Graph, gold: Graph,
           mapping: Mapping[str, str] | None = None) -> tuple[nx.MultiDiGraph, list[list[tuple[str, ...]]]]:
    """One networkx graph of both sides, nodes keyed by mapped_keys (gold first, then pred), with
    the widest label of either side; ``paired`` marks a node both sides have."""
    import networkx as nx

    union = nx.MultiDiGraph()
    maps: list[list[tuple[str, ...]]] = list(mapped_keys(pred, gold, mapping))
    for side, g in ((1, gold), (0, pred)):
        nxg = g.to_networkx()
        keys = maps[side]
        for n in g.nodes:
            size = label_size(compact_label(g, n))
            if keys[n.id] in union:
                old = union.nodes[keys[n.id]]
                size = (max(size[0], old["size"][0]), max(size[1], old["size"][1]))
                union.nodes[keys[n.id]]["size"] = size
                union.nodes[keys[n.id]]["paired"] = old["paired"] or old["side"] != side
            else:
                union.add_node(keys[n.id], kind=n.kind, size=size, order=union.number_of_nodes(), side=side,
                               paired=False)
        concepts = concept_edges(g)
        for a, b, eid, data in nxg.edges(keys=True, data=True):
            if not data["reversed"]:
                union.add_edge(keys[a], keys[b], relation=data["relation"], concept=eid in concepts,
                               label=drawn_edge_label(g, g.edges[eid], True))
    return union, maps


def _box_order(union: nx.MultiDiGraph, boxes: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Boxes left to right: along the relations between boxes (depth first from the boxes no
    other box points to), each box without such relations just before the box it shares most
    edges with through its referents."""
    import networkx as nx

    links = nx.DiGraph()
    links.add_nodes_from(boxes)
    links.add_edges_from((a, b) for a, b in union.edges() if a in links and b in links and a != b)
    linked = [b for b in boxes if links.degree(b)]
    order: list[tuple[str, ...]] = []
    roots = [b for b in linked if links.in_degree(b) == 0] + linked
    for root in roots:
        if root not in order:
            order.extend(n for n in nx.dfs_preorder_nodes(links, root) if n not in order)
    for box in boxes:
        if box in order:
            continue
        near: dict[tuple[str, ...], int] = {}
        for ref in union.successors(box):
            for other in set(union.successors(ref)) | set(union.predecessors(ref)):
                for b in set(union.predecessors(other)):
                    if b != box and b in order and union.nodes[b]["kind"] == "box":
                        near[b] = near.get(b, 0) + 1
        if near:
            partner = max(near, key=lambda b: (near[b], -order.index(b)))
            order.insert(order.index(partner), box)
        else:
            order.append(box)
    return order


def _home(union: nx.MultiDiGraph, node: tuple[str, ...], boxes: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The box a referent is drawn under: the box that introduces it (REF), else the box with most edges to it."""
    count: dict[tuple[str, ...], int] = {}
    for b, _, data in union.in_edges(node, data=True):
        if b in boxes:
            if data["relation"] == "REF":
                introducer: tuple[str, ...] = b
                return introducer
            count[b] = count.get(b, 0) + 1
    for _, b in union.out_edges(node):
        if b in boxes:
            count[b] = count.get(b, 0) + 1
    if not count:
        return None
    best: tuple[str, ...] = max(count, key=lambda b: (count[b], -union.nodes[b]["order"]))
    return best


def _slots(union: nx.MultiDiGraph, members: list[tuple[str, ...]]) -> list[tuple[tuple[str, ...], ...]]:
    """The rows of a column: each paired referent on a row of its own, then the pred-only and the
    gold-only referents side by side on shared rows (they are never in the same pane), so a side's
    unpaired referents start right under the paired ones, not under the other side's unpaired ones."""
    paired = [(n,) for n in members if union.nodes[n]["paired"]]
    alone = [[n for n in members if not union.nodes[n]["paired"] and union.nodes[n]["side"] == side]
             for side in (0, 1)]
    shared = [tuple(n for n in pair if n is not None) for pair in itertools.zip_longest(*alone)]
    return paired + shared


def _chain_order(union: nx.MultiDiGraph, members: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The referents of one column, each related referent placed right under the one it relates to
    where it can be (depth first along the relations between members, from those no other member
    points to, in the given order): an edge between neighbouring rows passes no node."""
    import networkx as nx

    inside = set(members)
    links = nx.DiGraph()
    links.add_nodes_from(members)
    links.add_edges_from((a, b) for a, b in union.edges() if a in inside and b in inside and a != b)
    order: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for root in [m for m in members if links.in_degree(m) == 0] + members:
        stack = [root]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            order.append(node)
            stack.extend(reversed([m for m in links.successors(node) if m not in seen]))
    return order


def shared_layout(pred: Graph, gold: Graph, spacing: float = 1.0, max_columns: int = COLUMNS_PER_BAND,
                  mapping: Mapping[str, str] | None = None, band_width: float = BAND_WIDTH) -> Layout:
    """Deterministic positions for both graphs from the union of their nodes and edges.

    Nodes with the same key (see mapped_keys: under ``mapping``, e.g. COUNTER's pred -> gold
    variable mapping, else by name) get the same position in both graphs; a node without a
    partner gets a place of its own, empty in the other pane, after the paired nodes of its
    column (Layout.pred_unpaired, gold_unpaired). Boxes stand in
    a top row (bands of at most ``max_columns``, about the square root of the number of boxes, and
    of one column when two would be wider than ``band_width``), ordered along the relations
    between them; each box's referents stand in a column under it,
    each referent's constants beside it (stacked). Gaps come from the estimated label sizes of the compact
    drawing (compact_label at NODE_FONT_SIZE), times ``spacing``; ``max_columns`` = 2 suits two
    panes side by side on a laptop.
    """
    union, maps = _union(pred, gold, mapping)
    if union.number_of_nodes() == 0:
        return Layout((), (), (0.0, 0.0, 0.0, 0.0))
    # paired nodes first, so that rows line up across the panes; then in order of appearance
    by_order = sorted(union.nodes, key=lambda n: (not union.nodes[n]["paired"], union.nodes[n]["order"]))
    boxes = [n for n in by_order if union.nodes[n]["kind"] == "box"]
    box_set = set(boxes)
    rows: dict[tuple[str, ...] | None, list[tuple[str, ...]]] = {b: [] for b in boxes}
    rows[None] = []
    for n in by_order:
        if union.nodes[n]["kind"] == "referent":
            rows.setdefault(_home(union, n, box_set), []).append(n)
    for home, members in rows.items():
        rows[home] = _chain_order(union, members)
    beside: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for n in by_order:
        if union.nodes[n]["kind"] != "constant":
            continue
        owners = [m for m in list(union.predecessors(n)) + list(union.successors(n))
                  if union.nodes[m]["kind"] == "referent"]
        owners.sort(key=lambda m: union.nodes[m]["order"])
        if owners:
            beside.setdefault(owners[0], []).append(n)
        else:  # a constant tied to boxes only stands in a row of its own
            homes = [m for m in union.predecessors(n) if m in box_set]
            rows.setdefault(homes[0] if homes else None, []).append(n)
            beside.setdefault(n, [])
    # boxes both graphs have first (their rows line up at the top of both panes), then the others
    columns: list[tuple[str, ...] | None] = sorted(_box_order(union, boxes), key=lambda b: not union.nodes[b]["paired"])
    # a box only pred has and a box only gold has share a column (each is drawn in its own pane only), so
    # a side whose boxes have no partner starts at the top of its pane, not under the other side's drawing
    alone = [[b for b in columns if b is not None and not union.nodes[b]["paired"] and union.nodes[b]["side"] == side]
             for side in (0, 1)]
    partner: dict[tuple[str, ...], tuple[str, ...]] = dict(zip(alone[0], alone[1]))
    joined = set(partner.values())
    columns = [b for b in columns if b not in joined]
    for head, other in partner.items():
        rows[head] = rows[head] + rows.pop(other)
    if rows[None]:
        columns.append(None)
    size: dict[tuple[str, ...], tuple[float, float]] = {n: union.nodes[n]["size"] for n in union.nodes}
    for head, other in partner.items():  # the shared column's head is as large as the larger of the two
        size[head] = (max(size[head][0], size[other][0]), max(size[head][1], size[other][1]))
    gap_x, gap_beside, gap_y = GAP_X * spacing, GAP_BESIDE * spacing, GAP_Y * spacing

    def edge_label(a: tuple[str, ...], b: tuple[str, ...]) -> str:
        """The longest label drawn on an edge between two nodes of the union (either direction)."""
        found = [d.get("label", "") for u, v in ((a, b), (b, a)) for d in (union.get_edge_data(u, v) or {}).values()]
        return max(found, key=len, default="")

    gaps = {n: beside_gap(size[n], [size[c] for c in consts], [edge_label(n, c) for c in consts],
                          gap_beside) for n, consts in beside.items() if consts}

    def row_width(n: tuple[str, ...]) -> float:
        consts = beside.get(n, ())
        return size[n][0] + (gaps[n] + max(size[c][0] for c in consts) if consts else 0.0)

    def row_height(n: tuple[str, ...]) -> float:
        consts = beside.get(n, ())
        stacked = sum(size[c][1] for c in consts) + gap_y / 2 * max(0, len(consts) - 1)
        return max(size[n][1], stacked)

    pos: dict[tuple[str, ...], tuple[float, float]] = {}
    y = 0.0
    per_band = max(1, min(max_columns, math.ceil(math.sqrt(len(columns)))))

    def column_width(column: tuple[str, ...] | None) -> float:
        head_w = size[column][0] if column is not None else 0.0
        return max([head_w] + [INDENT * spacing + row_width(n) for n in rows.get(column, [])])

    # bands of at most per_band columns, a column starting a new band when the band would be wider
    # than band_width (a band always has one column)
    bands: list[list[tuple[str, ...] | None]] = []
    for column in columns:
        if bands and len(bands[-1]) < per_band and \
                sum(column_width(c) for c in bands[-1] + [column]) + gap_x * len(bands[-1]) <= band_width:
            bands[-1].append(column)
        else:
            bands.append([column])
    for band in bands:
        x = 0.0
        band_bottom = y
        for column in band:
            members = rows.get(column, [])
            head_w, head_h = size[column] if column is not None else (0.0, 0.0)
            width = column_width(column)
            centre = x + head_w / 2
            cy = y + head_h / 2
            if column is not None:
                pos[column] = (centre, cy)
                if column in partner:
                    pos[partner[column]] = (x + union.nodes[partner[column]]["size"][0] / 2, cy)
            cy += head_h / 2
            for row, slot in enumerate(_slots(union, members)):
                # a referent (or a pred-only and a gold-only one, each in its own pane), and its
                # constants stacked in a column to its right; the first right under the box (HEAD_GAP)
                h = max(row_height(n) for n in slot)
                cy += (HEAD_GAP if row == 0 and column is not None else ROW_GAP) * spacing + h / 2
                for n in slot:
                    left = x + INDENT * spacing
                    pos[n] = (left + size[n][0] / 2, cy)
                    left += size[n][0] + gaps.get(n, gap_beside)
                    consts = beside.get(n, ())
                    top = cy - (sum(size[c][1] for c in consts) + gap_y / 2 * max(0, len(consts) - 1)) / 2
                    for c in consts:
                        pos[c] = (left + size[c][0] / 2, top + size[c][1] / 2)
                        top += size[c][1] + gap_y / 2
                cy += h / 2
            band_bottom = max(band_bottom, cy)
            x += width + gap_x
        y = band_bottom + gap_y * 1.5
    for n in union.nodes:  # anything not placed (cannot happen with the rules above) goes last
        pos.setdefault(n, (0.0, y))
    # the bounding box holds the drawn nodes, not only their centres
    x0 = min(p[0] - size[n][0] / 2 for n, p in pos.items())
    x1 = max(p[0] + size[n][0] / 2 for n, p in pos.items())
    y0 = min(p[1] - size[n][1] / 2 for n, p in pos.items())
    y1 = max(p[1] + size[n][1] / 2 for n, p in pos.items())
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    placed = {n: (round(p[0] - mx, 1), round(p[1] - my, 1)) for n, p in pos.items()}
    unpaired = [frozenset(i for i, k in enumerate(keys) if not union.nodes[k]["paired"]) for keys in maps]
    return Layout(tuple(placed[k] for k in maps[0]), tuple(placed[k] for k in maps[1]),
                  (round(x0 - mx, 1), round(y0 - my, 1), round(x1 - mx, 1), round(y1 - my, 1)),
                  unpaired[0], unpaired[1])


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
