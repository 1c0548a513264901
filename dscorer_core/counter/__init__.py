"""COUNTER-compatible clause matching (spec section 4): normalise, map variables, count matched clauses."""

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

__all__ = ["CounterSettings", "SEARCHES", "CounterPair", "CounterResult", "CounterTotals", "KindScore", "KINDS",
           "counter_pair", "counter_corpus", "CounterClause", "CounterDrs", "normalise_clause",
           "prepare_drs", "Candidate", "MatchProblem", "build_problem", "SearchOutcome", "find_mapping"]
