"""DSCORER scores of one pair: per-order precision/recall/F and their weighted geometric mean.

The formulas themselves live in ``dscorer_core.formula`` (docs/metric.md, "Scores"); this
module turns count rows into ``Score`` objects and scores one pair through the same
batch counting the corpus path uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from ..clauses import Drs
from ..formula import DscorerRows, dscorer_rows, zero_gram_ratios
from ..notebook_methods import Brief, PairNotebook, SettledCorpus
from .engines import PairBatch, check_batch, count_ngrams, get_engine, uses_walks
from .fast_engine import BatchCounts
from .induction import Graph
from .ngram_counts import NgramCounts
from .presets import get_preset
from .senses import scored_graphs
from .settings import ScoreSettings


@dataclass(frozen=True)
class OrderCounts:
    """Counts behind one order: matched k-grams and how many each side has (k = 0: nodes)."""

    k: int
    matched: int
    pred: int
    gold: int


@dataclass(frozen=True)
class OrderScore:
    """Precision, recall and F of one order, with the counts behind them."""

    k: int
    matched: int
    pred: int
    gold: int
    p: float
    r: float
    f: float
    weight: float = 0.0

    def as_dict(self) -> dict[str, float]:
        return {"k": self.k, "matched": self.matched, "pred": self.pred, "gold": self.gold,
                "p": self.p, "r": self.r, "f": self.f, "weight": self.weight}


@dataclass(frozen=True, repr=False)
class Score(Brief):
    """A combined DSCORER score and the per-order figures it is built from."""

    P: float
    R: float
    F: float
    orders: tuple[OrderScore, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"P": self.P, "R": self.R, "F": self.F}
        if self.orders:
            d["orders"] = [o.as_dict() for o in self.orders]
        return d

@dataclass(frozen=True, repr=False)
class PairResult(PairNotebook):
    """The score of one predicted/gold pair, with its graphs; the n-gram tables are counted on first use."""

    score: Score
    counts: tuple[OrderCounts, ...]
    pred_graph: Graph
    gold_graph: Graph
    settings: ScoreSettings
    #: Both graphs' k-gram tables when scoring already counted them (the reference engine), else None.
    counted: tuple[NgramCounts, NgramCounts] | None = field(default=None, repr=False, compare=False)

    @property
    def signature(self) -> str:
        return self.settings.signature()

    @cached_property
    def pred_ngrams(self) -> NgramCounts:
        """The predicted graph's k-gram tables (for display: which k-grams, how often)."""
        if self.counted is not None:
            return self.counted[0]
        return count_ngrams(self.pred_graph, self.settings.order, self.settings.engine, None)

    @cached_property
    def gold_ngrams(self) -> NgramCounts:
        """The gold graph's k-gram tables."""
        if self.counted is not None:
            return self.counted[1]
        return count_ngrams(self.gold_graph, self.settings.order, self.settings.engine, None)

@dataclass(frozen=True, repr=False)
class DocumentScore(Brief):
    """One document's score in a corpus run (graphs are not kept, to save memory)."""

    index: int
    sentence: str | None
    score: Score
    counts: tuple[OrderCounts, ...]
    pred_clauses: int
    gold_clauses: int

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"index": self.index, "sentence": self.sentence}
        d.update(self.score.as_dict())
        d["pred_clauses"], d["gold_clauses"] = self.pred_clauses, self.gold_clauses
        return d

