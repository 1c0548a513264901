"""Speed of the COUNTER-compatible scorer: Boxer dev (PMB 2.2.0), documents of 1 to 80 joined sentences,
and, with ``--official DIR``, the released COUNTER beside it.

Documents of k sentences join k consecutive DRSs (predicted and gold alike) with their variables
renamed apart (``make_documents.py``, as in the n-gram benchmark).  Prints markdown tables:

    python bench/bench_counter.py [--sizes 1 5 10 20 40 80] [--documents 10] [--long-documents 3]
    python bench/bench_counter.py --official /tmp/counter --official-sizes 10 20 --official-timeout 300

The in-process table times ``counter_corpus`` on already-read DRSs (CPU seconds of this process).
``--official DIR`` (a directory holding the released tool's ``evaluation/`` files: ``counter.py``,
``utils_counter.py``, ``clf_referee.py``, ``hill_climbing.py``, ``html_results.py``,
``clf_signature.yaml`` and a ``wordnet_dict_en.py``) adds whole-process tables: both tools on PMB 2.2.0
dev and PMB 3.0.0 dev, ``dscorer counter --jobs 2`` beside ``--jobs 1``, and both tools on the first
document of each of ``--official-sizes`` (the released tool stopped after ``--official-timeout`` s).
CPU seconds are user + system time of the whole process and its children.  The released tool is
given ``-ill score`` where the gold file fails its well-formedness check (PMB 2.2.0), which makes it
sleep 3 s (wall-clock time only).  Its WordNet dictionary is whatever ``wordnet_dict_en.py`` holds; with
an empty one (``en_sense_dict = {}``: the file is not in the public repository's history we have),
compare with ``--no-wordnet`` figures, which ``--official-no-wordnet`` (default on) gives dscorer.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core import Drs
from dscorer_core.cli.output import format_table
from dscorer_core.counter import CounterSettings, counter_corpus
from dscorer_core.reading.clause_text import read_pair

sys.path.insert(0, str(REPO / "tests"))  # the helpers benchmarks share with tests
from document_pairs import clf_text, document_pairs

SHARED = REPO.parent / "shared" / "data"
DATA = SHARED / "pmb-2.2.0"
CORPORA = {"PMB 2.2.0 dev, Boxer": (DATA / "boxer_dev.clf", DATA / "gold_dev.clf", True),
           "PMB 3.0.0 dev, BERT parser": (SHARED / "pmb-3.0.0" / "bert_char_1enc_dev.clf",
                                          SHARED / "pmb-3.0.0" / "gold_dev.clf", False)}


def documents(preds: list[Drs], golds: list[Drs], size: int, count: int) -> tuple[list[Drs], list[Drs]]:
    """The first ``count`` documents of ``size`` consecutive sentences (as in the n-gram benchmark)."""
    ps, gs = document_pairs(preds[:size * count], golds[:size * count], size)
    return ps, gs


def timed(preds: list[Drs], golds: list[Drs], settings: CounterSettings, repeat: int) -> tuple[float, float, object]:
    """Best CPU and wall seconds of ``repeat`` runs, and the result."""
    cpu, wall, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        start, clock = time.process_time(), time.perf_counter()
        result = counter_corpus(preds, golds, settings)
        cpu, wall = min(cpu, time.process_time() - start), min(wall, time.perf_counter() - clock)
    return cpu, wall, result


def in_process(args: argparse.Namespace, preds: list[Drs], golds: list[Drs]) -> list[list[object]]:
    rows = []
    for search in args.searches:
        settings = CounterSettings(search=search, time_limit=args.time_limit)
        inputs = [("Boxer dev (whole corpus)", preds, golds, args.repeat)]
        for size in args.sizes:
            count = args.documents if size < 40 else args.long_documents
            ps, gs = documents(preds, golds, size, count)
            inputs.append((f"{size}-sentence documents", ps, gs, 1 if size >= 10 else args.repeat))
        for name, ps, gs, repeat in inputs:
            if search == "hill" and len(ps[0].clauses) > 200 and name[0].isdigit():
                continue  # hill climbing alone on 40 sentences and more: minutes, and nothing proven
            cpu, wall, r = timed(ps, gs, settings, repeat)
            docs = r.documents  # type: ignore[attr-defined]
            methods = Counter(d.method for d in docs)
            rows.append([name, search, len(docs), r.pred_clauses / len(docs), cpu, cpu / len(docs), wall,  # type: ignore[attr-defined]
                         r.matched, r.upper_bound, f"{r.F:.4f}", f"{r.optimal_documents}/{len(docs)}",  # type: ignore[attr-defined]
                         ", ".join(f"{m} {n}" for m, n in sorted(methods.items()))])
    return rows


def run_process(command: list[str], timeout: float, cwd: str | None = None,
                env: dict[str, str] | None = None) -> tuple[float | None, float | None, str]:
    """CPU (user + system, children included) and wall seconds of one whole process and its output;
    None, None when it did not finish within ``timeout``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    clock = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)
    except subprocess.TimeoutExpired:
        return None, None, ""
    wall = time.perf_counter() - clock
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def official_command(official: Path, pred: Path, gold: Path, ill_score: bool) -> list[str]:
    command = [sys.executable, str(official / "counter.py"), "-f1", str(pred), "-f2", str(gold),
               "-g", str(official / "clf_signature.yaml")]
    return command + (["-ill", "score"] if ill_score else [])


