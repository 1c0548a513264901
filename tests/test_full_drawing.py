"""The full drawing (compact off) of real PMB 2.2.0 dev documents, as the pane and the exports draw it
(render.drawing_geometry under the app's shared_layout and COUNTER's mapping): no edge runs through a
node that is not one of its ends, and no label lies over a node or another label (a label without room
is left off and shown on hover). These documents are the ones where an edge ran through a node before
(issue 31, item 6: 13 edges on 11 documents of 682)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render import shared_layout
from dscorer_core.render.edge_labels import drawing_geometry, edge_crossings, label_overlaps

PMB = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-2.2.0"
#: PMB 2.2.0 dev documents whose full drawing had an edge through a node (Boxer against gold).
DOCUMENTS = (22, 71, 117, 211, 342, 558, 564, 661)


@pytest.fixture(scope="module")
def dev():
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    return read_clf(PMB / "boxer_dev.clf", lenient=True), read_clf(PMB / "gold_dev.clf")


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_full_drawing_runs_no_edge_through_a_node_and_overlaps_no_label(dev, doc):
    preds, golds = dev
    pdrs, gdrs = preds[doc], golds[doc]
    pred, gold = induce_graph(pdrs), induce_graph(gdrs)
    layout = shared_layout(pred, gold, mapping=dict(counter_pair(pdrs, gdrs).mapping))
    for side, graph, positions in (("pred", pred, layout.pred), ("gold", gold, layout.gold)):
        geometry = drawing_geometry(graph, tuple(positions), compact=False)
        args = (graph, positions, geometry.edge_labels, geometry.node_sizes, geometry.bends)
        # long edges run in lanes through waypoints (render.routes): checked along their segments
        assert edge_crossings(*args, routes=geometry.routes) == [], (doc, side)
        assert label_overlaps(*args, tolerance=1.0, routes=geometry.routes) == [], (doc, side)
        # every drawn edge is still drawn; most keep their label on the drawing
        drawn = [label for label in geometry.edge_labels if label is not None]
        assert sum(1 for label in drawn if label) > len(drawn) / 2, (doc, side)
