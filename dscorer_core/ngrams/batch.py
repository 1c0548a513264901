"""Scoring many DRS pairs at once: the engine counts a batch of pairs together.

``score_documents`` gives exactly the DocumentScores that ``scoring.score_pair`` gives
pair by pair (the tests check it on every PMB dev pair); the graphs are induced without
building Node and Edge objects, checked by the one guard (``engines.check_batch``) and counted
by ``Engine.count`` in batches (the fast engine counts a whole batch of small graphs with a
handful of numpy calls instead of a few hundred per pair). A pair too big to enumerate cheaply
(``engines.uses_walks``) is counted on its own by label sequence (``walk_engine``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..clauses import Drs
from ..formula import zero_gram_ratios
from .engines import Engine, PairBatch, check_batch, get_engine, uses_walks
from .induction import induce
from .presets import get_preset
from .scoring import DocumentScore, batch_rows, scores_of_rows
from .senses import scored_pair
from .settings import ScoreSettings

#: Pairs are counted together until the bound on their top-order k-grams reaches this
#: (it bounds the memory of one batch; a bigger pair is counted on its own).
BATCH_PATHS = 4_000_000


def score_documents(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings,
                    first_index: int = 0, progress: Callable[[int, int], None] | None = None
                    ) -> list[DocumentScore]:
    """Score aligned DRSs pair by pair (document indices from ``first_index``), counted in batches.

    Raises NgramExplosion for the first DRS (pred before gold) whose bound exceeds
    ``settings.max_ngrams``, as scoring pair by pair would.
    """
    engine = get_engine(settings.engine)
    preset = get_preset(settings.preset)
    # as scored: WordNet synsets under one name per pair (senses.py); clause counts stay as written
    batch = PairBatch([induce(drs, preset) for pair in zip(preds, golds) for drs in scored_pair(*pair, preset)])
    bounds = check_batch(batch, settings.order, settings.max_ngrams, engine=settings.engine)
    docs = []
    pair_bounds = bounds[0::2] + bounds[1::2]
    edges = np.diff(batch.arrays.edge_offsets)
    pair_edges = (edges[0::2] + edges[1::2]).tolist()
    by_walks = [uses_walks(settings.engine, b, e, settings.order, preset.merge_constants)
                for b, e in zip(pair_bounds.tolist(), pair_edges)]
    walks = get_engine("walks")
    for first, stop in _batches(pair_bounds, BATCH_PATHS, by_walks if settings.engine == "fast" else None):
        docs.extend(_documents(walks if by_walks[first] else engine, batch.select(first, stop), preds[first:stop],
                               golds[first:stop], settings, first_index + first))
        if progress:
            for i in range(first, stop):
                progress(i + 1, len(preds))
    return docs


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


def _documents(engine: Engine, batch: PairBatch, preds: Sequence[Drs], golds: Sequence[Drs],
               settings: ScoreSettings, first_index: int) -> list[DocumentScore]:
    """The DocumentScores of a batch's pairs, counted by the engine and scored in one vectorised call."""
    rows = batch_rows(engine.count(batch, settings.order), settings.order)
    zero = zero_gram_ratios([r[0].matched for r in rows], [r[0].pred for r in rows], [r[0].gold for r in rows])
    scores = scores_of_rows(rows, zero.tolist(), settings)
    return [DocumentScore(first_index + i, gold.sentence or pred.sentence, score, row, len(pred.clauses),
                          len(gold.clauses))
            for i, (pred, gold, score, row) in enumerate(zip(preds, golds, scores, rows))]
