"""Seeded resamples of a corpus as weight matrices (samples x documents).

Both are drawn from ``numpy.random.default_rng(seed)``, so a seed and a sample count
name a resample exactly; they are part of the printed signature.
"""

from __future__ import annotations

import numpy as np

from ..errors import SettingsError
from ..signature import Signature


def bootstrap_weights(n_documents: int, samples: int, seed: int) -> np.ndarray:
    """How often each document is drawn in each bootstrap sample (samples x documents).

    Row i draws ``n_documents`` document indices uniformly with replacement
    (``rng.integers``) and counts them, so the rows sum to ``n_documents``.
    """
    if n_documents < 1 or samples < 1:
        raise SettingsError("bootstrap needs at least one document and one sample")
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, n_documents, size=(samples, n_documents))
    picks += np.arange(samples)[:, None] * n_documents
    counts = np.bincount(picks.ravel(), minlength=samples * n_documents)
    return counts.reshape(samples, n_documents).astype(float)


def swap_masks(n_documents: int, trials: int, seed: int) -> np.ndarray:
    """For approximate randomisation: 1 where a document's outputs are swapped between
    the two systems in that trial (each with probability 1/2), trials x documents, int8."""
    if n_documents < 1 or trials < 1:
        raise SettingsError("approximate randomisation needs at least one document and one trial")
    rng = np.random.default_rng(seed)
    return rng.integers(0, 2, size=(trials, n_documents), dtype=np.int8)


def stats_signature(metric_signature: str | Signature, method: str, samples: int, seed: int) -> str:
    """``<metric signature>|bs:1000|seed:1`` (method ``bs``) or ``...|ar:10000|seed:1`` (``ar``)."""
    if method not in ("bs", "ar"):
        raise SettingsError(f"unknown resampling method {method!r}")
    sig = metric_signature if isinstance(metric_signature, Signature) else Signature.parse(metric_signature)
    return sig.resampled(method, samples, seed).text()
