"""Generated DRSs of hostile shapes (issue 24: wide, deep, many referents, many boxes) and the hostile
command lines of issue 33 (``CASES``, each run by ``run_case`` under a memory and CPU ceiling).

Each shape is one well-formed DRS in clause format, written so that every command reads it:

- ``wide``: one box of N clauses (events with an agent, all with the same concepts: the worst
  case for COUNTER, whose candidate clause pairs grow with the square of a shape's count);
- ``deep``: boxes nested D deep (``b0 NOT b1``, ``b1 NOT b2``, ...), each with a referent that
  points at the one of the box around it;
- ``referents``: one box with N referents in a chain of roles;
- ``boxes``: N sibling boxes under one, joined by ``CONTINUATION``, each using the root's referent.

Used by tests/test_hostile_shapes.py, tests/test_hostile_inputs.py, tests/test_app_hostile.py and by
bench/hostile_shapes.py (which writes the shapes, times the commands on them and tables the cases).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


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


def hub(clauses: int = 30_000, referents: int = 49) -> list[str]:
    """One box whose ``clauses`` role clauses all run between ``referents`` referents: a hub of 1.6
    billion 2-grams (issue 33: ``score --order 1 --preset typed`` died of MemoryError on it)."""
    lines = [f"b1 REF x{i}" for i in range(referents)] + [f'b1 entity "n.01" x{i}' for i in range(referents)]
    seen = set(lines)
    i = 0
    while len(lines) < clauses:
        line = f"b1 Rel{i % 50} x{(i * 7919) % referents} x{(i * 104729 // referents) % referents}"
        i += 1
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines


#: Shape name -> (generator, the size the issue names).
SHAPES: dict[str, tuple[Callable[[int], list[str]], int]] = {
    "wide": (wide, 10_000), "deep": (deep, 5_000), "referents": (referents, 5_000), "boxes": (boxes, 5_000)}
#: Shapes written on demand (not timed by ``--time``): the hub of issue 33.
EXTRA_SHAPES: dict[str, tuple[Callable[[int], list[str]], int]] = {"hub": (hub, 30_000)}


def clf_text(lines: list[str], sentence: str) -> str:
    """One DRS as clause-file text, with its ``%%%`` sentence line."""
    return f"%%% {sentence}\n" + "\n".join(lines) + "\n"


def write_shape(folder: Path, shape: str, size: int | None = None) -> Path:
    """Write ``folder/SHAPE-SIZE.clf`` (one DRS) and return its path."""
    make, default = {**SHAPES, **EXTRA_SHAPES}[shape]
    size = default if size is None else size
    path = Path(folder) / f"{shape}-{size}.clf"
    path.write_text(clf_text(make(size), f"{shape} {size}"), encoding="utf-8")
    return path


# ---------------------------------------------------------------- issue 33: hostile command lines

#: The ceilings every case of CASES runs under: what the issue allows a command.
CASE_MEMORY = 2 * 2**30
CASE_CPU_SECONDS = 10

_LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
from dscorer_core.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass(frozen=True)
class CaseRun:
    """How one case ended: exit status (-9: killed as a hang), CPU seconds, peak resident MB, stdout
    and stderr."""

    status: int
    cpu: float
    peak_mb: int
    stdout: str
    stderr: str

    @property
    def message(self) -> str:
        """The last line of stderr (the error message), or ''."""
        lines = self.stderr.strip().splitlines()
        return lines[-1] if lines else ""


def run_case(args: list[str], memory: int = CASE_MEMORY, cpu: int = CASE_CPU_SECONDS,
             timeout: float = 120.0) -> CaseRun:
    """``dscorer ARGS`` in a subprocess under RLIMIT_AS ``memory`` and RLIMIT_CPU ``cpu`` seconds
    (counted, not timed: a busy machine does not change the verdict), with its CPU seconds and peak
    memory (wait4's rusage of the child alone). Only a hang is ended by ``timeout`` (status -9)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([sys.executable, "-c", _LIMITED.format(memory=memory, cpu=cpu), *args],
                                 stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 env={**os.environ, "PYTHONPATH": str(REPO)})
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                child.kill()
                _, status, usage = os.wait4(child.pid, 0)
                code = -9
                break
            time.sleep(0.02)
        child.returncode = code
        out.seek(0)
        err.seek(0)
        text_out, text_err = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    if code == -9:
        text_err += "\ntimeout (a hang)"
    return CaseRun(code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, text_out, text_err)


