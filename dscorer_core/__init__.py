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
import warnings
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
    SbnError,
    SettingsError,
)
from .version import __version__

if TYPE_CHECKING:
    from .clauses import Clause, Drs
    from .counter.settings import CounterSettings
    from .interface import compare, load, loads, score
    from .metrics.base import Figures, Metric, MetricDocument, MetricResult
    from .metrics.registry import make_metric, metric_names
    from .ngrams.settings import ScoreSettings
    from .sbn.smatch import SmatchSettings
    from .stats.compare import Comparison, SystemComparison

#: Where each public name lives (imported by ``__getattr__`` on first use).
_HOME = {
    "load": ".interface",
    "loads": ".interface",
    "score": ".interface",
    "compare": ".interface",
    "make_metric": ".metrics.registry",
    "metric_names": ".metrics.registry",
    "Metric": ".metrics.base",
    "MetricResult": ".metrics.base",
    "MetricDocument": ".metrics.base",
    "Figures": ".metrics.base",
    "Comparison": ".stats.compare",
    "SystemComparison": ".stats.compare",
    "ScoreSettings": ".ngrams.settings",
    "CounterSettings": ".counter.settings",
    "SmatchSettings": ".sbn.smatch",
    "Clause": ".clauses",
    "Drs": ".clauses",
}

#: Names the facade exported before 0.2, reachable for one release with a DeprecationWarning: the
#: module that holds each now (``compat``: a thin alias of the driver), and what to use instead where
#: the front door does it.
_DEPRECATED: dict[str, tuple[str, str]] = {
    "check_pair": ("dscorer_core.clauses", ""),
    "read_pair": ("dscorer_core.reading.clause_text", ""),
    "read_clf": ("dscorer_core.reading.clause_text", "dscorer_core.load(path)"),
    "parse_clf": ("dscorer_core.reading.clause_text", "dscorer_core.loads(text)"),
    **dict.fromkeys(("CounterPair", "CounterResult", "KindScore"), ("dscorer_core.counter", "")),
    "counter_corpus": ("dscorer_core.compat", "dscorer_core.score(preds, golds, metric='counter')"),
    "counter_pair": ("dscorer_core.counter", "dscorer_core.score([pred], [gold], metric='counter')"),
    **dict.fromkeys(("PRESETS", "CorpusResult", "DocumentScore", "Edge", "Graph", "Induced", "NgramCounts", "Node",
                     "OrderCounts", "OrderScore", "PairResult", "Path", "Preset", "Score", "count_ngrams",
                     "enumerate_paths", "get_preset", "induce", "induce_graph", "ngram_occurrences", "path_text",
                     "score_graphs"), ("dscorer_core.ngrams", "")),
    "score_corpus": ("dscorer_core.compat", "dscorer_core.score(preds, golds)"),
    "score_pair": ("dscorer_core.ngrams", "dscorer_core.score([pred], [gold])"),
}

__all__ = [
    "load", "loads", "score", "compare", "make_metric", "metric_names",
    "Metric", "MetricResult", "MetricDocument", "Figures", "Comparison", "SystemComparison",
    "ScoreSettings", "CounterSettings", "SmatchSettings", "Clause", "Drs",
    "DscorerError", "DscorerInputError", "SettingsError", "OutputError", "ClfError", "ClfErrors", "ClfProblem",
    "SbnError", "DrsCountMismatch", "NoDrsError", "NgramExplosion", "CounterExplosion",
    "__version__",
]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use (PEP 562); an old name with a warning."""
    if name in _DEPRECATED:
        home, instead = _DEPRECATED[name]
        # a thin alias of the driver (compat) names only the front door; a moved name its new home too
        use = instead if home.endswith(".compat") else f"{home}.{name}" + (f" (or {instead})" if instead else "")
        warnings.warn(f"dscorer_core.{name} is deprecated and goes in the next release; use {use}",
                      DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(home), name)
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
    """The public names, lazy ones included, so that an interactive shell completes them (not the
    deprecated ones)."""
    return sorted(__all__)
