"""dscorer_core: read DRS clause files, induce DSCORER graphs, count n-grams and score them.

    >>> from dscorer_core import read_clf, score_corpus
    >>> result = score_corpus(read_clf("pred.clf"), read_clf("gold.clf"), preset="typed")
    >>> result.micro.F, result.signature
"""

from .clauses import Clause, Drs, check_pair, parse_clf, read_clf, read_pair
from .counter import (
                     CounterPair,
                     CounterResult,
                     CounterSettings,
                     KindScore,
                     counter_corpus,
                     counter_pair,
)
from .dscorer import (
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
from .errors import (
                     ClfError,
                     ClfErrors,
                     ClfProblem,
                     DrsCountMismatch,
                     DscorerInputError,
                     NgramExplosion,
                     NoDrsError,
)
from .version import __version__

__all__ = [
    "Clause", "Drs", "read_clf", "parse_clf", "read_pair", "check_pair",
    "ClfError", "ClfErrors", "ClfProblem", "DrsCountMismatch", "DscorerInputError", "NgramExplosion", "NoDrsError",
    "Node", "Edge", "Graph", "Induced", "induce", "induce_graph",
    "NgramCounts", "Path", "count_ngrams", "enumerate_paths", "ngram_occurrences", "path_text",
    "Preset", "PRESETS", "get_preset",
    "Score", "OrderScore", "OrderCounts", "PairResult", "CorpusResult", "DocumentScore",
    "score_pair", "score_graphs", "score_corpus", "ScoreSettings", "__version__",
    "CounterSettings", "CounterPair", "CounterResult", "KindScore", "counter_pair", "counter_corpus",
]
