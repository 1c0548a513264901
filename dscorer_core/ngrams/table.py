"""DSCORER's per-document table: what ``dscorer score --csv`` and ``--per-doc`` write, the app's corpus
table and the rows of ``CorpusResult.to_pandas()``. It reads the results by their attributes and
imports none of their modules (so the notebook renderer can use it without an import circle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scoring import CorpusResult, DocumentScore


def document_table(result: CorpusResult) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the per-document table: index, P, R, F, f0..fn, clause counts, sentence
    (the CLI's --per-doc and --csv, and the app's corpus table and download)."""
    return documents_table(result.documents, result.settings.order)


def documents_table(documents: Sequence[DocumentScore], order: int) -> tuple[list[str], list[list[object]]]:
    """``document_table`` of these documents scored up to ``order``."""
    header = ["index", "P", "R", "F"] + [f"f{k}" for k in range(0, order + 1)] + \
             ["pred_clauses", "gold_clauses", "sentence"]
    rows = [[d.index, d.score.P, d.score.R, d.score.F] + [o.f for o in d.score.orders] +
            [d.pred_clauses, d.gold_clauses, d.sentence or ""] for d in documents]
    return header, rows
