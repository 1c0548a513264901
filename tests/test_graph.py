"""Graph induction (spec section 2): the Figure 1 graph edge by edge, node types, constants."""

from __future__ import annotations

from collections import Counter

import pytest

from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import parse_clf, read_clf

# Figure 1 (b) of the DSCORER paper as printed, sample_data/paper_gold.clf DRS 0 ("He didn't play
# the piano. But she sang."), clause by clause (index: clause):
#  0 b0 CONTRAST b1 b4    6 b1 Agent e1 x1       12 b3 REF x2            18 b4 Agent e2 x3
#  1 b0 NOT b1            7 b1 TPR t1 "now"      13 b3 piano "n.01" x2   19 b4 TPR t2 "now"
#  2 b2 REF x1            8 b1 Theme e1 x2       14 b5 REF x3            20 b4 Time e2 t2
#  3 b2 male "n.02" x1    9 b1 Time e1 t1        15 b5 female "n.02" x3  21 b4 sing "v.01" e2
#  4 b1 REF e1           10 b1 play "v.03" e1    16 b4 REF e2            22 b4 time "n.08" t2
#  5 b1 REF t1           11 b1 time "n.08" t1    17 b4 REF t2
#
# Forward edges from the section 2 table: a concept gives b --lemma.p.NN--> v; a 3-token
# clause b --OP--> a; a 4-token clause b --R-A1--> a1 and a1 --R-A2--> a2.
# Each entry: (source, label, target, has a reverse in released, has a reverse in typed).
#   released: a reverse unless the relation (without -A1/-A2) is all upper-case;
#   typed:    a reverse unless both ends are boxes.
FIGURE1_EDGES = [
    ("b0", "CONTRAST-A1", "b1", False, False),        # 0  box -> box
    ("b1", "CONTRAST-A2", "b4", False, False),        # 0  box -> box
    ("b0", "NOT", "b1", False, False),                # 1  box -> box
    ("b2", "REF", "x1", False, True),                 # 2
    ("b2", "male.n.02", "x1", True, True),            # 3
    ("b1", "REF", "e1", False, True),                 # 4
    ("b1", "REF", "t1", False, True),                 # 5
    ("b1", "Agent-A1", "e1", True, True),             # 6
    ("e1", "Agent-A2", "x1", True, True),             # 6
    ("b1", "TPR-A1", "t1", False, True),              # 7
    ("t1", "TPR-A2", '"now"', False, True),           # 7
    ("b1", "Theme-A1", "e1", True, True),             # 8
    ("e1", "Theme-A2", "x2", True, True),             # 8
    ("b1", "Time-A1", "e1", True, True),              # 9
    ("e1", "Time-A2", "t1", True, True),              # 9
    ("b1", "play.v.03", "e1", True, True),            # 10
    ("b1", "time.n.08", "t1", True, True),            # 11
    ("b3", "REF", "x2", False, True),                 # 12
    ("b3", "piano.n.01", "x2", True, True),           # 13
    ("b5", "REF", "x3", False, True),                 # 14
    ("b5", "female.n.02", "x3", True, True),          # 15
    ("b4", "REF", "e2", False, True),                 # 16
    ("b4", "REF", "t2", False, True),                 # 17
    ("b4", "Agent-A1", "e2", True, True),             # 18
    ("e2", "Agent-A2", "x3", True, True),             # 18
    ("b4", "TPR-A1", "t2", False, True),              # 19
    ("t2", "TPR-A2", '"now"', False, True),           # 19
    ("b4", "Time-A1", "e2", True, True),              # 20
    ("e2", "Time-A2", "t2", True, True),              # 20
    ("b4", "sing.v.01", "e2", True, True),            # 21
    ("b4", "time.n.08", "t2", True, True),            # 22
]

# Node labels. released: B for a name starting with b, X otherwise. typed: from the structure:
# boxes B; e1 (play "v.03") and e2 (sing "v.01") events E; t1 and t2 (time "n.08") T; x1..x3 X.
# Constants keep their text.
RELEASED_LABELS = {**{f"b{i}": "B" for i in range(6)}, "x1": "X", "x2": "X", "x3": "X",
                   "e1": "X", "e2": "X", "t1": "X", "t2": "X", '"now"': '"now"'}
