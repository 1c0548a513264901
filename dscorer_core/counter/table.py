"""COUNTER's per-document table: what ``dscorer counter --csv`` and ``--per-doc`` write, and the
rows of ``CounterResult.to_pandas()``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # read by their attributes: the notebook renderer uses this table without an import circle
    from .score import CounterPair, CounterResult

#: The table's columns.
COUNTER_HEADER = ("index", "P", "R", "F", "matched", "upper_bound", "pred_clauses", "gold_clauses", "optimal",
                  "method", "sentence")


def counter_pair_rows(documents: Sequence[CounterPair]) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the per-document table of these documents, one row each."""
    rows: list[list[object]] = [[d.index, d.P, d.R, d.F, d.matched, d.upper_bound, d.pred_clauses, d.gold_clauses,
                                 "yes" if d.optimal else "no", d.method, d.sentence or ""] for d in documents]
    return list(COUNTER_HEADER), rows


def counter_rows(result: CounterResult) -> tuple[list[str], list[list[object]]]:
    """Header and rows of a corpus result's per-document table."""
    return counter_pair_rows(result.documents)
