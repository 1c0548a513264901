"""The SBN graph and its triples (checked against ud-boxer's Penman files), and SBN into clauses."""

from __future__ import annotations

import pytest
from sbn_helpers import examples

from dscorer_core import Clause, Drs
from dscorer_core.counter import counter_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.reading.drs_files import read_sbn_file
from dscorer_core.reading.sbn_text import parse_sbn
from dscorer_core.sbn.graph import build_graph
from dscorer_core.sbn.to_drs import sbn_to_drs
from dscorer_core.sbn.triples import Triple, graph_triples


def one(text: str):
    return build_graph(parse_sbn(text + "\n", "t.sbn", "sbn-lines")[0])


@pytest.mark.parametrize(("style", "suffix"), [("udboxer", ".drs.penman"), ("lenient", ".drs.lenient.penman")])
def test_triples_equal_ud_boxers_penman_graphs_of_the_seven_examples(style, suffix):
    penman = pytest.importorskip("penman", reason="penman (requirements-dev.txt) reads ud-boxer's files")
    for path in examples():
        graph = build_graph(read_sbn_file(path, "sbn")[0])
        ours = {(t.source, t.relation, t.target) for t in graph_triples(graph, style)}
        decoded = penman.decode(path.with_name(path.name.replace(".drs.sbn", suffix)).read_text())
        theirs = {(s, role.lstrip(":"), target.strip('"')) for s, role, target in decoded.triples}
        assert ours == theirs, path.name
        assert not graph.problems


def test_official_triples_of_a_small_sbn_as_the_pmb5_script_writes_them():
    graph = build_graph(read_sbn_file(examples()[-1], "sbn")[0])  # p04_d1646: Tracy lost her glasses.
    assert set(graph_triples(graph)) == {
        Triple("instance", "b0", "box"),
        Triple("instance", "s0", "female.n.02"), Triple("instance", "s1", "lose.v.05"),
        Triple("instance", "s2", "time.n.08"), Triple("instance", "s3", "glasses.n.01"),
        *(Triple("member", "b0", f"s{i}", True) for i in range(4)),
        Triple("Name", "s0", "Tracy"), Triple("TPR", "s2", "now"),
        Triple("Agent", "s1", "s0", True), Triple("Time", "s1", "s2", True),
        Triple("Theme", "s1", "s3", True), Triple("User", "s3", "s0", True),
    }


def test_inverse_roles_are_turned_round_and_an_inverse_role_to_a_constant_is_dropped():
    triples = set(graph_triples(one("car.n.01 blue.a.01 ColourOf -1 SubOf now")))
    assert Triple("Colour", "s0", "s1", True) in triples
    assert not any(t.relation in ("SubOf", "Sub") for t in triples)  # as Smatch 1.0.4 loses it
    lenient = set(graph_triples(one("car.n.01 blue.a.01 ColourOf -1 SubOf now"), "lenient"))
    assert Triple("Sub", "c0", "s1", True) in lenient  # constants are nodes in ud-boxer's encoding


def test_two_digit_offsets_reach_far_concepts():
    line = " ".join(f"thing{i}.n.01" for i in range(11)) + " see.v.01 Agent -11 Theme -10"
    graph = one(line)
    edges = {(e.source, e.label, e.target) for e in graph.edges if e.kind == "role"}
    assert edges == {("s11", "Agent", "s0"), ("s11", "Theme", "s1")}


def test_an_offset_outside_the_sbn_is_a_constant_and_a_problem():
    graph = one("temperature.n.01 Value -1")
    assert [n.label for n in graph.nodes if n.kind == "constant"] == ["-1"]
    assert graph.ill_formed
    assert graph.problems[0].startswith("t.sbn:1:24: offset -1 of Value points outside the SBN")


def test_a_box_offset_past_the_last_box_is_a_problem():
    graph = one("dog.n.01 NEGATION >1 bark.v.01 Agent -1")
    assert graph.ill_formed and "points past the last box" in graph.problems[0]


