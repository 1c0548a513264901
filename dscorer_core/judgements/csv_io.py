"""Judgements as CSV: ``document,system,judgement,rationale,annotator`` (docs/judgements.md).

Reading checks every row and reports every bad one as ``FILE:LINE: what``; writing neutralises
text cells (``csv_safety``) so a rationale such as ``=HYPERLINK(...)`` reaches a spreadsheet as
text, and reading undoes that, so an export reads back as the judgements written.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Sequence

from ..csv_safety import FORMULA_STARTS, csv_text, safe_cell
from ..errors import ClfProblem, JudgementError
from ..reading.files import read_checked_bytes
from ..text_checks import safe_excerpt, surrogate_position
from .model import ACCEPTABILITY, PREFERENCE, Judgement, judgement_problem, systems_of

#: The header a judgement file must start with, exactly.
HEADER = ("document", "system", "judgement", "rationale", "annotator")
#: How many bad rows an error lists (it counts them all).
MAX_PROBLEMS = 20
#: A cell that ``judgements_to_csv`` neutralised: quotes, then a formula start.
_NEUTRALISED = re.compile("^'+[" + re.escape("".join(FORMULA_STARTS)) + "]")
#: Judgement words as written in any case.
_WORDS = {w.lower(): w for w in ACCEPTABILITY + PREFERENCE}


def _text_cell(value: str) -> str:
    """A text cell for writing: neutralised like csv_safety, and one more quote on a value that
    already starts like a neutralised cell, so reading back gives the value exactly."""
    return "'" + value if _NEUTRALISED.match(value) else str(safe_cell(value))


def _read_cell(cell: str) -> str:
    """Undo ``_text_cell``: one leading quote off a cell that starts with quotes then a formula start."""
    return cell[1:] if _NEUTRALISED.match(cell) else cell


def _empty_file(source: str) -> JudgementError:
    return JudgementError(source, [ClfProblem(0, "is empty: a judgement file starts with the header "
                                                 + ",".join(HEADER) + " and has one row per judgement")])


def _row(cells: list[str], line: int) -> Judgement | ClfProblem:
    """One data row as a Judgement, or the problem with it."""
    text = ",".join(cells)
    for name, cell in zip(HEADER, cells):
        bad = "\x00" if "\x00" in cell else None
        at = surrogate_position(cell)
        if bad or at is not None:
            what = "a NUL character (a binary file?)" if bad else f"a lone surrogate U+{ord(cell[at or 0]):04X}"
            return ClfProblem(line, f"the {name} cell holds {what}", safe_excerpt(text))
    if len(cells) != len(HEADER):
        return ClfProblem(line, f"expected {len(HEADER)} cells ({','.join(HEADER)}), found {len(cells)}", text)
    document_cell, system, word, rationale, annotator = (_read_cell(c) for c in cells)
    document_cell, system, word, annotator = (c.strip() for c in (document_cell, system, word, annotator))
    if not re.fullmatch(r"\d+", document_cell):
        return ClfProblem(line, f"document must be a whole number >= 0 (the 0-based index), not {document_cell!r}",
                          text)
    document = int(document_cell)
    judgement = _WORDS.get(word.lower(), word)
    problem = judgement_problem(document, system, judgement)
    if problem:
        return ClfProblem(line, problem, text)
    return Judgement(document, system, judgement, rationale, annotator, line)


def parse_judgements_csv(text: str, source: str = "<string>") -> tuple[Judgement, ...]:
    """The judgements of a CSV text, each with its line; every bad row, a wrong header, an empty
    text or one person judging the same item twice raises JudgementError naming the lines.
    Judgement words are read in any case (``Acceptable``, ``a``); blank lines are skipped."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise _empty_file(source)
    reader = csv.reader(io.StringIO(text, newline=""))
    problems: list[ClfProblem] = []
    judgements: list[Judgement] = []
    seen: dict[tuple[str, int, str], int] = {}
    header: list[str] | None = None
    end = 0  # the last physical line of the previous record
    try:
        for cells in reader:
            line, end = end + 1, reader.line_num
            if not cells or (len(cells) == 1 and not cells[0].strip()):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                header[0] = header[0].removeprefix("\ufeff")
                if tuple(header) != HEADER:
                    raise JudgementError(source, [ClfProblem(line, "the header must be exactly "
                                                                   + ",".join(HEADER), ",".join(cells))])
                continue
            row = _row(cells, line)
            if isinstance(row, ClfProblem):
                problems.append(row)
            elif row.key in seen:
                who = f"annotator {row.annotator!r}" if row.annotator else "the unnamed annotator"
                problems.append(ClfProblem(line, f"{who} already judged document {row.document} of "
                                                 f"{row.system!r} at line {seen[row.key]}", ",".join(cells)))
            else:
                seen[row.key] = line
                judgements.append(row)
    except csv.Error as exc:
        problems.append(ClfProblem(end + 1, f"not valid CSV: {exc}"))
    if header is None:
        raise _empty_file(source)
    if problems:
        raise JudgementError(source, problems[:MAX_PROBLEMS], len(problems))
    return tuple(judgements)


def read_judgements_csv(path: str | os.PathLike[str]) -> tuple[Judgement, ...]:
    """Read a judgement CSV file (UTF-8, a BOM allowed); see ``parse_judgements_csv``. Missing, not a
    regular file (a FIFO, ``/dev/zero``) or above MAX_FILE_BYTES is a JudgementError naming it."""
    data = read_checked_bytes(path, JudgementError)  # a regular file within the size cap, as DRS files
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        problem = ClfProblem(0, f"is not UTF-8 text ({exc.reason} at byte {exc.start})")
        raise JudgementError(str(path), [problem]) from exc
    return parse_judgements_csv(text, str(path))


def judgements_to_csv(judgements: Iterable[Judgement]) -> str:
    """A CSV text of judgements with the header ``HEADER``; text cells neutralised, documents numbers."""
    rows = [[j.document, _text_cell(j.system), j.judgement, _text_cell(j.rationale), _text_cell(j.annotator)]
            for j in judgements]
    return csv_text(HEADER, rows)


def validate(judgements: Iterable[Judgement], n_documents: int, systems: Sequence[str],
             source: str = "<judgements>") -> None:
    """Raise JudgementError naming every judgement (by its CSV line) whose document is not one
    of ``n_documents`` or which names a system not in ``systems``."""
    known = set(systems)
    shown = ", ".join(systems) if systems else "none"
    problems = []
    for j in judgements:
        text = f"{j.document},{j.system},{j.judgement}"
        if j.document >= n_documents:
            problems.append(ClfProblem(j.line, f"document {j.document} does not exist: the gold file holds "
                                               f"{n_documents} documents (0 to {n_documents - 1})", text))
        for name in systems_of(j):
            if name not in known:
                problems.append(ClfProblem(j.line, f"unknown system {name!r} (the systems given: {shown}; "
                                                   "a system is its file's name without extension)", text))
    if problems:
        raise JudgementError(source, problems[:MAX_PROBLEMS], len(problems))
