"""Long edges through waypoints (render.routes, issue 31 item 6): in the compact drawing an edge whose
single curve would run through a node or swing out of the drawing runs sideways into a lane, along it and
sideways into its target; measured on the geometry the pane and the exports draw."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.render import shared_layout
from dscorer_core.render.edge_labels import curve_middle, drawing_geometry, edge_label_rect, node_rect
from dscorer_core.render.routes import LANE_GAP, label_centre, segments, turned_label_rect

PMB = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-2.2.0"


def inside(point, rect, pad=0.5) -> bool:
    return rect[0] + pad < point[0] < rect[2] - pad and rect[1] + pad < point[1] < rect[3] - pad


def through(a, b, rect) -> bool:
    """Whether the straight segment a-b passes through the box ``rect``."""
    return any(inside((a[0] + (b[0] - a[0]) * i / 200, a[1] + (b[1] - a[1]) * i / 200), rect) for i in range(201))


def overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1.0 and min(a[3], b[3]) - max(a[1], b[1]) > 1.0


def check_routes(graph, positions) -> int:
    """Asserts the routed edges of a compact drawing are clear; returns how many edges are routed."""
    geometry = drawing_geometry(graph, tuple(positions), compact=True)
    rects = [node_rect(positions[n.id], geometry.node_sizes[n.id]) for n in graph.nodes]
    labels = []
    lanes = []
    for e in graph.edges:
        text = geometry.edge_labels[e.id]
        if text is None or e.source == e.target:
            continue
        start, end = positions[e.source], positions[e.target]
        route = geometry.route(e.id)
        if route is None:
            if text:
                labels.append(edge_label_rect(curve_middle(start, end, geometry.bends[e.id]), text))
            continue
        parts = segments(route, start, end)
        assert parts[0][0] == start and parts[-1][1] == end
        for a, b in parts:
            assert a[0] == b[0] or a[1] == b[1], (e.id, a, b)  # sideways or along the lane
            for n, rect in enumerate(rects):
                if n not in (e.source, e.target):
                    assert not through(a, b, rect), (e.id, n)
        xs = {a[0] for a, _ in parts[1:]}
        assert len(xs) == 1  # one lane
        lanes.append((xs.pop(), min(start[1], end[1]), max(start[1], end[1])))
        if text:
            labels.append(turned_label_rect(label_centre(route, start, end), text))
    for rect in labels:
        assert not any(overlap(rect, r) for r in rects)
    for a, b in itertools.combinations(labels, 2):
        assert not overlap(a, b), (a, b)
    for (x, t, b), (x2, t2, b2) in itertools.combinations(lanes, 2):
        if t < b2 and t2 < b:  # lanes beside each other stand LANE_GAP apart
            assert abs(x - x2) >= LANE_GAP - 1e-6
    return len(lanes)


def test_an_edge_past_a_node_in_its_column_takes_a_lane():
    """Three referents in a column, an edge from the first to the third: its curve would pass the second;
    it runs in a lane beside the column instead, clear of it."""
    drs = parse_clf("b1 REF x1\nb1 REF x2\nb1 REF x3\nb1 Agent x1 x2\nb1 Agent x2 x3\nb1 Theme x1 x3\n")[0]
    graph = induce_graph(drs)
    ids = {n.name: n.id for n in graph.nodes}
    positions = [(0.0, 0.0)] * len(graph.nodes)
    for name, y in (("b1", -300.0), ("x1", 0.0), ("x2", 150.0), ("x3", 300.0)):
        positions[ids[name]] = (0.0, y)
    assert check_routes(graph, positions) >= 1
    geometry = drawing_geometry(graph, tuple(positions), compact=True)
    long = [e for e in graph.edges if {e.source, e.target} == {ids["x1"], ids["x3"]} and geometry.edge_labels[e.id]]
    assert long and all(geometry.route(e.id) is not None for e in long)


@pytest.mark.parametrize("doc", [22, 609])
def test_pmb_documents_route_long_edges_clear_of_nodes_and_labels(doc):
    """PMB 2.2.0 dev documents 22 (a tall column: 12 long edges in pred) and 609: every routed segment clear
    of the nodes, no label over a node or another label, lanes apart; the drawing at most 10% wider than
    its nodes (before: document 22's curves swung out 0.98 of the width on either side)."""
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    pdrs, gdrs = read_clf(PMB / "boxer_dev.clf", lenient=True)[doc], read_clf(PMB / "gold_dev.clf")[doc]
    pred, gold = induce_graph(pdrs), induce_graph(gdrs)
    layout = shared_layout(pred, gold, mapping=dict(counter_pair(pdrs, gdrs).mapping))
    routed = [check_routes(g, pos) for g, pos in ((pred, layout.pred), (gold, layout.gold))]
    if doc == 22:
        assert routed[0] >= 8 and routed[1] >= 2, routed
    width = layout.box[2] - layout.box[0]
    for g, pos in ((pred, layout.pred), (gold, layout.gold)):
        extent = drawing_geometry(g, tuple(pos), compact=True).extent
        assert extent[2] - extent[0] <= 1.1 * width
