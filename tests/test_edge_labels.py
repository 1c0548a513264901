"""Edge label places (render.edge_labels) and the room the layout leaves for them: on the paper's
Figure 1 DRS and on PMB 2.2.0 dev, no label of the compact drawing is estimated over a node or
another label (the browser test test_readable_browser.py reads the real boxes from the page)."""

from __future__ import annotations

import math

import pytest

from dscorer_core.ngrams.induction import Graph, induce_graph
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render import (
    BOX_CORNER,
    NODE_CORNER,
    NODE_FONT_SIZE,
    beside_gap,
    compact_label,
    curve_middle,
    drawn_edge_label,
    drawn_edges,
    drawn_node_size,
    edge_bends,
    label_overlaps,
    shared_layout,
)
from dscorer_core.render.edge_labels import drawing_geometry, edge_crossings, edge_label_rect, node_rect


def compact_drawing(graph: Graph, positions) -> tuple[list, list]:
    """Edge labels (None: not drawn) and node sizes of the compact drawing, as the pane draws it."""
    shown = {e.id for e in drawn_edges(graph, compact=True)}
    labels = [drawn_edge_label(graph, e, True) if e.id in shown else None for e in graph.edges]
    sizes = [drawn_node_size(compact_label(graph, n), True, NODE_FONT_SIZE, BOX_CORNER if n.is_box else NODE_CORNER)
             for n in graph.nodes]
    return labels, sizes


def overlaps_of(pred: Graph, gold: Graph) -> list:
    layout = shared_layout(pred, gold)
    found = []
    for graph, positions in ((pred, layout.pred), (gold, layout.gold)):
        labels, sizes = compact_drawing(graph, positions)
        bends = edge_bends(graph, positions, labels, sizes)
        found += label_overlaps(graph, positions, labels, sizes, bends, tolerance=1.0,
                                routes=drawing_geometry(graph, tuple(positions), compact=True).routes)
    return found


def test_curve_middle_follows_vis_network():
    # straight at 0; curvedCW bends to the left of a rightward edge on screen (y grows downwards)
    assert curve_middle((0, 0), (100, 0), 0.0) == (50, 0)
    x, y = curve_middle((0, 0), (100, 0), 0.5)
    assert y < -10 and abs(x - 50) < 15
    x2, y2 = curve_middle((0, 0), (100, 0), -0.5)
    assert y2 == pytest.approx(-y) and x2 == pytest.approx(x)


def test_figure_1_drs_has_no_overlapping_labels(sample_data):
    gold = induce_graph(read_clf(sample_data / "paper_gold.clf")[0])
    assert overlaps_of(gold, gold) == []


def test_parallel_labelled_edges_take_different_curves(sample_data):
    graph = induce_graph(read_clf(sample_data / "paper_gold.clf")[0])
    layout = shared_layout(graph, graph)
    labels = [e.label for e in graph.edges]  # the full drawing: every edge labelled, reverse edges too
    sizes = [drawn_node_size(compact_label(graph, n), True, NODE_FONT_SIZE) for n in graph.nodes]
    bends = edge_bends(graph, layout.pred, labels, sizes)
    middles: dict[tuple[int, int], list] = {}
    for e in graph.edges:
        middles.setdefault((min(e.source, e.target), max(e.source, e.target)), []).append(
            curve_middle(layout.pred[e.source], layout.pred[e.target], bends[e.id]))
    assert any(len(m) > 1 for m in middles.values())
    for points in middles.values():
        assert all(math.dist(a, b) >= 16 for i, a in enumerate(points) for b in points[i + 1:])


@pytest.fixture(scope="module")
def dev_drawings(shared_path) -> list[tuple[int, list[tuple]]]:
    """PMB 2.2.0 dev pairs (Boxer against gold) of at most 40 nodes, each drawn once as the app opens
    them (the compact drawing of the shared layout): (gold index, [(graph, positions, labels, sizes,
    bends, routes) for the predicted and the gold graph]). Both dev tests below read the same drawings."""
    preds, golds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf")), read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    out = []
    for p, g in zip(preds, golds):
        pred, gold = induce_graph(p), induce_graph(g)
        if max(len(pred.nodes), len(gold.nodes)) > 40:
            continue
        layout = shared_layout(pred, gold)
        drawn = []
        for graph, positions in ((pred, layout.pred), (gold, layout.gold)):
            labels, sizes = compact_drawing(graph, positions)
            routes = drawing_geometry(graph, tuple(positions), compact=True).routes  # long edges in lanes
            drawn.append((graph, positions, labels, sizes, edge_bends(graph, positions, labels, sizes), routes))
        out.append((g.index, drawn))
    return out


