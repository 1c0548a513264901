"""Stage 3 of reading, SBN: the text of an SBN file to SBNs, multi-line blocks (PMB 4/5
``en.drs.sbn``) or one SBN per line (PMB 5 seq2seq).

Multi-line (``sbn``): one line per concept or box operator, ``%`` starts a comment (the token
alignment, from which the SBN's sentence is read: ``token_alignment``), ``%%%`` lines are file
comments, blank lines separate SBNs.  One per line
(``sbn-lines``): every line is one SBN, optionally after tab-separated columns (``sentence``, or
``id`` and ``sentence``); an empty line is an empty SBN (an empty parser output), at the end of the
file too (lines are counted as the PMB 5 script counts them, by ``readlines``), lines starting with
``%`` are comments.  Bad input raises
``SbnError`` naming ``FILE:LINE:COL``; the ``*_tolerant`` readers return that error in the SBN's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import ClfProblem, SbnError
from ..sbn.model import Sbn, SbnBoxOperator, SbnConcept, SbnItem, SbnRole, SbnTarget
from ..sbn.token_alignment import sentence_from_alignment
from ..sbn.vocabulary import (
    BOX_OFFSET,
    SYNSET_OFFSET,
    SYNSET_PATTERN,
    is_box_operator,
    is_role,
    is_synset,
)
from ..text_checks import line_problem, safe_excerpt

#: ``sbn``: multi-line blocks; ``sbn-lines``: one SBN per line.
SbnLayout = Literal["sbn", "sbn-lines"]

#: How many bad SBNs an error lists before it only counts the rest.
MAX_PROBLEMS = 20


@dataclass(frozen=True)
class Token:
    """A token of an SBN line: its text, its line and its 1-based column."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class SbnBlock:
    """The raw material of one SBN: its tokens, per-line comments, id, sentence and first line."""

    tokens: tuple[Token, ...]
    comments: tuple[tuple[int, str], ...]
    line: int
    doc_id: str | None = None
    sentence: str | None = None
    line_starts: tuple[int, ...] = ()
    raw: str = ""


@dataclass(frozen=True)
class SbnText:
    """One SBN as written, on one line (comments left out), and where it starts: all the PMB 5 script
    reads of it.  ``split_sbn_texts`` finds the same SBNs as ``parse_sbn_tolerant`` without reading them."""

    raw: str
    source: str = "<string>"
    line: int = 0
    #: The 1-based column where ``raw`` starts on its line (after a file's tab-separated columns), so
    #: that ``parse_sbn_line(raw, source, line, column=column)`` names the columns the file has.
    column: int = 1


def sbn_line_text(raw: str, source: str, line: int) -> SbnText | None:
    """One line of a file of one SBN per line as an SbnText (its last tab-separated column), or None for
    a ``%`` comment line: how ``split_sbn_texts`` and the streamed reader (``chunks.sbn_line_chunks``)
    read a line."""
    if raw.lstrip().startswith("%"):
        return None
    body = raw.split("\t")[-1]
    column = len(raw) - len(body) + len(body) - len(body.lstrip()) + 1
    return SbnText(body.strip(), source, line, column)


def split_sbn_texts(text: str, source: str = "<string>", layout: SbnLayout = "sbn") -> list[SbnText]:
    """The SBNs of a file as text, in order, without tokenising them (quick: for ``smatch`` with the
    PMB 5 script's reader, which reads the text itself). A line above MAX_LINE_CHARS, or holding a NUL
    or a lone surrogate, is an SbnError naming it (``text_checks.line_problem``), before any reading."""
    lines = _normalise_lines(text)
    for lineno, raw in enumerate(lines, start=1):
        bad_text = line_problem(raw)
        if bad_text is not None:
            raise SbnError(source, [ClfProblem(lineno, bad_text[0], "", bad_text[1])])
    out: list[SbnText] = []
    if layout == "sbn-lines":
        found = (sbn_line_text(raw, source, lineno) for lineno, raw in enumerate(_script_lines(lines), start=1))
        return [t for t in found if t is not None]
    bodies: list[str] = []
    start = 0
    for lineno, raw in enumerate(lines + [""], start=1):
        if not raw.strip():
            if bodies:
                out.append(SbnText(" ".join(bodies), source, start))
            bodies, start = [], 0
            continue
        if raw.lstrip().startswith("%"):
            continue
        body, _ = _split_comment(raw)
        if body.strip():
            start = start or lineno
            bodies.append(body.strip())
    return out


