"""Generated DRSs of hostile shapes (issue 24): wide, deep, many referents, many boxes.

Each shape is one well-formed DRS in clause format, written so that every command reads it:

- ``wide``: one box of N clauses (events with an agent, all with the same concepts: the worst
  case for COUNTER, whose candidate clause pairs grow with the square of a shape's count);
- ``deep``: boxes nested D deep (``b0 NOT b1``, ``b1 NOT b2``, ...), each with a referent that
  points at the one of the box around it;
- ``referents``: one box with N referents in a chain of roles;
- ``boxes``: N sibling boxes under one, joined by ``CONTINUATION``, each using the root's referent.

    python bench/hostile_shapes.py OUTDIR            # writes OUTDIR/SHAPE.clf for every shape
    python bench/hostile_shapes.py OUTDIR --time     # and times every command on each (a table)

Tests import ``SHAPES`` and ``write_shape`` (tests/test_hostile_shapes.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def wide(n: int = 10_000) -> list[str]:
    """One box of about ``n`` clauses: events with an agent, five clauses per event."""
    lines = []
    for i in range(max(1, n // 5)):
        lines += [f"b1 REF x{i}", f'b1 person "n.01" x{i}', f"b1 REF e{i}", f'b1 walk "v.01" e{i}',
                  f"b1 Agent e{i} x{i}"]
    return lines


def deep(depth: int = 5_000) -> list[str]:
    """Boxes nested ``depth`` deep, each with a referent related to the one of the box around it."""
    lines = ["b0 REF x0", 'b0 entity "n.01" x0']
    for i in range(1, depth + 1):
        lines += [f"b{i - 1} NOT b{i}", f"b{i} REF x{i}", f'b{i} entity "n.01" x{i}', f"b{i} Of x{i} x{i - 1}"]
    return lines


def referents(n: int = 5_000) -> list[str]:
    """One box with ``n`` referents of one concept, each related to the next."""
    lines = []
    for i in range(n):
        lines += [f"b1 REF x{i}", f'b1 entity "n.01" x{i}']
        if i:
            lines.append(f"b1 Of x{i} x{i - 1}")
    return lines


def boxes(n: int = 5_000) -> list[str]:
    """``n`` sibling boxes under one root, each with a referent that uses the root's."""
    lines = ["b0 REF x0", 'b0 entity "n.01" x0']
    for i in range(1, n + 1):
        lines += [f"b0 CONTINUATION b{i}", f"b{i} REF x{i}", f'b{i} entity "n.01" x{i}', f"b{i} Of x{i} x0"]
    return lines


#: Shape name -> (generator, the size the issue names).
SHAPES: dict[str, tuple[Callable[[int], list[str]], int]] = {
    "wide": (wide, 10_000), "deep": (deep, 5_000), "referents": (referents, 5_000), "boxes": (boxes, 5_000)}


def clf_text(lines: list[str], sentence: str) -> str:
    """One DRS as clause-file text, with its ``%%%`` sentence line."""
    return f"%%% {sentence}\n" + "\n".join(lines) + "\n"


def write_shape(folder: Path, shape: str, size: int | None = None) -> Path:
    """Write ``folder/SHAPE-SIZE.clf`` (one DRS) and return its path."""
    make, default = SHAPES[shape]
    size = default if size is None else size
    path = Path(folder) / f"{shape}-{size}.clf"
    path.write_text(clf_text(make(size), f"{shape} {size}"), encoding="utf-8")
    return path


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--time", action="store_true", help="time every command on every shape")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES))
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
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