def dscorer_command(pred: Path, gold: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "dscorer_core", "counter", str(pred), str(gold), "--json", *options]


def official_f(output: str) -> str:
    found = re.search(r"F-score\s*:\s*([0-9.]+)", output)
    return found.group(1) if found else "-"


def dscorer_figures(output: str) -> tuple[str, str]:
    """F and the proven-optimal share from ``dscorer counter --json``."""
    import json

    start = output.find("{")
    data = json.loads(output[start:]) if start >= 0 else {}
    if not data:
        return "-", "-"
    return f"{data['F']:.4f}", f"{data['optimal_documents']}/{data['documents_total']}"


def fmt(seconds: float | None, timeout: float) -> str:
    return f"{seconds:.2f}" if seconds is not None else f"did not finish in {timeout:.0f} s"


def whole_processes(args: argparse.Namespace, preds: list[Drs], golds: list[Drs]) -> None:
    official = Path(args.official).resolve()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(REPO)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "bench_counter_pycache")
    wn = ("--no-wordnet",) if args.official_no_wordnet else ()
    rows = []
    for name, (pred, gold, ill) in CORPORA.items():
        if not gold.is_file():
            continue
        theirs = official_command(official, pred, gold, ill)
        ours = dscorer_command(pred, gold, *wn)
        run_process(theirs, args.official_timeout, str(official), env), run_process(ours, 600, env=env)  # warm caches
        times: dict[str, list[tuple[float, float]]] = {"official": [], "dscorer": [], "jobs": []}
        outputs = {}
        for _ in range(args.runs):
            for key, command in (("official", theirs), ("dscorer", ours), ("jobs", ours + ["--jobs", "2"])):
                cpu, wall, outputs[key] = run_process(command, args.official_timeout, str(official) if key == "official"
                                                      else None, env)
                if cpu is not None and wall is not None:
                    times[key].append((cpu, wall))
        med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v)) if v else (None, None)
               for k, v in times.items()}
        f, proven = dscorer_figures(outputs["dscorer"])
        o_cpu, d_cpu = med["official"][0], med["dscorer"][0]
        rows.append([name, fmt(o_cpu, args.official_timeout), fmt(med["official"][1], args.official_timeout),
                     official_f(outputs["official"]), fmt(d_cpu, 0), fmt(med["dscorer"][1], 0),
                     fmt(med["jobs"][0], 0), f, proven,
                     f"{o_cpu / d_cpu:.1f}x" if o_cpu and d_cpu else "-"])
    print(f"\nWhole processes, median of {args.runs} alternating runs (dscorer {' '.join(wn) or 'with WordNet'}):")
    print(format_table(["corpus", "released CPU s", "released wall s", "released F", "dscorer CPU s", "dscorer wall s",
                        "dscorer --jobs 2 CPU s", "dscorer F", "proven optimal", "CPU ratio"], rows))

    folder = Path(tempfile.mkdtemp(prefix="bench_counter_"))
    rows = []
    for size in args.official_sizes:
        ps, gs = documents(preds, golds, size, 1)
        pred, gold = folder / f"k{size}_pred.clf", folder / f"k{size}_gold.clf"
        pred.write_text(clf_text(ps), encoding="utf-8")
        gold.write_text(clf_text(gs), encoding="utf-8")
        o_cpu, o_wall, o_out = run_process(official_command(official, pred, gold, True), args.official_timeout,
                                           str(official), env)
        d_cpu, d_wall, d_out = run_process(dscorer_command(pred, gold, *wn), 3600, env=env)
        f, proven = dscorer_figures(d_out)
        rows.append([size, len(ps[0].clauses), fmt(o_cpu, args.official_timeout), fmt(o_wall, args.official_timeout),
                     official_f(o_out) if o_cpu is not None else "-", fmt(d_cpu, 0), fmt(d_wall, 0), f, proven])
    print(f"\nOne document of k joined sentences, whole processes (the released tool stopped after "
          f"{args.official_timeout:.0f} s):")
    print(format_table(["k", "pred clauses", "released CPU s", "released wall s", "released F", "dscorer CPU s",
                        "dscorer wall s", "dscorer F", "proven optimal"], rows))


