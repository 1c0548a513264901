"""Teaching steps (dscorer_core.render.teaching): the walk from clauses to typed graph and k-grams."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_box_view import FIGURE_1

from dscorer_core.ngrams import induce_graph
from dscorer_core.ngrams.paths import enumerate_paths
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.render import shared_layout
from dscorer_core.render.teaching import (
    LEAST_SQUEEZE,
    ROW_GAP,
    STEP_REACH,
    reverse_pages,
    step_box,
    step_graph,
    step_positions,
    teaching_steps,
    type_reasons,
)

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


@pytest.fixture(scope="module")
def graph():
    return induce_graph(parse_clf(FIGURE_1, "figure1")[0], "typed")


def test_steps_of_figure1_in_order(graph):
    steps = teaching_steps(graph, k=2)
    stages = [s.stage for s in steps]
    assert stages[:1] == ["boxes"] and stages[1:24] == ["clause"] * 23
    assert stages[24:27] == ["merge", "typing", "reverse"] and set(stages[27:]) == {"kgram"}
    assert steps[0].edges == ()
    # each clause step adds exactly that clause's forward edges
    for i, step in enumerate(steps[1:24]):
        assert step.clause == i
        assert {graph.edges[e].clause for e in step.focus_edges} == {i}
        assert set(step.edges) == {e.id for e in graph.edges if not e.reversed and e.clause <= i}
    assert len(steps[24].edges) == sum(not e.reversed for e in graph.edges)
    assert set(steps[26].edges) == {e.id for e in graph.edges}
    assert set(steps[26].focus_edges) == {e.id for e in graph.edges if e.reversed}
    assert not steps[23].typed and steps[25].typed


def test_typing_reasons_follow_the_induction(graph):
    reasons = {r.name: r for r in type_reasons(graph)}
    assert reasons["e1"].text == "e1 is E: it is the referent of the verb concept play.v.03"
    assert reasons["e2"].text == "e2 is E: it is the referent of the verb concept sing.v.01"
    assert reasons["t1"].text == "t1 is T: it is the referent of time.n.08"
    assert reasons["x2"].type == "X" and reasons["b1"].type == "B"
    for node in graph.nodes:
        if not node.is_constant:
            assert reasons[node.name].type == node.label


def test_kgram_steps_are_paths_from_the_start(graph):
    e1 = next(n.id for n in graph.nodes if n.name == "e1")
    steps = [s for s in teaching_steps(graph, start=e1, k=3) if s.stage == "kgram"]
    assert 1 <= len(steps) <= 6
    paths = list(enumerate_paths(graph, 3, e1))
    assert len(paths) > 6 and steps[0].title.endswith(f"1 of {len(paths)} from e1")
    for s, p in zip(steps, paths):
        assert s.focus_edges == p.edges and s.focus_nodes[0] == e1 and len(s.focus_edges) == 3


def test_step_graph_keeps_only_what_the_step_draws(graph):
    step = teaching_steps(graph)[7]  # clause 7: b1 Agent e1 x1 (file order)
    part = step_graph(graph, step)
    assert len(part.graph.edges) == len(step.edges)
    assert [n.id for n in part.graph.nodes] == list(range(len(part.nodes)))
    assert all((graph.nodes[old].name, graph.nodes[old].label, graph.nodes[old].kind) == (new.name, new.label, new.kind)
               for old, new in zip(part.nodes, part.graph.nodes))
    assert all((graph.edges[old].relation, graph.edges[old].reversed, graph.edges[old].clause) ==
               (new.relation, new.reversed, new.clause) for old, new in zip(part.edges, part.graph.edges))
    full = step_graph(graph, teaching_steps(graph)[26])  # reverse edges: the whole graph
    assert len(full.graph.edges) == len(graph.edges) and full.edges == tuple(e.id for e in graph.edges)
    assert len(part.local_edges(step.focus_edges)) == len(step.focus_edges) == 2


@pytest.mark.parametrize("name", ["pmb-2.2.0/gold_dev.clf", "pmb-4.0.0/gold_dev.clf", "pmb-2.2.0/boxer_dev.clf"])
def test_every_variable_of_real_data_gets_a_rule(name):
    path = SHARED / name
    if not path.is_file():
        pytest.skip(f"shared data file {path} not found")
    for drs in read_clf(path):
        graph = induce_graph(drs, "typed")
        for r in type_reasons(graph):
            assert r.type == graph.nodes[r.node].label
            if r.type != "X":  # B, P, E, S, T are each shown by a clause
                assert r.clause is not None, (drs.index, r)


def test_reverse_edges_come_in_pages_a_pane_holds(graph):
    """With the drawing's places, the reverse step is pages: together every reverse edge once, top to
    bottom, each page's ends within STEP_REACH up and down; the other steps stay as they were."""
    positions = shared_layout(graph, graph).pred
    plain, paged = teaching_steps(graph), teaching_steps(graph, positions=positions)
    pages = [s for s in paged if s.stage == "reverse"]
    assert len(pages) > 1 and len(pages) == len(reverse_pages(graph, positions))
    ids = [e for s in pages for e in s.focus_edges]
    assert sorted(ids) == sorted(e.id for e in graph.edges if e.reversed)
    for s in pages:
        ys = [positions[n][1] for e in s.focus_edges for n in (graph.edges[e].source, graph.edges[e].target)]
        assert max(ys) - min(ys) <= STEP_REACH or len(s.focus_edges) == 1
        assert set(s.edges) == {e.id for e in graph.edges}
    tops = [min(positions[graph.edges[e].source][1] for e in s.focus_edges) for s in pages]
    assert tops == sorted(tops)
    assert [s for s in paged if s.stage != "reverse"] == [s for s in plain if s.stage != "reverse"]


