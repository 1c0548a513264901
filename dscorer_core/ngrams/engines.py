"""The n-gram engines behind one interface, and the one guard that refuses a graph with too many k-grams.

Scoring counts pairs of graphs as a ``PairBatch`` (pred of pair i at 2i, gold at 2i+1) with
``get_engine(name).count(batch, order)``, which gives the numbers a score needs (``BatchCounts``),
after ``check_batch`` has checked every graph's ``path_bounds`` against the cap.  An engine is a
function counting one graph's k-gram tables, registered in ``ENGINES`` (``reference``: ``paths``;
``fast``: ``fast_engine``); one that can count a whole batch at once registers that in
``BATCH_COUNTERS`` too (``fast``: ``fast_engine.count_batch``, one enumeration over the batch).
``count_ngrams`` gives one graph's tables (what the app shows), behind the same guard.  ``walks``
(``walk_engine``) counts by label sequence instead of path by path, for long documents; under the
default ``fast`` a pair too big to enumerate cheaply is counted by it (``uses_walks``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..clauses import Drs
from ..errors import NgramExplosion, SettingsError
from ..setting_checks import check_whole
from .arrays import GraphBatch, arrays_from_graph, batch_from_induced
from .fast_engine import BatchCounts, count_batch, count_fast, path_bounds
from .induction import Graph, Induced
from .ngram_counts import NgramCounts
from .paths import count_reference
from .walk_engine import MAX_WALK_ORDER, count_batch_walks, count_walks

#: Default cap on the k-grams one graph may have at any one order, checked on ``path_bound``
#: before counting.  A pair this big is counted by label sequence (``walks``), whose memory
#: follows the distinct label sequences, not the paths: a 1,000-sentence PMB document under
#: the ``released`` preset (a bound of 70 million) is accepted and scored in about a second.
DEFAULT_MAX_NGRAMS = 100_000_000

#: The default engine counts a pair by label sequence (``walks``) when the bounds of its two
#: graphs add up to more than WALKS_FROM and to more than WALKS_PER_EDGE paths per edge (hubs
#: make many paths spell few label sequences), and enumerates its paths (``fast``) otherwise.
#: Where the preset merges equal constants into one node (``released``), those nodes are hubs
#: shared by every sentence of a document and the lower WALKS_FROM_MERGED and
#: WALKS_PER_EDGE_MERGED apply.  Measured (docs/benchmarks.md, "Counting by label sequence"),
#: per pair of a corpus of joined PMB 2.2.0 dev documents: merged constants, walks are quicker
#: from 20 sentences on (bounds of 50,000 and more, 31 paths per edge and more: 1.2 times at 20,
#: 1.7 at 40, 2.9 at 80), and slower at 10 (bounds near 20,000); one node per constant
#: (``typed``), enumeration stays 1.3 to 3 times quicker at every size up to 1,000 sentences.
#: One pair of PMB 2.2.0 dev (a sentence with a hub) has a bound above 50,000, none above 220,000.
WALKS_FROM = 250_000
WALKS_PER_EDGE = 110
WALKS_FROM_MERGED = 50_000
WALKS_PER_EDGE_MERGED = 30

#: The most paths (``path_bounds``, at any order) the ``fast`` engine enumerates for one graph or
#: pair: its tables take about 40 bytes a path (a graph of 92 million 2-grams needed more than 3 GB),
#: so this keeps it near 0.6 GB. A bigger graph of order <= 4 is counted by label sequence
#: (``walks``, the same counts); above order 4 it is refused (NgramExplosion) before any allocation.
FAST_ENUMERATION_PATHS = 16_000_000
#: The most paths the ``reference`` engine (every path a Python tuple, a few microseconds each) is
#: given; a bigger graph is refused before counting, naming the engines that can count it.
REFERENCE_PATHS = 1_000_000

#: Every engine by name: how it counts one graph's k-gram tables for k = 1..order.
ENGINES: dict[str, Callable[[Graph, int], NgramCounts]] = {
    "reference": count_reference,
    "fast": count_fast,
    "walks": count_walks,
}

#: Engines that count a whole batch of pairs at once (the others count graph by graph).
BATCH_COUNTERS: dict[str, Callable[[GraphBatch, int], BatchCounts]] = {
    "fast": count_batch,
    "walks": count_batch_walks,
}


class PairBatch:
    """Pairs of induced graphs to count together: pair i's pred is graph 2i, its gold 2i+1; their
    arrays (``arrays``) are built on first use and shared by the batches ``select`` cuts from it."""

    def __init__(self, graphs: Sequence[Induced], arrays: GraphBatch | None = None) -> None:
        self.graphs = tuple(graphs)
        self._arrays = arrays

    @property
    def arrays(self) -> GraphBatch:
        """The graphs as one ``GraphBatch`` (integer arrays, label ids of one table)."""
        if self._arrays is None:
            self._arrays = batch_from_induced(self.graphs)
        return self._arrays

    @property
    def pairs(self) -> int:
        return len(self.graphs) // 2

    def select(self, first: int, stop: int) -> PairBatch:
        """Pairs first..stop-1 as a batch of their own."""
        arrays = self._arrays
        return PairBatch(self.graphs[2 * first:2 * stop],
                         arrays.select(2 * first, 2 * stop) if arrays is not None else None)


@dataclass(frozen=True)
class Engine:
    """An n-gram engine: ``count(batch, order)`` gives, per order k = 1..order, every pair's clipped
    matches and every graph's k-gram count, and every graph's node count."""

    name: str

    def count(self, batch: PairBatch, order: int) -> BatchCounts:
        """Count and match the k-grams of a batch's pairs (no guard here: see ``check_batch``)."""
        whole = BATCH_COUNTERS.get(self.name)
        if whole is not None:
            return whole(batch.arrays, order)
        return _count_graph_by_graph(ENGINES[self.name], batch, order)

    def tables(self, graph: Graph, order: int) -> NgramCounts:
        """One graph's k-gram tables (which k-grams, how often)."""
        return ENGINES[self.name](graph, order)


