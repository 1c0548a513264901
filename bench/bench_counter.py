"""Speed of the COUNTER-compatible scorer: Boxer dev (PMB 2.2.0) and multi-sentence documents.

Documents of k sentences join k consecutive DRSs (predicted and gold alike) with their variables
renamed apart (``make_documents.py``, as in the n-gram benchmark).  Prints a table:

    python bench/bench_counter.py [--sizes 1 5 10 20] [--documents 10]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core import Drs, read_pair
from dscorer_core.cli.output import format_table
from dscorer_core.counter import CounterSettings, counter_corpus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_documents import document_pairs

DATA = REPO.parent / "shared" / "data" / "pmb-2.2.0"


def documents(preds: list[Drs], golds: list[Drs], size: int, count: int) -> tuple[list[Drs], list[Drs]]:
    """The first ``count`` documents of ``size`` consecutive sentences (as in the n-gram benchmark)."""
    ps, gs = document_pairs(preds[:size * count], golds[:size * count], size)
    return ps, gs


def timed(preds: list[Drs], golds: list[Drs], settings: CounterSettings, repeat: int) -> tuple[float, object]:
    """Best wall time of ``repeat`` runs, and the result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = counter_corpus(preds, golds, settings)
        best = min(best, time.perf_counter() - start)
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 5, 10, 20], help="sentences per document")
    parser.add_argument("--documents", type=int, default=10, help="documents per size (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is reported")
    parser.add_argument("--searches", nargs="+", default=["exact+hill", "hill"], help="searches to time")
    args = parser.parse_args(argv)
    if not (DATA / "gold_dev.clf").is_file():
        print(f"shared data not found at {DATA}; nothing to measure", file=sys.stderr)
        return 1
    start = time.perf_counter()
    preds, golds = read_pair(DATA / "boxer_dev.clf", DATA / "gold_dev.clf")
    read_time = time.perf_counter() - start
    start = time.perf_counter()
    import scipy.optimize  # noqa: F401  (imported on the first integer program; timed apart)
    import_time = time.perf_counter() - start

    rows = []
    for search in args.searches:
        settings = CounterSettings(search=search)
        seconds, r = timed(preds, golds, settings, args.repeat)
        rows.append(["Boxer dev (whole corpus)", search, len(r.documents), r.pred_clauses / len(r.documents),
                     seconds, seconds / len(r.documents), r.matched, r.F,
                     f"{r.optimal_documents}/{len(r.documents)}"])
        for size in args.sizes:
            ps, gs = documents(preds, golds, size, args.documents)
            seconds, r = timed(ps, gs, settings, 1 if size >= 10 else args.repeat)
            rows.append([f"{size}-sentence documents", search, len(r.documents), r.pred_clauses / len(r.documents),
                         seconds, seconds / len(r.documents), r.matched, r.F,
                         f"{r.optimal_documents}/{len(r.documents)}"])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"COUNTER-compatible scorer, {time.strftime('%Y-%m-%d %H:%M')}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, load average {load} "
          f"at the end; reading Boxer dev + gold took {read_time:.2f} s and importing scipy.optimize "
          f"{import_time:.2f} s (neither included below)")
    print(format_table(["input", "search", "docs", "pred clauses/doc", "seconds", "s/doc", "matched", "F",
                        "proven optimal"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
