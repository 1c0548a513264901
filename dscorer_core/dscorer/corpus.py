"""DSCORER scores of a corpus: every document scored (in batches, or in several processes),
then micro figures from summed counts and macro figures as the mean of documents (docs/metric.md, "Corpus scores")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..clauses import Drs
from ..errors import DrsCountMismatch
from .batch import score_documents
from .scoring import (
    CorpusResult,
    DocumentScore,
    OrderCounts,
    Score,
    score_counts,
    zero_gram_ratios_of,
)
from .settings import ScoreSettings

__all__ = ["score_corpus", "corpus_from_documents", "document_table"]


def score_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings | None = None,
                 progress: Callable[[int, int], None] | None = None, jobs: int = 1, **changes: Any) -> CorpusResult:
    """Score aligned lists of DRSs: micro (summed counts) and macro (mean of documents).

    ``progress``, if given, is called as progress(done, total) after each document.
    """
    settings = (settings or ScoreSettings()).replace(**changes)
    if len(preds) != len(golds):
        raise DrsCountMismatch("pred", "gold", len(preds), len(golds))
    if jobs and jobs > 1 and len(preds) > 1:
        from .parallel import score_documents_parallel  # multiprocessing: only for --jobs

        docs = score_documents_parallel(preds, golds, settings, jobs, progress)
    else:
        docs = score_documents(preds, golds, settings, progress=progress)
    return corpus_from_documents(docs, settings)


def corpus_from_documents(docs: Sequence[DocumentScore], settings: ScoreSettings) -> CorpusResult:
    """Micro figures from summed per-document counts; macro as the mean of documents."""
    n = settings.order
    if not docs:
        empty = Score(0.0, 0.0, 0.0)
        return CorpusResult(empty, empty, (), settings)
    summed = [OrderCounts(k, sum(d.counts[k].matched for d in docs), sum(d.counts[k].pred for d in docs),
                          sum(d.counts[k].gold for d in docs)) for k in range(0, n + 1)]
    zero = sum(zero_gram_ratios_of(docs)) / len(docs)  # summed in document order, as the count tables do
    micro = score_counts(summed, zero, settings)
    m = len(docs)
    macro = Score(sum(d.score.P for d in docs) / m, sum(d.score.R for d in docs) / m,
                  sum(d.score.F for d in docs) / m)
    return CorpusResult(micro, macro, tuple(docs), settings)


def document_table(result: CorpusResult) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the per-document table: index, P, R, F, f0..fn, clause counts, sentence
    (the CLI's --per-doc and --csv, and the app's corpus table and download)."""
    n = result.settings.order
    header = ["index", "P", "R", "F"] + [f"f{k}" for k in range(0, n + 1)] + \
             ["pred_clauses", "gold_clauses", "sentence"]
    rows = [[d.index, d.score.P, d.score.R, d.score.F] + [o.f for o in d.score.orders] +
            [d.pred_clauses, d.gold_clauses, d.sentence or ""] for d in result.documents]
    return header, rows
