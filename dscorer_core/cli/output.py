"""Writing results for people (aligned tables) and for programs (JSON, CSV)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import IO

from ..csv_safety import write_csv_file
from ..errors import OutputError
from ..text_checks import escape_surrogates

#: The version of the corpus JSON every scoring command prints (docs/cli.md, "JSON").
SCHEMA_VERSION = 2


def schema_head(metric: str, signature: str, n_documents: int, micro: dict, macro: dict,
                ill_formed_rate: float | None) -> dict:
    """The keys every scoring command's JSON starts with, in one schema for ``score``, ``counter`` and
    ``smatch``: ``schema_version``, ``metric``, ``signature``, ``n_documents``, ``micro`` and ``macro``
    (``P``, ``R``, ``F``; a figure that cannot be had is null), ``ill_formed_rate``."""
    return {"schema_version": SCHEMA_VERSION, "metric": metric, "signature": signature, "n_documents": n_documents,
            "micro": micro, "macro": macro, "ill_formed_rate": ill_formed_rate}


def write_json(data: dict, stream: IO[str] | None = None) -> None:
    """Deterministic JSON: sorted keys are not used, so field order stays readable. Written whole
    (one write, flushed), so a failed write (a full disk under ``> FILE``) is an OutputError naming
    the output, not a silent truncation. A file name that is not UTF-8 is written with its bytes
    escaped (``\\xNN``: ``text_checks.escape_surrogates``), so the JSON is valid UTF-8."""
    stream = stream or sys.stdout
    text = json.dumps(_escaped(data), indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    try:
        _write_all(stream, text)
    except BrokenPipeError:
        raise
    except OSError as exc:
        name = "standard output" if stream is sys.stdout else getattr(stream, "name", "the output")
        raise OutputError(f"cannot write the JSON to {name} ({exc.strerror or exc}); what was written "
                          "is incomplete") from None


def _escaped(value: object) -> object:
    """``value`` with every string (keys too) through ``escape_surrogates``: JSON that encodes as UTF-8."""
    if isinstance(value, str):
        return escape_surrogates(value)
    if isinstance(value, dict):
        return {_escaped(k): _escaped(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_escaped(v) for v in value]
    return value


def _write_all(stream: IO[str], text: str) -> None:
    """Write ``text`` whole: straight to the file descriptor when there is one (a buffered stream
    may report a short write to a full disk as success), else through the stream."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO and the like
        stream.write(text)
        return
    stream.flush()
    data = memoryview(text.encode(getattr(stream, "encoding", None) or "utf-8"))
    while data:
        data = data[os.write(fd, data):]


def format_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain text table, numbers right-aligned, floats to 4 decimals."""
    def cell(v: object) -> str:
        if isinstance(v, float):
            return f"{v:.4f}"
        return "" if v is None else str(v)

    cells = [[cell(v) for v in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(header)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
    for r, raw in zip(cells, rows):
        lines.append("  ".join(c.ljust(w) if isinstance(v, str) else c.rjust(w)
                               for c, w, v in zip(r, widths, raw)))
    return "\n".join(lines)


def write_csv(path: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Write a CSV file (UTF-8, one header row), cells that look like formulas neutralised."""
    write_csv_file(path, header, rows)
