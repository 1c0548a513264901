"""COUNTER-compatible clause matching (spec section 4): normalise, map variables, count matched clauses.

The names are imported on first use (PEP 562, ``__getattr__`` below): ``counter.settings`` is light,
while the search needs numpy and scipy, which ``dscorer score`` without ``--with-counter`` never loads.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .normalise import CounterClause, CounterDrs, normalise_clause, prepare_drs
    from .problem import Candidate, MatchProblem, build_problem
    from .score import (
        KINDS,
        CounterPair,
        CounterResult,
        CounterTotals,
        KindScore,
        counter_corpus,
        counter_pair,
    )
    from .search import SearchOutcome, find_mapping
    from .settings import SEARCHES, CounterSettings

#: Where each public name lives (imported by ``__getattr__`` on first use).
_HOME = {
    "CounterClause": ".normalise", "CounterDrs": ".normalise", "normalise_clause": ".normalise",
    "prepare_drs": ".normalise", "Candidate": ".problem", "MatchProblem": ".problem",
    "build_problem": ".problem", "KINDS": ".score", "CounterPair": ".score", "CounterResult": ".score",
    "CounterTotals": ".score", "KindScore": ".score", "counter_corpus": ".score", "counter_pair": ".score",
    "SearchOutcome": ".search", "find_mapping": ".search", "SEARCHES": ".settings",
    "CounterSettings": ".settings",
}

__all__ = ["CounterSettings", "SEARCHES", "CounterPair", "CounterResult", "CounterTotals", "KindScore", "KINDS",
           "counter_pair", "counter_corpus", "CounterClause", "CounterDrs", "normalise_clause",
           "prepare_drs", "Candidate", "MatchProblem", "build_problem", "SearchOutcome", "find_mapping"]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use (PEP 562)."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value
