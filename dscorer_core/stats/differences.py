"""Where two systems differ: per-document score differences, largest first (as DRS Jury lists them)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import SettingsError
from .tables import FIGURES, CountTable


@dataclass(frozen=True)
class DocumentDifference:
    """One document's score under systems a and b, and ``difference = a - b``."""

    index: int
    sentence: str | None
    a: float
    b: float
    difference: float

    def as_dict(self) -> dict:
        return {"index": self.index, "sentence": self.sentence, "a": self.a, "b": self.b,
                "difference": self.difference}


def document_differences(a: CountTable, b: CountTable, figure: str = "F",
                         limit: int | None = None) -> tuple[DocumentDifference, ...]:
    """Per-document differences of one figure, sorted by size (largest |a - b| first, then
    by document index); documents scored equally are left out.  ``limit`` keeps the first few."""
    a.check_paired(b)
    if figure not in FIGURES:
        raise SettingsError(f"unknown figure {figure!r}; choose one of {', '.join(FIGURES)}")
    col = FIGURES.index(figure)
    sa, sb = a.document_scores[:, col], b.document_scores[:, col]
    diff = sa - sb
    order = np.lexsort((np.arange(len(diff)), -np.abs(diff)))
    rows = [DocumentDifference(int(i), a.sentences[i] or b.sentences[i], float(sa[i]), float(sb[i]), float(diff[i]))
            for i in order if diff[i] != 0]
    return tuple(rows[:limit] if limit is not None else rows)
