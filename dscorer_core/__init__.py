"""dscorer_core: read DRSs (clauses or SBN) and score them with DSCORER, COUNTER or Smatch.

    >>> import dscorer_core as dscorer
    >>> preds = dscorer.load("pred.clf")              # a path, an open file or "-"
    >>> golds = dscorer.loads(gold_text)               # the same from a string
    >>> r = dscorer.score(preds, golds, metric="counter")
    >>> r.micro.F, str(r.signature)                    # what ``dscorer counter`` prints

The scoring names are imported on first use (PEP 562, ``__getattr__`` below), so that
``import dscorer_core`` and ``dscorer smatch`` stay quick (no numpy).
"""

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (
    ClfError,
    ClfErrors,
    ClfProblem,
    CounterExplosion,
    DrsCountMismatch,
    DscorerError,
    DscorerInputError,
    NgramExplosion,
    NoDrsError,
    OutputError,
    SettingsError,
)
from .version import __version__

if TYPE_CHECKING:
    from .clauses import Clause, Drs, check_pair
    from .counter import (
        CounterPair,
        CounterResult,
        CounterSettings,
        KindScore,
        counter_corpus,
        counter_pair,
    )
    from .interface import load, loads, score
    from .metrics.base import Figures, Metric, MetricDocument, MetricResult
    from .metrics.registry import make_metric, metric_names
    from .ngrams import (
        PRESETS,
        CorpusResult,
        DocumentScore,
        Edge,
        Graph,
        Induced,
        NgramCounts,
        Node,
        OrderCounts,
        OrderScore,
        PairResult,
        Path,
        Preset,
        Score,
        ScoreSettings,
        count_ngrams,
        enumerate_paths,
        get_preset,
        induce,
        induce_graph,
        ngram_occurrences,
        path_text,
        score_corpus,
        score_graphs,
        score_pair,
    )
    from .reading.clause_text import parse_clf, read_clf, read_pair

#: Where each public name lives (imported by ``__getattr__`` on first use).
_HOME = {
    "load": ".interface",
    "loads": ".interface",
    "score": ".interface",
    "make_metric": ".metrics.registry",
    "metric_names": ".metrics.registry",
    "Metric": ".metrics.base",
    "MetricResult": ".metrics.base",
    "MetricDocument": ".metrics.base",
    "Figures": ".metrics.base",
    "Clause": ".clauses",
    "Drs": ".clauses",
    "check_pair": ".clauses",
    "parse_clf": ".reading.clause_text",
    "read_clf": ".reading.clause_text",
    "read_pair": ".reading.clause_text",
    "CounterPair": ".counter",
    "CounterResult": ".counter",
    "CounterSettings": ".counter",
    "KindScore": ".counter",
    "counter_corpus": ".counter",
    "counter_pair": ".counter",
    "PRESETS": ".ngrams",
    "CorpusResult": ".ngrams",
    "DocumentScore": ".ngrams",
    "Edge": ".ngrams",
    "Graph": ".ngrams",
    "Induced": ".ngrams",
    "NgramCounts": ".ngrams",
    "Node": ".ngrams",
    "OrderCounts": ".ngrams",
    "OrderScore": ".ngrams",
    "PairResult": ".ngrams",
    "Path": ".ngrams",
    "Preset": ".ngrams",
    "Score": ".ngrams",
    "ScoreSettings": ".ngrams",
    "count_ngrams": ".ngrams",
    "enumerate_paths": ".ngrams",
    "get_preset": ".ngrams",
    "induce": ".ngrams",
    "induce_graph": ".ngrams",
    "ngram_occurrences": ".ngrams",
    "path_text": ".ngrams",
    "score_corpus": ".ngrams",
    "score_graphs": ".ngrams",
    "score_pair": ".ngrams",
}


__all__ = [
    "load", "loads", "score", "make_metric", "metric_names", "Metric", "MetricResult", "MetricDocument", "Figures",
    "Clause", "Drs", "read_clf", "parse_clf", "read_pair", "check_pair",
    "ClfError", "ClfErrors", "ClfProblem", "DrsCountMismatch", "DscorerInputError", "NgramExplosion", "NoDrsError",
    "CounterExplosion", "DscorerError", "SettingsError", "OutputError",
    "Node", "Edge", "Graph", "Induced", "induce", "induce_graph",
    "NgramCounts", "Path", "count_ngrams", "enumerate_paths", "ngram_occurrences", "path_text",
    "Preset", "PRESETS", "get_preset",
    "Score", "OrderScore", "OrderCounts", "PairResult", "CorpusResult", "DocumentScore",
    "score_pair", "score_graphs", "score_corpus", "ScoreSettings", "__version__",
    "CounterSettings", "CounterPair", "CounterResult", "KindScore", "counter_pair", "counter_corpus",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use (PEP 562)."""
    if name not in _HOME:  # a submodule (``dscorer_core.clauses``), as before names were lazy
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, lazy ones included, so that an interactive shell completes them."""
    return sorted(set(__all__) | {"__version__"})
