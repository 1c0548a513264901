"""The DSCORER metric (docs/metric.md): presets, graph induction, n-gram engines, scoring.

The stages, in pipeline order: ``presets`` and ``settings`` (what a score depends on),
``labels`` (interned label ids), ``induction`` (a DRS becomes a typed graph, once),
``arrays`` (the same graph as integer arrays),
``paths`` / ``fast_engine`` / ``engines`` (counting k-grams: one interface, ``Engine.count``, and
one guard, ``check_batch``), ``scoring`` (one pair), ``batch`` / ``corpus`` (many pairs, on the
runner handed down), ``table`` (the per-document table); ``ngram_comparison`` and
``occurrence_matching`` (which k-grams two graphs share, for display).
"""

from .corpus import corpus_from_documents, score_corpus
from .engines import (
                      DEFAULT_MAX_NGRAMS,
                      ENGINES,
                      check_explosion,
                      count_ngrams,
                      path_bound,
)
from .induction import Edge, Graph, Induced, Node, clause_edges, induce, induce_graph
from .ngram_counts import NgramCounts, Path
from .paths import enumerate_paths, ngram_occurrences, path_text
from .presets import PRESETS, Preset, get_preset
from .scoring import (
                      CorpusResult,
                      DocumentScore,
                      OrderCounts,
                      OrderScore,
                      PairResult,
                      Score,
                      score_graphs,
                      score_pair,
)
from .settings import ScoreSettings

__all__ = [
    "Preset", "PRESETS", "get_preset", "ScoreSettings",
    "Node", "Edge", "Graph", "Induced", "induce", "induce_graph", "clause_edges",
    "NgramCounts", "Path", "enumerate_paths", "ngram_occurrences", "path_text",
    "ENGINES", "DEFAULT_MAX_NGRAMS", "count_ngrams", "check_explosion", "path_bound",
    "Score", "OrderScore", "OrderCounts", "PairResult", "DocumentScore", "CorpusResult",
    "score_pair", "score_graphs", "score_corpus", "corpus_from_documents",
]
