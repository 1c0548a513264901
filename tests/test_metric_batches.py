"""``make_metric(name).add_batch(preds, golds)`` round by round, then ``compute()``: equal to scoring
every pair at once (dscorer_core.metrics.batched.Batches), on the paper's pairs and PMB 2.2.0 dev."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from dscorer_core import DrsCountMismatch
from dscorer_core.metrics import make_metric
from dscorer_core.reading.clause_text import read_clf

ROOT = Path(__file__).resolve().parent.parent
PMB = ROOT.parent / "shared" / "data" / "pmb-2.2.0"


def _pairs(limit: int):
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    return read_clf(PMB / "boxer_dev.clf", lenient=True)[:limit], read_clf(PMB / "gold_dev.clf")[:limit]


@pytest.mark.parametrize("name", ["dscorer", "counter"])
def test_batches_then_compute_equal_scoring_all_at_once(name):
    preds, golds = _pairs(90)
    metric = make_metric(name)
    for start in range(0, len(preds), 16):  # 16, 16, ..., 10: uneven batches
        metric.add_batch(preds[start:start + 16], golds[start:start + 16])
    batched = metric.compute()
    whole = make_metric(name).score(preds, golds)
    assert batched.as_dict(per_doc=True) == whole.as_dict(per_doc=True)
    assert [d.index for d in batched.documents] == list(range(len(preds)))
    assert str(batched.signature) == str(whole.signature)
    # compute starts a new round: the next batch alone is scored on its own
    metric.add_batch(preds[:5], golds[:5])
    assert metric.compute().as_dict(per_doc=True) == make_metric(name).score(preds[:5], golds[:5]).as_dict(per_doc=True)


def test_pending_batches_leave_the_metric_equal_hashable_and_out_of_a_pickle():
    preds = read_clf(ROOT / "sample_data" / "paper_pred.clf")
    golds = read_clf(ROOT / "sample_data" / "paper_gold.clf")
    metric = make_metric("counter")
    metric.add_batch(preds, golds)
    assert metric == make_metric("counter") and hash(metric) == hash(make_metric("counter"))
    copy = pickle.loads(pickle.dumps(metric))
    assert copy == metric and "_pending_batches" not in vars(copy)
    assert len(metric.compute().documents) == 2


def test_a_batch_of_unequal_sides_is_refused():
    preds = read_clf(ROOT / "sample_data" / "paper_pred.clf")
    with pytest.raises(DrsCountMismatch, match="2 DRS"):
        make_metric("dscorer").add_batch(preds, preds[:1])
