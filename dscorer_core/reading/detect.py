"""Stage 2 of reading: which notation a text is in.

``clf``: PMB clause files; ``sbn``: multi-line Simple Box Notation; ``sbn-lines``: one SBN per
line (PMB 5 seq2seq files).  ``auto`` decides by extension (``.clf``; ``.sbn`` is then split into
the two SBN layouts by content) and otherwise by content: a line that starts with a box variable
(``b1 REF x1``) is a clause, a line with a tab or with two or more synsets is one whole SBN.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from ..errors import ClfError, ClfProblem

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
    from ..sbn.vocabulary import is_box_operator, is_synset  # SBN's vocabulary: only to tell SBN apart

    words = line.split("\t")[-1].split()
    return "\t" in line and bool(words) and (is_synset(words[0]) or is_box_operator(words[0]))


def _sbn_layout(lines: list[str]) -> DrsFormat:
    from ..sbn.vocabulary import is_box_operator, is_synset

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
    from ..sbn.vocabulary import is_box_operator, is_synset

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


