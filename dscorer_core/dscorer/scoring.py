"""DSCORER scores of one pair: per-order precision/recall/F and their weighted geometric mean (spec section 3)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from ..clauses import Drs
from .engines import count_ngrams
from .induction import Graph, induce_graph
from .ngram_counts import NgramCounts
from .presets import get_preset
from .settings import ScoreSettings

__all__ = [
    "OrderCounts",
    "OrderScore",
    "Score",
    "PairResult",
    "CorpusResult",
    "order_weights",
    "combine",
    "score_pair",
    "score_graphs",
    "score_counts",
        "pair_counts",
    "score_document",
    "zero_gram_ratio",
    "LOG_FLOOR",
]

#: A zero inside a log is replaced by this (as the released code does).
LOG_FLOOR = 1e-3


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def _f(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


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

    def as_dict(self) -> dict:
        return {"k": self.k, "matched": self.matched, "pred": self.pred, "gold": self.gold,
                "p": self.p, "r": self.r, "f": self.f, "weight": self.weight}


@dataclass(frozen=True)
class Score:
    """A combined DSCORER score and the per-order figures it is built from."""

    P: float
    R: float
    F: float
    orders: tuple[OrderScore, ...] = ()

    def as_dict(self) -> dict:
        d: dict = {"P": self.P, "R": self.R, "F": self.F}
        if self.orders:
            d["orders"] = [o.as_dict() for o in self.orders]
        return d


@dataclass(frozen=True)
class PairResult:
    """The score of one predicted/gold pair, with its graphs and n-gram counts."""

    score: Score
    counts: tuple[OrderCounts, ...]
    pred_graph: Graph
    gold_graph: Graph
    pred_ngrams: NgramCounts
    gold_ngrams: NgramCounts
    settings: ScoreSettings

    @property
    def signature(self) -> str:
        return self.settings.signature()


@dataclass(frozen=True)
class DocumentScore:
    """One document's score in a corpus run (graphs are not kept, to save memory)."""

    index: int
    sentence: str | None
    score: Score
    counts: tuple[OrderCounts, ...]
    pred_clauses: int
    gold_clauses: int

    def as_dict(self) -> dict:
        d = {"index": self.index, "sentence": self.sentence}
        d.update(self.score.as_dict())
        d["pred_clauses"], d["gold_clauses"] = self.pred_clauses, self.gold_clauses
        return d


@dataclass(frozen=True)
class CorpusResult:
    """Micro and macro corpus scores, every document's score, and the settings."""

    micro: Score
    macro: Score
    documents: tuple[DocumentScore, ...]
    settings: ScoreSettings
    extra: dict = field(default_factory=dict)

    @property
    def signature(self) -> str:
        return self.settings.signature()

    def as_dict(self, per_doc: bool = False) -> dict:
        d = {"signature": self.signature, "preset": self.settings.preset, "order": self.settings.order,
             "w0": self.settings.w0, "engine": self.settings.engine, "n_documents": len(self.documents),
             "micro": self.micro.as_dict(), "macro": self.macro.as_dict()}
        if per_doc:
            d["documents"] = [doc.as_dict() for doc in self.documents]
        return d


def order_weights(order: int, w0: float, pred_totals: Sequence[int], gold_totals: Sequence[int],
                  rule: str) -> tuple[float, ...]:
    """Weights w_0..w_n after leaving out the orders that cannot be compared.

    ``released``: orders from the first the predicted side lacks are left out, and
    each kept order gets the mean left-out weight added (the total can differ from 1).
    ``renormalise``: orders neither side has are left out and their weight is
    shared equally by the kept orders k >= 1 (w_0 alone if none is kept).
    """
    wk = (1.0 - w0) / order
    weights = [w0] + [wk] * order
    if rule == "released":
        kept = 0
        while kept < order and pred_totals[kept] > 0:
            kept += 1
        left_out = order - kept
        if left_out:
            extra = sum(weights[kept + 1:]) / left_out
            weights = [w0] + [wk + extra] * kept + [0.0] * left_out
        return tuple(weights)
    kept_orders = [k for k in range(1, order + 1) if pred_totals[k - 1] or gold_totals[k - 1]]
    if len(kept_orders) == order:
        return tuple(weights)
    if not kept_orders:
        return tuple([1.0] + [0.0] * order)
    share = wk * (order - len(kept_orders)) / len(kept_orders)
    return tuple([w0] + [wk + share if k in kept_orders else 0.0 for k in range(1, order + 1)])


