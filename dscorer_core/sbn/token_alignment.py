"""A document's sentence from its token-alignment comments (``% A brown [0-7]``).

PMB SBN files (``en.drs.sbn``) give no sentence line: each line's comment carries the words it
stands for and their character offsets in the sentence, in the order of the SBN, not of the text
(``NEGATION -1 % not [7-10]`` comes before ``time.n.08 ... % will [2-6]``). Sorting the pieces by
offset and joining them where the offsets leave a gap gives the sentence back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: ``words [start-end]`` (SBN) or ``words [start...end]`` (clause files), the words possibly empty.
ALIGNMENT = re.compile(r"^(?P<words>.*?)\s*\[(?P<start>\d+)(?:-|\.\.\.)(?P<end>\d+)\]\s*$")


def aligned_piece(comment: str) -> tuple[int, int, str] | None:
    """(start, end, words) of an alignment comment, or None when the comment is something else."""
    found = ALIGNMENT.match(comment.strip())
    if not found or not found.group("words").strip():
        return None
    return int(found.group("start")), int(found.group("end")), found.group("words").strip()


def sentence_from_alignment(comments: Iterable[str]) -> str | None:
    """The sentence the alignment comments of one document spell, or None when none aligns.

    Pieces are put in offset order; a space goes between two pieces whose offsets leave a gap
    (``I [0-1]`` and ``'m [1-3]`` make "I'm"); a piece repeated on several lines is used once."""
    pieces = sorted({p for p in (aligned_piece(c) for c in comments) if p is not None})
    if not pieces:
        return None
    words: list[str] = []
    end = None
    for start, stop, text in pieces:
        if end is not None and start < end:  # the same words again (overlapping offsets)
            continue
        if end is not None and start > end:
            words.append(" ")
        words.append(text)
        end = stop
    return "".join(words)
