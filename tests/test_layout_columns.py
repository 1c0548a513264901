"""Layout of a pair whose sides have boxes without a partner (render.shared_layout): a pred-only box
and a gold-only box share a column, so neither pane starts with a blank band above its drawing."""

from __future__ import annotations

from pathlib import Path

import pytest

from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.render import shared_layout

PMB = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-2.2.0"


def tops(graph, positions) -> float:
    return min(positions[n.id][1] for n in graph.nodes)


def test_disjoint_sides_both_start_at_the_top():
    """Pred and gold share no variable name: every node is unpaired, yet both drawings start at the
    layout's top (before: gold's column first, pred's under it, a blank band above pred's drawing)."""
    pred = induce_graph(parse_clf('b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Agent e1 x1\n')[0])
    gold = induce_graph(parse_clf('b7 REF x9\nb7 cat "n.01" x9\nb7 REF e9\nb7 sleep "v.01" e9\n'
                                  'b7 Agent e9 x9\n')[0])
    layout = shared_layout(pred, gold)
    assert layout.pred_unpaired == frozenset(range(len(pred.nodes)))
    assert abs(tops(pred, layout.pred) - tops(gold, layout.gold)) < 1
    box_top = layout.box[1]
    assert tops(pred, layout.pred) - box_top < 40  # the top node's half height
    # the two boxes share a column: the same place, each in its own pane
    assert layout.pred[0] == layout.gold[0]


def test_worst_pmb_dev_document_609_starts_both_panes_at_the_top():
    """PMB 2.2.0 dev document 609 ("Fire burns.", COUNTER F 0, the Corpus page's first row): under
    COUNTER's (empty) mapping no node is paired; both drawings start at the top and the layout is no
    taller than the taller side's column."""
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    pdrs, gdrs = read_clf(PMB / "boxer_dev.clf", lenient=True)[609], read_clf(PMB / "gold_dev.clf")[609]
    pred, gold = induce_graph(pdrs), induce_graph(gdrs)
    mapping = dict(counter_pair(pdrs, gdrs).mapping)
    layout = shared_layout(pred, gold, mapping=mapping)
    assert abs(tops(pred, layout.pred) - tops(gold, layout.gold)) < 1
    # 4 pred nodes and 5 gold nodes, one referent a row: the height of one column, not of two stacked
    assert layout.box[3] - layout.box[1] < 700