def _write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _small_pair(folder: Path) -> tuple[Path, Path]:
    """A gold file of two DRSs and a system file of the same (the files the cases need beside a hostile one)."""
    text = clf_text(["b1 REF x1", 'b1 person "n.01" x1', 'b1 Name x1 "tom"'], "Tom .")
    both = text + "\n" + clf_text(["b1 REF x1", 'b1 dog "n.01" x1'], "A dog .")
    return _write(folder / "gold.clf", both), _write(folder / "system.clf", both)


def _fifo(folder: Path, name: str = "fifo") -> Path:
    path = folder / name
    if not path.exists():
        os.mkfifo(path)
    return path


def case_hub_order1(folder: Path) -> list[str]:
    """``score --order 1 --preset typed`` on a hub of 30,000 clauses over 49 referents (was MemoryError)."""
    path = write_shape(folder, "hub")
    return ["score", "--order", "1", "--preset", "typed", str(path), str(path)]


def case_hub_order2(folder: Path) -> list[str]:
    """The same hub at order 2 (1.6 billion 2-grams): refused by the cap at once."""
    path = write_shape(folder, "hub")
    return ["score", "--order", "2", "--preset", "typed", str(path), str(path)]


def case_long_line(folder: Path) -> list[str]:
    """A 50 MB line of 25 million tokens (58 CPU-s and 6.2 GB before it was scored as ill-formed)."""
    gold, _ = _small_pair(folder)
    path = _write(folder / "long-line.clf", "%%% Tom .\n" + "a " * 25_000_000 + "\n\n%%% A dog .\nb1 REF x1\n")
    return ["score", str(path), str(gold)]


def case_long_constant(folder: Path) -> list[str]:
    """``errors`` on a DRS with a 50 MB constant (1.23 GB before)."""
    path = _write(folder / "long-constant.clf",
                  clf_text(["b1 REF x1", 'b1 person "n.01" x1', 'b1 Name x1 "' + "a" * 50_000_000 + '"'], "Tom ."))
    return ["errors", str(path), str(path)]


def case_long_sbn_line(folder: Path) -> list[str]:
    """``smatch`` on a file of one SBN per line with a 2 MB line (the PMB 5 reader ran past 2 minutes)."""
    gold_line = 'male.n.02 Name "Tom" nod.v.02 Agent -1 Time +1 time.n.08 TPR now\n'
    gold = _write(folder / "gold.sbn", gold_line * 2)
    pred = _write(folder / "long.sbn", gold_line + 'male.n.02 Name "' + "Tom " * 500_000 + '" nod.v.02\n')
    return ["smatch", "--format", "sbn-lines", str(pred), str(gold)]


def case_csv_fifo(folder: Path) -> list[str]:
    """``score --csv FIFO`` (the rename replaced whatever was there)."""
    gold, system = _small_pair(folder)
    return ["score", "--per-doc", str(system), str(gold), "--csv", str(_fifo(folder))]


def case_csv_directory(folder: Path) -> list[str]:
    """``counter --csv DIRECTORY``."""
    gold, system = _small_pair(folder)
    (folder / "a-folder").mkdir(exist_ok=True)
    return ["counter", str(system), str(gold), "--csv", str(folder / "a-folder")]


def case_per_doc_out_fifo_link(folder: Path) -> list[str]:
    """``counter --per-doc-out LINK`` where LINK is a symbolic link to a FIFO."""
    gold, system = _small_pair(folder)
    link = folder / "link-to-fifo"
    if not link.is_symlink():
        link.symlink_to(_fifo(folder))
    return ["counter", str(system), str(gold), "--per-doc-out", str(link)]


def case_csv_device(folder: Path) -> list[str]:
    """``score --csv DEVICE`` (a character device like /dev/null, made in the folder; needs root,
    else a FIFO stands in)."""
    gold, system = _small_pair(folder)
    device = folder / "null-device"
    if not device.exists():
        try:
            os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            os.mkfifo(device)
    return ["score", str(system), str(gold), "--csv", str(device)]


def case_agreement_dev_zero(folder: Path) -> list[str]:
    """``agreement /dev/zero GOLD SYS`` (read until memory ran out)."""
    gold, system = _small_pair(folder)
    return ["agreement", "/dev/zero", str(gold), str(system)]


def case_agreement_fifo(folder: Path) -> list[str]:
    """``agreement FIFO GOLD SYS`` (blocked for ever)."""
    gold, system = _small_pair(folder)
    return ["agreement", str(_fifo(folder, "judgements-fifo")), str(gold), str(system)]


def case_judgement_nul(folder: Path) -> list[str]:
    """A NUL inside a judgement cell (was accepted)."""
    gold, system = _small_pair(folder)
    path = _write(folder / "judgements.csv", "document,system,judgement,rationale,annotator\n"
                                              "0,system,acceptable,fine\x00really,ann\n")
    return ["agreement", str(path), str(gold), str(system)]


