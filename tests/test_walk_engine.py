"""The ``walks`` engine (k-grams counted by label sequence) against path enumeration.

Exactness on random dense graphs (hypothesis: triangles, 4-cycles, parallel edges, self-loops and
shared constants), on every DRS of every shared clause file (batch counts), on a sample of each
file's DRSs (every k-gram with its count), and on long documents joined from PMB 2.2.0 dev.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core.ngrams.arrays import arrays_from_drss
from dscorer_core.ngrams.batch import score_documents
from dscorer_core.ngrams.corpus import score_corpus
from dscorer_core.ngrams.engines import count_ngrams, path_bound, uses_walks
from dscorer_core.ngrams.fast_engine import count_batch, count_fast, path_bounds
from dscorer_core.ngrams.induction import induce_graph
from dscorer_core.ngrams.paths import count_reference
from dscorer_core.ngrams.settings import ScoreSettings
from dscorer_core.ngrams.walk_engine import _distinct, count_batch_walks, count_walks
from dscorer_core.reading.clause_text import parse_clf, read_clf

REPO_ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("released", "typed")


import document_pairs as make_documents  # noqa: E402


def tables(counts):
    return [t.label_counts() if hasattr(t, "label_counts") else t.counts for t in counts.tables]


@pytest.fixture(scope="module")
def dev(shared_path):
    return read_clf(shared_path("pmb-2.2.0/boxer_dev.clf")), read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))


# --- random dense graphs ------------------------------------------------------------------

#: Few variables and many clauses: dense graphs full of short cycles; constants become hubs
#: under ``released``; ``x x`` arguments make self-loops, repeated clauses parallel edges.
VARIABLES = ["b1", "b2", "x1", "x2", "x3", "e1"]
CONSTANTS = ['"now"', '"tom"']
RELATIONS = ["Agent", "Theme", "Time", "EQU", "TPR", "NOT", "REF", "PRP", "Of"]


@st.composite
def dense_clause(draw):
    box = draw(st.sampled_from(["b1", "b2"]))
    kind = draw(st.sampled_from(["concept", "three", "four", "four"]))
    if kind == "concept":
        lemma = draw(st.sampled_from(["male", "time", "play", "happy"]))
        return f'{box} {lemma} "{draw(st.sampled_from(["n", "v", "a"]))}.01" {draw(st.sampled_from(VARIABLES))}'
    relation = draw(st.sampled_from(RELATIONS))
    first = draw(st.sampled_from(VARIABLES + CONSTANTS))
    if kind == "three":
        return f"{box} {relation} {first}"
    return f"{box} {relation} {first} {draw(st.sampled_from(VARIABLES + CONSTANTS))}"


dense_text = st.lists(dense_clause(), min_size=1, max_size=16).map("\n".join)
RANDOM = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(dense_text, dense_text, st.sampled_from(PRESETS), st.integers(1, 4))
def test_walks_equal_path_enumeration_on_random_dense_graphs(pred_text, gold_text, preset, order):
    pred, gold = parse_clf(pred_text)[0], parse_clf(gold_text)[0]
    for drs in (pred, gold):
        graph = induce_graph(drs, preset)
        assert tables(count_walks(graph, order)) == tables(count_reference(graph, order))
    batch = arrays_from_drss([pred, gold, gold, pred, pred, pred], preset)  # three pairs in one batch
    walks, paths = count_batch_walks(batch, order), count_batch(batch, order)
    assert np.array_equal(walks.matched, paths.matched) and np.array_equal(walks.totals, paths.totals)


@RANDOM
@given(st.lists(dense_clause(), min_size=1, max_size=16), st.lists(st.booleans(), max_size=16),
       st.lists(dense_clause(), max_size=4), st.sampled_from(PRESETS), st.integers(1, 4))
def test_walks_equal_path_enumeration_on_pairs_that_differ_by_a_few_clauses(clauses, dropped, added, preset, order):
    # a parser's output is mostly right: most label sequences are on both sides, a few on one only
    # (those are not extended when a pair is counted); every count and total must still be exact
    kept = [c for i, c in enumerate(clauses) if not (i < len(dropped) and dropped[i])] + added
    gold = parse_clf("\n".join(clauses))[0]
    pred = parse_clf("\n".join(kept))[0] if kept else gold
    batch = arrays_from_drss([pred, gold, gold, gold], preset)
    walks, paths = count_batch_walks(batch, order), count_batch(batch, order)
    assert np.array_equal(walks.matched, paths.matched) and np.array_equal(walks.totals, paths.totals)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-(1 << 62), 1 << 62) | st.integers(0, 5), max_size=60))
def test_distinct_values_are_numpys_unique(values):
    # the engine's own sorted distinct values (np.unique without options imports numpy.ma)
    array = np.array(values, dtype=np.int64)
    found = _distinct(array)
    assert found.dtype == np.int64 and np.array_equal(found, np.unique(array))


def test_short_cycles_are_not_counted_as_paths():
    # a directed triangle and a directed 4-cycle of one-way edges (upper-case: no reverse edges
    # under released), and an edge into the triangle: the walks that close a cycle are no k-grams
    text = "b1 TPR x1 x2\nb1 TPR x2 x3\nb1 NEQ x3 x1\nb1 TPR y1 y2\nb1 TPR y2 y3\nb1 NEQ y3 y4\nb1 APX y4 y1"
    graph = induce_graph(parse_clf(text)[0], "released")
    walks, reference = count_walks(graph, 4), count_reference(graph, 4)
    assert tables(walks) == tables(reference)
    assert walks.total(3) == reference.total(3) and walks.total(4) == reference.total(4)


def test_orders_above_four_are_counted_by_enumeration(dev):
    graph = induce_graph(dev[1][5], "typed")
    counts = count_ngrams(graph, 6, engine="walks")
    assert counts.engine == "fast" and tables(counts) == tables(count_reference(graph, 6))
    assert not uses_walks("walks", 1e9, 10, 5)


# --- real data ----------------------------------------------------------------------------


#: One clause file of each kind (the fast loop): Boxer's 3.0.0 output (ill-formed DRSs), the 2.1.0 SPAR
#: baseline (box variables not starting with b); with the PMB 4.0.0 documents of sbn-4.0.0 (NEGATION,
#: PRESUPPOSITION) in clause form. The slow tier checks every file.
KINDS_OF_FILE = ("pmb-3.0.0/boxer_dev.clf", "pmb-2.1.0/spar_dev.clf")


def _walks_equal_enumeration(files: list[Path], preset: str) -> None:
    """Every DRS in batch counts (each file against itself shifted by one DRS, so pairs differ), and
    every 25th DRS k-gram by k-gram."""
    for path in files:
        drss = read_clf(path, lenient=True)
        golds = drss[1:] + drss[:1]
        walks = score_documents(drss, golds, ScoreSettings(preset=preset, engine="walks", max_ngrams=None))
        fast = score_documents(drss, golds, ScoreSettings(preset=preset, engine="fast", max_ngrams=None))
        assert [d.counts for d in walks] == [d.counts for d in fast], path
        assert [d.score for d in walks] == [d.score for d in fast], path
        for drs in drss[::25]:
            graph = induce_graph(drs, preset)
            assert tables(count_walks(graph, 4)) == tables(count_fast(graph, 4)), (path, drs.index)


@pytest.mark.parametrize("preset", PRESETS)
def test_walks_equal_enumeration_on_every_drs_of_each_kind_of_file(shared_data, shared_path, preset):
    sbn_documents = sorted(shared_data.glob("sbn-*/*.clf"))
    assert sbn_documents
    _walks_equal_enumeration([shared_path(name) for name in KINDS_OF_FILE] + sbn_documents, preset)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_walks_equal_enumeration_on_every_drs_of_every_shared_clause_file(shared_data, preset):
    files = sorted(shared_data.glob("pmb-*/*.clf")) + sorted(shared_data.glob("sbn-*/*.clf"))
    assert len(files) >= 20
    _walks_equal_enumeration(files, preset)


@pytest.mark.parametrize("preset", PRESETS)
def test_walks_equal_enumeration_on_long_joined_documents(dev, preset):
    # every joined document of 5 to 80 sentences of PMB 2.2.0 dev, and the first of 160
    for k in (5, 10, 20, 40, 80, 160):
        preds, golds = make_documents.document_pairs(*dev, k)
        if k == 160:
            preds, golds = preds[:1], golds[:1]
        walks = score_documents(preds, golds, ScoreSettings(preset=preset, engine="walks"))
        fast = score_documents(preds, golds, ScoreSettings(preset=preset, engine="fast"))
        assert [d.counts for d in walks] == [d.counts for d in fast], k
        assert [d.score for d in walks] == [d.score for d in fast], k
    doc = make_documents.join_drss(dev[1][:10])
    graph = induce_graph(doc, preset)
    assert tables(count_walks(graph, 4)) == tables(count_reference(graph, 4))


def test_the_default_engine_counts_long_released_documents_by_label_sequence(dev):
    def pair_bound_and_edges(k, preset):
        preds, golds = make_documents.document_pairs(*dev, k)
        batch = arrays_from_drss([preds[0], golds[0]], preset)
        return float(path_bounds(batch, 4).sum()), len(batch.edge_sources)

    def walks(k, preset):
        return uses_walks("fast", *pair_bound_and_edges(k, preset), 4, preset == "released")

    assert walks(160, "released") and walks(40, "released") and walks(20, "released")
    assert not walks(10, "released")  # a bound of 17,954: enumeration is quicker
    assert not walks(40, "typed") and not walks(160, "typed")  # one node per constant: no hubs
    assert not uses_walks("fast", *pair_bound_and_edges(20, "released"), 4)  # the rule without merged constants
    for preset in PRESETS:  # the sentences of a corpus stay enumerated in batches (one has a hub under released)
        batch = arrays_from_drss([drs for pair in zip(*dev) for drs in pair], preset)
        bounds, edges = path_bounds(batch, 4), np.diff(batch.edge_offsets)
        chosen = sum(uses_walks("fast", float(b), int(e), 4, preset == "released")
                     for b, e in zip(bounds[0::2] + bounds[1::2], edges[0::2] + edges[1::2]))
        assert chosen == (1 if preset == "released" else 0), (preset, chosen)
    assert not uses_walks("reference", *pair_bound_and_edges(160, "released"), 4)
    # and the corpus figures are the same whichever engine counts
    preds, golds = make_documents.document_pairs(*dev, 160)
    chosen = score_corpus(preds[:2], golds[:2], preset="released")
    assert chosen.documents == score_corpus(preds[:2], golds[:2], preset="released", engine="walks").documents


def test_a_1000_sentence_document_is_accepted_by_default_and_counted(shared_path):
    # PMB 2.2.0 dev then test, Boxer against gold, joined: 70 million 4-grams under released,
    # counted by label sequence; a bound over the old cap of 10 million, under the new one
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf")) + read_clf(shared_path("pmb-2.2.0/boxer_test.clf"))
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf")) + read_clf(shared_path("pmb-2.2.0/gold_test.clf"))
    pred, gold = make_documents.join_drss(preds[:1000]), make_documents.join_drss(golds[:1000])
    assert path_bound(induce_graph(pred, "released"), 4) > 10_000_000
    result = score_corpus([pred], [gold], preset="released")
    counts = result.documents[0].counts
    assert counts[4].pred > 60_000_000 and 0 < counts[4].matched <= min(counts[4].pred, counts[4].gold)
