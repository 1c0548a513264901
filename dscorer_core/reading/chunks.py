"""Stage 4 of reading, in pieces: a DRS file as a stream of pieces cut at DRS boundaries, so that
no corpus has to fit in memory.

A clause file is cut at a blank line that closes a block holding a clause line (a block of comments
only hands its sentence on to the next DRS, so it stays with it): ``parse_clf`` of a piece, given its
first line and first DRS index, reads exactly the DRSs, line numbers and indices the whole file gives
(docs/scale.md). A file of one SBN per line is cut between lines. The pieces are text: the parsing is
done where the piece is scored (a cluster's worker), not by the reader.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import TextIO, TypeVar

from ..errors import ClfError, ClfProblem, DrsCountMismatch, NoDrsError, SbnError
from ..text_checks import line_problem
from .binary import binary_kind
from .decode import decode_bytes
from .detect import DETECT_LINES, DrsFormat, resolve_format
from .files import checked_input
from .sbn_text import SbnText, sbn_line_text

#: Bytes read to tell a binary file before reading it as lines.
HEAD_BYTES = 8192

T = TypeVar("T")


@dataclass(frozen=True)
class TextChunk:
    """A piece of a DRS file: its text, the file's name, the number of its first line, the index of its
    first DRS, and how many DRSs it holds."""

    text: str
    source: str
    first_line: int
    first_index: int
    count: int


def _opened(path: str | os.PathLike[str], error: type[ClfError]) -> Path:
    """The path, checked as ``read_clf`` checks it (exists, a regular file, text), else ``error``."""
    p, _ = checked_input(path, error)
    try:
        with p.open("rb") as f:
            head = f.read(HEAD_BYTES)
    except OSError as exc:
        raise error(str(p), [ClfProblem(0, f"cannot be read ({exc.strerror or exc})", "")]) from None
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or binary_kind(head) is not None:
        decode_bytes(head, str(p))  # raises the whole-file reader's error for it
    return p


@contextmanager
def _text(path: str | os.PathLike[str], error: type[ClfError]) -> Iterator[TextIO]:
    """The file opened as text: universal newlines (LF, CRLF and a lone CR end a line, as in
    ``parse_clf``), a BOM dropped; a file that is not UTF-8 raises the whole-file reader's error
    (naming every bad line) when a bad byte is reached."""
    p = _opened(path, error)
    try:
        with p.open(encoding="utf-8-sig", newline=None) as f:
            yield f
    except UnicodeDecodeError:
        decode_bytes(p.read_bytes(), str(p))  # names the bad lines and columns
        raise  # pragma: no cover - decode_bytes raised already


def file_lines(path: str | os.PathLike[str], error: type[ClfError] = ClfError) -> Iterator[str]:
    """The lines of a DRS file, one at a time, without their line ends: split where ``parse_clf``
    splits, a BOM dropped; a file that is not UTF-8 raises the whole-file reader's error."""
    with _text(path, error) as f:
        for line in f:
            yield line[:-1] if line.endswith("\n") else line


def stream_format(path: str | os.PathLike[str], fmt: str = "auto") -> DrsFormat:
    """The notation of a file, decided (with ``auto``) on its first DETECT_LINES content lines, as the
    whole-file reader decides it."""
    if fmt != "auto":
        return resolve_format("", str(path), fmt)
    head: list[str] = []
    content = 0
    for line in file_lines(path):
        head.append(line)
        if line.strip() and not line.lstrip().startswith("%"):
            content += 1
            if content >= DETECT_LINES:
                break
    return resolve_format("\n".join(head), str(path), "auto")


def clf_chunks(path: str | os.PathLike[str], size: int) -> Iterator[TextChunk]:
    """A clause file in pieces of ``size`` DRSs (the last may hold fewer), cut after the blank line
    that closes a piece's last DRS."""
    source = str(path)
    lines: list[str] = []
    first_line, first_index, count, in_drs = 1, 0, 0, False
    with _text(path, ClfError) as f:
        for lineno, raw in enumerate(f, start=1):  # each line with its "\n", but maybe the last
            lines.append(raw)
            start = raw.lstrip()[:1]  # as parse_clf's strip(): "" for a blank line
            if not start:
                if in_drs:
                    count += 1
                    in_drs = False
                    if count >= size:
                        yield TextChunk("".join(lines), source, first_line, first_index, count)
                        lines, first_line, first_index, count = [], lineno + 1, first_index + count, 0
            elif start != "%":
                in_drs = True
    count += in_drs
    if count:
        yield TextChunk("".join(lines), source, first_line, first_index, count)


def sbn_line_chunks(path: str | os.PathLike[str], size: int) -> Iterator[list[SbnText]]:
    """A file of one SBN per line in pieces of ``size`` SBNs, as ``split_sbn_texts`` reads it: ``%``
    lines are comments, every other line is an SBN (an empty one too, at the end of the file as well:
    the PMB 5 script's ``readlines``)."""
    source = str(path)
    piece: list[SbnText] = []
    for lineno, raw in enumerate(file_lines(path, SbnError), start=1):
        bad_text = line_problem(raw)  # as split_sbn_texts: before the PMB 5 script's reader sees it
        if bad_text is not None:
            raise SbnError(source, [ClfProblem(lineno, bad_text[0], "", bad_text[1])])
        found = sbn_line_text(raw, source, lineno)
        if found is None:
            continue
        piece.append(found)
        if len(piece) >= size:
            yield piece
            piece = []
    if piece:
        yield piece


def drs_count(piece: TextChunk) -> int:
    """How many DRSs a piece holds (``paired``'s ``count`` for clause files)."""
    return piece.count


def paired(preds: Iterator[T], golds: Iterator[T], pred_name: str, gold_name: str,
           count: Callable[[T], int]) -> Iterator[tuple[T, T]]:
    """Pieces of a predicted and a gold file (cut at the same sizes; ``count``, ``drs_count`` or ``len``,
    says how many DRSs a piece holds) side by side; when the files hold different numbers of DRSs,
    DrsCountMismatch with both counts (the rest of both files counted first); NoDrsError when both are empty."""
    n_pred = n_gold = 0
    for pred, gold in zip_longest(preds, golds):
        n_pred += count(pred) if pred is not None else 0
        n_gold += count(gold) if gold is not None else 0
        if pred is None or gold is None or count(pred) != count(gold):
            n_pred += sum(count(c) for c in preds)
            n_gold += sum(count(c) for c in golds)
            empty = [name for name, n in ((pred_name, n_pred), (gold_name, n_gold)) if not n]
            note = f"{empty[0]} holds no DRS (empty, or only comments and blank lines)" if empty else None
            raise DrsCountMismatch(pred_name, gold_name, n_pred, n_gold, note)
        yield pred, gold
    if not n_pred and not n_gold:
        raise NoDrsError([pred_name, gold_name])