def test_pmb_dev_documents_up_to_40_nodes(dev_drawings):
    bad = [i for i, (_, drawn) in enumerate(dev_drawings)
           if any(label_overlaps(*d[:5], tolerance=1.0, routes=d[5]) for d in drawn)]
    assert len(dev_drawings) > 600
    assert bad == []  # document 640 used to keep one (two relations between two adjacent referents)


def test_beside_gap_leaves_room_for_the_label_between_a_referent_and_its_constant():
    referent, constant, label = (272.0, 37.0), (86.0, 37.0), "YearOfCentury-A2"
    gap = beside_gap(referent, [constant], [label])
    assert gap > beside_gap(referent, [constant], [""])  # no label: the plain gap
    left = 0.0
    ref_centre = (left + referent[0] / 2, 0.0)
    const_centre = (left + referent[0] + gap + constant[0] / 2, 0.0)
    middle = curve_middle(ref_centre, const_centre, 0.0)
    rect = edge_label_rect(middle, label)
    ref_box = node_rect(ref_centre, (referent[0] + 2 * NODE_CORNER, referent[1]))
    const_box = node_rect(const_centre, (constant[0] + 2 * NODE_CORNER, constant[1]))
    assert ref_box[2] <= rect[0] and rect[2] <= const_box[0]


def crossings_of(pred: Graph, gold: Graph) -> list:
    layout = shared_layout(pred, gold)
    found = []
    for graph, positions in ((pred, layout.pred), (gold, layout.gold)):
        labels, sizes = compact_drawing(graph, positions)
        found += edge_crossings(graph, positions, labels, sizes, edge_bends(graph, positions, labels, sizes),
                                routes=drawing_geometry(graph, tuple(positions), compact=True).routes)
    return found


def test_no_edge_runs_through_a_node_on_the_paper_figures(sample_data):
    """Figure 1's CONTRAST-A2 edge used to pass through "now"; Figure 4 gold's Theme-A2 through "Tom"."""
    preds, golds = read_clf(sample_data / "paper_pred.clf"), read_clf(sample_data / "paper_gold.clf")
    for p, g in zip(preds, golds):
        pred, gold = induce_graph(p), induce_graph(g)
        assert crossings_of(pred, gold) == [], g.index
        assert overlaps_of(pred, gold) == [], g.index


def test_edge_crossings_sees_a_straight_edge_through_a_node(sample_data):
    graph = induce_graph(read_clf(sample_data / "paper_gold.clf")[1])
    edge = next(e for e in graph.edges if not e.reversed and e.source != e.target)
    other = next(n.id for n in graph.nodes if n.id not in (edge.source, edge.target))
    positions = [(0.0, 500.0 + 50 * n.id) for n in graph.nodes]
    positions[edge.source], positions[edge.target], positions[other] = (0.0, 0.0), (400.0, 0.0), (200.0, 0.0)
    labels = ["" if e.id == edge.id else None for e in graph.edges]
    sizes = [(60.0, 30.0)] * len(graph.nodes)
    straight = [0.0] * len(graph.edges)
    assert edge_crossings(graph, positions, labels, sizes, straight) == [(edge.id, other)]
    # edge_bends finds a curve around it
    assert edge_crossings(graph, positions, labels, sizes, edge_bends(graph, positions, labels, sizes)) == []


def test_no_edge_runs_through_a_node_on_pmb_dev(dev_drawings):
    """Issue 19: on every PMB 2.2.0 dev document of at most 40 nodes (Boxer and gold, the compact
    drawing the app opens with), no edge passes through a node that is not one of its ends."""
    bad = {index: found for index, drawn in dev_drawings
           if (found := [c for d in drawn for c in edge_crossings(*d[:5], routes=d[5])])}
    assert len(dev_drawings) > 600
    assert bad == {}
