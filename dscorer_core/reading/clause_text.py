"""Stage 3 of reading, clause files: the text of a PMB clause file to DRSs (``Clause``, ``Drs``).

A file holds one DRS per block of clause lines; blocks are separated by blank lines, lines starting
with ``%`` are comments, and ``%%%`` (or ``% Input sent:``) lines carry the sentence. See section 1 of
the dscorer spec. A bad line is a ``ClfProblem`` naming FILE:LINE:COL: every one is raised at once, or,
read leniently (a parser's output), kept in its DRS's ``problems``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..clauses import Clause, Drs, check_pair
from ..errors import ClfError, ClfErrors, ClfProblem
from ..text_checks import line_problem
from .decode import MAX_PROBLEMS, excerpt, read_file_text

_TOKEN = re.compile(r"\S+")
#: Where a trailing comment starts: a "%" at the start of a token (the fast path of ``_parse_line``).
_COMMENT = re.compile(r"(?:^|\s)%")


def _token_spans(line: str) -> tuple[list[tuple[int, str]], str | None, tuple[str, int] | None]:
    """Split a clause line into (column, token) pairs and a trailing comment.

    Columns are 1-based.  Returns (tokens, comment, problem) where problem is
    (message, column) or None; a token that opens a double quote is joined with
    the following ones up to the token that closes it.
    """
    tokens: list[tuple[int, str]] = []
    spans = list(_TOKEN.finditer(line))
    i = 0
    while i < len(spans):
        m = spans[i]
        tok = m.group()
        if tok.startswith("%"):
            return tokens, line[m.start():].strip(), None
        if tok.startswith('"') and not (len(tok) >= 2 and tok.endswith('"')):
            j = i + 1
            while j < len(spans) and not spans[j].group().endswith('"'):
                j += 1
            if j == len(spans):
                return tokens, None, ("unbalanced double quote: a constant opens here and never closes",
                                      m.start() + 1)
            tokens.append((m.start() + 1, line[m.start():spans[j].end()]))
            i = j + 1
            continue
        tokens.append((m.start() + 1, tok))
        i += 1
    return tokens, None, None


def _parse_line(line: str, lineno: int = 0) -> tuple[Clause | None, str | None, int | None]:
    """Parse one non-comment line: (clause, None, None), (None, problem, column), or, for a line
    that splits into 3 or 4 tokens but holds a constant where a box or relation stands (real
    parser output), (the clause as read, problem, column)."""
    # the common line (constants without spaces): split on white space, the comment from the
    # first token that starts with "%"; anything else takes the token-by-token path below
    found = _COMMENT.search(line) if "%" in line else None
    words = (line[:found.start()] if found else line).split()
    if len(words) in (3, 4) and '"' not in words[0] and '"' not in words[1] and all(
            '"' not in w or (len(w) >= 2 and w[0] == '"' == w[-1] and w.count('"') == 2) for w in words[2:]):
        return Clause(tuple(words), lineno, line[found.end() - 1:].strip() if found else None), None, None
    return _parse_tokens(line, lineno)


def _parse_tokens(line: str, lineno: int = 0) -> tuple[Clause | None, str | None, int | None]:
    """``_parse_line`` token by token (constants with spaces, bad quotes): what any line gives."""
    spans, comment, problem = _token_spans(line)
    if problem:
        return None, problem[0], problem[1]
    if not spans:
        return None, None, None
    tokens = [t for _, t in spans]
    if len(tokens) not in (3, 4):
        col = spans[4][0] if len(tokens) > 4 else None
        return None, f"a clause has 3 or 4 tokens, this line has {len(tokens)}", col
    as_read = Clause(tuple(tokens), lineno, comment)
    if '"' in tokens[0]:
        return as_read, "the box position (first token) holds a constant", spans[0][0]
    if '"' in tokens[1]:
        return as_read, "the relation position (second token) holds a constant", spans[1][0]
    for col, tok in spans:
        if tok.count('"') % 2 == 1 or (tok.startswith('"') != tok.endswith('"')):
            return None, f"malformed constant {tok[:60]!r}", col
    return Clause(tuple(tokens), lineno, comment), None, None


def parse_clause_line(line: str, lineno: int = 0) -> tuple[Clause | None, str | None]:
    """Parse one non-comment line into a Clause, or return a problem message."""
    clause, problem, _ = _parse_line(line, lineno)
    return clause, problem


def _sentence_from_comment(text: str) -> tuple[int, str] | None:
    """The sentence a comment carries, with a priority (higher wins), or None."""
    body = text.lstrip()
    if body.startswith("%%%"):
        s = body[3:].strip()
        if not s or s.startswith("This output was generated") or s.startswith("bin/"):
            return None
        return 2, s
    for prefix in ("% Input sent:", "% Raw sent:"):
        if body.startswith(prefix):
            return 1, body[len(prefix):].strip()
    return None


def parse_clf(text: str, source: str = "<string>", lenient: bool = False, first_line: int = 1,
              first_index: int = 0) -> list[Drs]:
    """Parse the text of a clause file into DRSs, raising ClfError on bad lines.

    Every bad line is collected (up to MAX_PROBLEMS listed) before raising,
    so a user fixes a file in one pass. ``lenient`` (for a parser's output) raises nothing:
    each DRS keeps its bad lines in ``Drs.problems`` (a line that splits into 3 or 4 tokens
    is kept as read), and a block of bad lines only is still a DRS, so the count never changes
    (docs/ill-formed.md). ``first_line`` and ``first_index`` number the lines and DRSs of a
    piece of a file cut at a DRS boundary (``reading.chunks.clf_chunks``) as the whole file would.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    drss: list[Drs] = []
    problems: list[ClfProblem] = []
    total_problems = 0

    clauses: list[Clause] = []
    block_problems: list[ClfProblem] = []
    dups: list[Clause] = []
    seen: set[tuple[str, ...]] = set()
    sentence: tuple[int, str] | None = None
    start = 0

    def close_block() -> None:
        nonlocal clauses, block_problems, dups, seen, sentence, start
        if clauses or block_problems:
            drss.append(Drs(tuple(clauses), first_index + len(drss), sentence[1] if sentence else None,
                            source, start, tuple(dups), tuple(block_problems)))
            sentence = None  # a block with only comments hands its sentence on
        clauses, block_problems, dups, seen, start = [], [], [], set(), 0

    # Lines end at LF, CRLF or a lone CR; not at the other characters str.splitlines()
    # knows (form feed, U+2028, ...), so line numbers agree with editors and grep.
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for lineno, raw in enumerate(lines, start=first_line):
        stripped = raw.strip()
        if not stripped:
            close_block()
            continue
        bad_text = line_problem(raw)  # NUL, a lone surrogate, a line too long: before any tokenising
        if stripped.startswith("%") and bad_text is None:
            found = _sentence_from_comment(stripped)
            if found and (sentence is None or found[0] >= sentence[0]):
                sentence = found
            continue
        clause: Clause | None
        problem: str | None
        column: int | None
        if bad_text is not None:
            clause, problem, column = None, *bad_text
        else:
            clause, problem, column = _parse_line(raw, lineno)
        if problem:
            found_problem = ClfProblem(lineno, problem, excerpt(raw, column), column)
            if lenient:
                if not clauses and not block_problems:
                    start = lineno
                block_problems.append(found_problem)
                if clause is None:
                    continue
            else:
                total_problems += 1
                if len(problems) < MAX_PROBLEMS:
                    problems.append(found_problem)
                continue
        assert clause is not None
        if not clauses:
            start = lineno
        if clause.tokens in seen:
            dups.append(clause)
        else:
            seen.add(clause.tokens)
            clauses.append(clause)
    close_block()
    if total_problems:
        raise ClfError(source, problems, total_problems)
    return drss


def read_clf(path: str | os.PathLike[str], lenient: bool = False) -> list[Drs]:
    """Read a clause file from disk into DRSs (UTF-8, a BOM is allowed)."""
    return parse_clf(read_file_text(path), str(path), lenient)


def read_pair(pred: str | os.PathLike[str], gold: str | os.PathLike[str],
              baseline: bool = False) -> tuple[list[Drs], list[Drs]]:
    """Read a predicted and a gold file and check they hold as many DRSs.

    With ``baseline`` a predicted file of a single DRS is compared with every
    gold DRS (the SPAR baseline set-up).
    """
    sides: list[list[Drs]] = []
    errors: list[ClfError] = []
    same = Path(pred).resolve() == Path(gold).resolve()
    for path in ((pred,) if same else (pred, gold)):  # both, so the bad lines of both are reported
        try:
            sides.append(read_clf(path))
        except ClfError as exc:
            errors.append(exc)
    if same and not errors:
        sides.append(sides[0])
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ClfErrors(errors)
    return check_pair(sides[0], sides[1], str(pred), str(gold), baseline)
