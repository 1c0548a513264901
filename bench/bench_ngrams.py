"""Benchmark of the n-gram engines: document-sized DRS pairs and the whole PMB 2.2.0 dev corpus.

    python bench/bench_ngrams.py            # full run (a few minutes: the reference engine is slow)
    python bench/bench_ngrams.py --quick    # k up to 40, one repeat, reference up to 20 sentences

For each k, the first k sentences of PMB 2.2.0 dev (Boxer against gold) are
joined into one document pair (``make_documents.py``) and scored in-process
from already-read DRSs with ``score_corpus`` (graph induction, counting and
scoring all included), once per engine, and with ``score_pair`` (what the app's
pair view calls: the same counts, plus the graphs it draws).  Prints markdown tables.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from make_documents import SIZES, document_pairs

from dscorer_core.clauses import Drs, read_clf
from dscorer_core.dscorer.arrays import arrays_from_drss
from dscorer_core.dscorer.corpus import score_corpus
from dscorer_core.dscorer.scoring import CorpusResult, score_pair
from dscorer_core.dscorer.settings import ScoreSettings

DATA = HERE.parent.parent / "shared" / "data" / "pmb-2.2.0"


def best_time(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of the fastest of ``repeats`` runs (the least disturbed by other work)."""
    times = []
    for _ in range(max(1, repeats)):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(times)


def peak_megabytes(run: Callable[[], object]) -> float:
    """Peak memory allocated during one run (Python and numpy, via tracemalloc), in MB."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def counts_text(values: Sequence[int]) -> str:
    return " / ".join(f"{v:,}" for v in values)


def document_row(pred: Drs, gold: Drs, k: int, preset: str, args: argparse.Namespace) -> list[str]:
    """One table row: sizes, k-grams, seconds per engine, ratio, peak memory."""
    fast = ScoreSettings(preset=preset, order=args.order)
    reference = fast.replace(engine="reference")
    batch = arrays_from_drss([pred, gold], preset)
    nodes, edges = batch.node_counts.tolist(), np.diff(batch.edge_offsets).tolist()
    result: CorpusResult = score_corpus([pred], [gold], fast)
    rows = result.documents[0].counts[1:]
    fast_s, fast_cpu = best_time(lambda: score_corpus([pred], [gold], fast), args.repeats)
    peak = peak_megabytes(lambda: score_corpus([pred], [gold], fast))
    pair_s, _ = best_time(lambda: score_pair(pred, gold, fast), args.repeats)
    if k <= args.reference_max:
        ref_result = None

        def run_reference() -> None:
            nonlocal ref_result
            ref_result = score_corpus([pred], [gold], reference)

        ref_s, _ = best_time(run_reference, 1)
        assert ref_result.documents[0].counts == result.documents[0].counts, "engines disagree"
        ref_text, ratio = f"{ref_s:.3f}", f"{ref_s / fast_s:,.0f}x"
    else:
        ref_text = ratio = "-"
    return [str(k), f"{nodes[0]:,} / {nodes[1]:,}", f"{edges[0]:,} / {edges[1]:,}",
            counts_text([r.pred for r in rows]), counts_text([r.gold for r in rows]),
            f"{fast_s * 1000:.1f}", f"{fast_cpu * 1000:.1f}", f"{pair_s * 1000:.1f}", f"{pair_s / fast_s:.2f}",
            ref_text, ratio, f"{peak:.0f}"]


def corpus_row(preds: list[Drs], golds: list[Drs], preset: str, args: argparse.Namespace) -> list[str]:
    """The whole corpus in-process: seconds per engine (and with --jobs 2), micro F."""
    fast = ScoreSettings(preset=preset, order=args.order)
    result = score_corpus(preds, golds, fast)
    fast_s, fast_cpu = best_time(lambda: score_corpus(preds, golds, fast), args.repeats)
    jobs_s, _ = best_time(lambda: score_corpus(preds, golds, fast, jobs=2), 1)
    if args.corpus_reference:
        ref_s, _ = best_time(lambda: score_corpus(preds, golds, fast.replace(engine="reference")), 1)
        ref_text, ratio = f"{ref_s:.2f}", f"{ref_s / fast_s:,.0f}x"
    else:
        ref_text = ratio = "-"
    per_order = " / ".join(f"{o.f:.4f}" for o in result.micro.orders[1:])
    return [preset, str(len(preds)), f"{fast_s:.3f}", f"{fast_cpu:.3f}", f"{jobs_s:.3f}", ref_text, ratio,
            per_order]


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, numpy {np.__version__}, "
            f"load average at start {load}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pred", default=str(DATA / "boxer_dev.clf"), help="predicted clause file")
    parser.add_argument("--gold", default=str(DATA / "gold_dev.clf"), help="gold clause file")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="K",
                        help="sentences per document (default: %(default)s)")
    parser.add_argument("--presets", nargs="+", default=["typed", "released"])
    parser.add_argument("--order", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5, help="fast-engine runs per figure; the best is shown")
    parser.add_argument("--reference-max", type=int, default=160, metavar="K",
                        help="run the reference engine only on documents of at most K sentences")
    parser.add_argument("--no-corpus-reference", dest="corpus_reference", action="store_false",
                        help="do not time the reference engine on the whole corpus")
    parser.add_argument("--quick", action="store_true",
                        help="sizes up to 40, 2 repeats, reference up to 20 sentences, no corpus reference")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes = [k for k in args.sizes if k <= 40]
        args.repeats, args.reference_max, args.corpus_reference = 2, 20, False
    for path in (args.pred, args.gold):
        if not Path(path).is_file():
            print(f"bench_ngrams: {path} not found (the shared PMB data lives in ../shared/data)", file=sys.stderr)
            return 2
    preds, golds = read_clf(args.pred), read_clf(args.gold)
    print(f"# n-gram engine benchmark, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"\nmachine: {machine()}")
    print(f"data: {args.pred} against {args.gold}; order {args.order}; in-process, from read DRSs; "
          f"best of {args.repeats} for the fast engine, one run for the reference engine\n")
    for preset in args.presets:
        rows = []
        for k in args.sizes:
            doc_preds, doc_golds = document_pairs(preds, golds, k)
            if not doc_preds:
                continue
            rows.append(document_row(doc_preds[0], doc_golds[0], k, preset, args))
            print(f"  ... {preset} k={k} done", file=sys.stderr, flush=True)
        print(f"## `{preset}` preset: one document pair of k sentences\n")
        print(markdown(["k", "nodes P / G", "edges P / G", "k-grams k=1..4, pred", "k-grams k=1..4, gold",
                        "fast ms/pair", "fast CPU ms", "score_pair ms", "score_pair / fast", "reference s/pair",
                        "ratio", "fast peak MB"], rows))
        print()
    rows = [corpus_row(preds, golds, preset, args) for preset in args.presets]
    print(f"## Whole corpus ({len(preds)} pairs), in-process\n")
    print(markdown(["preset", "pairs", "fast s", "fast CPU s", "fast --jobs 2 s", "reference s", "ratio",
                    "micro F k=1..4"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