def _problem(token: Token | None, line: int, message: str, text: str = "") -> ClfProblem:
    return ClfProblem(token.line if token else line, message, text, token.column if token else None)


def _split_comment(text: str) -> tuple[str, str | None]:
    """The SBN part of a line and its comment: ``%`` outside quotes, at the start or after a space."""
    in_quote = False
    for i, ch in enumerate(text):
        if ch == '"' and (in_quote or i == 0 or text[i - 1].isspace()):
            in_quote = not in_quote
        elif ch == "%" and not in_quote and (i == 0 or text[i - 1].isspace()):
            return text[:i], text[i + 1:].strip() or None
    return text, None


def tokenize(text: str, line: int, first_column: int = 1) -> list[Token]:
    """Split SBN text into tokens; a quoted name (``"Steve Miller Band"``) is one token.

    Raises SbnError (via a ClfProblem) when a quote is never closed.
    """
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        start = i
        if text[i] == '"':
            end = i + 1
            while True:
                close = text.find('"', end)
                if close < 0:
                    raise _BlockProblem(ClfProblem(line, "a quoted name is never closed",
                                                   text[start:].strip(), first_column + start))
                if close + 1 >= n or text[close + 1].isspace():
                    i = close + 1
                    break
                end = close + 1
        else:
            while i < n and not text[i].isspace():
                i += 1
        tokens.append(Token(text[start:i], line, first_column + start))
    return tokens


class _BlockProblem(Exception):
    """One problem found inside a block (turned into an SbnError by the caller)."""

    def __init__(self, problem: ClfProblem):
        super().__init__(problem.message)
        self.problem = problem


def _normalise_lines(text: str) -> list[str]:
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _split_raw(text: str, layout: SbnLayout) -> list[tuple[SbnBlock | ClfProblem, str]]:
    """Each block with its SBN text on one line (comments left out), as the PMB 5 script reads it."""
    lines = _normalise_lines(text)
    return _split_lines(lines) if layout == "sbn-lines" else _split_multiline(lines)


def _split_multiline(lines: list[str]) -> list[tuple[SbnBlock | ClfProblem, str]]:
    blocks: list[tuple[SbnBlock | ClfProblem, str]] = []
    bodies: list[str] = []
    tokens: list[Token] = []
    comments: list[tuple[int, str]] = []
    loose: list[str] = []  # comment-only lines of the block (an alignment of words without a concept)
    starts: list[int] = []
    start = 0
    failed: ClfProblem | None = None

    def close() -> None:
        nonlocal tokens, comments, loose, starts, start, failed, bodies
        raw = " ".join(bodies)
        if failed is not None:
            blocks.append((failed, raw))
        elif tokens:
            sentence = sentence_from_alignment([c for _, c in comments] + loose)
            blocks.append((SbnBlock(tuple(tokens), tuple(comments), start, sentence=sentence,
                                    line_starts=tuple(starts), raw=raw), raw))
        tokens, comments, loose, starts, start, failed, bodies = [], [], [], [], 0, None, []

    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            close()
            continue
        bad_text = line_problem(raw)  # NUL, a lone surrogate, a line too long: before any tokenising
        if bad_text is not None:
            if not start:
                start = lineno
            bodies.append(safe_excerpt(raw))
            failed = failed or ClfProblem(lineno, bad_text[0], "", bad_text[1])
            continue
        if raw.lstrip().startswith("%"):
            if not raw.lstrip().startswith("%%%"):
                loose.append(raw.lstrip()[1:])
            continue
        body, comment = _split_comment(raw)
        if not body.strip():
            continue
        if not start:
            start = lineno
        bodies.append(body.strip())
        try:
            found = tokenize(body, lineno)
        except _BlockProblem as exc:
            failed = failed or exc.problem
            continue
        starts.append(len(tokens))
        tokens.extend(found)
        if comment:
            comments.append((lineno, comment))
    close()
    return blocks


