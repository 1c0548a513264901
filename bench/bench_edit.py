"""What one change of the edited predicted DRS costs the pair view (issue 31: 0.5 s per change):
reading the edit, DSCORER, COUNTER, the k = 1 comparison, the shared layout and the diff, as the
page calls them (uncached: every edit is new). Prints a markdown table:

    python bench/bench_edit.py [--repeats 5]

Pairs: the paper's Figure 4 (sample_data) with its pred edited into the gold DRS, and PMB 2.2.0 dev
document 22 (Boxer against gold, 78 and 41 clauses) with one pred clause deleted, when ../shared/data
is there.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core import ScoreSettings
from dscorer_core.counter import counter_pair
from dscorer_core.drs_diff import drs_diff
from dscorer_core.ngrams import score_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.reading.drs_files import parse_drs_text
from dscorer_core.render import compare_ngrams, shared_layout

PMB = REPO.parent / "shared" / "data" / "pmb-2.2.0"


def one_change(text: str, gold) -> dict[str, float]:
    """Seconds of each step of one rerun after an edit."""
    times = {}
    t = time.perf_counter()
    (pred,) = parse_drs_text(text, "edited pred")
    times["read"] = time.perf_counter() - t
    t = time.perf_counter()
    result = score_pair(pred, gold, ScoreSettings())
    times["DSCORER"] = time.perf_counter() - t
    t = time.perf_counter()
    cpair = counter_pair(pred, gold)
    times["COUNTER"] = time.perf_counter() - t
    t = time.perf_counter()
    compare_ngrams(result.pred_graph, result.gold_graph, 1, mapping=cpair.mapping)
    times["k = 1"] = time.perf_counter() - t
    t = time.perf_counter()
    shared_layout(result.pred_graph, result.gold_graph, mapping=cpair.mapping)
    times["layout"] = time.perf_counter() - t
    t = time.perf_counter()
    drs_diff(pred, gold)
    times["diff"] = time.perf_counter() - t
    times["total"] = sum(times.values())
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    cases = []
    golds = read_clf(REPO / "sample_data" / "paper_gold.clf")
    cases.append(("Figure 4, pred edited into gold", golds[1].text(), golds[1]))
    if (PMB / "boxer_dev.clf").is_file():
        pred = read_clf(PMB / "boxer_dev.clf", lenient=True)[22]
        gold = read_clf(PMB / "gold_dev.clf")[22]
        cases.append(("PMB 2.2.0 dev 22, one pred clause deleted", "\n".join(c.text() for c in pred.clauses[1:]), gold))
    steps = ["read", "DSCORER", "COUNTER", "k = 1", "layout", "diff", "total"]
    print("| pair | " + " | ".join(steps) + " |")
    print("|---|" + "---:|" * len(steps))
    for name, text, gold in cases:
        runs = [one_change(text, gold) for _ in range(args.repeats)]
        print(f"| {name} | " + " | ".join(f"{statistics.median(r[s] for r in runs):.3f}" for s in steps) + " |")
    print(f"\nmedian seconds of {args.repeats} runs; the page's own drawing (panes, tables) comes on top")


if __name__ == "__main__":
    main()
