"""Reading PMB clause files (the "clausal form" of a DRS) into typed dataclasses.

A file holds one DRS per block of clause lines; blocks are separated by blank
lines, lines starting with ``%`` are comments, and ``%%%`` (or ``% Input sent:``)
lines carry the sentence.  See section 1 of the dscorer spec.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .binary_files import binary_kind, binary_position
from .clause_format import BOX_OPERATORS, is_operator_name
from .errors import ClfError, ClfErrors, ClfProblem, DrsCountMismatch, NoDrsError
from .input_files import read_checked_bytes
from .text_checks import line_problem

#: How many bad lines an error lists before it only counts the rest.
MAX_PROBLEMS = 20

SENSE_PATTERN = re.compile(r'^"[a-z]\.\d+"$')
_TOKEN = re.compile(r"\S+")
#: Where a trailing comment starts: a "%" at the start of a token (the fast path of ``_parse_line``).
_COMMENT = re.compile(r"(?:^|\s)%")


@dataclass(frozen=True)
class Clause:
    """One clause line: its tokens, where it stood, and its trailing comment."""

    tokens: tuple[str, ...]
    line: int = 0
    comment: str | None = None

    @property
    def box(self) -> str:
        return self.tokens[0]

    @property
    def relation(self) -> str:
        return self.tokens[1]

    @property
    def args(self) -> tuple[str, ...]:
        return self.tokens[2:]

    @property
    def kind(self) -> str:
        """``concept``, ``operator`` or ``role`` (docs/metric.md, "Input")."""
        return clause_kind(self.tokens)

    @property
    def is_concept(self) -> bool:
        return self.kind == "concept"

    @property
    def concept_label(self) -> str:
        """The merged concept label ``lemma.p.NN`` of a concept clause."""
        return f"{self.tokens[1]}.{self.tokens[2][1:-1]}"

    @property
    def pos(self) -> str | None:
        """Part of speech (n, v, a, r, s) of a concept clause, else None."""
        return self.tokens[2][1] if self.is_concept else None

    def text(self) -> str:
        return " ".join(self.tokens)

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.text()


@dataclass(frozen=True)
class Drs:
    """A DRS: its clauses in file order, its sentence, and where it came from."""

    clauses: tuple[Clause, ...]
    index: int = 0
    sentence: str | None = None
    source: str = "<string>"
    line: int = 0
    duplicates: tuple[Clause, ...] = field(default=())
    #: Lines of this DRS that are not well-formed clauses (only from a lenient read:
    #: ``parse_clf(..., lenient=True)``); a tokenisable one is kept in ``clauses`` as read.
    problems: tuple[ClfProblem, ...] = field(default=())
    #: The SBN this DRS was converted from, on one line (``sbn.to_drs``): what Smatch scores.
    sbn: str | None = None

    def __len__(self) -> int:
        return len(self.clauses)

    def text(self) -> str:
        """The DRS as clause lines (no comments), one per line."""
        return "\n".join(c.text() for c in self.clauses)


def is_constant(token: str) -> bool:
    """A token that starts and ends with a double quote is a constant."""
    return len(token) >= 2 and token[0] == '"' and token[-1] == '"'


def clause_kind(tokens: tuple[str, ...]) -> str:
    """Classify a clause by its second token: concept, operator or role."""
    rel = tokens[1]
    if len(tokens) == 4 and SENSE_PATTERN.match(tokens[2]) and not is_operator_name(rel):
        return "concept"
    if is_operator_name(rel):
        return "operator"
    return "role"


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
    piece of a file cut at a DRS boundary (``chunked.clf_chunks``) as the whole file would.
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
            found_problem = ClfProblem(lineno, problem, _excerpt(raw, column), column)
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


#: How much of a bad line an error quotes.
EXCERPT_CHARS = 120


def _excerpt(raw: str, column: int | None) -> str:
    """The offending text of a bad line, cut to EXCERPT_CHARS around the column."""
    text = raw.rstrip()
    if len(text) <= EXCERPT_CHARS:
        return text.strip()
    start = max(0, (column or 1) - 1 - EXCERPT_CHARS // 4)
    cut = text[start:start + EXCERPT_CHARS]
    return ("..." if start else "") + cut + f"... ({len(text):,} characters)"


def read_clf(path: str | os.PathLike[str], lenient: bool = False) -> list[Drs]:
    """Read a clause file from disk into DRSs (UTF-8, a BOM is allowed)."""
    return parse_clf(read_file_text(path), str(path), lenient)


def read_file_text(path: str | os.PathLike[str], error: type[ClfError] = ClfError) -> str:
    """A DRS file's text (UTF-8, a BOM allowed; ``decode_clf_bytes``), or ``error`` naming the file:
    missing, not a regular file, unreadable, above MAX_FILE_BYTES (``input_files``). The one way every
    whole-file reader (clauses, SBN) opens a file."""
    data = read_checked_bytes(path, error, advice="; score it with --per-doc-out, which reads it as a stream")
    return decode_clf_bytes(data, str(Path(path)))


def read_stdin_text() -> str:
    """Standard input's text (``-`` for a file), decoded and checked as a file's bytes are
    (``decode_clf_bytes``: UTF-8, a binary stream refused with its kind)."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")
    return decode_clf_bytes(data, "<stdin>")


def decode_clf_bytes(data: bytes, source: str) -> str:
    """Decode file bytes as UTF-8 (a BOM is dropped later), naming every bad line and column; a
    binary file (compressed, an image, ...: ``binary_files``) is one error for the whole file."""
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
                                           _excerpt(text, col), col))
    raise ClfError(source, problems, total)


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


def check_pair(p: list[Drs], g: list[Drs], pred_name: str, gold_name: str,
               baseline: bool = False) -> tuple[list[Drs], list[Drs]]:
    """Align two parsed files, raising DrsCountMismatch when they cannot be paired."""
    if baseline:
        if not g:
            raise NoDrsError([gold_name])
        if len(p) != 1:
            raise DrsCountMismatch(pred_name, gold_name, len(p), len(g), baseline=True)
        p = [Drs(p[0].clauses, i, p[0].sentence, p[0].source, p[0].line, p[0].duplicates, p[0].problems)
             for i in range(len(g))]
        return p, g
    if not p and not g:
        raise NoDrsError([pred_name, gold_name])
    if len(p) != len(g):
        empty = [name for name, side in ((pred_name, p), (gold_name, g)) if not side]
        note = (f"{empty[0]} holds no DRS (empty, or only comments and blank lines)" if empty
                else _first_difference(p, g))
        raise DrsCountMismatch(pred_name, gold_name, len(p), len(g), note)
    return p, g


def _first_difference(p: Iterable[Drs], g: Iterable[Drs]) -> str | None:
    for a, b in zip(p, g):
        if a.sentence and b.sentence and _norm(a.sentence) != _norm(b.sentence):
            return (f"the first sentence that differs is DRS {a.index} "
                    f"(pred line {a.line}: {a.sentence!r}; gold line {b.line}: {b.sentence!r})")
    return None


def _norm(s: str) -> str:
    return " ".join(s.replace("ø", " ").replace("~", " ").lower().split())


def box_arguments(clause: Clause) -> tuple[int, ...]:
    """Positions (into clause.args) of the arguments that are boxes (docs/metric.md, "The graph"; docs/counter.md)."""
    rel = clause.relation
    if rel in BOX_OPERATORS:
        return tuple(range(len(clause.args)))
    if rel == "PRP" and len(clause.args) == 2:
        return (1,)
    return ()
