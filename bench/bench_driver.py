"""The driver's cost beside the old corpus functions: seconds per run on real files, in this process.

    python3 bench/bench_driver.py [SHARED_DATA]

Prints one row per metric: the old function (``score_corpus``, ``counter_corpus``, ``smatch_corpus``)
turned into a ``MetricResult`` by ``result_of``, and ``metrics.driver.run_metric``; best of three
(warm caches: the first run reads WordNet and fills them).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import dscorer_core as dscorer
from dscorer_core.counter.score import counter_corpus
from dscorer_core.metrics import CounterMetric, DscorerMetric, SmatchMetric
from dscorer_core.metrics.driver import run_metric
from dscorer_core.metrics.smatch_metric import sbn_texts
from dscorer_core.ngrams.corpus import score_corpus
from dscorer_core.sbn.smatch import smatch_corpus


def best(run, times: int = 3) -> float:
    """The fastest of ``times`` runs, in seconds."""
    found = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        found.append(time.perf_counter() - start)
    return min(found)


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent.parent / "shared/data"
    preds = dscorer.load(data / "pmb-3.0.0/bert_char_1enc_dev.clf")
    golds = dscorer.load(data / "pmb-3.0.0/gold_dev.clf")
    nl_p = dscorer.load(data / "pmb-5.0.0/neuralboxer_nl_test.sbn")
    nl_g = dscorer.load(data / "pmb-5.0.0/gold_nl_test.sbn")
    d, c, s = DscorerMetric(), CounterMetric(), SmatchMetric()
    rows = [
        ("DSCORER", "PMB 3.0.0 dev", lambda: d.result_of(score_corpus(preds, golds)),
         lambda: run_metric(d, preds, golds)),
        ("COUNTER", "PMB 3.0.0 dev", lambda: c.result_of(counter_corpus(preds, golds)),
         lambda: run_metric(c, preds, golds)),
        ("Smatch", "PMB 5.0.0 nl test", lambda: s.result_of(smatch_corpus(sbn_texts(nl_p), sbn_texts(nl_g))),
         lambda: run_metric(s, nl_p, nl_g)),
    ]
    print(f"{'metric':<8} {'corpus':<18} {'old s':>7} {'driver s':>9}")
    for name, corpus, old, new in rows:
        print(f"{name:<8} {corpus:<18} {best(old):7.2f} {best(new):9.2f}")


if __name__ == "__main__":
    main()