def case_compare_non_utf8_name(folder: Path) -> list[str]:
    """``compare --json`` with a system file whose name is not UTF-8 (UnicodeEncodeError)."""
    gold, system = _small_pair(folder)
    odd = os.fsdecode(os.fsencode(str(folder)) + b"/caf\xe9.clf")
    Path(odd).write_text(system.read_text(encoding="utf-8"), encoding="utf-8")
    return ["compare", "--json", "--bootstrap", "20", "--ar", "20", str(gold), str(system), odd]


def case_lone_cr(folder: Path) -> list[str]:
    """Lone-CR line ends and a byte that is not UTF-8 on line 7 (was reported as line 1)."""
    path = _write(folder / "lone-cr.clf", b'%%% a\rb1 REF x1\rb1 person "n.01" x1\r\rb1 REF x1\r'
                                          b'b1 person "n.01" x1\rb1 Name x1 "caf\xe9"\r')
    return ["score", str(path), str(path)]


def case_baseline(folder: Path) -> list[str]:
    """``--baseline`` with a predicted file of two DRSs against two (said "holds 2 ... but holds 2")."""
    gold, system = _small_pair(folder)
    return ["score", "--baseline", str(system), str(gold)]


def case_explain_mismatch(folder: Path) -> list[str]:
    """``smatch --explain`` on SBN files of 2 and 1 documents (the message named no file)."""
    pred = _write(folder / "two.sbn", "person.n.01 Name \"Tom\"\n\nperson.n.01\n")
    gold = _write(folder / "one.sbn", "person.n.01 Name \"Tom\"\n")
    return ["smatch", "--explain", str(pred), str(gold)]


def case_smatch_negative_time(folder: Path) -> list[str]:
    """``smatch --time-limit -1`` (was accepted)."""
    gold = _write(folder / "one.sbn", "person.n.01 Name \"Tom\"\n")
    return ["smatch", "--time-limit", "-1", str(gold), str(gold)]


def case_counter_negative_candidates(folder: Path) -> list[str]:
    """``counter --max-candidates -1`` (was accepted)."""
    gold, system = _small_pair(folder)
    return ["counter", "--max-candidates", "-1", str(system), str(gold)]


#: Case name -> (what makes its files and command line, the exit status it must end with, text its
#: message must hold). Every one must end within CASE_CPU_SECONDS and CASE_MEMORY.
CASES: dict[str, tuple[Callable[[Path], list[str]], int, str]] = {
    "hub-order-1": (case_hub_order1, 0, ""),
    "hub-order-2": (case_hub_order2, 2, "above the cap of 100,000,000"),
    "50MB-line": (case_long_line, 0, "long-line.clf:2: DRS 0 is ill-formed: line 2: the line holds 50,000,000"),
    "50MB-constant-errors": (case_long_constant, 2, "above the limit of 1,048,576 per line"),
    "2MB-sbn-line-smatch": (case_long_sbn_line, 2, "long.sbn:2: the line holds 2,000,026 characters, above"),
    "csv-onto-fifo": (case_csv_fifo, 2, "is a FIFO (named pipe), not a regular file"),
    "csv-onto-directory": (case_csv_directory, 2, "is a directory, not a regular file"),
    "per-doc-out-onto-link-to-fifo": (case_per_doc_out_fifo_link, 2, "(through a symbolic link)"),
    "csv-onto-device": (case_csv_device, 2, "not a regular file; refusing to write --csv's output"),
    "agreement-dev-zero": (case_agreement_dev_zero, 2, "/dev/zero: not a regular file (it is a character device)"),
    "agreement-fifo": (case_agreement_fifo, 2, "not a regular file (it is a FIFO (named pipe))"),
    "judgement-nul": (case_judgement_nul, 2, ":2: the rationale cell holds a NUL character"),
    "compare-non-utf8-name": (case_compare_non_utf8_name, 0, ""),
    "lone-cr-bad-byte": (case_lone_cr, 2, "lone-cr.clf:7:16: not UTF-8 (byte 0xe9)"),
    "baseline-two-drss": (case_baseline, 2, "--baseline needs a predicted file with exactly one DRS"),
    "smatch-explain-mismatch": (case_explain_mismatch, 2, "two.sbn holds 2 DRS(s) but "),
    "smatch-time-limit-negative": (case_smatch_negative_time, 2, "argument --time-limit: must be more than 0"),
    "counter-max-candidates-negative": (case_counter_negative_candidates, 2,
                                        "argument --max-candidates: must be at least 0"),
}
