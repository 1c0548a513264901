"""Stage 4 of reading, the whole of it: a file or a text in any notation to DRSs (clauses) or SBNs.

Decoded (``reading.decode``), its notation detected (``reading.detect``), then read as clauses
(``reading.clause_text``) or SBN (``reading.sbn_text``, converted to clauses by ``sbn.to_drs`` where
DRSs are asked for). ``load``/``loads`` (``interface``), the command line and the app read through here;
the cluster reads the same files in pieces (``reading.chunks``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ClfError, ClfErrors, ClfProblem, SbnError
from .decode import decode_bytes, read_file_text, read_stdin_text
from .detect import DrsFormat, resolve_format

if TYPE_CHECKING:
    from ..clauses import Drs
    from ..sbn.model import Sbn
    from .sbn_text import SbnText

    #: An SBN, or the error in its place (a parser's output read tolerantly).
    SbnOrError = Sbn | ClfError


@dataclass(frozen=True)
class ReadText:
    """What a file's bytes read as: its notation (detected or forced) and its DRSs."""

    format: DrsFormat
    drss: tuple[Drs, ...]


def read_drs_bytes(data: bytes, source: str, fmt: str = "auto", lenient: bool = False) -> ReadText:
    """A file's bytes as DRSs with their notation: decoded, detected, parsed (the app's uploads and
    local files, and ``load`` of a path, read through here)."""
    text = decode_bytes(data, source)
    chosen = resolve_format(text, source, fmt)
    return ReadText(chosen, tuple(parse_drs_text(text, source, chosen, lenient)))


def parse_drs_text(text: str, source: str = "<string>", fmt: str = "auto", lenient: bool = False) -> list[Drs]:
    """The DRSs of a text in any notation; SBNs are converted to clauses (``sbn.to_drs``).
    ``lenient`` (a parser's output) raises nothing for bad DRSs: each keeps its problems in
    ``Drs.problems`` (an SBN that cannot be read becomes an empty DRS with its problems)."""
    from ..clauses import Drs  # here, not above: ``dscorer smatch`` reads no clauses
    from .clause_text import parse_clf

    chosen = resolve_format(text, source, fmt)
    if chosen == "clf":
        return parse_clf(text, source, lenient)
    from ..sbn.to_drs import sbn_to_drs
    from .sbn_text import parse_sbn, parse_sbn_tolerant  # SBN readers: only for SBN input

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
    """A DRS file's text (UTF-8, a BOM allowed), with the project's file errors (``decode.read_file_text``)."""
    return read_file_text(path, SbnError)


def read_drs_file(path: str | os.PathLike[str], fmt: str = "auto", lenient: bool = False) -> list[Drs]:
    """Read a clause or SBN file as DRSs (clauses); ``lenient`` as for ``parse_drs_text``."""
    return parse_drs_text(read_text(path), str(path), fmt, lenient)


def parse_sbn_text(text: str, source: str = "<string>", fmt: str = "auto", repair: bool = False) -> list[Sbn]:
    """The SBNs of a text (``fmt`` auto, sbn or sbn-lines); a clause file is an error here; ``repair``:
    read what the PMB 5 script reads by leaving something out (``sbn_text.parse_block``)."""
    chosen = resolve_format(text, source, fmt)
    if chosen == "clf":
        raise ClfError(source, [ClfProblem(0, "is a clause file, not SBN (smatch scores SBN files; "
                                              "use --format sbn or sbn-lines if detection is wrong)")])
    from .sbn_text import parse_sbn

    return parse_sbn(text, source, chosen, repair)


def read_sbn_file(path: str | os.PathLike[str], fmt: str = "auto", repair: bool = False) -> list[Sbn]:
    """Read an SBN file (raises SbnError listing every SBN that cannot be read); ``repair`` as in
    ``parse_sbn_text``."""
    return parse_sbn_text(read_text(path), str(path), fmt, repair)


def read_sbn_file_tolerant(path: str | os.PathLike[str], fmt: str = "auto", repair: bool = False) -> list[SbnOrError]:
    """Read an SBN file, an SbnError in place of each SBN that cannot be read (a parser's output);
    ``repair`` as in ``parse_sbn_text``."""
    text = read_text(path)
    chosen = resolve_format(text, str(path), fmt)
    if chosen == "clf":
        parse_sbn_text(text, str(path), "clf")
    from .sbn_text import parse_sbn_tolerant

    return list(parse_sbn_tolerant(text, str(path), chosen, repair))  # type: ignore[arg-type]


def read_sbn_texts(path: str | os.PathLike[str], fmt: str = "auto") -> list[SbnText]:
    """The SBNs of a file as text, without reading them (``sbn_text.split_sbn_texts``): what the
    PMB 5 script's reader needs of a predicted file."""
    text = read_text(path)
    chosen = resolve_format(text, str(path), fmt)
    if chosen == "clf":
        parse_sbn_text(text, str(path), "clf")
    from .sbn_text import split_sbn_texts

    return split_sbn_texts(text, str(path), chosen)  # type: ignore[arg-type]


def read_drs_sides(pred: str | os.PathLike[str], gold: str | os.PathLike[str], fmt: str = "auto",
                   lenient_pred: bool = False) -> tuple[list[Drs], list[Drs]]:
    """Read a predicted and a gold file in any notation as DRSs, not yet paired.

    Both files are read before an error is raised, so the bad lines of both are reported.
    ``lenient_pred`` reads the predicted file leniently (its bad DRSs carry their problems:
    ``ill_formed.apply_ill_policy`` decides what is scored); the gold file is always strict.
    A side named ``-`` is standard input (``decode.read_stdin_text``).
    """
    sides: list[list[Drs]] = []
    errors: list[ClfError] = []
    for path, lenient in ((pred, lenient_pred), (gold, False)):
        try:
            if os.fspath(path) == "-":
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
