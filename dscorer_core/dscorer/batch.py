"""Scoring many DRS pairs at once: one fast-engine enumeration over the union of their graphs.

``score_documents`` gives exactly the DocumentScores that ``scoring.score_document``
gives pair by pair (the tests check it on every PMB dev pair); with the fast
engine it skips building Node and Edge objects and counts a whole batch of
small graphs with a handful of numpy calls instead of a few hundred per pair.
A pair too big to enumerate cheaply (``engines.WALKS_FROM``) is counted on its own by label
sequence (``walk_engine``), as is every batch under the ``walks`` engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..clauses import Drs
from ..errors import NgramExplosion
from ..formula import zero_gram_ratios
from .arrays import GraphBatch, arrays_from_drss
from .engines import drs_name, uses_walks
from .fast_engine import BatchCounts, count_batch, path_bounds
from .scoring import DocumentScore, OrderCounts, score_document, scores_of_rows
from .senses import scored_pair
from .settings import ScoreSettings
from .walk_engine import count_batch_walks

__all__ = ["score_documents", "BATCH_PATHS"]

#: Pairs are counted together until the bound on their top-order k-grams reaches this
#: (it bounds the memory of one batch; a bigger pair is counted on its own).
BATCH_PATHS = 4_000_000


def score_documents(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings,
                    first_index: int = 0, progress: Callable[[int, int], None] | None = None
                    ) -> list[DocumentScore]:
    """Score aligned DRSs pair by pair (document indices from ``first_index``), batching the fast engine.

    Raises NgramExplosion for the first DRS (pred before gold) whose bound exceeds
    ``settings.max_ngrams``, as scoring pair by pair would.
    """
    if settings.engine not in ("fast", "walks"):
        docs = []
        for i, (pred, gold) in enumerate(zip(preds, golds)):
            docs.append(score_document(pred, gold, settings, first_index + i))
            if progress:
                progress(i + 1, len(preds))
        return docs
    # as scored: WordNet synsets under one name per pair (senses.py); clause counts stay as written
    drss = [drs for pair in zip(preds, golds) for drs in scored_pair(*pair, settings.preset)]
    batch = arrays_from_drss(drss, settings.preset)
    bounds = path_bounds(batch, settings.order)
    if settings.max_ngrams is not None:
        over = np.flatnonzero(bounds > settings.max_ngrams)
        if len(over):
            g = int(over[0])
            raise NgramExplosion(drs_name(drss[g]), settings.order, int(bounds[g]), settings.max_ngrams)
    docs = []
    pair_bounds = bounds[0::2] + bounds[1::2]
    edges = np.diff(batch.edge_offsets)
    pair_edges = (edges[0::2] + edges[1::2]).tolist()
    by_walks = [uses_walks(settings.engine, b, e, settings.order) for b, e in zip(pair_bounds.tolist(), pair_edges)]
    for first, stop in _batches(pair_bounds, BATCH_PATHS, by_walks if settings.engine == "fast" else None):
        counts = _count(batch.select(2 * first, 2 * stop), settings.order, by_walks[first])
        docs.extend(_documents(counts, preds[first:stop], golds[first:stop], settings, first_index + first))
        if progress:
            for i in range(first, stop):
                progress(i + 1, len(preds))
    return docs


def _count(batch: GraphBatch, order: int, walks: bool) -> BatchCounts:
    """Count a batch by label sequence (``walks``) or by enumerating its paths."""
    if walks:
        return count_batch_walks(batch, order)
    return count_batch(batch, order)


def _batches(pair_bounds: np.ndarray, budget: float, alone: list[bool] | None = None) -> list[tuple[int, int]]:
    """Consecutive ranges of pairs whose bounds add up to at most ``budget`` (one pair at least);
    a pair marked ``alone`` (counted by label sequence among pairs whose paths are enumerated)
    is a range of its own."""
    ranges, first, used, last_alone = [], 0, 0.0, False
    for i, bound in enumerate(pair_bounds.tolist()):
        big = bool(alone and alone[i])
        if i > first and (used + bound > budget or big or last_alone):
            ranges.append((first, i))
            first, used = i, 0.0
        last_alone = big
        used += bound
    if first < len(pair_bounds):
        ranges.append((first, len(pair_bounds)))
    return ranges


def _documents(counts: BatchCounts, preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings,
               first_index: int) -> list[DocumentScore]:
    """The DocumentScores of the pairs of a counted batch, scored in one vectorised call."""
    nodes = counts.nodes.tolist()
    matched = counts.matched.T.tolist()
    totals = counts.totals.T.tolist()
    rows: list[tuple[OrderCounts, ...]] = []
    for i in range(len(preds)):
        n_pred, n_gold = nodes[2 * i], nodes[2 * i + 1]
        pred_totals, gold_totals = totals[2 * i], totals[2 * i + 1]
        rows.append((OrderCounts(0, min(n_pred, n_gold), n_pred, n_gold), *(
            OrderCounts(k + 1, matched[i][k], pred_totals[k], gold_totals[k]) for k in range(settings.order))))
    zero = zero_gram_ratios([r[0].matched for r in rows], [r[0].pred for r in rows], [r[0].gold for r in rows])
    scores = scores_of_rows(rows, zero.tolist(), settings)
    return [DocumentScore(first_index + i, gold.sentence or pred.sentence, score, row, len(pred.clauses),
                          len(gold.clauses))
            for i, (pred, gold, score, row) in enumerate(zip(preds, golds, scores, rows))]
