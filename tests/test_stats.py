"""Confidence intervals and paired tests (issue 7): resampling from per-document counts, on real PMB data."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core import ScoreSettings
from dscorer_core.counter import CounterSettings, counter_corpus
from dscorer_core.ngrams import score_corpus
from dscorer_core.ngrams.corpus import corpus_from_documents
from dscorer_core.ngrams.scoring import (
    DocumentScore,
    OrderCounts,
    score_counts,
    zero_gram_ratio,
)
from dscorer_core.reading.clause_text import read_clf, read_pair
from dscorer_core.stats import (
    approximate_randomisation,
    bootstrap_weights,
    clause_table,
    compare_results,
    confidence_intervals,
    counter_table,
    document_differences,
    dscorer_table,
    macro_table,
    paired_bootstrap,
    swap_masks,
)

pytestmark = pytest.mark.slow  # scores Boxer and the SPAR baseline on all of PMB 2.2.0 dev once

DEV = "pmb-2.2.0/gold_dev.clf"


# --- fixtures: real systems on PMB 2.2.0 dev, scored once ---------------------------------------


@pytest.fixture(scope="module")
def dev_pairs(shared_path):
    gold = shared_path(DEV)
    boxer = read_pair(shared_path("pmb-2.2.0/boxer_dev.clf"), gold)
    spar = read_pair(shared_path("pmb-2.2.0/spar_baseline.clf"), gold, baseline=True)
    return {"boxer": boxer, "spar": spar}


@pytest.fixture(scope="module")
def dscorer_runs(dev_pairs):
    return {name: score_corpus(p, g, ScoreSettings()) for name, (p, g) in dev_pairs.items()}


@pytest.fixture(scope="module")
def counter_runs(dev_pairs):
    return {name: counter_corpus(p, g, CounterSettings()) for name, (p, g) in dev_pairs.items()}


@pytest.fixture(scope="module")
def small_runs(dscorer_runs):
    """The first 40 documents of each DSCORER run: small enough for slow reference loops."""
    return {name: corpus_from_documents(r.documents[:40], r.settings) for name, r in dscorer_runs.items()}


def reference_micro(docs, multiplicities, settings):
    """A resampled corpus scored the slow way: repeat each document, then corpus_from_documents."""
    repeated = [d for d, m in zip(docs, multiplicities) for _ in range(int(m))]
    return corpus_from_documents(repeated, settings).micro


# --- the full-corpus (identity) resample is score_corpus ----------------------------------------


@pytest.mark.parametrize("system", ["boxer", "spar"])
def test_identity_weights_reproduce_score_corpus_micro(dscorer_runs, system):
    run = dscorer_runs[system]
    table = dscorer_table(run)
    sums = table.sums(np.ones(table.n_documents))[0]
    n = run.settings.order
    counts = sums[: 3 * (n + 1)].reshape(n + 1, 3)
    assert [tuple(row) for row in counts] == [(o.matched, o.pred, o.gold) for o in run.micro.orders]
    assert sums[-2] / sums[-1] == run.micro.orders[0].f  # mean per-document 0-gram ratio, same summation
    assert tuple(table.full_scores()) == (run.micro.P, run.micro.R, run.micro.F)


def test_macro_table_reproduces_the_macro_average_and_resamples_documents(dscorer_runs, small_runs):
    run = dscorer_runs["boxer"]
    table = macro_table(run)
    assert table.signature == run.signature.replace("avg:micro", "avg:macro")
    assert tuple(table.full_scores()) == (run.macro.P, run.macro.R, run.macro.F)
    small = small_runs["boxer"]
    weights = bootstrap_weights(40, 3, seed=2)
    for row, scores in zip(weights, macro_table(small).corpus_scores(weights)):
        repeated = [d for d, m in zip(small.documents, row) for _ in range(int(m))]
        assert scores[2] == pytest.approx(sum(d.score.F for d in repeated) / 40, rel=1e-12)


def test_counter_table_reproduces_counter_corpus(counter_runs):
    for run in counter_runs.values():
        assert tuple(counter_table(run).full_scores()) == (run.P, run.R, run.F)
    assert pytest.approx(0.7223, abs=5e-5) == counter_runs["boxer"].F  # .7220 without WordNet (test_counter.py)


# --- resampled micro figures are recomputed from resampled counts -------------------------------


def test_bootstrap_samples_match_rescored_resampled_corpora(small_runs):
    run = small_runs["boxer"]
    table = dscorer_table(run)
    weights = bootstrap_weights(table.n_documents, 5, seed=3)
    fast = table.corpus_scores(weights)
    for row, scores in zip(weights, fast):
        slow = reference_micro(run.documents, row, run.settings)
        assert scores == pytest.approx((slow.P, slow.R, slow.F), rel=1e-12)
    # and not the mean of per-document scores
    macro = (weights @ table.document_scores) / table.n_documents
    assert not np.allclose(fast, macro, atol=1e-3)


def test_bootstrap_weights_are_seeded_resamples_of_all_documents():
    w = bootstrap_weights(682, 1000, seed=1)
    assert w.shape == (1000, 682)
    assert (w.sum(axis=1) == 682).all()
    assert np.array_equal(w, bootstrap_weights(682, 1000, seed=1))
    assert not np.array_equal(w, bootstrap_weights(682, 1000, seed=2))
    # each document is drawn about once per sample on average
    assert w.mean() == pytest.approx(1.0)
    assert 0.3 < (w == 0).mean() < 0.45  # (1 - 1/n)^n ~ e^-1 of the documents are left out


# --- confidence intervals -----------------------------------------------------------------------


def test_confidence_interval_of_boxer_brackets_its_score_and_is_reproducible(dscorer_runs):
    table = dscorer_table(dscorer_runs["boxer"])
    ci = confidence_intervals(table, samples=1000, seed=1)
    assert ci.signature == dscorer_runs["boxer"].signature + "|bs:1000|seed:1"
    for name in ("P", "R", "F"):
        iv = ci.figure(name)
        assert iv.low < iv.estimate < iv.high
        assert iv.high - iv.low < 0.2
    assert ci.F.estimate == dscorer_runs["boxer"].micro.F
    assert ci == confidence_intervals(table, samples=1000, seed=1)
    assert ci.F.low != confidence_intervals(table, samples=1000, seed=2).F.low
    narrow = confidence_intervals(table, samples=1000, seed=1, level=0.5)
    assert ci.F.low < narrow.F.low < narrow.F.high < ci.F.high


# --- the check: Boxer vs SPAR baseline, Boxer vs itself ---------------------------------


@pytest.mark.parametrize("metric", ["dscorer", "counter"])
def test_boxer_beats_spar_baseline_with_a_tiny_p_value(metric, dscorer_runs, counter_runs):
    make = dscorer_table if metric == "dscorer" else counter_table
    runs = dscorer_runs if metric == "dscorer" else counter_runs
    boxer, spar = make(runs["boxer"]), make(runs["spar"])
    bs = paired_bootstrap(spar, boxer, samples=1000, seed=1)
    ar = approximate_randomisation(spar, boxer, trials=10000, seed=1)
    assert bs.difference == ar.difference < -0.25  # SPAR is far below Boxer on both metrics
    assert bs.p_value == 1 / 1001  # no resample reverses the order: the smallest possible p
    assert ar.p_value == 1 / 10001
    assert ar.signature.endswith("|ar:10000|seed:1") and bs.signature.endswith("|bs:1000|seed:1")


@pytest.mark.parametrize("metric", ["dscorer", "counter"])
def test_boxer_against_itself_differs_by_zero_with_p_one(metric, dscorer_runs, counter_runs):
    make = dscorer_table if metric == "dscorer" else counter_table
    runs = dscorer_runs if metric == "dscorer" else counter_runs
    a, b = make(runs["boxer"]), make(runs["boxer"])
    for test in (paired_bootstrap(a, b, samples=1000, seed=1), approximate_randomisation(a, b, 10000, 1)):
        assert test.difference == 0.0
        assert test.p_value == 1.0
    assert document_differences(a, b) == ()


def test_compare_results_reports_both_tests_against_the_first_system(dscorer_runs):
    runs = [dscorer_runs["boxer"], dscorer_runs["spar"], dscorer_runs["boxer"]]
    comparison = compare_results(runs, ["boxer", "spar", "boxer again"], bootstrap=1000, ar=2000, seed=1)
    first, spar, again = comparison.systems
    assert first.difference is None and first.p_value is None and first.intervals is not None
    assert spar.difference == pytest.approx(dscorer_runs["spar"].micro.F - dscorer_runs["boxer"].micro.F)
    assert spar.p_value == 1 / 2001 and spar.bootstrap.p_value == 1 / 1001
    assert again.difference == 0.0 and again.p_value == 1.0 and again.bootstrap.p_value == 1.0
    assert again.intervals == first.intervals  # one shared resample for all systems
    data = comparison.as_dict()
    assert comparison.bootstrap_signature.endswith("|bs:1000|seed:1")
    assert comparison.ar_signature.endswith("|ar:2000|seed:1")
    assert [c["system"] for c in data["comparisons"]] == ["spar", "boxer again"]
    assert [c["p_value"] for c in data["comparisons"]] == [1 / 2001, 1.0]
    json.dumps(data, allow_nan=False)


# --- the tests against slow reference loops on 40 documents -------------------------------------


def test_paired_bootstrap_p_value_matches_a_slow_loop(small_runs):
    a, b = small_runs["boxer"], small_runs["spar"]
    ta, tb = dscorer_table(a), dscorer_table(b)
    weights = bootstrap_weights(40, 60, seed=5)
    observed = a.micro.F - b.micro.F
    flips = sum(1 for row in weights if math.copysign(1, observed) *
                (reference_micro(a.documents, row, a.settings).F -
                 reference_micro(b.documents, row, b.settings).F) <= 0)
    result = paired_bootstrap(ta, tb, seed=5, weights=weights)
    assert result.p_value == (flips + 1) / 61
    # on 40 documents Boxer still wins nearly every resample, but not necessarily all
    assert result.p_value < 0.1


def test_approximate_randomisation_p_value_matches_a_slow_loop(small_runs):
    a, b = small_runs["boxer"], small_runs["spar"]
    observed = abs(a.micro.F - b.micro.F)
    masks = swap_masks(40, 50, seed=7)
    at_least = 0
    for mask in masks:
        side_a = [db if m else da for da, db, m in zip(a.documents, b.documents, mask)]
        side_b = [da if m else db for da, db, m in zip(a.documents, b.documents, mask)]
        diff = corpus_from_documents(side_a, a.settings).micro.F - corpus_from_documents(side_b, b.settings).micro.F
        at_least += abs(diff) >= observed - 1e-12
    result = approximate_randomisation(dscorer_table(a), dscorer_table(b), trials=50, seed=7)
    assert result.p_value == (at_least + 1) / 51


def test_paired_tests_refuse_tables_of_different_settings(small_runs, dscorer_runs):
    boxer = small_runs["boxer"]
    other = corpus_from_documents(boxer.documents, boxer.settings.replace(w0=0.2))
    with pytest.raises(ValueError, match="different settings"):
        paired_bootstrap(dscorer_table(boxer), dscorer_table(other), samples=10)
    with pytest.raises(ValueError, match="40 and 682 documents"):
        approximate_randomisation(dscorer_table(boxer), dscorer_table(dscorer_runs["boxer"]), trials=10)


# --- per-document differences -------------------------------------------------------------------


def test_document_differences_are_sorted_by_size_and_name_the_sentence(dscorer_runs, dev_pairs):
    boxer, spar = dscorer_table(dscorer_runs["boxer"]), dscorer_table(dscorer_runs["spar"])
    diffs = document_differences(boxer, spar)
    sizes = [abs(d.difference) for d in diffs]
    assert sizes == sorted(sizes, reverse=True) and len(diffs) > 600
    top = diffs[0]
    doc_a, doc_b = dscorer_runs["boxer"].documents[top.index], dscorer_runs["spar"].documents[top.index]
    assert (top.a, top.b, top.difference) == (doc_a.score.F, doc_b.score.F, doc_a.score.F - doc_b.score.F)
    assert top.sentence == dev_pairs["boxer"][1][top.index].sentence
    assert document_differences(boxer, spar, limit=5) == diffs[:5]


# --- property: the vectorised DSCORER formula is score_counts on summed counts ------------------

counts_rows = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6)), min_size=4, max_size=4)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs=st.lists(counts_rows, min_size=1, max_size=6), preset=st.sampled_from(["released", "typed"]),
       multiplicities=st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_vectorised_scores_equal_score_counts(docs, preset, multiplicities):
    cfg = ScoreSettings(preset=preset, order=3)
    documents = []
    for i, rows in enumerate(docs):
        counts = tuple(OrderCounts(k, min(m, p, g), p, g) for k, (m, p, g) in enumerate(rows))
        documents.append(DocumentScore(i, None, score_counts(counts, zero_gram_ratio(counts[0]), cfg),
                                       counts, 1, 1))
    weights = np.array(multiplicities[: len(documents)], dtype=float)
    if weights.sum() == 0:
        weights[0] = 1
    fast = dscorer_table(corpus_from_documents(documents, cfg)).corpus_scores(weights)[0]
    slow = reference_micro(documents, weights, cfg)
    assert fast == pytest.approx((slow.P, slow.R, slow.F), rel=1e-12, abs=1e-15)


def test_clause_table_scores_from_summed_counts():
    table = clause_table([3, 0, 5], [4, 2, 5], [6, 1, 5], "counter|test")
    assert table.full_scores() == pytest.approx((8 / 11, 8 / 12, 2 * (8 / 11) * (8 / 12) / (8 / 11 + 8 / 12)))
    assert table.document_scores[1].tolist() == [0.0, 0.0, 0.0]
    assert table.corpus_scores(np.array([0, 1, 0]))[0].tolist() == [0.0, 0.0, 0.0]


# --- the compare command ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_files(shared_path, tmp_path_factory):
    """The first 20 gold and Boxer DRSs of PMB 2.2.0 dev as clause files (temporary, never in the repo).

    (Boxer's DRS 22 has 57,396 predicted 4-grams and dominates micro DSCORER on a small
    sample: with it, AR on 30 documents gives p ~ 0.56 while the paired bootstrap gives 0.005.)"""
    root = tmp_path_factory.mktemp("compare")
    paths = {}
    for name, source in [("gold", DEV), ("boxer", "pmb-2.2.0/boxer_dev.clf")]:
        blocks = [f"%%% {d.sentence}\n{d.text()}\n" for d in read_clf(shared_path(source))[:20]]
        paths[name] = root / f"{name}.clf"
        paths[name].write_text("\n".join(blocks), encoding="utf-8")
    paths["spar"] = shared_path("pmb-2.2.0/spar_baseline.clf")
    return paths


def run_cli(capsys, *argv):
    from dscorer_core.cli import main

    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_command_json_has_difference_and_p_value_per_compared_system(small_files, capsys):
    f = small_files
    argv = ["compare", f["gold"], f["boxer"], f["spar"], f["boxer"], "--baseline", "--metric", "both",
            "--bootstrap", "300", "--ar", "2000", "--seed", "4", "--json", "--differences", "2"]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0
    assert "spar_baseline.clf holds one DRS" in err
    data = json.loads(out)
    assert [s["name"] for s in data["systems"]] == ["boxer.clf", "spar_baseline.clf", "boxer.clf (2)"]
    assert [s["single_drs_baseline"] for s in data["systems"]] == [False, True, False]
    for metric in ("dscorer", "counter"):
        result = data["metrics"][metric]
        assert result["bootstrap_signature"] == result["signature"] + "|bs:300|seed:4"
        assert result["ar_signature"] == result["signature"] + "|ar:2000|seed:4"
        spar, again = result["comparisons"]
        assert spar["system"] == "spar_baseline.clf" and spar["baseline"] == "boxer.clf"
        assert spar["difference"] < -0.2 and spar["p_value"] < 0.01 and spar["p_value_bootstrap"] < 0.01
        assert len(spar["largest_differences"]) == 2
        assert again["difference"] == 0.0 and again["p_value"] == 1.0 and again["largest_differences"] == []
        boxer = result["systems"][0]
        assert boxer["ci"]["F"][0] < boxer["F"] < boxer["ci"]["F"][1]
    assert run_cli(capsys, *argv)[1] == out  # same seed, same bytes


def test_compare_command_text_table(small_files, capsys):
    f = small_files
    code, out, _ = run_cli(capsys, "compare", f["gold"], f["boxer"], f["spar"], "--baseline",
                           "--bootstrap", "200", "--ar", "500")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "DSCORER on 20 documents; each system is tested against boxer.clf"
    assert lines[2].endswith("|bs:200|seed:1") and lines[3].endswith("|ar:500|seed:1")
    assert lines[4].split() == ["system", "P", "R", "F", "95%", "CI", "(F)", "F", "diff", "p", "(bootstrap)",
                                "p", "(AR)"]
    spar_row = next(line for line in lines if line.startswith("spar_baseline.clf"))
    assert spar_row.split()[-2:] == [f"{1 / 201:.4f}", f"{1 / 501:.4f}"]


def test_compare_command_needs_baseline_flag_for_a_single_drs_system(small_files, capsys):
    f = small_files
    code, _, err = run_cli(capsys, "compare", f["gold"], f["boxer"], f["spar"])
    assert code == 2
    assert "holds 1 DRS" in err and "--baseline" in err
    code, _, err = run_cli(capsys, "compare", f["gold"], f["boxer"], "--ar", "-1")
    assert code == 2 and "argument --ar: must be at least 0, not -1" in err  # refused as it is parsed


def test_compare_command_macro_average_resamples_document_scores(small_files, capsys):
    f = small_files
    code, out, _ = run_cli(capsys, "compare", f["gold"], f["boxer"], f["boxer"], "--average", "macro",
                           "--bootstrap", "100", "--ar", "100", "--json")
    assert code == 0
    result = json.loads(out)["metrics"]["dscorer"]
    assert "|avg:macro|" in result["signature"]
    boxer = score_corpus(*read_pair(f["boxer"], f["gold"]))
    assert result["systems"][0]["F"] == boxer.macro.F
    assert result["comparisons"][0]["difference"] == 0.0 and result["comparisons"][0]["p_value"] == 1.0
