"""Start-up cost of each sub-command: ``python -X importtime`` totals and whole-process seconds.

    python bench/bench_startup.py              # 7 runs per row, the bundled sample
    python bench/bench_startup.py --runs 15

For each row the whole process is run ``--runs`` times (alternating rows, so load on a shared
machine spreads over all of them); each command runs once first (Python's bytecode cache on,
as after an install, even where PYTHONDONTWRITEBYTECODE is set); the table gives the median
and the best wall-clock and CPU
seconds (user + system of the child, from ``os.wait4``), peak memory, and, from one more run
with ``-X importtime``, the import time of everything the command loads and of its largest
third-party packages.  Prints a markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SAMPLE = ROOT / "sample_data"
DATA = ROOT.parent / "shared" / "data"
PY = sys.executable

#: Third-party packages whose import time is shown on its own.
PACKAGES = ("numpy", "scipy", "pandas", "networkx", "streamlit")


def rows() -> list[tuple[str, list[str]]]:
    """(label, argv) of every measured command (an argv may start with ``NAME=VALUE`` settings of its
    environment)."""
    pred, gold = str(SAMPLE / "paper_pred.clf"), str(SAMPLE / "paper_gold.clf")
    sbn = sorted((DATA / "sbn-4.0.0").glob("*.drs.sbn"))
    judged = [
        ("python -c pass", [PY, "-c", "pass"]),
        ('python -c "import numpy"', [PY, "-c", "import numpy"]),
        ('OPENBLAS_NUM_THREADS=1 python -c "import numpy"', ["OPENBLAS_NUM_THREADS=1", PY, "-c", "import numpy"]),
        ('python -c "import dscorer_core"', [PY, "-c", "import dscorer_core"]),
        ("dscorer --version", [PY, "-m", "dscorer_core", "--version"]),
        ("dscorer score (sample)", [PY, "-m", "dscorer_core", "score", pred, gold]),
        ("dscorer score --no-wordnet (sample)", [PY, "-m", "dscorer_core", "score", "--no-wordnet", pred, gold]),
        ("dscorer counter (sample)", [PY, "-m", "dscorer_core", "counter", pred, gold]),
        ("dscorer errors (sample)", [PY, "-m", "dscorer_core", "errors", pred, gold]),
        ("dscorer compare (sample)", [PY, "-m", "dscorer_core", "compare", gold, pred, gold]),
    ]
    if sbn:
        judged.append(("dscorer smatch (one SBN)", [PY, "-m", "dscorer_core", "smatch", str(sbn[0]), str(sbn[0])]))
    judged.append(("dscorer agreement --help", [PY, "-m", "dscorer_core", "agreement", "--help"]))
    return judged


#: Peak memory is read from ``/usr/bin/time`` where there is one (a process forked from this one
#: would report this one's memory as its own peak).
TIME = Path("/usr/bin/time")


def split_env(argv: list[str], env: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """The command without its leading ``NAME=VALUE`` settings, and the environment with them."""
    env = dict(env)
    while argv and "=" in argv[0] and not argv[0].startswith("/"):
        name, value = argv[0].split("=", 1)
        env[name], argv = value, argv[1:]
    return argv, env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of one whole process."""
    argv, env = split_env(argv, env)
    with tempfile.NamedTemporaryFile("r", suffix=".maxrss") as report:
        launcher = [str(TIME), "-f", "%M", "-o", report.name] if TIME.is_file() else []
        start = time.perf_counter()
        proc = subprocess.Popen(launcher + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                                cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"bench_startup: {' '.join(argv)} exited with {os.waitstatus_to_exitcode(status)}")
        lines = Path(report.name).read_text().split()
        peak_kb = float(lines[-1]) if launcher and lines else usage.ru_maxrss
    return wall, usage.ru_utime + usage.ru_stime, peak_kb / 1024


def import_times(argv: list[str], env: dict[str, str]) -> tuple[float, dict[str, float]]:
    """Total import seconds of a command (top-level imports summed) and of each package in PACKAGES."""
    argv, env = split_env(argv, env)
    found = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True, env=env,
                           cwd=ROOT)
    total, packages = 0, dict.fromkeys(PACKAGES, 0.0)
    for line in found.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line[len("import time:"):].split("|")
        if cumulative.strip() == "cumulative":
            continue
        depth = len(name) - len(name.lstrip())
        if depth == 1:  # a top-level import: its cumulative time covers everything it pulls in
            total += int(cumulative)
        top = name.strip()
        if top in packages:
            packages[top] += int(cumulative) / 1e6
    return total / 1e6, packages


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per command (default 7)")
    args = parser.parse_args(argv)
    # as after an install: Python's bytecode cache on (this sandbox sets PYTHONDONTWRITEBYTECODE); and
    # no thread settings, so that each command runs with its own (the dscorer CLI: one OpenBLAS thread)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "OPENBLAS_NUM_THREADS")}
    env["PYTHONPATH"] = str(ROOT)
    commands = rows()
    for _, command in commands:  # warm-up: writes the bytecode caches
        run_once(command, env)
    times: dict[str, list[tuple[float, float, float]]] = {label: [] for label, _ in commands}
    for _ in range(args.runs):
        for label, command in commands:
            times[label].append(run_once(command, env))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"# Start-up, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC\n")
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load average {load}; "
          f"{args.runs} runs per row, alternating\n")
    header = ["command", "wall s (median)", "wall s (best)", "CPU s (median)", "CPU s (best)", "peak MB",
              "imports s", "of which " + ", ".join(PACKAGES)]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for label, command in commands:
        walls = [t[0] for t in times[label]]
        cpus = [t[1] for t in times[label]]
        peak = max(t[2] for t in times[label])
        total, packages = import_times(command, env)
        heavy = ", ".join(f"{name} {seconds:.2f}" for name, seconds in packages.items() if seconds) or "-"
        print(f"| {label} | {statistics.median(walls):.3f} | {min(walls):.3f} | {statistics.median(cpus):.3f} | "
              f"{min(cpus):.3f} | {peak:.0f} | {total:.3f} | {heavy} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
