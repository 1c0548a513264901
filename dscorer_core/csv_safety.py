"""CSV that cannot attack a spreadsheet: text cells that a spreadsheet would run as a formula are
neutralised, as OWASP's "CSV injection" advice recommends (docs/hosting.md).

Sentences, clauses and names come from clause files anyone can write; a cell such as
``=HYPERLINK("http://evil","x")`` must reach a spreadsheet as text. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from .output_files import atomic_text_file

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

    Written atomically onto a new path or a regular file only (``output_files.atomic_text_file``):
    a full disk leaves the old file (or none) rather than a truncated one, and a device, FIFO or
    directory is refused and left as it was; the OutputError names ``path``.
    """
    with atomic_text_file(path, "the CSV file", newline="") as fh:
        csv.writer(fh).writerows(_rows(header, rows))
