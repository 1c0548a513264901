"""The one driver (``metrics.driver.run_metric``) gives, for every metric, what the metric's own corpus
function gives (``score_corpus``, ``counter_corpus``, ``smatch_corpus``): the same documents, row for
row, and the same corpus figures to the last bit, in this process and on two worker processes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import dscorer_core as dscorer
import dscorer_core.counter.chunks as counter_chunks
from dscorer_core.counter.score import counter_corpus
from dscorer_core.interface import prepare_pair
from dscorer_core.metrics import CounterMetric, DscorerMetric, MetricResult, SmatchMetric
from dscorer_core.metrics.driver import run_metric
from dscorer_core.metrics.smatch_metric import sbn_texts
from dscorer_core.ngrams.corpus import score_corpus
from dscorer_core.runner import IN_PROCESS, Processes
from dscorer_core.sbn.smatch import smatch_corpus

#: PMB 3.0.0 dev documents COUNTER scores here (all 885 take a minute per run).
COUNTER_DOCUMENTS = 150
RUNNERS = {"in process": IN_PROCESS, "two processes": Processes(2)}


def _first_blocks(path: Path, n: int | None) -> str:
    """The first ``n`` DRSs of a clause file (blocks separated by blank lines; None: all)."""
    blocks = [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    return "\n\n".join(blocks if n is None else blocks[:n]) + "\n"


@pytest.fixture(scope="module")
def ill_pmb3(shared_data):
    """PMB 3.0.0 dev, the neural system's output beside gold, with one predicted role misspelt (the DRS
    fails the well-formedness check) and one line that does not read: prepared as the command line
    prepares it (both ill-formed predictions become failed parses, ``ill="dummy"``)."""
    folder = shared_data / "pmb-3.0.0"
    pred_text = (folder / "bert_char_1enc_dev.clf").read_text(encoding="utf-8")
    assert " Agent " in pred_text
    pred_text = pred_text.replace(" Agent ", " Agnet ", 1)
    lines = pred_text.splitlines()
    bad = next(i for i, line in enumerate(lines) if i > len(lines) // 2 and line.startswith("b"))
    lines[bad] = "b3 REF"  # too few tokens: does not read as a clause
    preds = dscorer.loads("\n".join(lines) + "\n", source="pred.clf")
    golds = dscorer.load(folder / "gold_dev.clf")
    pair = prepare_pair(preds, golds)
    assert pair.report is not None and len(pair.report.entries) == 2
    return list(pair.preds), list(pair.golds)


@pytest.fixture(scope="module")
def dutch(shared_data):
    folder = shared_data / "pmb-5.0.0"
    pred, gold = folder / "neuralboxer_nl_test.sbn", folder / "gold_nl_test.sbn"
    if not (pred.is_file() and gold.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {folder}")
    return dscorer.load(pred), dscorer.load(gold)


def _same(found: MetricResult, expected: MetricResult) -> None:
    """Row for row and figure for figure (exact floats), the metric's own detail included."""
    assert np.array_equal(found.rows.counts, expected.rows.counts)
    assert found.rows.counts.dtype == expected.rows.counts.dtype
    if expected.rows.extra is not None:
        assert np.array_equal(found.rows.extra, expected.rows.extra)
    assert found.as_dict(per_doc=True) == expected.as_dict(per_doc=True)
    assert found.detail is not None and expected.detail is not None
    assert found.detail.documents == expected.detail.documents
    assert found.detail == expected.detail


@pytest.mark.parametrize("where", RUNNERS)
def test_dscorer_through_the_driver_equals_score_corpus(ill_pmb3, where):
    preds, golds = ill_pmb3
    metric = DscorerMetric()
    old = score_corpus(preds, golds, metric.settings)
    found = run_metric(metric, preds, golds, RUNNERS[where])
    assert len(found.documents) == 885
    _same(found, metric.result_of(old))
    assert (found.micro.F, found.macro.F) == (old.micro.F, old.macro.F)


@pytest.mark.parametrize("where", RUNNERS)
def test_counter_through_the_driver_equals_counter_corpus(ill_pmb3, where, monkeypatch):
    """On two processes the chunks are handed out (heaviest first) even below the work that pays for it."""
    preds, golds = (side[:COUNTER_DOCUMENTS] for side in ill_pmb3)
    metric = CounterMetric()
    old = counter_corpus(preds, golds, metric.settings)
    monkeypatch.setattr(counter_chunks, "PARALLEL_WORK", 0)
    plan = metric.plan_batches(preds, golds, RUNNERS[where].workers)
    assert plan.spread == (where == "two processes") and len(plan.ranges) > 1
    found = run_metric(metric, preds, golds, RUNNERS[where])
    _same(found, metric.result_of(old, [g.sentence for g in golds]))
    assert found.F == old.F and found.detail.matched == old.matched


@pytest.mark.parametrize("where", RUNNERS)
def test_smatch_through_the_driver_equals_smatch_corpus(dutch, where):
    preds, golds = dutch
    metric = SmatchMetric()
    old = smatch_corpus(sbn_texts(preds), sbn_texts(golds), metric.settings)
    found = run_metric(metric, preds, golds, RUNNERS[where])
    assert len(found.documents) == 435
    _same(found, metric.result_of(old, [g.sentence for g in golds]))
    published = (old.mean_F, old.F)  # the mean of per-sentence F1 (the PMB 5 figure), then micro
    assert published == (found.macro.F, found.micro.F)


@pytest.mark.parametrize("name", ["dscorer", "counter", "smatch"])
def test_every_metric_scores_through_the_driver(ill_pmb3, dutch, name):
    """``score`` is the driver's result, and progress reaches the last document in order."""
    metric = dscorer.make_metric(name)
    preds, golds = (side[:20] for side in (dutch if name == "smatch" else ill_pmb3))
    seen: list[tuple[int, int]] = []
    scored = metric.score(preds, golds, progress=lambda done, total: seen.append((done, total)))
    assert scored.as_dict(per_doc=True) == run_metric(metric, preds, golds).as_dict(per_doc=True)
    assert seen and seen[-1] == (20, 20) and seen == sorted(seen)


@pytest.mark.slow
def test_counter_through_the_driver_gives_the_official_counts_of_every_document(shared_path):
    """The official COUNTER's per-DRS counts (matched, predicted, gold clauses) for a BERT parser on
    PMB 3.0.0 dev, WordNet normalisation on: the driver on two processes gives them all, F .8813."""
    preds = dscorer.load(shared_path("pmb-3.0.0/bert_char_1enc_dev.clf"))
    golds = dscorer.load(shared_path("pmb-3.0.0/gold_dev.clf"))
    official = [tuple(int(v) for v in line.split()[:3])
                for line in shared_path("pmb-3.0.0/bert_char_1enc_dev.counter.prf").read_text().splitlines()
                if line.strip()]
    found = run_metric(CounterMetric(), preds, golds, Processes(2))
    ours = [tuple(int(v) for v in d.counts[0]) for d in found.documents]
    assert len(ours) == len(official) == 885
    assert [i for i, (a, b) in enumerate(zip(ours, official)) if a != b] == []
    assert round(found.F, 4) == 0.8813 and "|wn:3.0|" in str(found.signature)