TYPED_LABELS = {**{f"b{i}": "B" for i in range(6)}, "x1": "X", "x2": "X", "x3": "X",
                "e1": "E", "e2": "E", "t1": "T", "t2": "T", '"now"': '"now"'}


def expected_edges(preset: str) -> Counter:
    column = 3 if preset == "released" else 4
    out = Counter()
    for entry in FIGURE1_EDGES:
        src, label, dst = entry[:3]
        out[(src, label, dst, False)] += 1
        if entry[column]:
            out[(dst, label, src, True)] += 1
    return out


@pytest.fixture(scope="module")
def figure1(sample_data):
    drs = read_clf(sample_data / "paper_gold.clf")[0]
    assert drs.sentence == "He did n't play the piano . But she sang ."
    assert len(drs.clauses) == 23
    return drs


@pytest.mark.parametrize("preset", ["released", "typed"])
def test_figure1_edge_list(figure1, preset):
    graph = induce_graph(figure1, preset)
    names = [n.name for n in graph.nodes]
    got = Counter((names[e.source], e.relation, names[e.target], e.reversed) for e in graph.edges)
    assert got == expected_edges(preset)


def test_figure1_edge_counts_by_hand(figure1):
    # 23 clauses, eight of them with 4 tokens and not concepts (0, 6-9, 18-20): 31 forward
    # edges. released reverses 17 of them (every concept and role edge: 7 concepts, 5 roles
    # with two edges each); typed all but the 3 box-to-box edges (CONTRAST-A1, CONTRAST-A2, NOT).
    assert len(induce_graph(figure1, "released").edges) == 31 + 17
    assert len(induce_graph(figure1, "typed").edges) == 31 + 28


@pytest.mark.parametrize("preset, labels", [("released", RELEASED_LABELS), ("typed", TYPED_LABELS)])
def test_figure1_node_labels(figure1, preset, labels):
    graph = induce_graph(figure1, preset)
    assert {n.name: n.label for n in graph.nodes} == labels


def test_reverse_edge_label_carries_the_mark(figure1):
    graph = induce_graph(figure1, "released")
    labels = {e.label for e in graph.edges}
    assert "piano.n.01~" in labels and "piano.n.01" in labels and "REF~" not in labels


def test_graph_keeps_the_clause_of_every_edge(figure1):
    graph = induce_graph(figure1, "typed")
    for e in graph.edges:
        clause = graph.clause_of(e)
        assert graph.nodes[e.source].name in clause.tokens
        assert graph.nodes[e.target].name in clause.tokens
    x2 = next(n for n in graph.nodes if n.name == "x2")
    assert x2.clauses == (8, 12, 13)  # Theme e1 x2, REF x2, piano "n.01" x2


def test_equ_is_renamed_equ_in_released_and_gets_a_reverse():
    [drs] = parse_clf('b1 REF x1\nb1 EQU x1 "now"\n')
    released = induce_graph(drs, "released")
    rel = [(e.relation, e.reversed) for e in released.edges if e.clause == 1]
    assert sorted(rel) == [("Equ-A1", False), ("Equ-A1", True), ("Equ-A2", False), ("Equ-A2", True)]
    typed = induce_graph(drs, "typed")
    assert sorted(e.relation for e in typed.edges if e.clause == 1) == ["EQU-A1"] * 2 + ["EQU-A2"] * 2