def _count_graph_by_graph(count: Callable[[Graph, int], NgramCounts], batch: PairBatch, order: int) -> BatchCounts:
    """``BatchCounts`` of an engine that counts one graph at a time: each pair's tables matched."""
    matched = np.zeros((order, batch.pairs), dtype=np.int64)
    totals = np.zeros((order, len(batch.graphs)), dtype=np.int64)
    nodes = np.zeros(len(batch.graphs), dtype=np.int64)
    for i in range(batch.pairs):
        pred, gold = (count(Graph(batch.graphs[g]), order) for g in (2 * i, 2 * i + 1))
        nodes[2 * i], nodes[2 * i + 1] = pred.node_count, gold.node_count
        for k in range(1, order + 1):
            matched[k - 1, i] = pred.tables[k - 1].matched(gold.tables[k - 1])
            totals[k - 1, 2 * i], totals[k - 1, 2 * i + 1] = pred.total(k), gold.total(k)
    return BatchCounts(matched, totals, nodes)


def get_engine(name: str) -> Engine:
    """The engine called ``name`` (SettingsError naming the choices if there is none)."""
    if name not in ENGINES:
        raise SettingsError(f"unknown engine {name!r}; choose one of {', '.join(ENGINES)}")
    return Engine(name)


def drs_name(drs: Drs) -> str:
    """How an error names a DRS: its file, index and first line."""
    return f"{drs.source}, DRS {drs.index} (line {drs.line})"


def check_batch(batch: PairBatch, order: int, max_ngrams: int | None,
                names: Sequence[str] | None = None, advice: str | None = None,
                engine: str | None = None) -> np.ndarray:
    """The guard: every graph's bound on its k-grams (``fast_engine.path_bounds``); raises
    NgramExplosion for the first graph (pred before gold) above ``max_ngrams``, before any counting,
    named by ``names`` or else by its DRS; and, given the ``engine`` that will count, above what that
    engine can enumerate within memory (``engine_limit``), whatever ``max_ngrams`` says."""
    check_whole("order", order, 1)
    check_whole("max_ngrams", max_ngrams, 1, none_allowed=True)
    bounds: np.ndarray = path_bounds(batch.arrays, order)
    limits: list[tuple[int, str | None]] = [(max_ngrams, advice)] if max_ngrams is not None else []
    own = engine_limit(engine, order) if engine is not None else None
    if own is not None:
        limits.append(own)
    for cap, why in limits:
        over = np.flatnonzero(bounds > cap)
        if len(over):
            g = int(over[0])
            where = names[g] if names is not None else drs_name(batch.graphs[g].drs)
            raise (NgramExplosion(where, order, int(bounds[g]), cap) if why is None else
                   NgramExplosion(where, order, int(bounds[g]), cap, why))
    return bounds


