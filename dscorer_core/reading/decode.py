"""Stage 1 of reading: a file's bytes (or standard input's) to text, or an error naming FILE:LINE:COL.

UTF-8 only (a BOM is dropped later, by the parsers); UTF-16 and binary files (compressed, images, ...:
``reading.binary``) are one error for the whole file, other bytes that are not UTF-8 one problem per
line. Files are checked first (``reading.files``: a regular file, at most MAX_FILE_BYTES).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import ClfError, ClfProblem
from .binary import binary_kind, binary_position
from .files import read_checked_bytes

#: How many bad lines an error lists before it only counts the rest.
MAX_PROBLEMS = 20

#: How much of a bad line an error quotes.
EXCERPT_CHARS = 120


def excerpt(raw: str, column: int | None) -> str:
    """The offending text of a bad line, cut to EXCERPT_CHARS around the column."""
    text = raw.rstrip()
    if len(text) <= EXCERPT_CHARS:
        return text.strip()
    start = max(0, (column or 1) - 1 - EXCERPT_CHARS // 4)
    cut = text[start:start + EXCERPT_CHARS]
    return ("..." if start else "") + cut + f"... ({len(text):,} characters)"


def read_file_text(path: str | os.PathLike[str], error: type[ClfError] = ClfError) -> str:
    """A DRS file's text (UTF-8, a BOM allowed; ``decode_bytes``), or ``error`` naming the file:
    missing, not a regular file, unreadable, above MAX_FILE_BYTES (``reading.files``). The one way every
    whole-file reader (clauses, SBN) opens a file."""
    data = read_checked_bytes(path, error, advice="; score it with --per-doc-out, which reads it as a stream")
    return decode_bytes(data, str(Path(path)))


def read_stdin_text() -> str:
    """Standard input's text (``-`` for a file), decoded and checked as a file's bytes are
    (``decode_bytes``: UTF-8, a binary stream refused with its kind)."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
    return decode_bytes(data, "<stdin>")


def decode_bytes(data: bytes, source: str) -> str:
    """Decode file bytes as UTF-8 (a BOM is dropped later), naming every bad line and column; a
    binary file (compressed, an image, ...: ``reading.binary``) is one error for the whole file."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ClfError(source, [ClfProblem(1, "is UTF-16 text (it starts with a UTF-16 byte order mark); "
                                              "save the file as UTF-8", column=1)])
    kind = binary_kind(data)
    if kind is not None:
        hint = "; decompress it first" if kind.endswith("compressed file") or kind == "zip archive" else ""
        line, column = binary_position(data)  # FILE:LINE:COL, as every other bad line
        raise ClfError(source, [ClfProblem(line, f"is a {kind}, not a text file of DRSs (clauses or SBN){hint}",
                                           column=column)])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    problems: list[ClfProblem] = []
    total = 0
    # lines end where parse_clf ends them (LF, CRLF or a lone CR), so the line numbers agree
    for lineno, raw in enumerate(data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n"), start=1):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            total += 1
            if len(problems) < MAX_PROBLEMS:
                col = len(raw[: exc.start].decode("utf-8", "replace")) + 1
                bad = raw[exc.start: exc.start + 1]
                text = raw.decode("utf-8", "replace")
                problems.append(ClfProblem(lineno, f"not UTF-8 (byte 0x{bad.hex()}); save the file as UTF-8",
                                           excerpt(text, col), col))
    raise ClfError(source, problems, total)