def combine(values: Sequence[float], weights: Sequence[float]) -> float:
    """exp(sum w_k log v_k) over the orders with weight, a zero taken as LOG_FLOOR."""
    total = 0.0
    for v, w in zip(values, weights):
        if w:
            total += w * math.log(v if v > 0 else LOG_FLOOR)
    return math.exp(total)


def score_counts(counts: Sequence[OrderCounts], zero_gram: float, settings: ScoreSettings) -> Score:
    """Turn per-order counts into a Score: counts[0] is the node row (k = 0), counts[1:] the k-grams.

    ``zero_gram`` is the 0-gram ratio (per document min/max of node counts; mean of
    those over a corpus), which the node counts alone cannot give for a corpus.
    """
    preset = get_preset(settings.preset)
    grams = counts[1:]
    weights = order_weights(settings.order, settings.w0, [c.pred for c in grams],
                            [c.gold for c in grams], preset.missing_orders)
    z = counts[0]
    orders = [OrderScore(0, z.matched, z.pred, z.gold, zero_gram, zero_gram, zero_gram, weights[0])]
    for c in grams:
        p, r = _ratio(c.matched, c.pred), _ratio(c.matched, c.gold)
        orders.append(OrderScore(c.k, c.matched, c.pred, c.gold, p, r, _f(p, r), weights[c.k]))
    return Score(combine([o.p for o in orders], weights), combine([o.r for o in orders], weights),
                 combine([o.f for o in orders], weights), tuple(orders))


def pair_counts(pred: NgramCounts, gold: NgramCounts) -> tuple[OrderCounts, ...]:
    """Per-order matched/pred/gold counts of two graphs' n-grams; k = 0 compares node counts."""
    zero = OrderCounts(0, min(pred.node_count, gold.node_count), pred.node_count, gold.node_count)
    rest = tuple(OrderCounts(k, pred.tables[k - 1].matched(gold.tables[k - 1]),
                             pred.total(k), gold.total(k)) for k in range(1, pred.order + 1))
    return (zero,) + rest


def zero_gram_ratio(c: OrderCounts) -> float:
    return c.matched / max(c.pred, c.gold) if max(c.pred, c.gold) else 1.0


def score_graphs(pred: Graph, gold: Graph, settings: ScoreSettings | None = None) -> PairResult:
    """Score two already-induced graphs (same preset) against each other."""
    settings = settings or ScoreSettings()
    pn = count_ngrams(pred, settings.order, settings.engine, settings.max_ngrams)
    gn = count_ngrams(gold, settings.order, settings.engine, settings.max_ngrams)
    counts = pair_counts(pn, gn)
    score = score_counts(counts, zero_gram_ratio(counts[0]), settings)
    return PairResult(score, counts, pred, gold, pn, gn, settings)


def score_pair(pred: Drs, gold: Drs, settings: ScoreSettings | None = None, **kwargs) -> PairResult:
    """Score one predicted DRS against one gold DRS.

    Settings come as a ScoreSettings or as keywords (preset, order, w0, engine).
    """
    settings = (settings or ScoreSettings()).replace(**kwargs) if kwargs else (settings or ScoreSettings())
    return score_graphs(induce_graph(pred, settings.preset), induce_graph(gold, settings.preset), settings)


def score_document(pred: Drs, gold: Drs, settings: ScoreSettings, index: int) -> DocumentScore:
    """Score one pair for a corpus run, keeping only what the corpus figures need."""
    res = score_pair(pred, gold, settings)
    return DocumentScore(index, gold.sentence or pred.sentence, res.score, res.counts,
                         len(pred.clauses), len(gold.clauses))
