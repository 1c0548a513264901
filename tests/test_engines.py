"""The fast n-gram engine against the reference enumeration, the explosion guard, and --jobs.

Exactness is checked on every PMB 2.2.0 dev pair (Boxer against gold) under both
presets, on document-sized DRSs built by ``document_pairs.py``, and on
random DRSs from a hypothesis strategy.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core.errors import ClfError, ClfErrors, ClfProblem, DrsCountMismatch, NgramExplosion, NoDrsError
from dscorer_core.ngrams import engines as engines_module
from dscorer_core.ngrams import fast_engine as ngrams_fast
from dscorer_core.ngrams.arrays import arrays_from_drss, arrays_from_graph
from dscorer_core.ngrams.batch import score_documents
from dscorer_core.ngrams.corpus import score_corpus
from dscorer_core.ngrams.engines import count_ngrams, path_bound
from dscorer_core.ngrams.fast_engine import HashedTable, count_fast
from dscorer_core.ngrams.induction import induce_graph
from dscorer_core.ngrams.paths import count_reference, enumerate_paths
from dscorer_core.ngrams.presets import get_preset
from dscorer_core.ngrams.scoring import (
    pair_counts,
    score_counts,
    score_pair,
    zero_gram_ratio,
)
from dscorer_core.ngrams.senses import scored_graphs
from dscorer_core.ngrams.settings import ScoreSettings
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.runner import chunk_ranges, even_ranges

REPO_ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("released", "typed")
ORDER = 4


import document_pairs as make_documents  # noqa: E402


@pytest.fixture(scope="module")
def dev(shared_path):
    """PMB 2.2.0 dev: (Boxer DRSs, gold DRSs)."""
    return read_clf(shared_path("pmb-2.2.0/boxer_dev.clf")), read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))


def assert_same_counts(graph, order=ORDER):
    """count_fast and the reference engine give the same multiset of k-grams, order by order."""
    fast, ref = count_fast(graph, order), count_reference(graph, order)
    assert fast.engine == "fast" and fast.node_count == ref.node_count
    for k in range(order):
        assert fast.tables[k].total == ref.tables[k].total, f"k={k + 1}"
        assert fast.tables[k].label_counts() == ref.tables[k].counts, f"k={k + 1}"
    return fast, ref


def expected_documents(preds, golds, preset, order=ORDER):
    """Per-pair OrderCounts from the reference engine."""
    rows = []
    for p, g in zip(preds, golds):
        rp, rg = (count_reference(induce_graph(d, preset), order) for d in (p, g))
        rows.append(pair_counts(rp, rg))
    return rows


# --- exactness on real data -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_fast_equals_reference_on_every_pmb_dev_pair(dev, preset):
    preds, golds = dev
    settings = ScoreSettings(preset=preset)
    docs = score_documents(preds, golds, settings)
    assert len(docs) == 682
    spec = get_preset(preset)
    for i, (p, g) in enumerate(zip(preds, golds)):
        pg, gg = scored_graphs(p, g, spec)  # each WordNet synset under one name, as the corpus scores it
        fp, rp = assert_same_counts(pg)
        fg, rg = assert_same_counts(gg)
        expected = pair_counts(rp, rg)
        assert pair_counts(fp, fg) == expected, f"pair {i}"  # per-graph tables, HashedTable.matched
        assert docs[i].counts == expected, f"pair {i}"        # the batch engine of score_corpus
        assert docs[i].score == score_counts(expected, zero_gram_ratio(expected[0]), settings)
        assert (docs[i].index, docs[i].pred_clauses, docs[i].gold_clauses) == (i, len(p.clauses), len(g.clauses))


def test_released_preset_keeps_the_published_figures(dev):
    result = score_corpus(*dev, preset=replace(get_preset("released"), wordnet=False))  # as the spec ran it
    assert [round(o.f, 4) for o in result.micro.orders[1:]] == [0.7774, 0.5869, 0.4191, 0.2975]


@pytest.mark.parametrize("k", [5, 10, 20])
@pytest.mark.parametrize("preset", PRESETS)
def test_fast_equals_reference_on_generated_documents(dev, preset, k):
    preds, golds = make_documents.document_pairs(*dev, k)
    preds, golds = preds[:2], golds[:2]
    for drs in preds + golds:
        assert_same_counts(induce_graph(drs, preset))
    docs = score_documents(preds, golds, ScoreSettings(preset=preset))
    assert [d.counts for d in docs] == expected_documents(preds, golds, preset)


def test_generated_documents_rename_variables_apart_and_keep_constants(dev):
    golds = dev[1][:5]
    doc = make_documents.join_drss(golds)
    joined = iter(doc.clauses)
    for i, drs in enumerate(golds, start=1):
        for original in drs.clauses:
            tokens = next(joined).tokens
            variables = [t for t in (tokens[0],) + tokens[2:] if not t.startswith('"')]
            assert all(t.endswith(f"_{i}") for t in variables)
            restored = tuple(t if j == 1 or t.startswith('"') else t.removesuffix(f"_{i}")
                             for j, t in enumerate(tokens))
            assert restored == original.tokens
    assert next(joined, None) is None
    # typed: sentences stay apart (constants per occurrence); released: shared constants merge
    typed = induce_graph(doc, "typed")
    assert typed.node_count == sum(induce_graph(d, "typed").node_count for d in golds[:5])
    released = induce_graph(doc, "released")
    assert released.node_count < sum(induce_graph(d, "released").node_count for d in golds[:5])


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_array_induction_equals_induce_graph_on_every_pmb_file(shared_data, preset):
    for path in sorted(shared_data.glob("pmb-*/*.clf")):
        drss = read_clf(path, lenient=True)  # real output with quoted boxes is scored as read too
        batch = arrays_from_drss(drss, preset)
        for i, drs in enumerate(drss):
            one = arrays_from_graph(induce_graph(drs, preset))
            part = batch.select(i, i + 1)
            for field in ("node_labels", "edge_sources", "edge_targets", "edge_labels", "node_offsets",
                          "edge_offsets"):
                assert np.array_equal(getattr(part, field), getattr(one, field)), (path, i, field)


def test_path_bound_is_an_upper_bound_and_far_below_the_walk_count(dev):
    from dscorer_core.ngrams.paths import walk_bound

    for preset in PRESETS:
        for drs in dev[1][:60]:
            graph = induce_graph(drs, preset)
            actual = [sum(1 for _ in enumerate_paths(graph, k)) for k in range(1, ORDER + 1)]
            walks = [walk_bound(graph, k) for k in range(1, ORDER + 1)]
            for k in range(1, ORDER + 1):
                assert max(actual[:k]) <= path_bound(graph, k) <= max(walks[:k])
    doc = make_documents.join_drss(dev[1][:40])
    graph = induce_graph(doc, "released")
    assert path_bound(graph, 4) * 4 < walk_bound(graph, 4)  # 99,380 against 418,997


# --- random DRSs --------------------------------------------------------------------------

BOXES = ["b1", "b2", "b3"]
REFS = ["x1", "x2", "x3", "e1", "s1", "t1", "p1"]
CONSTS = ['"now"', '"speaker"', '"tom"', '"2"']
CONCEPTS = [("male", '"n.02"'), ("time", '"n.08"'), ("play", '"v.03"'), ("happy", '"a.01"'),
            ("quickly", '"r.01"'), ("piano", '"n.01"')]
ROLES = ["Agent", "Theme", "Name", "Time", "AttributeOf", "Owner"]


@st.composite
def clause(draw):
    box = draw(st.sampled_from(BOXES))
    shape = draw(st.sampled_from(["concept", "ref", "box-op", "prp", "role", "compare", "self"]))
    if shape == "concept":
        lemma, sense = draw(st.sampled_from(CONCEPTS))
        return f"{box} {lemma} {sense} {draw(st.sampled_from(REFS))}"
    if shape == "ref":
        return f"{box} REF {draw(st.sampled_from(REFS))}"
    if shape == "box-op":
        op = draw(st.sampled_from(["NOT", "POS", "NEC", "IMP", "DIS", "CONTRAST"]))
        return " ".join([box, op] + draw(st.lists(st.sampled_from(BOXES), min_size=1, max_size=2)))
    if shape == "prp":
        return f"{box} PRP {draw(st.sampled_from(REFS))} {draw(st.sampled_from(BOXES))}"
    if shape == "role":
        role = draw(st.sampled_from(ROLES))
        return f"{box} {role} {draw(st.sampled_from(REFS))} {draw(st.sampled_from(REFS + CONSTS))}"
    if shape == "compare":
        op = draw(st.sampled_from(["EQU", "TPR", "NEQ", "APX"]))
        return f"{box} {op} {draw(st.sampled_from(REFS + CONSTS))} {draw(st.sampled_from(REFS + CONSTS))}"
    var = draw(st.sampled_from(REFS))  # a clause linking a node to itself (a self-loop)
    return f"{box} {draw(st.sampled_from(ROLES))} {var} {var}"


drs_text = st.lists(clause(), min_size=1, max_size=14).map("\n".join)
RANDOM = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(drs_text, drs_text, st.sampled_from(PRESETS), st.integers(1, 5))
def test_fast_equals_reference_on_random_drss(pred_text, gold_text, preset, order):
    pred, gold = parse_clf(pred_text)[0], parse_clf(gold_text)[0]
    gp, gg = induce_graph(pred, preset), induce_graph(gold, preset)
    fp, rp = assert_same_counts(gp, order)
    fg, rg = assert_same_counts(gg, order)
    expected = pair_counts(rp, rg)
    assert pair_counts(fp, fg) == expected
    settings_ = ScoreSettings(preset=preset, order=order)
    docs = score_documents([pred, gold, pred], [gold, pred, pred], settings_)
    assert [d.counts for d in docs] == [expected, pair_counts(rg, rp), pair_counts(rp, rp)]
    assert docs[0].score == score_pair(pred, gold, settings_.replace(engine="reference")).score
    one = arrays_from_graph(gp)
    batch = arrays_from_drss([gold, pred], preset).select(1, 2)
    for field in ("node_labels", "edge_sources", "edge_targets", "edge_labels"):
        assert np.array_equal(getattr(batch, field), getattr(one, field))
    for k in range(1, order + 1):
        assert path_bound(gp, k) >= max(rp.total(j) for j in range(1, k + 1))


def test_a_hash_collision_is_answered_exactly(dev, monkeypatch):
    pred, gold = induce_graph(dev[0][3], "typed"), induce_graph(dev[1][3], "typed")
    expected = pair_counts(count_reference(pred, ORDER), count_reference(gold, ORDER))
    monkeypatch.setattr(ngrams_fast, "_mix", lambda h, x: np.zeros_like(h))  # every k-gram collides
    fp, fg = count_fast(pred, ORDER), count_fast(gold, ORDER)
    assert not fp.tables[1].collision_free
    assert pair_counts(fp, fg) == expected


def test_equal_hashes_of_different_k_grams_do_not_match():
    def table(labels, count):
        return HashedTable(np.array([7, 9], dtype=np.uint64), np.array([count, 1]),
                           np.array([labels, [5, 5, 5]]))

    assert table([1, 2, 3], 2).matched(table([1, 2, 3], 3)) == 3  # 2 + 1
    assert table([1, 2, 3], 2).matched(table([1, 2, 4], 3)) == 1  # hash 7 is two different k-grams


def test_the_engines_do_not_mix(dev):
    graph = induce_graph(dev[1][0])
    with pytest.raises(TypeError):
        count_fast(graph, 2).tables[0].matched(count_reference(graph, 2).tables[0])


# --- explosion guard ----------------------------------------------------------------------


def test_explosion_guard_names_the_drs_and_the_bound(dev):
    preds, golds = dev
    cap = 1000
    settings_ = ScoreSettings(preset="typed", max_ngrams=cap)
    first = next(i for i, d in enumerate(preds) if path_bound(induce_graph(d, "typed"), ORDER) > cap)
    bound = path_bound(induce_graph(preds[first], "typed"), ORDER)
    with pytest.raises(NgramExplosion) as pair_error:
        score_pair(preds[first], golds[first], settings_)
    with pytest.raises(NgramExplosion) as corpus_error:
        score_corpus(preds, golds, settings_)
    for exc in (pair_error.value, corpus_error.value):
        assert (exc.bound, exc.cap, exc.order) == (bound, cap, ORDER)
        assert f"DRS {first} (line {preds[first].line})" in str(exc) and "boxer_dev.clf" in str(exc)
        assert f"{bound:,}" in str(exc) and f"{cap:,}" in str(exc)
    assert str(pair_error.value) == str(corpus_error.value)


def test_a_big_lower_order_is_refused_too():
    # a star: one event with 300 agents makes 89,700 paths of 2 edges agent -> event -> agent,
    # but no path of 4 edges
    text = "\n".join(f"b1 Agent e1 x{i}" for i in range(300))
    graph = induce_graph(parse_clf(text)[0], "released")
    assert sum(1 for _ in enumerate_paths(graph, 4)) == 0 and path_bound(graph, 4) >= 89_700
    with pytest.raises(NgramExplosion):
        count_ngrams(graph, 4, max_ngrams=50_000)
    with pytest.raises(NgramExplosion):
        score_corpus(parse_clf(text), parse_clf(text), max_ngrams=50_000)


def test_explosion_is_refused_before_any_work():
    # 400 sentences that all mention "now" and "speaker": in the released preset the two
    # constants become hubs, so paths through them number in the hundreds of millions
    text = "\n\n".join(f'b{i} REF x{i}\nb{i} Time x{i} "now"\nb{i} Agent x{i} "speaker"\nb{i} EQU x{i} "now"'
                       for i in range(400))
    doc = make_documents.join_drss(parse_clf(text))
    graph = induce_graph(doc, "released")
    assert path_bound(graph, 4) > 10**8
    with pytest.raises(NgramExplosion, match="paths of length 4"):
        count_ngrams(graph, 4)
    with pytest.raises(NgramExplosion, match=r"DRS 0 \(line"):
        score_corpus([doc], [doc])


# --- processes ----------------------------------------------------------------------------


def test_chunk_ranges_cover_the_corpus_in_order():
    sizes = [5, 1, 1, 30, 2, 2, 2, 9, 1]
    for chunks in (1, 2, 3, 8, 20):
        ranges = even_ranges(sizes, chunks)
        assert 1 <= len(ranges) <= chunks and all(a < b for a, b in ranges)
        assert [i for a, b in ranges for i in range(a, b)] == list(range(len(sizes)))
    assert even_ranges(sizes, 1) == [(0, 9)]
    assert even_ranges([], 4) == []
    # a range closes at its item count or once its weight reaches the cap, whichever comes first
    assert chunk_ranges(sizes, 2, 10) == [(0, 2), (2, 4), (4, 6), (6, 8), (8, 9)]
    assert chunk_ranges(sizes, 9, 30) == [(0, 4), (4, 9)]


@pytest.mark.parametrize("preset", PRESETS)
def test_jobs_give_identical_results(dev, preset):
    one = score_corpus(*dev, ScoreSettings(preset=preset))
    two = score_corpus(*dev, ScoreSettings(preset=preset), jobs=2)
    assert two.documents == one.documents and two.micro == one.micro and two.macro == one.macro


def test_jobs_raise_the_same_explosion(dev):
    settings_ = ScoreSettings(preset="typed", max_ngrams=1000)
    with pytest.raises(NgramExplosion) as one:
        score_corpus(*dev, settings_)
    with pytest.raises(NgramExplosion) as two:
        score_corpus(*dev, settings_, jobs=2)
    assert str(two.value) == str(one.value)


def test_cli_json_is_byte_identical_across_jobs(shared_path):
    pred, gold = shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")

    def run(jobs: str) -> bytes:
        env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
        proc = subprocess.run([sys.executable, "-m", "dscorer_core.cli", "score", str(pred), str(gold),
                               "--json", "--per-doc", "--jobs", jobs], capture_output=True, env=env,
                              cwd=REPO_ROOT, check=True)
        return proc.stdout

    single = run("1")
    assert b'"documents"' in single and single == run("2")


def test_codes_ranked_afresh_when_they_would_not_fit(dev, monkeypatch):
    # with 20-bit codes the k-gram codes of these graphs overflow after a level or two and are
    # replaced by their ranks; the counts must not change
    monkeypatch.setattr(ngrams_fast, "CODE_BITS", 20)
    for preset in PRESETS:
        for i in (0, 3, 17, 250):
            graph = induce_graph(dev[1][i], preset)
            try:
                assert_same_counts(graph)
            except OverflowError:
                pytest.fail(f"20 bits should be enough for the ranks of DRS {i}")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_big_pair_counted_in_parts_gives_the_same_counts(dev, preset, monkeypatch):
    preds, golds = make_documents.document_pairs(*dev, 20)
    preds, golds = preds[:3], golds[:3]
    settings_ = ScoreSettings(preset=preset)
    # enumerated, not handed to walks (which 20-sentence pairs under released are by default)
    monkeypatch.setattr(engines_module, "WALKS_FROM_MERGED", float("inf"))
    whole = score_documents(preds, golds, settings_)
    merged = []
    merge = ngrams_fast._merge
    monkeypatch.setattr(ngrams_fast, "_merge", lambda parts: merged.append(len(parts)) or merge(parts))
    monkeypatch.setattr(ngrams_fast, "CHUNK_PATHS", 3000)
    assert score_documents(preds, golds, settings_) == whole
    assert merged and max(merged) > 5  # the pairs were really counted in several parts


def test_steps_expanded_in_small_chunks_give_the_same_counts(dev, monkeypatch):
    monkeypatch.setattr(ngrams_fast, "CHUNK_STEPS", 50)  # many chunks per level
    for preset in PRESETS:
        for i in (3, 17, 250):
            assert_same_counts(induce_graph(dev[0][i], preset))
        docs = score_documents(dev[0][:20], dev[1][:20], ScoreSettings(preset=preset))
        assert [d.counts for d in docs] == expected_documents(dev[0][:20], dev[1][:20], preset)


def test_every_input_error_pickles_back_to_the_same_error():
    # workers of --jobs raise these in another process; they come back as they were raised
    bad = ClfError("pred.clf", [ClfProblem(3, "a clause has 3 or 4 tokens, this line has 5", "b1 x y z w", 12)], 4)
    for error in (NgramExplosion("gold.clf, DRS 2 (line 9)", 4, 123_456, 1_000), bad, ClfErrors([bad, bad]),
                  DrsCountMismatch("pred.clf", "gold.clf", 3, 4, "use --baseline"), NoDrsError(["a.clf", "b.clf"])):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)
        assert repr(vars(back)) == repr(vars(error))  # every field, nested errors included
