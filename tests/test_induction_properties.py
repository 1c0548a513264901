"""Property tests of the one graph induction, over random DRSs and every preset.

The random DRSs hold concept clauses in PMB form and merged (``b smile.v.01 e``), lemmas
that start with a capital letter, constants in every position a constant may stand in
(concept referents, both role arguments, both comparison arguments), box operators, PRP,
and self-loops.  Every preset is tried: the two named ones and every mix of their knobs.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core import Clause, Drs, ScoreSettings
from dscorer_core.ngrams import Preset, score_pair
from dscorer_core.ngrams.arrays import arrays_from_drss, arrays_from_graph
from dscorer_core.ngrams.batch import score_documents
from dscorer_core.ngrams.induction import concept_of, induce_graph
from dscorer_core.ngrams.presets import PRESETS
from dscorer_core.reading.clause_text import parse_clf

BOXES = ["b0", "b1", "b2", "k3"]
REFS = ["x1", "x2", "e1", "s1", "t1", "p1", "bx"]  # "bx": a referent whose name starts with b
CONSTS = ['"now"', '"tom"', '"speaker"', '"b1"']
LEMMAS = ["man", "smile", "time", "happy", "Value", "Paris", "new_york", "08:00"]
SENSES = ['"n.01"', '"v.01"', '"a.01"', '"r.02"', '"s.01"', '"n.08"']
ROLES = ["Agent", "Theme", "Name", "AttributeOf", "Time"]

ALL_PRESETS = list(PRESETS.values()) + [
    Preset("mix", node_types, reverse, merge, missing, lemmas)
    for node_types, reverse, merge, missing, lemmas in itertools.product(
        ("name", "structure"), ("not-upper", "not-box-box"), (True, False), ("released", "renormalise"),
        ("lower-case", "any"))]


@st.composite
def clause(draw: st.DrawFn) -> str:
    box = draw(st.sampled_from(BOXES))
    shape = draw(st.sampled_from(["concept", "concept", "ref", "box-op", "prp", "role", "compare", "self"]))
    if shape == "concept":
        lemma, sense = draw(st.sampled_from(LEMMAS)), draw(st.sampled_from(SENSES))
        return f"{box} {lemma} {sense} {draw(st.sampled_from(REFS + CONSTS))}"
    if shape == "ref":
        return f"{box} REF {draw(st.sampled_from(REFS))}"
    if shape == "box-op":
        op = draw(st.sampled_from(["NOT", "POS", "IMP", "CONTRAST", "PRESUPPOSITION"]))
        return " ".join([box, op, *draw(st.lists(st.sampled_from(BOXES), min_size=1, max_size=2))])
    if shape == "prp":
        return f"{box} PRP {draw(st.sampled_from(REFS))} {draw(st.sampled_from(BOXES))}"
    if shape == "role":
        return (f"{box} {draw(st.sampled_from(ROLES))} {draw(st.sampled_from(REFS + CONSTS))} "
                f"{draw(st.sampled_from(REFS + CONSTS))}")
    if shape == "compare":
        op = draw(st.sampled_from(["EQU", "TPR", "NEQ", "APX"]))
        return f"{box} {op} {draw(st.sampled_from(REFS + CONSTS))} {draw(st.sampled_from(REFS + CONSTS))}"
    var = draw(st.sampled_from(REFS))
    return f"{box} {draw(st.sampled_from(ROLES))} {var} {var}"


drs_strategy = st.lists(clause(), min_size=1, max_size=12).map(lambda lines: parse_clf("\n".join(lines))[0])
preset_strategy = st.sampled_from(ALL_PRESETS)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def merged(drs: Drs, preset: Preset) -> Drs:
    """The same DRS with every concept clause the preset counts as a concept written merged."""
    clauses = []
    for c in drs.clauses:
        concept = concept_of(c.tokens, preset.concepts) if len(c.tokens) == 4 else None
        clauses.append(Clause((c.box, concept[0], c.tokens[3]), c.line, c.comment) if concept else c)
    return replace(drs, clauses=tuple(clauses))


def figures(pred: Drs, gold: Drs, preset: Preset, engine: str = "fast") -> tuple:
    res = score_pair(pred, gold, ScoreSettings(preset=preset, engine=engine, max_ngrams=None))
    return res.counts, res.score


@PROPERTY
@given(drs_strategy, drs_strategy, preset_strategy)
def test_both_engines_and_the_batch_path_give_identical_counts(pred, gold, preset):
    fast = figures(pred, gold, preset, "fast")
    assert fast == figures(pred, gold, preset, "reference")
    docs = score_documents([pred, gold], [gold, pred], ScoreSettings(preset=preset, max_ngrams=None))
    assert (docs[0].counts, docs[0].score) == fast


@PROPERTY
@given(drs_strategy, drs_strategy, preset_strategy)
def test_a_drs_written_merged_scores_exactly_like_its_pmb_form(drs, other, preset):
    written = merged(drs, preset)
    assert figures(written, drs, preset) == figures(drs, drs, preset)
    assert pytest.approx(1.0) == figures(written, drs, preset)[1].F
    assert figures(written, other, preset) == figures(drs, other, preset)
    assert figures(other, written, preset) == figures(other, drs, preset)
    assert figures(written, other, preset, "reference") == figures(drs, other, preset, "reference")


@PROPERTY
@given(drs_strategy, preset_strategy)
def test_the_arrays_and_the_node_edge_graph_are_views_of_one_induction(drs, preset):
    graph = induce_graph(drs, preset)
    batch = arrays_from_drss([drs], preset)
    from_graph = arrays_from_graph(graph)
    for name in ("node_labels", "edge_sources", "edge_targets", "edge_labels", "node_offsets", "edge_offsets"):
        assert getattr(batch, name).tolist() == getattr(from_graph, name).tolist()
    assert [e.source for e in graph.edges] == batch.edge_sources.tolist()
    assert [e.target for e in graph.edges] == batch.edge_targets.tolist()
    assert len(graph.nodes) == graph.node_count == len(batch.node_labels)
    for node in graph.nodes:  # every node occurs in the clauses it names
        assert all(node.name in drs.clauses[i].tokens for i in node.clauses)


def test_merged_concepts_type_their_referent_under_typed_with_both_engines():
    pmb = parse_clf('b1 REF e1\nb1 smile "v.01" e1\nb1 Agent e1 x1\nb1 time "n.08" t1\nb1 Time e1 t1\n')[0]
    written = merged(pmb, PRESETS["typed"])
    assert [c.relation for c in written.clauses][1] == "smile.v.01"
    for engine in ("fast", "reference"):
        counts, score = figures(written, pmb, PRESETS["typed"], engine)
        assert score.F == 1.0, engine