def jobs_table(args: argparse.Namespace, preds: list[Drs], golds: list[Drs]) -> None:
    """``dscorer counter`` as whole processes with ``--jobs 1`` and ``--jobs 2``: PMB 2.2.0 dev and all its
    documents of each of ``--jobs-sizes`` sentences (the same figures; processes only where they pay)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(REPO)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "bench_counter_pycache")
    folder = Path(tempfile.mkdtemp(prefix="bench_counter_jobs_"))
    inputs = [("PMB 2.2.0 dev (682 sentences)", DATA / "boxer_dev.clf", DATA / "gold_dev.clf")]
    for size in args.jobs_sizes:
        ps, gs = document_pairs(preds, golds, size)
        pred, gold = folder / f"k{size}_pred.clf", folder / f"k{size}_gold.clf"
        pred.write_text(clf_text(ps), encoding="utf-8")
        gold.write_text(clf_text(gs), encoding="utf-8")
        inputs.append((f"{len(ps)} documents of {size} sentences", pred, gold))
    rows = []
    for name, pred, gold in inputs:
        figures = []
        for jobs in ("1", "2"):
            cpu, wall, out = run_process(dscorer_command(pred, gold, "--jobs", jobs), 3600, env=env)
            figures += [fmt(cpu, 0), fmt(wall, 0), dscorer_figures(out)[1]]
        rows.append([name, *figures])
    print("\n`dscorer counter --jobs N`, whole processes (CPU: all processes; wall: what a user waits):")
    print(format_table(["input", "--jobs 1 CPU s", "--jobs 1 wall s", "proven", "--jobs 2 CPU s", "--jobs 2 wall s",
                        "proven"], rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 5, 10, 20, 40, 80], help="sentences per document")
    parser.add_argument("--documents", type=int, default=10, help="documents per size below 40")
    parser.add_argument("--long-documents", type=int, default=3, help="documents per size from 40 (default 3)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure below 10 sentences (the best)")
    parser.add_argument("--searches", nargs="+", default=["exact+hill", "hill"], help="searches to time")
    parser.add_argument("--time-limit", type=float, default=CounterSettings().time_limit,
                        help="opt-in wall-clock cap per solver call (seconds; default none)")
    parser.add_argument("--official", metavar="DIR", help="the released COUNTER's evaluation/ files, to run beside")
    parser.add_argument("--official-sizes", type=int, nargs="+", default=[10, 20, 40, 80])
    parser.add_argument("--official-timeout", type=float, default=300.0)
    parser.add_argument("--official-no-wordnet", action=argparse.BooleanOptionalAction, default=True,
                        help="run dscorer with --no-wordnet beside the released tool (its WordNet dictionary empty)")
    parser.add_argument("--runs", type=int, default=3, help="whole-process runs per corpus with --official")
    parser.add_argument("--jobs-sizes", type=int, nargs="*", default=[],
                        help="also time --jobs 1 and 2 on all dev documents of these sizes (whole processes)")
    parser.add_argument("--skip-in-process", action="store_true", help="only the whole-process tables")
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
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"COUNTER-compatible scorer, {time.strftime('%Y-%m-%d %H:%M')}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, load average {load} "
          f"at the start; reading Boxer dev + gold took {read_time:.2f} s and importing scipy.optimize "
          f"{import_time:.2f} s (neither included below)")
    if not args.skip_in_process:
        rows = in_process(args, preds, golds)
        print(format_table(["input", "search", "docs", "pred clauses/doc", "CPU s", "CPU s/doc", "wall s", "matched",
                            "upper bound", "F", "proven optimal", "methods"], rows))
    if args.official:
        whole_processes(args, preds, golds)
    if args.jobs_sizes:
        jobs_table(args, preds, golds)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nload average {load} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