def engine_limit(engine: str, order: int) -> tuple[int, str] | None:
    """(the most paths, the advice) that ``engine`` may be given for one graph at ``order``, or None
    when its memory does not follow the paths (``walks`` and ``fast`` up to order 4, which turn to
    counting by label sequence above FAST_ENUMERATION_PATHS)."""
    if engine == "reference":
        return REFERENCE_PATHS, ("the reference engine enumerates every path in Python: "
                                 "score it with --engine fast or walks")
    if order > MAX_WALK_ORDER:
        return FAST_ENUMERATION_PATHS, (f"above order {MAX_WALK_ORDER} paths are enumerated one by one, "
                                        f"about 40 bytes each: lower --order to {MAX_WALK_ORDER} or less")
    return None


def path_bound(graph: Graph, k: int) -> int:
    """An upper bound on the number of k-grams of every order 1..k (the largest), far tighter
    than ``walk_bound``: walks that never use a self-loop nor step straight back."""
    return int(path_bounds(arrays_from_graph(graph), k)[0])


def check_explosion(graph: Graph, order: int, max_ngrams: int | None, where: str = "",
                    advice: str | None = None, engine: str | None = None) -> int:
    """Raise NgramExplosion before enumerating when a graph could exceed the cap (``check_batch``
    on a batch of one graph; given an ``engine``, its own limit too); ``advice`` replaces the message's
    advice (how to get under the cap). Returns the graph's bound."""
    bounds = check_batch(PairBatch([graph.induced]), order, max_ngrams, [where] if where else None, advice, engine)
    return int(bounds[0])


def uses_walks(engine: str, pair_bound: float, pair_edges: int, order: int, merged_constants: bool = False) -> bool:
    """Whether a pair whose graphs' bounds add up to ``pair_bound`` (with ``pair_edges`` edges) is
    counted by label sequence: always under ``walks``; under ``fast`` when the bound is above
    FAST_ENUMERATION_PATHS (memory), or above WALKS_FROM and WALKS_PER_EDGE per edge, or
    WALKS_FROM_MERGED and WALKS_PER_EDGE_MERGED when the
    preset merges equal constants (``merged_constants``); orders up to 4 only."""
    if order > MAX_WALK_ORDER or engine not in ("fast", "walks"):
        return False
    least, per_edge = (WALKS_FROM_MERGED, WALKS_PER_EDGE_MERGED) if merged_constants else (WALKS_FROM, WALKS_PER_EDGE)
    return (engine == "walks" or pair_bound > FAST_ENUMERATION_PATHS
            or (pair_bound > least and pair_bound > per_edge * pair_edges))


def count_ngrams(graph: Graph, order: int = 4, engine: str = "fast",
                 max_ngrams: int | None = DEFAULT_MAX_NGRAMS) -> NgramCounts:
    """Count the k-grams of a graph for k = 1..order with the chosen engine.

    Raises NgramExplosion (naming the DRS and the bound) before any work when the
    number of k-grams at some order exceeds ``max_ngrams`` or what the engine can enumerate within
    memory (``engine_limit``); under ``fast`` a graph above FAST_ENUMERATION_PATHS is counted by label
    sequence (``walks``: the same tables). SettingsError for an order below 1 or an unknown engine.
    """
    check_whole("order", order, 1)
    found = get_engine(engine)
    bound = check_explosion(graph, order, max_ngrams, engine=engine)
    if engine == "fast" and bound > FAST_ENUMERATION_PATHS and order <= MAX_WALK_ORDER:
        found = get_engine("walks")
    return found.tables(graph, order)
