"""Per-document count tables: what resampling needs to recompute corpus scores without rescoring.

A table holds one row of counts per document; a corpus score is a function of the
column sums, so any resample (bootstrap multiplicities, swapped documents) is a
weight matrix times the table followed by that function, for all samples at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from ..counter.score import CounterResult
from ..dscorer.scoring import CorpusResult, zero_gram_ratios_of
from ..dscorer.settings import ScoreSettings
from ..formula import dscorer_rows, prf, sum_rows

__all__ = ["FIGURES", "CountTable", "dscorer_table", "macro_table", "clause_table", "counter_table",
           "dscorer_scores", "mean_scores", "clause_scores"]

#: The figures every table scores, in the column order of its score arrays.
FIGURES = ("P", "R", "F")

#: Summed counts (samples x features) -> corpus scores (samples x 3: P, R, F).
SumScorer = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True, eq=False)
class CountTable:
    """One system's per-document counts on a corpus and how summed counts become P, R and F."""

    metric: str
    signature: str
    features: np.ndarray
    scorer: SumScorer
    document_scores: np.ndarray
    sentences: tuple[str | None, ...]

    @property
    def n_documents(self) -> int:
        return int(self.features.shape[0])

    @property
    def fractional_columns(self) -> np.ndarray:
        """Indices of the feature columns that are not whole numbers (DSCORER's 0-gram ratio)."""
        columns: np.ndarray = np.flatnonzero(np.any(self.features != np.round(self.features), axis=0))
        return columns

    def sums(self, weights: np.ndarray) -> np.ndarray:
        """Weighted column sums (samples x features) for weights of shape samples x documents.

        Whole-number columns go through one matrix product (exact below 2**53);
        fractional ones are summed document by document, in order, as ``scoring`` does,
        so the all-ones weights reproduce the corpus sums bit for bit.
        """
        return sum_rows(self.features, weights)

    def corpus_scores(self, weights: np.ndarray) -> np.ndarray:
        """P, R, F (one row per row of ``weights``, samples x documents) of the weighted corpus."""
        return self.scorer(self.sums(weights))

    def full_scores(self) -> np.ndarray:
        """P, R, F of the whole corpus, each document counted once."""
        scores: np.ndarray = self.corpus_scores(np.ones(self.n_documents))[0]
        return scores

    def check_paired(self, other: CountTable) -> None:
        """Raise ValueError unless ``other`` scores the same documents with the same settings."""
        if self.signature != other.signature:
            raise ValueError(f"cannot pair scores made with different settings: "
                             f"{self.signature} vs {other.signature}")
        if self.n_documents != other.n_documents:
            raise ValueError(f"cannot pair systems on {self.n_documents} and {other.n_documents} documents")


def _readonly(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def dscorer_scores(sums: np.ndarray, settings: ScoreSettings) -> np.ndarray:
    """DSCORER P, R, F from summed ``dscorer_table`` features, vectorised over samples.

    ``formula.dscorer_rows`` on the summed per-order counts, with the 0-gram term as the
    (weighted) mean of the per-document ratios, exactly as a corpus is scored.
    """
    n = settings.order
    grams = sums[:, : 3 * (n + 1)].reshape(-1, n + 1, 3)[:, 1:, :]
    zero = sums[:, -2] / sums[:, -1]
    found = dscorer_rows(grams[..., 0], grams[..., 1], grams[..., 2], zero, settings.w0,
                         settings.preset_spec.missing_orders)
    return np.column_stack([found.P, found.R, found.F])


def dscorer_table(result: CorpusResult) -> CountTable:
    """The count table of a DSCORER corpus run: per order k = 0..n (matched, pred, gold),
    then the document's 0-gram ratio and a 1 (so summing gives the mean ratio)."""
    n = result.settings.order
    rows = [[x for c in d.counts for x in (c.matched, c.pred, c.gold)] + [zero, 1.0]
            for d, zero in zip(result.documents, zero_gram_ratios_of(result.documents))]
    features = np.array(rows, dtype=float).reshape(len(rows), 3 * (n + 1) + 2)
    scores = np.array([[d.score.P, d.score.R, d.score.F] for d in result.documents], dtype=float).reshape(-1, 3)
    return CountTable("dscorer", result.signature, _readonly(features),
                      partial(dscorer_scores, settings=result.settings), _readonly(scores),
                      tuple(d.sentence for d in result.documents))


def clause_scores(sums: np.ndarray) -> np.ndarray:
    """Micro P, R, F from summed (matched, pred, gold) clause counts (COUNTER)."""
    return np.column_stack(prf(sums[:, 0], sums[:, 1], sums[:, 2]))


def clause_table(matched: Sequence[float], pred: Sequence[int], gold: Sequence[int], signature: str,
                 sentences: Sequence[str | None] | None = None, metric: str = "counter") -> CountTable:
    """The count table of a clause-matching (COUNTER) run from per-document matched/pred/gold counts."""
    features = np.column_stack([np.asarray(matched, float), np.asarray(pred, float), np.asarray(gold, float)])
    scores = clause_scores(features)
    sentences = tuple(sentences) if sentences is not None else (None,) * len(features)
    return CountTable(metric, signature, _readonly(features), clause_scores, _readonly(scores), sentences)


def counter_table(result: CounterResult, sentences: Sequence[str | None] | None = None) -> CountTable:
    """The count table of a COUNTER corpus run (``counter.CounterResult``): per document
    matched, predicted and gold clauses; micro P/R/F from their sums, as COUNTER reports.
    ``sentences`` (e.g. the gold DRSs' sentences) label the documents."""
    docs = result.documents
    return clause_table([d.matched for d in docs], [d.pred_clauses for d in docs],
                        [d.gold_clauses for d in docs], result.signature, sentences)


def mean_scores(sums: np.ndarray) -> np.ndarray:
    """Macro P, R, F: summed per-document P, R, F divided by the (weighted) document count."""
    means: np.ndarray = sums[:, :3] / sums[:, 3:4]
    return means


def macro_table(result: CorpusResult) -> CountTable:
    """The table of DSCORER's macro average (mean of per-document scores), signed ``avg:macro``."""
    scores = np.array([[d.score.P, d.score.R, d.score.F] for d in result.documents], dtype=float).reshape(-1, 3)
    features = np.hstack([scores, np.ones((len(scores), 1))])
    signature = result.settings.replace(average="macro").signature()
    return CountTable("dscorer", signature, _readonly(features), mean_scores, _readonly(scores),
                      tuple(d.sentence for d in result.documents))
