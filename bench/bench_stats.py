"""Speed of resampling (issue 7): bootstrap intervals, paired bootstrap and approximate randomisation.

Boxer and the SPAR baseline are scored once on PMB 2.2.0 dev (DSCORER and COUNTER); the
timings below reuse their per-document counts, as ``dscorer compare`` does.  Larger corpora
are the dev tables repeated.  Prints a table; run from the repository root:

    python bench/bench_stats.py [--repeat 5] [--scale 1 5 20]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import numpy as np

from dscorer_core.cli.output import format_table
from dscorer_core.counter import counter_corpus
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_pair
from dscorer_core.stats import (
    CountTable,
    approximate_randomisation,
    compare_tables,
    confidence_intervals,
    counter_table,
    dscorer_table,
    paired_bootstrap,
)

DATA = REPO.parent / "shared" / "data" / "pmb-2.2.0"


def tiled(table: CountTable, times: int) -> CountTable:
    """The table's documents repeated ``times`` times (a bigger corpus with the same counts)."""
    features = np.tile(table.features, (times, 1))
    scores = np.tile(table.document_scores, (times, 1))
    return CountTable(table.metric, table.signature, features, table.scorer, scores, table.sentences * times)


def seconds(task, repeat: int) -> float:
    """Median wall time of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--scale", type=int, nargs="+", default=[1, 5, 20])
    args = parser.parse_args()
    gold = DATA / "gold_dev.clf"
    boxer = read_pair(DATA / "boxer_dev.clf", gold)
    spar = read_pair(DATA / "spar_baseline.clf", gold, baseline=True)
    start = time.perf_counter()
    dscorer = [score_corpus(*boxer), score_corpus(*spar)]
    scoring_time = time.perf_counter() - start
    start = time.perf_counter()
    counter = [counter_corpus(*boxer), counter_corpus(*spar)]
    counter_time = time.perf_counter() - start
    start = time.perf_counter()
    tables = {"dscorer": [dscorer_table(r) for r in dscorer], "counter": [counter_table(r) for r in counter]}
    table_time = time.perf_counter() - start

    rows = []
    for metric, (a, b) in tables.items():
        for scale in args.scale:
            ta, tb = tiled(a, scale), tiled(b, scale)
            rows.append([metric, ta.n_documents,
                         seconds(lambda ta=ta: confidence_intervals(ta, 1000, 1), args.repeat),
                         seconds(lambda ta=ta, tb=tb: paired_bootstrap(tb, ta, 1000, 1), args.repeat),
                         seconds(lambda ta=ta, tb=tb: approximate_randomisation(tb, ta, 10000, 1), args.repeat),
                         seconds(lambda ta=ta, tb=tb: compare_tables([ta, tb], ["boxer", "spar"]), args.repeat)])
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}; "
          f"median of {args.repeat} runs, seconds")
    print(f"scoring once (not repeated by resampling): DSCORER Boxer + SPAR {scoring_time:.1f} s, "
          f"COUNTER {counter_time:.1f} s, count tables {table_time:.3f} s")
    print(format_table(["metric", "documents", "CI bs:1000", "paired bs:1000", "AR ar:10000",
                        "compare (CI x2 + bs + AR)"], rows))


if __name__ == "__main__":
    main()