def test_step_positions_close_the_rows_a_step_does_not_draw_yet(graph):
    """Figure 1's first clause, b0 CONTRAST b1 b4: its three boxes stand 1,367 units apart in the whole
    drawing (rows of later clauses between them); the step draws them at most ROW_GAP apart, in the
    same column and order, and the box keeps its margins."""
    layout = shared_layout(graph, graph)
    step = teaching_steps(graph)[1]
    part = step_graph(graph, step)
    drawn = [layout.pred[n] for n in part.nodes]
    ends = part.local_nodes(step.focus_nodes)
    moved = step_positions(drawn, ends)
    assert max(y for _, y in drawn) - min(y for _, y in drawn) > 3 * STEP_REACH / 2
    ys = sorted(y for _, y in moved)
    assert all(0 < b - a <= ROW_GAP for a, b in zip(ys, ys[1:]))
    assert [x for x, _ in moved] == [x for x, _ in drawn]
    assert sorted(range(len(drawn)), key=lambda i: drawn[i][1]) == sorted(range(len(moved)), key=lambda i: moved[i][1])
    box = step_box(layout.box, drawn, moved)
    assert box[1] == pytest.approx(min(ys) - (min(y for _, y in drawn) - layout.box[1]))
    # the whole drawing (every row drawn, ends close) stays where it is
    whole = [layout.pred[n.id] for n in graph.nodes]
    assert step_positions(whole, [0]) == tuple(whole) and step_box(layout.box, whole, whole) == layout.box


def test_step_positions_press_rows_together_only_as_far_as_needed():
    """Rows all drawn (gaps of 150) whose new edge spans 900: pressed to STEP_REACH, never below
    LEAST_SQUEEZE; an edge already within reach leaves every place as it is."""
    rows = [(0.0, 150.0 * i) for i in range(7)]
    moved = step_positions(rows, [0, 6])
    assert moved[6][1] - moved[0][1] == pytest.approx(STEP_REACH)
    assert moved[1][1] - moved[0][1] == pytest.approx(150 * STEP_REACH / 900)
    far = [(0.0, 150.0 * i) for i in range(30)]
    pressed = step_positions(far, [0, 29])
    assert pressed[29][1] - pressed[0][1] == pytest.approx(150 * 29 * LEAST_SQUEEZE)
    assert step_positions(rows, [1, 3]) == tuple(rows)
