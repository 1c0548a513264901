"""How far DSCORER and COUNTER agree on a corpus, document by document (the DSCORER paper's Figure 3).

- ``metric_pairs``: per-document DSCORER F and COUNTER F of the same corpus, side by side;
- ``correlation``: Pearson's r and Spearman's rho (with p-values) of two per-document score lists;
- ``disagreements``: the documents on which the two metrics disagree most, either by the size of
  ``DSCORER F - COUNTER F`` or by how far apart the document's ranks under the two metrics are.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..counter.score import CounterResult
from ..errors import SettingsError
from ..ngrams.scoring import CorpusResult

#: ``difference``: |DSCORER F - COUNTER F|; ``rank``: |rank under DSCORER - rank under COUNTER|,
#: ranks as fractions of the corpus (0 = worst document, 1 = best; ties share their mean rank).
DISAGREEMENT_MEASURES = ("difference", "rank")


@dataclass(frozen=True)
class MetricPairs:
    """Per-document F under both metrics, aligned by document index."""

    indices: tuple[int, ...]
    sentences: tuple[str | None, ...]
    dscorer: tuple[float, ...]
    counter: tuple[float, ...]


@dataclass(frozen=True)
class Correlation:
    """Pearson's r and Spearman's rho of two score lists over ``n`` documents, with two-sided
    p-values. A figure is None where it is undefined (fewer than two documents, or a list whose
    scores are all equal)."""

    n: int
    pearson: float | None
    pearson_p: float | None
    spearman: float | None
    spearman_p: float | None

    def as_dict(self) -> dict:
        """The figures as plain data."""
        return {"n": self.n, "pearson": self.pearson, "pearson_p": self.pearson_p,
                "spearman": self.spearman, "spearman_p": self.spearman_p}


@dataclass(frozen=True)
class Disagreement:
    """One document's F under both metrics; ``difference = dscorer - counter`` and
    ``rank_difference`` = its fractional rank under DSCORER minus its rank under COUNTER."""

    index: int
    sentence: str | None
    dscorer: float
    counter: float
    difference: float
    rank_difference: float

    def as_dict(self) -> dict:
        """The figures as plain data."""
        return {"index": self.index, "sentence": self.sentence, "dscorer": self.dscorer, "counter": self.counter,
                "difference": self.difference, "rank_difference": self.rank_difference}


def metric_pairs(dscorer: CorpusResult, counter: CounterResult) -> MetricPairs:
    """Per-document F of a DSCORER ``CorpusResult`` and a COUNTER ``CounterResult`` of the same
    pair of files (ValueError when they hold different numbers of documents). A sentence
    is the one either result carries (DSCORER's first)."""
    docs_d, docs_c = dscorer.documents, counter.documents
    if len(docs_d) != len(docs_c):
        raise ValueError(f"the DSCORER result holds {len(docs_d)} documents but the COUNTER result "
                         f"{len(docs_c)}: score the same pair of files with both")
    return MetricPairs(tuple(d.index for d in docs_d),
                       tuple(d.sentence or c.sentence for d, c in zip(docs_d, docs_c)),
                       tuple(float(d.score.F) for d in docs_d), tuple(float(c.F) for c in docs_c))


def _finite(value: float) -> float | None:
    value = float(value)
    return None if math.isnan(value) else value


def correlation(x: Sequence[float], y: Sequence[float]) -> Correlation:
    """Pearson's r and Spearman's rho of ``x`` and ``y`` (scipy.stats), None where undefined."""
    from scipy import stats

    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"need two score lists of the same length, not {a.shape} and {b.shape}")
    n = len(a)
    if n < 2 or np.all(a == a[0]) or np.all(b == b[0]):
        return Correlation(n, None, None, None, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n = 2 and near-constant inputs warn; the figures stay defined
        pr = stats.pearsonr(a, b)
        sr = stats.spearmanr(a, b)
    r = _finite(pr.statistic)
    rho = _finite(sr.statistic)
    return Correlation(n, None if r is None else max(-1.0, min(1.0, r)), _finite(pr.pvalue),
                       rho, None if rho is None else _finite(sr.pvalue))


def _fractional_ranks(values: np.ndarray) -> np.ndarray:
    """Rank of each value as a fraction: 0 for the lowest, 1 for the highest, ties share their mean."""
    from scipy.stats import rankdata

    if len(values) < 2:
        return np.zeros(len(values))
    ranks: np.ndarray = (rankdata(values, method="average") - 1) / (len(values) - 1)
    return ranks


def disagreements(pairs: MetricPairs, by: str = "difference", limit: int | None = None) -> tuple[Disagreement, ...]:
    """The documents on which DSCORER and COUNTER disagree most, largest disagreement first
    (then by document index); documents on which the chosen measure is 0 are left out.

    ``by`` is ``difference`` (|DSCORER F - COUNTER F|) or ``rank`` (|fractional rank under
    DSCORER - fractional rank under COUNTER|, see DISAGREEMENT_MEASURES); ``limit`` keeps the
    first few.
    """
    if by not in DISAGREEMENT_MEASURES:
        raise SettingsError(f"unknown measure {by!r}; choose one of {', '.join(DISAGREEMENT_MEASURES)}")
    if limit is not None and limit < 0:
        raise SettingsError(f"limit must be >= 0, not {limit}")
    d, c = np.asarray(pairs.dscorer, dtype=float), np.asarray(pairs.counter, dtype=float)
    diff = d - c
    rank_diff = _fractional_ranks(d) - _fractional_ranks(c)
    size = np.abs(diff if by == "difference" else rank_diff)
    order = np.lexsort((np.asarray(pairs.indices), -size))
    rows = [Disagreement(pairs.indices[i], pairs.sentences[i], float(d[i]), float(c[i]), float(diff[i]),
                         float(rank_diff[i]))
            for i in order if size[i] > 1e-12]
    return tuple(rows[:limit] if limit is not None else rows)
