"""Write, time and table the hostile shapes and command lines of tests/hostile_cases.py (issues 24 and
33: wide, deep, many referents, many boxes; the hostile command lines), where each shape is described.

    python bench/hostile_shapes.py OUTDIR            # writes OUTDIR/SHAPE.clf for every shape
    python bench/hostile_shapes.py OUTDIR --time     # and times every command on each (a table)
    python bench/hostile_shapes.py OUTDIR --cases    # the hostile command lines of issue 33 (a table)

``--cases`` runs each case of ``CASES`` (issue 33: a hub of 30,000 clauses at order 1, a 50 MB
line, a 50 MB constant, outputs onto a FIFO, a directory or a device, ``agreement`` on /dev/zero
and a FIFO, a file name that is not UTF-8, a lone CR before a bad byte, ``--baseline`` and
``smatch --explain`` messages, negative settings, a NUL in a judgement cell) under an address-space
ceiling (2 GB) and a CPU limit (10 s), and prints its exit status, CPU seconds, peak memory and
the message. The shapes and cases live in tests/hostile_cases.py (the tests run them too).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the shapes and cases, shared with tests
from hostile_cases import CASES, SHAPES, run_case, write_shape

#: The commands timed by ``--time``: each gets the file as prediction and as gold.
COMMANDS = {"score": ["score"], "counter": ["counter"], "compare": ["compare", "--metric", "both"],
            "errors": ["errors"]}


def _time(command: list[str], timeout: float) -> tuple[str, float, int]:
    """(outcome, seconds, peak resident memory in MB) of ``dscorer COMMAND``."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "dscorer_core", *command], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            child.kill()
            os.wait4(child.pid, 0)
            return "timeout", time.perf_counter() - start, 0
        time.sleep(0.05)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    message = child.stderr.read().strip().splitlines() if child.stderr else []
    refused = message[-1].split("error: ", 1)[-1] if message else ""
    outcome = "ok" if child.returncode == 0 else f"refused: {refused[:90]}..."
    return outcome, seconds, usage.ru_maxrss // 1024



def run_cases(folder: Path, names: list[str] | None = None) -> None:
    """Run CASES (or those named) and print a table: status, CPU seconds, peak MB, verdict, message."""
    print("| case | exit | CPU s | peak MB | as expected | message |\n|---|---|---|---|---|---|")
    for name in names or list(CASES):
        make, status, text = CASES[name]
        case_folder = folder / name
        case_folder.mkdir(parents=True, exist_ok=True)
        done = run_case(make(case_folder))
        good = done.status == status and text in done.stderr
        print(f"| {name} | {done.status} | {done.cpu:.1f} | {done.peak_mb} | {'yes' if good else 'NO'} | "
              f"{done.message[:110]} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--time", action="store_true", help="time every command on every shape")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES))
    parser.add_argument("--cases", nargs="*", default=None, metavar="CASE",
                        help=f"run the hostile command lines of issue 33 (all, or those named: {', '.join(CASES)})")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    if args.cases is not None:
        run_cases(args.outdir, args.cases or None)
        return
    paths = {s: write_shape(args.outdir, s) for s in args.shapes}
    if not args.time:
        print("\n".join(str(p) for p in paths.values()))
        return
    print("| shape | command | result | seconds | peak MB |\n|---|---|---|---|---|")
    for shape, path in paths.items():
        for name, command in COMMANDS.items():
            status, seconds, peak = _time([*command, str(path), str(path)], args.timeout)
            print(f"| {shape} | {name} | {status} | {seconds:.1f} | {peak} |", flush=True)


if __name__ == "__main__":
    main()
