"""Bootstrap confidence intervals of corpus scores, resampling documents (Koehn 2004; as sacreBLEU)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import SettingsError
from .resampling import bootstrap_weights, stats_signature
from .tables import FIGURES, CountTable


@dataclass(frozen=True)
class Interval:
    """A percentile bootstrap interval of one figure around its full-corpus value."""

    figure: str
    estimate: float
    low: float
    high: float
    mean: float
    std: float

    def as_dict(self) -> dict:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "mean": self.mean, "std": self.std}


@dataclass(frozen=True)
class ConfidenceIntervals:
    """Intervals for P, R and F of one system, with what produced them."""

    P: Interval
    R: Interval
    F: Interval
    level: float
    samples: int
    seed: int
    signature: str

    def figure(self, name: str) -> Interval:
        return {"P": self.P, "R": self.R, "F": self.F}[name]

    def as_dict(self) -> dict:
        return {"level": self.level, "signature": self.signature,
                **{name: self.figure(name).as_dict() for name in FIGURES}}


def bootstrap_distribution(table: CountTable, weights: np.ndarray) -> np.ndarray:
    """P, R, F of every bootstrap sample (samples x 3), micro figures recomputed from resampled counts."""
    return table.corpus_scores(weights)


def confidence_intervals(table: CountTable, samples: int = 1000, seed: int = 1, level: float = 0.95,
                         weights: np.ndarray | None = None) -> ConfidenceIntervals:
    """Percentile bootstrap intervals of P, R, F: the (1-level)/2 and (1+level)/2 quantiles
    of the scores of ``samples`` corpora drawn from the documents with replacement.

    Pass ``weights`` (from ``bootstrap_weights``) to share one resample between systems.
    """
    if not 0.0 < level < 1.0:
        raise SettingsError(f"confidence level must be in (0, 1), not {level!r}")
    if weights is None:
        weights = bootstrap_weights(table.n_documents, samples, seed)
    elif weights.shape[1] != table.n_documents:
        raise ValueError(f"bootstrap weights cover {weights.shape[1]} documents, the table {table.n_documents}")
    dist = bootstrap_distribution(table, weights)
    full = table.full_scores()
    lows = np.percentile(dist, 100 * (1 - level) / 2, axis=0)
    highs = np.percentile(dist, 100 * (1 + level) / 2, axis=0)
    intervals = [Interval(name, float(full[i]), float(lows[i]), float(highs[i]), float(dist[:, i].mean()),
                          float(dist[:, i].std(ddof=1)) if len(dist) > 1 else 0.0)
                 for i, name in enumerate(FIGURES)]
    return ConfidenceIntervals(intervals[0], intervals[1], intervals[2], level=level, samples=len(weights), seed=seed,
                               signature=stats_signature(table.signature, "bs", len(weights), seed))