def test_typed_node_types_come_from_structure_never_from_names():
    # Every variable named v...: types from where each occurs.
    text = ('v0 PRP v1 v2\n'          # v0 box (first token), v1 proposition, v2 box (2nd arg of PRP)
            'v2 REF v3\nv2 run "v.01" v3\n'       # v3 event
            'v2 REF v4\nv2 happy "a.01" v4\n'     # v4 state
            'v2 REF v5\nv2 time "n.08" v5\n'      # v5 time
            'v2 REF v6\nv2 quickly "r.01" v7\n'   # v6 referent, v7 state (adverb)
            'v2 Agent v3 v6\n'
            'v0 NOT v8\nv8 REF v9\n')              # v8 box (argument of NOT), v9 referent
    [drs] = parse_clf(text)
    typed = {n.name: n.label for n in induce_graph(drs, "typed").nodes}
    assert typed == {"v0": "B", "v1": "P", "v2": "B", "v3": "E", "v4": "S", "v5": "T",
                     "v6": "X", "v7": "S", "v8": "B", "v9": "X"}
    released = {n.name: n.label for n in induce_graph(drs, "released").nodes}
    assert set(released.values()) == {"X"}  # no name starts with b


def test_box_type_wins_over_event_type():
    # "B P E S T X: the first that applies": a box used as a verb's referent stays B
    [drs] = parse_clf('b1 REF e1\nb1 run "v.01" e1\nb1 walk "v.01" b1\n')
    labels = {n.name: n.label for n in induce_graph(drs, "typed").nodes}
    assert labels == {"b1": "B", "e1": "E"}


def test_k0_box_of_pmb21_spar_is_b_in_typed_and_x_in_released(shared_path):
    drs = read_clf(shared_path("pmb-2.1.0/spar_dev.clf"))[0]
    assert any(c.box == "k0" for c in drs.clauses)
    assert {n.name: n.label for n in induce_graph(drs, "typed").nodes}["k0"] == "B"
    assert {n.name: n.label for n in induce_graph(drs, "released").nodes}["k0"] == "X"


def test_constants_merge_in_released_and_are_one_node_per_occurrence_in_typed():
    [drs] = parse_clf('b1 REF t1\nb1 TPR t1 "now"\nb2 REF t2\nb2 TPR t2 "now"\nb2 Name t2 "now"\n')
    released = induce_graph(drs, "released")
    typed = induce_graph(drs, "typed")
    assert [n.name for n in released.nodes if n.is_constant] == ['"now"']
    assert [n.label for n in typed.nodes if n.is_constant] == ['"now"'] * 3
    # b1 b2 t1 t2 plus one "now" (released) or three (typed)
    assert released.node_count == 5 and typed.node_count == 7


def test_typed_types_merged_concepts_like_unmerged_ones():
    # the released code's input form (b lemma.p.NN x, as in the spec's section 6) must type
    # its referents as the PMB form does: E for a verb, S for an adjective, T for time.n.08
    merged = parse_clf("b1 REF e1\nb1 run.v.01 e1\nb1 REF s1\nb1 happy.a.01 s1\nb1 REF t1\n"
                       "b1 time.n.08 t1\nb1 Agent e1 x1\nb1 Title x1 a.m.\n")[0]
    plain = parse_clf('b1 REF e1\nb1 run "v.01" e1\nb1 REF s1\nb1 happy "a.01" s1\nb1 REF t1\n'
                      'b1 time "n.08" t1\nb1 Agent e1 x1\nb1 Title x1 a.m.\n')[0]
    labels = {n.name: n.label for n in induce_graph(merged, "typed").nodes}
    assert labels == {"b1": "B", "e1": "E", "s1": "S", "t1": "T", "x1": "X", "a.m.": "X"}
    assert labels == {n.name: n.label for n in induce_graph(plain, "typed").nodes}


def test_a_capitalised_lemma_is_a_concept_in_typed_and_two_role_edges_in_released():
    # the released code's input form merges only lower-case concept clauses (docs/metric.md)
    drs = parse_clf('b1 REF x1\nb1 Value "a.01" x1\n')[0]
    released = induce_graph(drs, "released")
    assert [(e.relation, e.reversed) for e in released.edges if e.clause == 1] == [
        ("Value-A1", False), ("Value-A1", True), ("Value-A2", False), ("Value-A2", True)]
    assert '"a.01"' in {n.label for n in released.nodes}
    typed = induce_graph(drs, "typed")
    assert [e.relation for e in typed.edges if e.clause == 1] == ["Value.a.01", "Value.a.01"]
    assert {n.name: n.label for n in typed.nodes}["x1"] == "S"