def _script_lines(lines: list[str]) -> list[str]:
    """The lines of a file as the PMB 5 script counts them (``readlines``): the empty piece after a final
    line end is not a line; every other line, empty or blank ones at the end included, is one."""
    return lines[:-1] if lines and lines[-1] == "" else lines


def _split_lines(lines: list[str]) -> list[tuple[SbnBlock | ClfProblem, str]]:
    blocks: list[tuple[SbnBlock | ClfProblem, str]] = []
    for lineno, raw in enumerate(_script_lines(lines), start=1):
        bad_text = line_problem(raw)  # before any tokenising
        if bad_text is not None:
            blocks.append((ClfProblem(lineno, bad_text[0], "", bad_text[1]), safe_excerpt(raw)))
            continue
        if raw.lstrip().startswith("%"):
            continue
        columns = raw.split("\t")
        body = columns[-1]
        offset = len(raw) - len(body)
        doc_id = columns[0].strip() if len(columns) >= 3 else None
        sentence = columns[-2].strip() if len(columns) >= 2 else None
        try:
            found = tokenize(body, lineno, offset + 1)
        except _BlockProblem as exc:
            blocks.append((exc.problem, body.strip()))
            continue
        blocks.append((SbnBlock(tuple(found), (), lineno, doc_id, sentence or None, (), body.strip()), body.strip()))
    return blocks


def _target(token: Token, role: str | None) -> SbnTarget:
    text = token.text
    if SYNSET_OFFSET.match(text):
        return SbnTarget("synset", text, int(text), token.line, token.column)
    if BOX_OFFSET.match(text):
        sign = -1 if text[0] == "<" else 1
        return SbnTarget("box", text, sign * int(text[1:]), token.line, token.column)
    return SbnTarget("constant", text, None, token.line, token.column)


def parse_block(block: SbnBlock, index: int = 0, source: str = "<string>", repair: bool = False) -> Sbn:
    """Turn one token block into an Sbn, raising SbnError at the first bad token.  ``repair``: what the
    PMB 5 script reads by leaving something out is read so too, and named in ``Sbn.repairs``
    (``NEGATION 1``: a box operator followed by no box offset is dropped with the token after it)."""
    repairs: list[str] = []
    try:
        items = _items(block, repairs if repair else None, source)
    except _BlockProblem as exc:
        raise SbnError(source, [exc.problem]) from None
    return Sbn(tuple(items), index, block.sentence, block.doc_id, source, block.line, block.raw, tuple(repairs))


