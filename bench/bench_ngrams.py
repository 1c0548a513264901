"""Benchmark of the n-gram engines: document-sized DRS pairs and the whole PMB 2.2.0 dev corpus.

    python bench/bench_ngrams.py            # full run (a few minutes: the reference engine is slow)
    python bench/bench_ngrams.py --quick    # k up to 40, one repeat, reference up to 20 sentences
    python bench/bench_ngrams.py --whole [--released PATH]   # whole processes, beside the released code

``--whole`` runs ``dscorer score --preset released --no-wordnet`` as a whole process on joined
documents of 10 to 1,000 sentences (PMB 2.2.0 dev, then test beyond 682), and, with
``--released PATH`` (a checkout of LeonCrashCode/DRSScorer whose ``wordnet_dict_en.py`` holds an
empty ``en_sense_dict``), the released code's ``eval.py`` on the same documents written in its
input form (concept clauses merged, no comments), in alternating runs: CPU seconds (user + system,
median), the ratio, peak memory, and the growth exponent of each side (least squares of log
seconds on log sentences).

For each k, the first k sentences of PMB 2.2.0 dev (Boxer against gold) are
joined into one document pair (``make_documents.py``) and scored in-process
from already-read DRSs with ``score_corpus`` (graph induction, counting and
scoring all included), with the default engine (``fast``, which hands a pair with many paths
per edge to ``walks``), with ``walks`` and with ``reference``, and with ``score_pair`` (what the app's
pair view calls: the same counts, plus the graphs it draws).  Prints markdown tables.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))  # the helpers benchmarks share with tests

from document_pairs import SIZES, clf_text, document_pairs, join_drss

from dscorer_core.clauses import Drs
from dscorer_core.ngrams.arrays import arrays_from_drss
from dscorer_core.ngrams.corpus import score_corpus
from dscorer_core.ngrams.scoring import CorpusResult, score_pair
from dscorer_core.ngrams.settings import ScoreSettings
from dscorer_core.reading.clause_text import read_clf

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
    walks = fast.replace(engine="walks")
    walks_result = score_corpus([pred], [gold], walks)
    assert walks_result.documents[0].counts == result.documents[0].counts, "walks and fast disagree"
    _, walks_cpu = best_time(lambda: score_corpus([pred], [gold], walks), args.repeats)
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
            f"{fast_s * 1000:.1f}", f"{fast_cpu * 1000:.1f}", f"{walks_cpu * 1000:.1f}", f"{pair_s * 1000:.1f}",
            f"{pair_s / fast_s:.2f}", ref_text, ratio, f"{peak:.0f}"]


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


#: Sentences per document of the whole-process table.
WHOLE_SIZES = (10, 40, 80, 160, 320, 1000)
#: Issue 23's targets: at least this many times faster than the released code (whole processes) ...
RATIO_TARGETS = {40: 3.0, 160: 30.0, 320: 100.0}
#: ... and at this size under SECONDS_TARGET of CPU and MEGABYTES_TARGET of memory.
ALONE_TARGET, SECONDS_TARGET, MEGABYTES_TARGET = 1000, 2.0, 500.0
#: The released code's command line: n = 4, w_k = 0.225, w_0 = 0.1 (spec section 6).
RELEASED_ARGS = ["4", "0.225", "0.225", "0.225", "0.225", "0.1"]


def released_text(drs: Drs) -> str:
    """A DRS in the released code's input form: concept clauses merged (``b lemma.p.NN x``, only
    lower-case lemmas, as the released preset reads them), no comments, no sentence line."""
    lines = []
    for c in drs.clauses:
        if c.is_concept and not c.relation[:1].isupper():
            lines.append(f"{c.box} {c.concept_label} {c.args[1]}")
        else:
            lines.append(" ".join(c.tokens))
    return "\n".join(lines) + "\n"


#: Peak memory is read from ``/usr/bin/time`` where there is one: a process forked from this one
#: reports this process's memory (tens of MB of read DRSs) as its own peak in ``wait4``.
TIME = Path("/usr/bin/time")


#: Both programs run as after an install: Python's bytecode cache on (a sandbox that sets
#: PYTHONDONTWRITEBYTECODE would have every module compiled again in every run), and with their own
#: thread settings (the dscorer CLI starts numpy with one OpenBLAS thread unless told otherwise).
CHILD_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "OPENBLAS_NUM_THREADS")}


def process_run(argv: list[str], cwd: Path) -> tuple[float, float]:
    """(CPU seconds: user + system, peak resident MB) of one whole process."""
    with tempfile.NamedTemporaryFile("r", suffix=".maxrss") as report:
        launcher = [str(TIME), "-f", "%M", "-o", report.name] if TIME.is_file() else []
        proc = subprocess.Popen(launcher + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd,
                                env=CHILD_ENV)
        _, status, usage = os.wait4(proc.pid, 0)  # CPU of the process (and of what /usr/bin/time waited for)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"bench_ngrams: {' '.join(argv)} failed")
        lines = Path(report.name).read_text().split()
        peak_kb = float(lines[-1]) if launcher and lines else usage.ru_maxrss
    return usage.ru_utime + usage.ru_stime, peak_kb / 1024


def growth(sizes: list[int], seconds: list[float]) -> float:
    """The exponent b of seconds ~ a * sentences^b (least squares on logs)."""
    xs, ys = [math.log(k) for k in sizes], [math.log(max(t, 1e-9)) for t in seconds]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


def whole_table(preds: list[Drs], golds: list[Drs], args: argparse.Namespace) -> None:
    """The whole-process table: dscorer beside the released code, alternating runs."""
    repo = HERE.parent
    env_python = [sys.executable]
    rows, sizes_done, ours_s, theirs_s = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for k in args.whole_sizes:
            if k > len(preds):
                print(f"  ... {k} sentences: only {len(preds)} available, skipped", file=sys.stderr)
                continue
            pred, gold = join_drss(preds[:k]), join_drss(golds[:k])
            for side, drs in (("pred", pred), ("gold", gold)):
                (folder / f"k{k}_{side}.clf").write_text(clf_text([drs]), encoding="utf-8")
                (folder / f"k{k}_{side}.txt").write_text(released_text(drs), encoding="utf-8")
            ours_cmd = env_python + ["-m", "dscorer_core", "score", "--preset", "released", "--no-wordnet",
                                     str(folder / f"k{k}_pred.clf"), str(folder / f"k{k}_gold.clf")]
            theirs_cmd = env_python + [str(Path(args.released) / "eval.py"), str(folder / f"k{k}_pred.txt"),
                                       str(folder / f"k{k}_gold.txt"), *RELEASED_ARGS] if args.released else None
            ours, theirs = [], []
            process_run(ours_cmd, repo)  # warm-up: writes the bytecode caches, reads the files once
            if theirs_cmd and k <= args.released_max:
                process_run(theirs_cmd, Path(args.released))
            for _ in range(args.runs):
                ours.append(process_run(ours_cmd, repo))
                if theirs_cmd and k <= args.released_max:
                    theirs.append(process_run(theirs_cmd, Path(args.released)))
            ours_cpu = statistics.median(t for t, _ in ours)
            sizes_done.append(k)
            ours_s.append(ours_cpu)
            if theirs:
                theirs_cpu = statistics.median(t for t, _ in theirs)
                theirs_s.append(theirs_cpu)
                theirs_text = f"{theirs_cpu:.2f} s ({max(m for _, m in theirs):,.0f} MB)"
                ratio = f"{theirs_cpu / ours_cpu:,.1f}x"
            else:
                theirs_text = ratio = "-"
            peak = max(m for _, m in ours)
            rows.append([str(k), theirs_text, f"{ours_cpu:.3f} s", ratio, f"{peak:,.0f} MB",
                         target_text(k, theirs_s[-1] / ours_cpu if theirs else None, ours_cpu, peak)])
            print(f"  ... whole process, {k} sentences done", file=sys.stderr, flush=True)
    print("## Whole processes: `dscorer score --preset released --no-wordnet` on joined documents\n")
    print(f"CPU seconds (user + system) of the whole process, median of {args.runs} alternating runs "
          "after one warm-up run each (bytecode caches written); peak resident memory\n")
    print(markdown(["sentences per document", "released code", "dscorer", "ratio", "dscorer peak memory", "target"],
                   rows))
    ours_exp = growth(sizes_done, ours_s)
    line = f"\ngrowth exponent (seconds ~ sentences^b): dscorer b = {ours_exp:.2f}"
    if len(theirs_s) >= 2:
        line += f", released code b = {growth(sizes_done[:len(theirs_s)], theirs_s):.2f}"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(line + f"; load average at the end {load}\n")


def target_text(k: int, ratio: float | None, seconds: float, megabytes: float) -> str:
    """Whether a row meets issue 23's target for its size (empty where there is none)."""
    if k in RATIO_TARGETS and ratio is not None:
        goal = RATIO_TARGETS[k]
        return f"{goal:g}x: {'met' if ratio >= goal else '**missed**'}"
    if k == ALONE_TARGET:
        met = seconds < SECONDS_TARGET and megabytes < MEGABYTES_TARGET
        return f"under {SECONDS_TARGET:g} s and {MEGABYTES_TARGET:g} MB: {'met' if met else '**missed**'}"
    return ""


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
    parser.add_argument("--whole", action="store_true",
                        help="only the whole-process table (dscorer score as a command, beside --released)")
    parser.add_argument("--whole-sizes", type=int, nargs="+", default=list(WHOLE_SIZES), metavar="K")
    parser.add_argument("--released", metavar="PATH",
                        help="a checkout of LeonCrashCode/DRSScorer (empty en_sense_dict) to run beside dscorer")
    parser.add_argument("--released-max", type=int, default=320, metavar="K",
                        help="run the released code on documents of at most K sentences (default 320)")
    parser.add_argument("--runs", type=int, default=3, help="whole-process runs per figure (median; default 3)")
    parser.add_argument("--more", nargs=2, metavar=("PRED", "GOLD"),
                        default=[str(DATA / "boxer_test.clf"), str(DATA / "gold_test.clf")],
                        help="sentences appended for documents longer than the first files (default: the test split)")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes = [k for k in args.sizes if k <= 40]
        args.repeats, args.reference_max, args.corpus_reference = 2, 20, False
    for path in (args.pred, args.gold):
        if not Path(path).is_file():
            print(f"bench_ngrams: {path} not found (the shared PMB data lives in ../shared/data)", file=sys.stderr)
            return 2
    preds, golds = read_clf(args.pred), read_clf(args.gold)
    if args.whole:
        more = [Path(p) for p in args.more]
        if all(p.is_file() for p in more):
            preds, golds = preds + read_clf(more[0]), golds + read_clf(more[1])
        print(f"# Whole-process benchmark, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n")
        print(f"machine: {machine()}\n")
        whole_table(preds, golds, args)
        return 0
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
                        "default ms/pair", "default CPU ms", "walks CPU ms", "score_pair ms",
                        "score_pair / default", "reference s/pair", "ratio", "default peak MB"], rows))
        print()
    rows = [corpus_row(preds, golds, preset, args) for preset in args.presets]
    print(f"## Whole corpus ({len(preds)} pairs), in-process\n")
    print(markdown(["preset", "pairs", "fast s", "fast CPU s", "fast --jobs 2 s", "reference s", "ratio",
                    "micro F k=1..4"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
