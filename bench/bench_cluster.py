"""Throughput of ``dscorer score`` with ``--jobs 1``, ``--jobs 2`` and ``--cluster local:2`` on synthetic pairs.

The pairs are drawn (with replacement, fixed seed) from the Boxer/gold pairs of PMB 2.2.0 dev and
test, and written as two clause files.  Each run is the whole command in a fresh process (reading,
scoring, JSON), with the CPU time of all its processes; memory is sampled every 20 ms: the
client's peak and the peak of all its processes together (the client with its pool or cluster
workers).  The three JSON outputs must be identical.  From the cluster's rate per worker, and the
client's own rate of cutting the files into batches, the time for 10 million pairs on 100
workers is projected.  Prints tables:

    python bench/bench_cluster.py [--pairs 100000] [--rounds 1] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core.cli.output import format_table
from dscorer_core.reading.chunks import clf_chunks, drs_count, paired

DATA = REPO.parent / "shared" / "data" / "pmb-2.2.0"
SPLITS = (("boxer_dev.clf", "gold_dev.clf"), ("boxer_test.clf", "gold_test.clf"))


def blocks(path: Path) -> list[str]:
    """The text of each DRS of a clause file (its comments and sentence included)."""
    return [c.text.strip("\n") for c in clf_chunks(path, 1)]


def write_pairs(n: int, seed: int, directory: Path) -> tuple[Path, Path]:
    """``n`` pairs drawn with replacement from the PMB 2.2.0 Boxer/gold pairs, as two clause files."""
    pool = [pair for pred, gold in SPLITS for pair in zip(blocks(DATA / pred), blocks(DATA / gold))]
    chosen = random.Random(seed).choices(pool, k=n)
    pred, gold = directory / "pred.clf", directory / "gold.clf"
    for path, side in ((pred, 0), (gold, 1)):
        with path.open("w", encoding="utf-8") as out:
            for pair in chosen:
                out.write(pair[side] + "\n\n")
    return pred, gold


def measured(argv: list[str], out: Path) -> tuple[float, float, float, float]:
    """Wall seconds, CPU seconds of all its processes, the client's peak RSS and the peak RSS of all its
    processes (MB) of one command."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with out.open("w") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "dscorer_core", *argv], stdout=stdout,
                                stderr=subprocess.DEVNULL, env=env)
        main = psutil.Process(proc.pid)
        client = total = 0
        while proc.poll() is None:
            try:
                rss = main.memory_info().rss
                family = rss + sum(c.memory_info().rss for c in main.children(recursive=True))
            except psutil.Error:
                family = rss = 0
            client, total = max(client, rss), max(total, family)
            time.sleep(0.02)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv)} failed with status {proc.returncode}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, cpu, client / 2**20, total / 2**20


def client_rate(pred: Path, gold: Path) -> float:
    """Pairs per second the client cuts the two files into batches at (its part of a cluster run)."""
    start = time.perf_counter()
    n = sum(p.count for p, _ in paired(clf_chunks(pred, 500), clf_chunks(gold, 500), "p", "g", drs_count))
    return n / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100_000, help="synthetic pairs (default 100,000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the draw (default 1)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the three runs (the ratio is per round)")
    parser.add_argument("--memory", action="store_true",
                        help="only the memory run: --cluster local:2 with --per-doc-out on --pairs pairs")
    parser.add_argument("--project", type=float, nargs=2, default=(10_000_000, 100), metavar=("PAIRS", "WORKERS"),
                        help="projection: pairs and workers (default 10,000,000 on 100)")
    args = parser.parse_args(argv)
    if not (DATA / "gold_dev.clf").is_file():
        print(f"shared data not found at {DATA}; nothing to measure", file=sys.stderr)
        return 1
    runs = [("--jobs 1", ["--jobs", "1"]), ("--jobs 2", ["--jobs", "2"]),
            ("--cluster local:2", ["--cluster", "local:2"])]
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        pred, gold = write_pairs(args.pairs, args.seed, directory)
        print(f"# {args.pairs:,} pairs (seed {args.seed}): {pred.stat().st_size / 2**20:.0f} MB predicted, "
              f"{gold.stat().st_size / 2**20:.0f} MB gold; {platform.processor() or platform.machine()}, "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
        if args.memory:
            lines = directory / "docs.jsonl"
            seconds, cpu, client, total = measured(["score", str(pred), str(gold), "--json", "--cluster", "local:2",
                                                    "--per-doc-out", str(lines)], directory / "out.json")
            written = sum(1 for _ in lines.open(encoding="utf-8"))
            print(format_table(["run", "seconds", "pairs/s", "CPU s", "client peak MB", "all processes peak MB",
                                "lines written"],
                               [["--cluster local:2 --per-doc-out", f"{seconds:.1f}", f"{args.pairs / seconds:,.0f}",
                                 f"{cpu:.1f}", f"{client:,.0f}", f"{total:,.0f}", f"{written:,}"]]))
            return 0
        rows, ratios, rates = [], [], []
        for r in range(args.rounds):
            outputs = []
            seen: dict[str, float] = {}
            for name, extra in runs:
                out = directory / f"out{len(outputs)}.json"
                seconds, cpu, client, total = measured(["score", str(pred), str(gold), "--json", *extra], out)
                outputs.append(out.read_bytes())
                seen[name] = args.pairs / seconds
                rows.append([r + 1, name, f"{seconds:.1f}", f"{args.pairs / seconds:,.0f}", f"{cpu:.1f}",
                             f"{client:,.0f}", f"{total:,.0f}"])
            if any(o != outputs[0] for o in outputs):
                raise SystemExit("the JSON outputs differ")
            ratios.append(seen["--cluster local:2"] / seen["--jobs 2"])
            rates.append(seen["--cluster local:2"])
        reading = client_rate(pred, gold)
    print(format_table(["round", "run", "seconds", "pairs/s", "CPU s", "client peak MB", "all processes peak MB"],
                       rows))
    print()
    print("JSON output identical in every run: yes")
    print("cluster / --jobs 2 throughput, per round: " + ", ".join(f"{x:.2f}" for x in ratios))
    total_pairs, workers = args.project
    per_worker = max(rates) / 2
    scoring = total_pairs / (per_worker * workers)
    cutting = total_pairs / reading
    print(f"per worker (best cluster round, 2 workers, LocalCluster start-up included): {per_worker:,.0f} pairs/s")
    print(f"client cutting the files into batches: {reading:,.0f} pairs/s")
    print(f"projection for {total_pairs:,.0f} pairs on {workers:.0f} workers: scoring {scoring / 60:.1f} min, "
          f"the client's reading {cutting / 60:.1f} min: about {max(scoring, cutting) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
