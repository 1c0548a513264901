"""Which DRS notation a file is in, and reading any of them as DRSs (clauses) or SBNs.

``clf``: PMB clause files; ``sbn``: multi-line Simple Box Notation; ``sbn-lines``: one SBN per
line (PMB 5 seq2seq files).  ``auto`` decides by extension (``.clf``; ``.sbn`` is then split into
the two SBN layouts by content) and otherwise by content: a line that starts with a box variable
(``b1 REF x1``) is a clause, a line with a tab or with two or more synsets is one whole SBN.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .errors import ClfError, ClfErrors, ClfProblem, SbnError

if TYPE_CHECKING:
    from .clauses import Drs
    from .sbn.model import Sbn
    from .sbn.reader import SbnText

    #: An SBN, or the error in its place (a parser's output read tolerantly).
    SbnOrError = Sbn | ClfError


DrsFormat = Literal["clf", "sbn", "sbn-lines"]
#: The values of ``--format``.
FORMATS = ("auto", "clf", "sbn", "sbn-lines")
#: What to call a file of each notation where a person reads it (the app's texts).
FORMAT_NAMES: dict[str, str] = {"clf": "clause file", "sbn": "SBN file", "sbn-lines": "SBN file (one SBN per line)"}
#: How many content lines detection looks at.
DETECT_LINES = 200
_CLAUSE_START = re.compile(r"^b\d+$")


def _content_lines(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("%"):
            out.append(line)
            if len(out) >= DETECT_LINES:
                break
    return out


def _sbn_column(line: str) -> bool:
    """A tab-separated line whose last column starts with a synset or a box operator."""
    from .sbn.vocabulary import is_box_operator, is_synset  # SBN's vocabulary: only to tell SBN apart

    words = line.split("\t")[-1].split()
    return "\t" in line and bool(words) and (is_synset(words[0]) or is_box_operator(words[0]))


def _sbn_layout(lines: list[str]) -> DrsFormat:
    from .sbn.vocabulary import is_box_operator, is_synset

    for line in lines:
        if _sbn_column(line):
            return "sbn-lines"
        heads = sum(1 for t in line.split("%")[0].split() if is_synset(t) or is_box_operator(t))
        if heads >= 2:
            return "sbn-lines"
    return "sbn"


def detect_format(text: str, name: str = "") -> DrsFormat:
    """The notation of a file's text (its name's extension decides first, where it can)."""
    lines = _content_lines(text)
    suffix = Path(name).suffix.lower() if name else ""
    if suffix == ".clf":
        return "clf"
    if suffix == ".sbn":
        return _sbn_layout(lines)
    from .sbn.vocabulary import is_box_operator, is_synset

    for line in lines:
        first = line.split()[0]
        if _CLAUSE_START.match(first) and len(line.split()) >= 3:
            return "clf"
        if is_synset(first) or is_box_operator(first) or _sbn_column(line):
            return _sbn_layout(lines)
    return "clf"


def _resolve(text: str, source: str, fmt: str) -> DrsFormat:
    if fmt == "auto":
        return detect_format(text, source)
    if fmt not in FORMATS:
        raise ClfError(source, [ClfProblem(0, f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")])
    return fmt  # type: ignore[return-value]


def resolve_format(text: str, source: str = "<string>", fmt: str = "auto") -> DrsFormat:
    """The notation a text is read in: ``fmt``, or with ``auto`` the detected one (``detect_format``)."""
    return _resolve(text, source, fmt)


def parse_drs_text(text: str, source: str = "<string>", fmt: str = "auto", lenient: bool = False) -> list[Drs]:
    """The DRSs of a text in any notation; SBNs are converted to clauses (``sbn.to_drs``).
    ``lenient`` (a parser's output) raises nothing for bad DRSs: each keeps its problems in
    ``Drs.problems`` (an SBN that cannot be read becomes an empty DRS with its problems)."""
    from .clauses import Drs, parse_clf  # here, not above: ``dscorer smatch`` reads no clauses

    chosen = _resolve(text, source, fmt)
    if chosen == "clf":
        return parse_clf(text, source, lenient)
    from .sbn.reader import parse_sbn, parse_sbn_tolerant  # SBN readers: only for SBN input
    from .sbn.to_drs import sbn_to_drs

    if not lenient:
        return [sbn_to_drs(s) for s in parse_sbn(text, source, chosen)]
    out = []
    for i, item in enumerate(parse_sbn_tolerant(text, source, chosen)):
        if isinstance(item, SbnError):
            out.append(Drs((), i, None, source, item.line, (), tuple(item.problems), sbn=item.raw))
        else:
            out.append(sbn_to_drs(item))
    return out


def read_text(path: str | os.PathLike[str]) -> str:
    """A DRS file's text (UTF-8, a BOM allowed), with the project's file errors (``clauses.read_file_text``;
    the SBN reader is not imported for a clause file)."""
    from .clauses import read_file_text

    return read_file_text(path, SbnError)


def read_drs_file(path: str | os.PathLike[str], fmt: str = "auto", lenient: bool = False) -> list[Drs]:
    """Read a clause or SBN file as DRSs (clauses); ``lenient`` as for ``parse_drs_text``."""
    return parse_drs_text(read_text(path), str(path), fmt, lenient)


def parse_sbn_text(text: str, source: str = "<string>", fmt: str = "auto", repair: bool = False) -> list[Sbn]:
    """The SBNs of a text (``fmt`` auto, sbn or sbn-lines); a clause file is an error here; ``repair``:
    read what the PMB 5 script reads by leaving something out (``sbn.reader.parse_block``)."""
    chosen = _resolve(text, source, fmt)
    if chosen == "clf":
        raise ClfError(source, [ClfProblem(0, "is a clause file, not SBN (smatch scores SBN files; "
                                              "use --format sbn or sbn-lines if detection is wrong)")])
    from .sbn.reader import parse_sbn

    return parse_sbn(text, source, chosen, repair)


def read_sbn_file(path: str | os.PathLike[str], fmt: str = "auto", repair: bool = False) -> list[Sbn]:
    """Read an SBN file (raises SbnError listing every SBN that cannot be read); ``repair`` as in
    ``parse_sbn_text``."""
    return parse_sbn_text(read_text(path), str(path), fmt, repair)


def read_sbn_file_tolerant(path: str | os.PathLike[str], fmt: str = "auto", repair: bool = False) -> list[SbnOrError]:
    """Read an SBN file, an SbnError in place of each SBN that cannot be read (a parser's output);
    ``repair`` as in ``parse_sbn_text``."""
    text = read_text(path)
    chosen = _resolve(text, str(path), fmt)
    if chosen == "clf":
        parse_sbn_text(text, str(path), "clf")
    from .sbn.reader import parse_sbn_tolerant

    return list(parse_sbn_tolerant(text, str(path), chosen, repair))  # type: ignore[arg-type]


def read_sbn_texts(path: str | os.PathLike[str], fmt: str = "auto") -> list[SbnText]:
    """The SBNs of a file as text, without reading them (``sbn.reader.split_sbn_texts``): what the
    PMB 5 script's reader needs of a predicted file."""
    text = read_text(path)
    chosen = _resolve(text, str(path), fmt)
    if chosen == "clf":
        parse_sbn_text(text, str(path), "clf")
    from .sbn.reader import split_sbn_texts

    return split_sbn_texts(text, str(path), chosen)  # type: ignore[arg-type]


def read_drs_sides(pred: str | os.PathLike[str], gold: str | os.PathLike[str], fmt: str = "auto",
                   lenient_pred: bool = False) -> tuple[list[Drs], list[Drs]]:
    """Read a predicted and a gold file in any notation as DRSs, not yet paired.

    Both files are read before an error is raised, so the bad lines of both are reported.
    ``lenient_pred`` reads the predicted file leniently (its bad DRSs carry their problems:
    ``ill_formed.apply_ill_policy`` decides what is scored); the gold file is always strict.
    A side named ``-`` is standard input (``clauses.read_stdin_text``).
    """
    sides: list[list[Drs]] = []
    errors: list[ClfError] = []
    for path, lenient in ((pred, lenient_pred), (gold, False)):
        try:
            if os.fspath(path) == "-":
                from .clauses import read_stdin_text

                sides.append(parse_drs_text(read_stdin_text(), "<stdin>", fmt, lenient))
            else:
                sides.append(read_drs_file(path, fmt, lenient))
        except ClfError as exc:
            errors.append(exc)
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ClfErrors(errors)
    return sides[0], sides[1]


def read_drs_pair(pred: str | os.PathLike[str], gold: str | os.PathLike[str], fmt: str = "auto",
                  baseline: bool = False, lenient_pred: bool = False) -> tuple[list[Drs], list[Drs]]:
    """``read_drs_sides``, then paired (``clauses.check_pair``; ``baseline``: one predicted DRS for all)."""
    from .clauses import check_pair

    preds, golds = read_drs_sides(pred, gold, fmt, lenient_pred)
    return check_pair(preds, golds, str(pred), str(gold), baseline)
