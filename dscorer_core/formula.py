"""Precision, recall, F and the DSCORER combined score, over rows of counts: the one place they are computed.

Every figure dscorer prints goes through here: one pair (one row), every document of a
corpus at once (one row each), micro corpus totals (one row of summed counts), bootstrap
samples (one row per sample), COUNTER's clause counts and Smatch's triple counts; ``prf_scalar`` is
``prf`` for one row of Python numbers (the same operations, so the same bits), which ``dscorer
smatch`` uses to start without numpy: numpy is imported by the functions that need it, on first call.
The definitions are in docs/metric.md ("Scores").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

    Floats = NDArray[np.float64]


#: A zero inside a log is replaced by this (as the released code does).
LOG_FLOOR = 1e-3

#: How orders that cannot be compared are left out (docs/metric.md, "Orders that cannot be compared").
WeightRule = Literal["released", "renormalise"]

def prf_scalar(matched: float, pred: float, gold: float) -> tuple[float, float, float]:
    """``prf`` of one row of Python numbers: P = matched / pred, R = matched / gold, F = 2PR / (P + R),
    0 where undefined; the same floating-point operations in the same order as ``prf``."""
    p = matched / pred if pred else 0.0
    r = matched / gold if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def ratio(numerator: ArrayLike, denominator: ArrayLike) -> Floats:
    """numerator / denominator elementwise, 0 where the denominator is 0."""
    import numpy as np

    a = np.asarray(numerator, dtype=np.float64)
    b = np.asarray(denominator, dtype=np.float64)
    return np.divide(a, b, out=np.zeros(np.broadcast_shapes(a.shape, b.shape)), where=b != 0)


def prf(matched: ArrayLike, pred: ArrayLike, gold: ArrayLike) -> tuple[Floats, Floats, Floats]:
    """P = matched / pred, R = matched / gold and F = 2PR / (P + R), elementwise (0 where undefined)."""
    p, r = ratio(matched, pred), ratio(matched, gold)
    return p, r, ratio(2 * p * r, p + r)


def sum_rows(features: ArrayLike, weights: ArrayLike | None = None) -> Floats:
    """Weighted column sums (samples x features) of per-document rows (documents x features), for
    weights of shape samples x documents (default: each document once).  Whole-number columns go
    through one matrix product (exact below 2**53); fractional ones (DSCORER's 0-gram ratio) are
    summed document by document, in order, so the all-ones weights reproduce a corpus sum bit for bit."""
    import numpy as np

    f = np.asarray(features, dtype=np.float64)
    w = np.ones((1, f.shape[0])) if weights is None else np.atleast_2d(np.asarray(weights, dtype=np.float64))
    out: Floats = w @ f
    for j in np.flatnonzero(np.any(f != np.round(f), axis=0)):
        out[:, j] = np.cumsum(w * f[:, j], axis=1)[:, -1]
    return out


def mean_rows(values: ArrayLike, weights: ArrayLike | None = None) -> Floats:
    """The (weighted) mean of rows of figures (documents x figures), summed document by document in
    order, so that all-ones weights give exactly ``sum(values) / n`` as Python sums it (the macro
    average of a corpus; ``weights``: samples x documents gives one mean per sample)."""
    import numpy as np

    v = np.asarray(values, dtype=np.float64)
    w = np.ones((1, v.shape[0])) if weights is None else np.atleast_2d(np.asarray(weights, dtype=np.float64))
    total = np.zeros((w.shape[0], v.shape[1]))
    for i in range(v.shape[0]):  # in document order: the sums of a float column depend on it
        total += w[:, i:i + 1] * v[i]
    means: Floats = total / w.sum(axis=1, keepdims=True)
    return means


def order_weights(order: int, w0: float, pred_present: Sequence[bool], gold_present: Sequence[bool],
                  rule: WeightRule) -> tuple[float, ...]:
    """Weights w_0..w_n after leaving out the orders k = 1..n that cannot be compared.

    ``released``: orders from the first one the predicted side lacks are left out, and
    each kept order gets the mean left-out weight added (the total can differ from 1).
    ``renormalise``: orders neither side has are left out and their weight is
    shared equally by the kept orders k >= 1 (w_0 alone if none is kept).
    """
    wk = (1.0 - w0) / order
    weights = [w0] + [wk] * order
    if rule == "released":
        kept = 0
        while kept < order and pred_present[kept]:
            kept += 1
        left_out = order - kept
        if left_out:
            extra = sum(weights[kept + 1:]) / left_out
            weights = [w0] + [wk + extra] * kept + [0.0] * left_out
        return tuple(weights)
    kept_orders = [k for k in range(1, order + 1) if pred_present[k - 1] or gold_present[k - 1]]
    if len(kept_orders) == order:
        return tuple(weights)
    if not kept_orders:
        return tuple([1.0] + [0.0] * order)
    share = wk * (order - len(kept_orders)) / len(kept_orders)
    return tuple([w0] + [wk + share if k in kept_orders else 0.0 for k in range(1, order + 1)])


def weight_rows(pred_totals: ArrayLike, gold_totals: ArrayLike, w0: float, rule: WeightRule) -> Floats:
    """``order_weights`` for every row of k-gram totals (rows x n), computed once per distinct
    pattern of present and absent orders (nearly always one pattern for a corpus)."""
    import numpy as np

    pred = np.asarray(pred_totals)
    gold = np.asarray(gold_totals)
    order = pred.shape[1]
    present = np.hstack([pred > 0, gold > 0])
    if not len(present) or (present == present[0]).all():
        patterns, which = present[:1], np.zeros(len(present), dtype=np.intp)
    else:
        patterns, which = np.unique(present, axis=0, return_inverse=True)
    table = np.array([order_weights(order, w0, p[:order].tolist(), p[order:].tolist(), rule) for p in patterns],
                     dtype=np.float64).reshape(-1, order + 1)
    return table[np.asarray(which).reshape(-1)]


def combine_rows(values: ArrayLike, weights: ArrayLike) -> Floats:
    """exp(sum_k w_k log v_k) over the orders with weight, a zero taken as LOG_FLOOR, per row of the
    last two axes (values ... x rows x (n + 1), weights rows x (n + 1))."""
    import numpy as np

    v = np.asarray(values, dtype=np.float64)
    w = np.asarray(weights, dtype=np.float64)
    terms = np.where(w != 0, w * np.log(np.where(v > 0, v, LOG_FLOOR)), 0.0)
    total = terms[..., 0].copy()
    for k in range(1, terms.shape[-1]):  # order by order, so every caller sums in the same order
        total += terms[..., k]
    combined: Floats = np.exp(total)
    return combined


@dataclass(frozen=True)
class DscorerRows:
    """DSCORER figures of many rows: combined P, R, F (rows) and per order k = 0..n
    p, r, f and weight (rows x (n + 1); column 0 is the 0-gram term)."""

    P: Floats
    R: Floats
    F: Floats
    p: Floats
    r: Floats
    f: Floats
    weights: Floats


def dscorer_rows(matched: ArrayLike, pred: ArrayLike, gold: ArrayLike, zero_gram: ArrayLike, w0: float,
                 rule: WeightRule) -> DscorerRows:
    """DSCORER scores from k-gram counts (rows x n: orders 1..n) and the 0-gram ratio of each row.

    Per order p_k, r_k, f_k (``prf``); the preset's ``rule`` for orders that cannot be
    compared; then the weighted geometric mean of p, r and f separately (the combined F
    is built from the f_k, not from the combined P and R).
    """
    import numpy as np

    m = np.atleast_2d(np.asarray(matched, dtype=np.float64))
    pt = np.atleast_2d(np.asarray(pred, dtype=np.float64))
    gt = np.atleast_2d(np.asarray(gold, dtype=np.float64))
    zero = np.asarray(zero_gram, dtype=np.float64).reshape(-1, 1)
    weights = weight_rows(pt, gt, w0, rule)
    p, r, f = (np.hstack([zero, x]) for x in prf(m, pt, gt))
    combined = combine_rows(np.stack([p, r, f]), weights)  # P, R and F in one pass
    return DscorerRows(combined[0], combined[1], combined[2], p, r, f, weights)


def zero_gram_ratios(matched_nodes: ArrayLike, pred_nodes: ArrayLike, gold_nodes: ArrayLike) -> Floats:
    """The 0-gram term of each row: min(|N_pred|, |N_gold|) (the matched nodes) / max(...), 1 when both are 0."""
    import numpy as np

    high = np.maximum(np.asarray(pred_nodes, dtype=np.float64), np.asarray(gold_nodes, dtype=np.float64))
    low = np.asarray(matched_nodes, dtype=np.float64)
    return np.divide(low, high, out=np.ones(np.broadcast(low, high).shape), where=high != 0)
