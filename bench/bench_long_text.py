"""The PMB 5.0.0 long-text challenge set: the official PMB 5 script and ``dscorer smatch`` side by side.

Both run as whole processes on the same pair (``../shared/data/pmb-5.0.0-long``: NeuralBoxer against
gold, 138 documents), alternating, in one run of this script, so they share the machine's load: the
speed-up is a ratio measured under the same conditions. Per scorer: CPU and wall seconds, peak
memory, the mean F, and per document how dscorer's exact F compares with the script's hill climbing
(never below it: an exact alignment matches at least as many triples) and how many documents are
proven optimal. Prints a table:

    python bench/bench_long_text.py --official PATH/TO/sbn_smatch.py [--runs 1]

``sbn_smatch.py`` is ``data/pmb-5.0.0/src/sbn/sbn_smatch.py`` of LastDance500/PMB5.0.0 (with the modules
beside it; it needs ``penman`` and ``networkx``). Gold lines dscorer's reader refuses (``SY2``, until the
reader reads it) are left out of the pair both scorers get, and the table says how many.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core.cli.output import format_table
from dscorer_core.errors import SbnError
from dscorer_core.reading.sbn_text import parse_sbn_tolerant

LONG = REPO.parent / "shared" / "data" / "pmb-5.0.0-long"

#: Runs a command and prints its own CPU seconds (children) and peak memory (KB) as JSON on stderr's last line.
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stdout.write(done.stdout)
sys.stderr.write(done.stderr + "\\n" + json.dumps({"cpu": use.ru_utime + use.ru_stime, "wall": wall,
                                                  "kb": use.ru_maxrss, "code": done.returncode}) + "\\n")
"""


def readable_pair(folder: Path) -> tuple[Path, Path, list[int], int]:
    """The long-text pair without the documents whose gold line dscorer's reader refuses; the pair's
    paths, the original index of each kept document, and how many were left out."""
    gold_lines = (LONG / "gold_en_long.sbn").read_text(encoding="utf-8").splitlines()
    pred_lines = (LONG / "lstm_en_long.sbn").read_text(encoding="utf-8").splitlines()
    keep = [i for i, line in enumerate(gold_lines)
            if not isinstance(parse_sbn_tolerant(line + "\n", "gold", "sbn-lines")[0], SbnError)]
    pred, gold = folder / "pred.sbn", folder / "gold.sbn"
    pred.write_text("".join(pred_lines[i] + "\n" for i in keep), encoding="utf-8")
    gold.write_text("".join(gold_lines[i] + "\n" for i in keep), encoding="utf-8")
    return pred, gold, keep, len(gold_lines) - len(keep)


def measured(command: list[str], env: dict[str, str]) -> tuple[dict, str]:
    """CPU and wall seconds, peak memory and exit code of one whole process, and its standard output."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, env=env)
    return json.loads(done.stderr.strip().splitlines()[-1]), done.stdout


def script_scores(out: str) -> dict[int, float]:
    """The script's F per scored document (``i:F``) from its standard output."""
    return {int(m.group(1)): float(m.group(2)) for m in re.finditer(r"^(\d+):([0-9.]+)$", out, re.M)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--official", required=True, metavar="PATH", help="the PMB 5 script sbn_smatch.py")
    parser.add_argument("--runs", type=int, default=1, help="alternating runs of each scorer (median shown)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench_long_text_"))
    pred, gold, keep, left_out = readable_pair(folder)
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    plain["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "bench_long_text_pycache")
    ours_env = {**plain, "PYTHONPATH": str(REPO)}
    script = Path(args.official).resolve()
    theirs = [sys.executable, str(script), "-s1", str(gold), "-s2", str(pred)]
    ours = [sys.executable, "-m", "dscorer_core", "smatch", str(pred), str(gold), "--json", "--per-doc"]
    runs: dict[str, list[dict]] = {"script": [], "dscorer": []}
    outputs: dict[str, list[str]] = {"script": [], "dscorer": []}
    for _ in range(args.runs):
        for name, command, env in (("script", theirs, plain), ("dscorer", ours, ours_env)):
            use, out = measured(command, env)
            runs[name].append(use)
            outputs[name].append(out)
    found = [script_scores(out) for out in outputs["script"]]
    best = {i: max(f.get(i, 0.0) for f in found) for i in set().union(*found)}
    data = json.loads(outputs["dscorer"][-1])
    docs = data["documents"]
    both = [d for d in docs if d["index"] in best and not d["ill_formed"]]
    below = [d["index"] for d in both if d["F"] < best[d["index"]]]
    above = [d["index"] for d in both if d["F"] > best[d["index"]]]
    mean_f = [re.search(r"average f1 smatch score: ([0-9.]+)", out) for out in outputs["script"]]

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"PMB 5.0.0 long-text set: {len(keep)} documents ({left_out} left out: gold lines dscorer's reader "
          f"refuses), whole processes, {args.runs} alternating run(s), load average {load} on "
          f"{os.cpu_count()} cores")
    print(format_table(["scorer", "CPU s", "wall s", "peak MB", "mean F", "proven optimal", "exit"], [
        ["PMB 5 script (sbn_smatch.py, hill climbing)", f"{median('script', 'cpu'):.1f}",
         f"{median('script', 'wall'):.1f}", f"{max(r['kb'] for r in runs['script']) / 1024:.0f}",
         " / ".join(f"{float(m.group(1)):.4f}" for m in mean_f if m), "-",
         ",".join(str(r["code"]) for r in runs["script"])],
        ["dscorer smatch (exact)", f"{median('dscorer', 'cpu'):.1f}", f"{median('dscorer', 'wall'):.1f}",
         f"{max(r['kb'] for r in runs['dscorer']) / 1024:.0f}", f"{data['mean_F']:.4f}",
         f"{data['optimal_count']}/{data['documents_count']}", ",".join(str(r["code"]) for r in runs["dscorer"])]]))
    print(f"dscorer is {median('script', 'wall') / median('dscorer', 'wall'):.1f} times faster in wall time, "
          f"{median('script', 'cpu') / median('dscorer', 'cpu'):.1f} times in CPU time")
    print(f"documents both score: {len(both)}; dscorer above the script's best run on {len(above)}, "
          f"below on {len(below)}{' ' + str([keep[i] for i in below]) if below else ''}; "
          f"unproven: {len(data.get('unproven', []))}")


if __name__ == "__main__":
    main()
