"""Per-document count tables: what resampling needs to recompute corpus scores without rescoring.

A table holds one row of counts per document; a corpus score is a function of the
column sums, so any resample (bootstrap multiplicities, swapped documents) is a
weight matrix times the table followed by that function, for all samples at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..counter.score import CounterResult
from ..errors import SettingsError
from ..formula import prf, sum_rows
from ..metrics.base import Average, MetricResult
from ..metrics.counter_metric import CounterMetric
from ..metrics.ngram_metric import DscorerMetric
from ..ngrams.scoring import CorpusResult
from ..ngrams.settings import ScoreSettings

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
    #: ``micro``: the corpus figure of summed counts; ``macro``: the mean of the documents' figures.
    average: str = "micro"

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


def metric_table(result: MetricResult, average: Average | None = None) -> CountTable:
    """The count table of any metric's corpus result, for its ``average`` (default: the result's).

    ``micro``: the documents' count rows, scored by the metric's own ``figures`` (``formula``);
    ``macro``: the documents' P, R, F and a 1, scored by their mean (Smatch's mean of per-sentence F1,
    DSCORER's macro average). The signature names the average where the metric's signature does.
    """
    chosen = average or result.average
    if chosen not in result.metric.averages:
        raise SettingsError(f"{result.metric.title} offers the {' and '.join(result.metric.averages)} average, "
                         f"not {chosen}")
    scores = np.array([[d.P, d.R, d.F] for d in result.documents], dtype=float).reshape(-1, 3)
    sentences = tuple(d.sentence for d in result.documents)
    signature = result.metric.get_signature(chosen).text()
    if chosen == "micro":
        return CountTable(result.name, signature, _readonly(result.rows.features()), result.metric.figures,
                          _readonly(scores), sentences)
    features = np.hstack([scores, np.ones((len(scores), 1))])
    return CountTable(result.name, signature, _readonly(features), mean_scores, _readonly(scores), sentences,
                      "macro")


def dscorer_scores(sums: np.ndarray, settings: ScoreSettings) -> np.ndarray:
    """DSCORER P, R, F from summed ``dscorer_table`` features, vectorised over samples
    (``DscorerMetric.figures``: ``formula.dscorer_rows`` on the summed per-order counts, with the
    0-gram term as the weighted mean of the per-document ratios, exactly as a corpus is scored)."""
    return DscorerMetric(settings).figures(sums)


def dscorer_table(result: CorpusResult) -> CountTable:
    """The count table of a DSCORER corpus run: per order k = 0..n (matched, pred, gold),
    then the document's 0-gram ratio and a 1 (so summing gives the mean ratio)."""
    return metric_table(DscorerMetric(result.settings.replace(average="micro")).result_of(result))


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
    labels = list(sentences) if sentences is not None else [None] * len(docs)
    return metric_table(CounterMetric(result.settings).result_of(result, labels))


def mean_scores(sums: np.ndarray) -> np.ndarray:
    """Macro P, R, F: summed per-document P, R, F divided by the (weighted) document count."""
    means: np.ndarray = sums[:, :3] / sums[:, 3:4]
    return means


def macro_table(result: CorpusResult) -> CountTable:
    """The table of DSCORER's macro average (mean of per-document scores), signed ``avg:macro``."""
    return metric_table(DscorerMetric(result.settings.replace(average="macro")).result_of(result))
