"""Paired significance tests between two systems scored on the same gold documents.

Both tests recompute corpus scores from per-document counts (no rescoring) and use
the difference ``d = score(a) - score(b)`` of one figure (F by default).  Identical
systems give d = 0 exactly and p = 1 exactly under both definitions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import SettingsError
from .resampling import bootstrap_weights, stats_signature, swap_masks
from .tables import FIGURES, CountTable

#: Resamples processed per matrix product (bounds memory for large corpora).
CHUNK = 2000


@dataclass(frozen=True)
class PairedTest:
    """The outcome of one paired test of system ``a`` against system ``b``."""

    method: str
    figure: str
    a: float
    b: float
    difference: float
    p_value: float
    samples: int
    seed: int
    signature: str

    def as_dict(self) -> dict:
        return {"method": self.method, "figure": self.figure, "a": self.a, "b": self.b,
                "difference": self.difference, "p_value": self.p_value, "samples": self.samples,
                "seed": self.seed, "signature": self.signature}


def _column(figure: str) -> int:
    if figure not in FIGURES:
        raise SettingsError(f"unknown figure {figure!r}; choose one of {', '.join(FIGURES)}")
    return FIGURES.index(figure)


def paired_bootstrap(a: CountTable, b: CountTable, samples: int = 1000, seed: int = 1, figure: str = "F",
                     weights: np.ndarray | None = None) -> PairedTest:
    """Paired bootstrap resampling (Koehn 2004): both systems are scored on the same resampled corpora.

    With observed difference d and sample differences d_i, the p-value is
    ``(1 + #{i : sign(d) * d_i <= 0}) / (samples + 1)``: the (+1 corrected) share of
    samples in which the system that wins on the full corpus does not win.  It is
    one-sided in the observed direction; for d = 0 there is no winner, every sample
    counts and p = 1.
    """
    a.check_paired(b)
    col = _column(figure)
    if weights is None:
        weights = bootstrap_weights(a.n_documents, samples, seed)
    full_a, full_b = a.full_scores()[col], b.full_scores()[col]
    observed = full_a - full_b
    direction = np.sign(observed)
    not_winning = 0
    for start in range(0, len(weights), CHUNK):
        w = weights[start:start + CHUNK]
        d = a.corpus_scores(w)[:, col] - b.corpus_scores(w)[:, col]
        not_winning += int(np.count_nonzero(direction * d <= 0))
    n = len(weights)
    return PairedTest("paired_bootstrap", figure, float(full_a), float(full_b), float(observed),
                      (not_winning + 1) / (n + 1), n, seed, stats_signature(a.signature, "bs", n, seed))


def approximate_randomisation(a: CountTable, b: CountTable, trials: int = 10000, seed: int = 1,
                              figure: str = "F") -> PairedTest:
    """Approximate randomisation (Noreen 1989; Riezler and Maxwell 2005), two-sided.

    Each trial swaps every document's counts between the two systems with probability
    1/2 and recomputes the corpus difference d_t.  The p-value is
    ``(1 + #{t : |d_t| >= |d|}) / (trials + 1)``; for identical systems every d_t is 0,
    so p = 1.
    """
    a.check_paired(b)
    col = _column(figure)
    total_a = a.sums(np.ones(a.n_documents))[0]
    total_b = b.sums(np.ones(b.n_documents))[0]
    delta = b.features - a.features
    observed = a.scorer(total_a[None, :])[0, col] - b.scorer(total_b[None, :])[0, col]
    masks = swap_masks(a.n_documents, trials, seed)
    at_least = 0
    for start in range(0, trials, CHUNK):
        moved = masks[start:start + CHUNK].astype(float) @ delta
        d = a.scorer(total_a + moved)[:, col] - b.scorer(total_b - moved)[:, col]
        at_least += int(np.count_nonzero(np.abs(d) >= abs(observed)))
    full_a, full_b = a.full_scores()[col], b.full_scores()[col]
    return PairedTest("approximate_randomisation", figure, float(full_a), float(full_b), float(full_a - full_b),
                      (at_least + 1) / (trials + 1), trials, seed, stats_signature(a.signature, "ar", trials, seed))