@dataclass(frozen=True, repr=False)
class CorpusResult(SettledCorpus):
    """Micro and macro corpus scores, every document's score, and the settings."""

    micro: Score
    macro: Score
    documents: tuple[DocumentScore, ...]
    settings: ScoreSettings
    extra: dict[str, Any] = field(default_factory=dict)
    #: How many documents were scored when ``documents`` was not kept (a streamed corpus: ``CorpusTotals``).
    count: int | None = None

    def as_dict(self, per_doc: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {
            "signature": self.signature, "preset": self.settings.preset_label, "order": self.settings.order,
            "w0": self.settings.w0, "engine": self.settings.engine, "n_documents": self.n_documents,
            "micro": self.micro.as_dict(), "macro": self.macro.as_dict()}
        if per_doc:
            d["documents"] = [doc.as_dict() for doc in self.documents]
        return d

def scores_of_rows(counts: Sequence[tuple[OrderCounts, ...]], zero_grams: Sequence[float],
                   settings: ScoreSettings) -> list[Score]:
    """The Score of every row of counts (row[0] the node counts, row[1:] orders 1..n), in one
    vectorised call of ``formula.dscorer_rows``; ``zero_grams`` gives each row's 0-gram ratio."""
    if not counts:
        return []
    table = np.array([[(c.matched, c.pred, c.gold) for c in row[1:]] for row in counts], dtype=np.float64)
    found = dscorer_rows(table[:, :, 0], table[:, :, 1], table[:, :, 2], zero_grams, settings.w0,
                         settings.preset_spec.missing_orders)
    return _scores(found, counts)


def _scores(found: DscorerRows, counts: Sequence[tuple[OrderCounts, ...]]) -> list[Score]:
    """Score objects from the rows ``formula.dscorer_rows`` computed."""
    big_p, big_r, big_f = found.P.tolist(), found.R.tolist(), found.F.tolist()
    ps, rs, fs, ws = found.p.tolist(), found.r.tolist(), found.f.tolist(), found.weights.tolist()
    out = []
    for i, row in enumerate(counts):
        orders = tuple(OrderScore(c.k, c.matched, c.pred, c.gold, p, r, f, w)
                       for c, p, r, f, w in zip(row, ps[i], rs[i], fs[i], ws[i]))
        out.append(Score(big_p[i], big_r[i], big_f[i], orders))
    return out


def score_counts(counts: Sequence[OrderCounts], zero_gram: float, settings: ScoreSettings) -> Score:
    """Turn per-order counts into a Score: counts[0] is the node row (k = 0), counts[1:] the k-grams.

    ``zero_gram`` is the 0-gram ratio (per document min/max of node counts; mean of
    those over a corpus), which the node counts alone cannot give for a corpus.
    """
    return scores_of_rows([tuple(counts)], [zero_gram], settings)[0]


def pair_counts(pred: NgramCounts, gold: NgramCounts) -> tuple[OrderCounts, ...]:
    """Per-order matched/pred/gold counts of two graphs' n-grams; k = 0 compares node counts."""
    zero = OrderCounts(0, min(pred.node_count, gold.node_count), pred.node_count, gold.node_count)
    rest = tuple(OrderCounts(k, pred.tables[k - 1].matched(gold.tables[k - 1]),
                             pred.total(k), gold.total(k)) for k in range(1, pred.order + 1))
    return (zero, *rest)


def zero_gram_ratio(c: OrderCounts) -> float:
    """The 0-gram term of one pair from its node row: min / max of the node counts (1 if both are 0)."""
    return float(zero_gram_ratios(c.matched, c.pred, c.gold))


def zero_gram_ratios_of(docs: Sequence[DocumentScore]) -> list[float]:
    """Every document's 0-gram ratio, in one vectorised call."""
    ratios: list[float] = zero_gram_ratios([d.counts[0].matched for d in docs], [d.counts[0].pred for d in docs],
                                           [d.counts[0].gold for d in docs]).tolist()
    return ratios


def batch_rows(counts: BatchCounts, order: int) -> list[tuple[OrderCounts, ...]]:
    """Every pair's count row of an engine's ``BatchCounts``: node counts (k = 0), then orders 1..order."""
    nodes = counts.nodes.tolist()
    matched = counts.matched.T.tolist()
    totals = counts.totals.T.tolist()
    rows: list[tuple[OrderCounts, ...]] = []
    for i in range(len(nodes) // 2):
        n_pred, n_gold = nodes[2 * i], nodes[2 * i + 1]
        pred_totals, gold_totals = totals[2 * i], totals[2 * i + 1]
        rows.append((OrderCounts(0, min(n_pred, n_gold), n_pred, n_gold), *(
            OrderCounts(k + 1, matched[i][k], pred_totals[k], gold_totals[k]) for k in range(order))))
    return rows


def score_graphs(pred: Graph, gold: Graph, settings: ScoreSettings | None = None) -> PairResult:
    """Score two already-induced graphs (same preset) against each other, as a batch of one pair."""
    settings = settings or ScoreSettings()
    batch = PairBatch([pred.induced, gold.induced])
    bounds = check_batch(batch, settings.order, settings.max_ngrams, engine=settings.engine)
    walks = uses_walks(settings.engine, float(bounds.sum()), len(batch.arrays.edge_sources), settings.order,
                       pred.induced.preset.merge_constants)
    engine = get_engine("walks" if walks else settings.engine)
    counts = batch_rows(engine.count(batch, settings.order), settings.order)[0]
    return PairResult(score_counts(counts, zero_gram_ratio(counts[0]), settings), counts, pred, gold, settings)


def score_pair(pred: Drs, gold: Drs, settings: ScoreSettings | None = None, **changes: Any) -> PairResult:
    """Score one predicted DRS against one gold DRS.

    Settings come as a ScoreSettings, as keywords (preset, order, w0, engine, max_ngrams), or both.
    """
    settings = (settings or ScoreSettings()).replace(**changes)
    preset = get_preset(settings.preset)
    return score_graphs(*scored_graphs(pred, gold, preset), settings)  # WordNet senses: senses.py
