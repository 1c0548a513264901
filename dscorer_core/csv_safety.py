"""CSV that cannot attack a spreadsheet: text cells that a spreadsheet would run as a formula are
neutralised, as OWASP's "CSV injection" advice recommends (docs/hosting.md).

Sentences, clauses and names come from clause files anyone can write; a cell such as
``=HYPERLINK("http://evil","x")`` must reach a spreadsheet as text. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from .errors import OutputError

__all__ = ["FORMULA_STARTS", "safe_cell", "csv_text", "write_csv_file"]

#: A text cell starting with one of these is read as a formula (or a DDE call) by spreadsheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """The value to write: a text cell that starts like a formula gets a leading ``'`` (shown as
    text by spreadsheet tools); numbers, None and other text pass unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _rows(header: Sequence[str], rows: Iterable[Sequence[object]]) -> Iterable[list[object]]:
    yield [safe_cell(h) for h in header]
    for row in rows:
        yield [safe_cell(v) for v in row]


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A whole CSV document (one header row), every cell neutralised: what app downloads serve."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(_rows(header, rows))  # CRLF rows: a CR inside a cell is quoted
    return buffer.getvalue()


def write_csv_file(path: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """Write a neutralised CSV file (UTF-8): what the CLI's ``--csv`` writes.

    The rows go to a temporary file in the same folder, renamed over ``path`` once complete, so a
    full disk leaves the old file (or none) rather than a truncated one; the OutputError then names ``path``.
    """
    target = Path(path)
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # the permissions a plain open() would give
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(_rows(header, rows))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temporary, target)
    except OSError as exc:  # no such directory, permission denied, disk full...
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        raise OutputError(f"{path}: cannot write the CSV file ({exc.strerror or exc}); "
                          "it was left as it was before") from None