def _items(block: SbnBlock, repairs: list[str] | None = None, source: str = "<string>") -> list[SbnItem]:
    tokens = block.tokens
    if not tokens:
        raise _BlockProblem(ClfProblem(block.line, "empty SBN (no concept at all)"))
    comments = dict(block.comments)
    line_starts = set(block.line_starts)
    items: list[SbnItem] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if is_box_operator(tok.text):
            following = tokens[i + 1].text if i + 1 < len(tokens) else ""
            if (repairs is not None and following and (i + 1) not in line_starts
                    and not (BOX_OFFSET.match(following) or SYNSET_OFFSET.match(following) or _starts_item(following))):
                # the script pops the token after a box operator and, when it is no index, drops both
                repairs.append(f"{source}:{tok.line}:{tok.column}: {tok.text} {following}: a box operator without "
                               "a box offset is left out with the token after it, as the PMB 5 script does")
                i += 2
                continue
            if not following or not (BOX_OFFSET.match(following) or SYNSET_OFFSET.match(following)):
                shown = tokens[i + 1].text if i + 1 < len(tokens) else ""
                raise _BlockProblem(_problem(tokens[i + 1] if shown else tok, block.line,
                                             f"box operator {tok.text} needs a box offset (<1, >1, -1 or +1)", shown))
            nxt = tokens[i + 1]
            offset = int(nxt.text[1:]) * (-1 if nxt.text[0] in "<-" else 1)
            target = SbnTarget("box", nxt.text, offset, nxt.line, nxt.column)
            items.append(SbnBoxOperator(tok.text, target, tok.line, tok.column, comments.get(tok.line)))
            i += 2
            continue
        match = SYNSET_PATTERN.match(tok.text)
        if not match:
            raise _BlockProblem(_problem(tok, block.line, "expected a synset (lemma.pos.NN) or a box operator",
                                         tok.text))
        roles: list[SbnRole] = []
        i += 1
        while i < len(tokens) and not (i in line_starts or _starts_item(tokens[i].text)):
            role = tokens[i]
            if not is_role(role.text):
                raise _BlockProblem(_problem(role, block.line, "expected a role (Agent, EQU, ...)", role.text))
            if i + 1 >= len(tokens) or (i + 1) in line_starts:
                raise _BlockProblem(_problem(role, block.line, f"role {role.text} has no value", role.text))
            roles.append(SbnRole(role.text, _target(tokens[i + 1], role.text), role.line, role.column))
            i += 2
        items.append(SbnConcept(tok.text, match.group(1), match.group(2), match.group(3), tuple(roles),
                                tok.line, tok.column, comments.get(tok.line)))
    return items


def _starts_item(text: str) -> bool:
    return is_synset(text) or is_box_operator(text)


def parse_sbn_line(text: str, source: str = "<string>", line: int = 1, repair: bool = False,
                   column: int = 1) -> Sbn | SbnError:
    """One SBN written on one line (``line`` of ``source``, from ``column``: where its tokens stand), or
    the SbnError saying why it cannot be read (its ``raw`` the text); ``repair`` as in ``parse_block``."""
    raw = text.strip()
    try:
        block = SbnBlock(tuple(tokenize(text, line, column)), (), line, raw=raw)
        return parse_block(block, 0, source, repair)
    except _BlockProblem as exc:
        failed = SbnError(source, [exc.problem])
    except SbnError as exc:
        failed = exc
    failed.raw = raw
    return failed


def parse_sbn_tolerant(text: str, source: str = "<string>", layout: SbnLayout = "sbn",
                       repair: bool = False) -> list[Sbn | SbnError]:
    """Every SBN of a text in order; an SBN that cannot be read is an SbnError in its place (its
    ``raw`` holding the SBN's text on one line, for the PMB 5 script's reader); ``repair`` as in
    ``parse_block``."""
    out: list[Sbn | SbnError] = []
    for block, raw in _split_raw(text, layout):
        index = len(out)
        if isinstance(block, ClfProblem):
            failed = SbnError(source, [block])
            failed.raw = raw
            out.append(failed)
            continue
        try:
            out.append(parse_block(block, index, source, repair))
        except SbnError as exc:
            exc.raw = raw
            out.append(exc)
    return out


def parse_sbn(text: str, source: str = "<string>", layout: SbnLayout = "sbn", repair: bool = False) -> list[Sbn]:
    """Every SBN of a text, raising one SbnError that lists every bad SBN (up to MAX_PROBLEMS);
    ``repair`` as in ``parse_block``."""
    found = parse_sbn_tolerant(text, source, layout, repair)
    bad = [p for e in found if isinstance(e, SbnError) for p in e.problems]
    if bad:
        raise SbnError(source, bad[:MAX_PROBLEMS], len(bad))
    return [s for s in found if isinstance(s, Sbn)]