@pytest.mark.parametrize("text", ["a.n.01 Agent +1 b.n.01 Theme -1", "a.n.01 Agent +0"])
def test_cycles_make_a_graph_ill_formed(text):
    graph = one(text)
    assert graph.ill_formed and "cycle s" in graph.problems[-1]


def test_pmb5_box_references_connect_concepts_to_later_boxes():
    graph = one("person.n.01 think.v.01 Proposition >1 Agent -1 CONTINUATION <0 female.n.02")
    edges = {(e.source, e.label, e.target, e.kind) for e in graph.edges}
    assert ("s1", "Proposition", "b1", "box-role") in edges
    assert not any(e.kind == "box" for e in graph.edges)  # "<0" relates the new box to nothing
    assert {"b1", "s2"} <= graph.reachable


def test_a_box_nothing_points_to_is_left_out_as_the_pmb5_export_leaves_it_out():
    graph = one("a.n.01 CONTINUATION <0 b.n.01")
    assert "s1" not in graph.reachable
    assert {t.source for t in graph_triples(graph)} == {"b0", "s0"}


def test_box_operators_relate_the_new_box_to_an_earlier_one():
    graph = one("person.n.01 NEGATION <1 entity.n.01 NEGATION <1 eat.v.01 Agent -2")
    assert [(e.source, e.label, e.target) for e in graph.edges if e.kind == "box"] == [
        ("b0", "NEGATION", "b1"), ("b1", "NEGATION", "b2")]


def test_two_roles_between_the_same_concepts_keep_the_last_as_the_pmb5_graph_does():
    graph = one("person.n.01 prick.v.01 Experiencer -1 Patient -1")
    assert [e.label for e in graph.edges if e.kind == "role"] == ["Patient"]


def _box_blind(drs: Drs) -> Drs:
    """One box for everything, box relations dropped: what SBN and clauses share without presuppositions."""
    kept = [Clause(("b1", *c.tokens[1:])) for c in drs.clauses
            if not (len(c.tokens) == 3 and c.tokens[2].startswith("b"))]
    return Drs(tuple(dict.fromkeys(kept)))


def test_converted_sbn_scores_against_the_clause_form_of_the_seven_examples():
    """COUNTER F of each converted SBN against its .drs.clf.  The clause files split off a
    PRESUPPOSITION box per definite and place times in other boxes than SBN does; SBN cannot say
    that, so the floor is 0.5 per file.  Without boxes the conversion must be exact (F = 1)."""
    scores = {}
    for path in examples():
        drs = sbn_to_drs(read_sbn_file(path, "sbn")[0])
        (gold,) = read_clf(path.with_name(path.name.replace(".sbn", ".clf")))
        scores[path.name] = counter_pair(drs, gold).F
        assert counter_pair(_box_blind(drs), _box_blind(gold)).F == 1.0, path.name
    assert min(scores.values()) >= 0.5, scores
    assert sum(scores.values()) / len(scores) >= 0.7, scores


def test_clause_conventions_for_constants():
    (sbn,) = parse_sbn('time.n.08 TSU now MonthOfYear 6 group.n.01 Name "Steve Miller Band"\n', "c", "sbn-lines")
    texts = {c.text() for c in sbn_to_drs(sbn).clauses}
    assert {'b1 TPR "now" t1', 'b1 MonthOfYear t1 "06"', 'b1 Name x1 "steve~miller~band"',
            'b1 time "n.08" t1', "b1 REF t1"} <= texts


def test_box_operators_and_box_roles_become_box_clauses():
    (sbn,) = parse_sbn("person.n.01 think.v.01 Proposition >1 Agent -1 NEGATION <1 sleep.v.01 Agent -2\n",
                       "c", "sbn-lines")
    texts = {c.text() for c in sbn_to_drs(sbn).clauses}
    assert {"b1 Proposition e1 b2", "b1 NEGATION b2", "b2 Agent e2 x1", "b2 sleep \"v.01\" e2"} <= texts
