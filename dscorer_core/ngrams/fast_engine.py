"""The default n-gram engine: simple paths grown level by level as numpy arrays (docs/metric.md, "n-grams").

A graph becomes integer arrays (``arrays``).  Paths grow one edge at a
time over CSR tables of which edge may follow which (never straight back, no
self-loops) and, from the third edge on, which pair of edges may follow which
(never closing a triangle); a step onto an older node is rejected by comparing
with the path's node columns.  A k-gram's code packs its prefix's code and its
last step id (``prefix << bits | step``), so equal codes are equal label
sequences, exactly; one sort per level counts them, and no string is built.

``count_fast`` counts one graph into ``HashedTable``s, which compare with other
graphs' tables through a 64-bit hash of the label sequence checked against the
exact labels.  ``count_batch`` counts the graphs of many pred/gold pairs in one
enumeration (their disjoint union) and returns only the numbers a score needs;
a very big pair is counted in parts and merged.  ``path_bounds`` bounds the
number of k-grams before any of this, for the explosion guard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .arrays import GraphBatch, arrays_from_graph
from .induction import Graph
from .labels import LabelTable
from .ngram_counts import KgramTable, NgramCounts

_U64 = np.uint64
_MASK32 = (1 << 32) - 1


def _mix(h: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A 64-bit hash of (h, x) (splitmix64 finaliser); collisions are caught by the exact check."""
    with np.errstate(over="ignore"):
        z = h * _U64(0x9E3779B97F4A7C15) + x + _U64(0x632BE59BD9B4E019)
        z = (z ^ (z >> _U64(30))) * _U64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> _U64(27))) * _U64(0x94D049BB133111EB)
        result: np.ndarray = z ^ (z >> _U64(31))
        return result


@dataclass(frozen=True)
class _Adjacency:
    """The edges a simple path can use (self-loops dropped), sorted by source, with each
    edge's dense step id (edge label, target label), and which steps may follow which.

    Per edge u -> v, the edges that may follow it are those leaving v for a node
    other than u (CSR over edges); its entries number the *pairs* of edges.  Per
    pair t -> u -> v, the pairs u -> v -> w that may follow it are those with w other
    than t (CSR over pairs, built on first use).  A path that grows along pairs
    can only run onto one of its nodes before its last three.
    """

    sources: np.ndarray     # source node of each edge
    targets: np.ndarray     # target node of each edge
    steps: np.ndarray       # dense step id of each edge
    step_codes: np.ndarray  # edge_label << 32 | target_label of each step id (sorted)
    next_starts: np.ndarray  # len = edges + 1
    next_edges: np.ndarray   # edges that may follow each edge
    next_targets: np.ndarray  # their targets, and their step ids (read in order, not gathered)
    next_steps: np.ndarray
    #: results worked out on first use (``pair_next``): a dict the frozen record holds, never its ``__dict__``
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def step_count(self) -> int:
        return len(self.step_codes)

    @cached_property
    def pair_owner(self) -> np.ndarray:
        """The first edge of each pair."""
        return np.repeat(np.arange(len(self.sources), dtype=np.intp), np.diff(self.next_starts))

    @property
    def pair_next(self) -> tuple[np.ndarray, np.ndarray]:
        """(starts, pairs): the CSR of the pairs that may follow each pair (worked out once)."""
        if "pair_next" not in self.memo:
            self.memo["pair_next"] = self._pair_next()
        result: tuple[np.ndarray, np.ndarray] = self.memo["pair_next"]
        return result

    def _pair_next(self) -> tuple[np.ndarray, np.ndarray]:
        firsts, follows = [], []
        for parent, entry in _chunks(self.next_starts, self.next_edges):
            closing = self.next_targets.take(entry) == self.sources.take(self.pair_owner.take(parent))
            keep = np.flatnonzero(~closing)
            firsts.append(parent.take(keep))
            follows.append(entry.take(keep))
        return _csr(_concatenate(firsts), len(self.next_edges)), _concatenate(follows)


def _expand(starts: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For CSR ``starts`` and a list of rows: (position in ``rows``, CSR entry) of every entry."""
    begin = starts.take(rows)
    degree = starts.take(rows + 1) - begin
    ends = np.cumsum(degree)
    parent = np.repeat(np.arange(len(rows), dtype=np.intp), degree)
    entry = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.intp)
    entry += (begin - (ends - degree)).take(parent)
    return parent, entry


def _adjacency(batch: GraphBatch, order: int = 2) -> _Adjacency:
    """The adjacency tables of a batch's graphs; at ``order`` 1 without the table of which edge may
    follow which (it holds every 2-gram's path: 1.6 billion on a hub that has 60,000 edges)."""
    loop_free = np.flatnonzero(batch.edge_sources != batch.edge_targets)
    order_of_edges = loop_free[np.argsort(batch.edge_sources[loop_free], kind="stable")]
    sources, targets = batch.edge_sources[order_of_edges], batch.edge_targets[order_of_edges]
    codes = (batch.edge_labels[order_of_edges] << 32) | batch.node_labels[targets]
    step_codes, steps = np.unique(codes, return_inverse=True)
    if order < 2:
        steps = steps.reshape(-1).astype(np.intp)
        none = np.zeros(0, dtype=np.intp)
        return _Adjacency(sources, targets, steps, step_codes, np.zeros(len(sources) + 1, dtype=np.intp),
                          none, none, none)
    edge, follower = _expand(_csr(sources, len(batch.node_labels)), targets)
    forward = np.flatnonzero(targets.take(follower) != sources.take(edge))
    edge, follower = edge.take(forward), follower.take(forward)
    next_starts = _csr(edge, len(sources))
    steps = steps.reshape(-1).astype(np.intp)
    return _Adjacency(sources, targets, steps, step_codes, next_starts, follower, targets.take(follower),
                      steps.take(follower))


@dataclass(frozen=True)
class _Level:
    """The distinct k-grams of one level (sorted by code): each one's code, prefix (k-1)-gram
    index, last step, and how many paths of side 0 (pred) and side 1 (gold) spell it."""

    grams: np.ndarray
    prefix: np.ndarray
    step: np.ndarray
    side0: np.ndarray
    side1: np.ndarray

    def __len__(self) -> int:
        return len(self.prefix)


_NONE = np.zeros(0, np.int64)
_EMPTY_LEVEL = _Level(_NONE, _NONE, _NONE, _NONE, _NONE)


def _group(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sort the paths' codes: the distinct k-grams (code >> 1, sorted) and, for each,
    how many paths of side 0 and of side 1 (code & 1) spell it."""
    if not len(codes):
        return _NONE, _NONE, _NONE
    ordered = np.sort(codes)
    grams = ordered >> 1
    first = np.empty(len(grams), dtype=bool)
    first[0] = True
    np.not_equal(grams[1:], grams[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    sizes = np.diff(np.append(starts, len(grams)))
    side1 = np.add.reduceat(ordered & 1, starts)
    return grams.take(starts), sizes - side1, side1


#: Bits a k-gram code (with its side bit) may use; codes are ranked afresh when one would not fit.
CODE_BITS = 63

#: How many candidate steps are expanded at once: bounds the temporary arrays of a level.
CHUNK_STEPS = 1 << 21


def _csr(rows: np.ndarray, count: int) -> np.ndarray:
    """CSR starts (len count + 1) of entries listed by ascending row."""
    starts = np.zeros(count + 1, dtype=np.intp)
    np.cumsum(np.bincount(rows, minlength=count), out=starts[1:])
    return starts


def _chunks(starts: np.ndarray, rows: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """``_expand`` in chunks of about CHUNK_STEPS entries (bounds the temporary arrays)."""
    begin = starts.take(rows)
    degree = starts.take(rows + 1) - begin
    ends = np.cumsum(degree)
    total = int(ends[-1]) if len(ends) else 0
    if total <= CHUNK_STEPS:
        parent = np.repeat(np.arange(len(rows), dtype=np.intp), degree)
        entry = np.arange(total, dtype=np.intp)
        entry += (begin - (ends - degree)).take(parent)
        yield parent, entry
        return
    cuts = np.searchsorted(ends, np.arange(CHUNK_STEPS, total, CHUNK_STEPS), side="right")
    bounds = [0] + sorted(set(cuts.tolist()) - {0, len(rows)}) + [len(rows)]
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        parent, entry = _expand(starts, rows[lo:hi])
        parent += lo
        yield parent, entry


def _extensions(adj: _Adjacency, state: np.ndarray, by_pairs: bool, earlier: list[np.ndarray]
                ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The one-edge extensions of paths that stay simple, in chunks: (parent path, new pair).

    A path is given by its last edge (``by_pairs`` false) or its last pair of
    edges (``state``); only steps that may follow it are tried, and a step onto one of the
    ``earlier`` nodes (those the state does not rule out) is rejected by comparison.
    """
    starts, entries = adj.pair_next if by_pairs else (adj.next_starts, None)
    for parent, entry in _chunks(starts, state):
        pair = entries.take(entry) if entries is not None else entry
        if earlier:
            target = adj.next_targets.take(pair)
            keep = target != earlier[0].take(parent)
            for column in earlier[1:]:
                keep &= target != column.take(parent)
            del target
            kept = np.flatnonzero(keep)
            parent, pair = parent.take(kept), pair.take(kept)
        yield parent, pair


def _levels(adj: _Adjacency, first_ids: np.ndarray, sides: np.ndarray, order: int,
            first_edges: np.ndarray | None = None) -> Iterator[_Level]:
    """Grow every simple path one edge at a time; yield each level's k-grams.

    ``first_ids`` is the dense id of each node's 0-gram (its label, with anything
    that must keep graphs apart, such as a pair number); ``sides`` (0 or 1 per
    node) says which count a path starting there adds to.  A k-gram's code packs
    its prefix's code and its last step (prefix << shift | step), so equal codes
    are equal label sequences; when the next code would not fit in 63 bits, the
    codes are first replaced by their rank among the level's distinct k-grams.
    ``first_edges`` limits the paths to those starting with these edges.
    """
    shift = max(1, (adj.step_count - 1).bit_length())
    state = np.arange(len(adj.sources), dtype=np.intp) if first_edges is None else first_edges
    starts = adj.sources.take(state)  # the paths of one edge, each by its edge
    earlier: list[np.ndarray] = []  # node columns of the paths that their state does not rule out
    ids = first_ids.take(starts)  # each path's (k-1)-gram code
    side = sides.take(starts)
    del starts
    id_bits = int(first_ids.max(initial=0)).bit_length()
    distinct = None  # the previous level's k-gram codes (sorted), or None while ids are ranks
    for k in range(1, order + 1):
        if id_bits + shift + 1 > CODE_BITS:
            if distinct is None:
                raise OverflowError("too many distinct labels for 64-bit k-gram codes")
            ids = np.searchsorted(distinct, ids)
            id_bits, distinct = (len(distinct) - 1).bit_length(), None
            if id_bits + shift + 1 > CODE_BITS:
                raise OverflowError("too many distinct k-grams for 64-bit k-gram codes")
        base = (ids << (shift + 1)) | side  # a path's code without its next step
        del ids, side
        if k == 1:
            codes = base | (adj.steps.take(state) << 1)
        else:
            # the 3-edge paths from every pair are the pairs' followers: grow them by edges
            # and keep them as the pair CSR, unless it is there already
            record = k == 3 and first_edges is None and "pair_next" not in adj.memo
            by_pairs = k > 2 and not record
            checked = [adj.sources.take(adj.pair_owner)] if record else earlier
            parents, pairs, parts = [], [], []
            rows = state if by_pairs or k == 2 else adj.next_edges.take(state)  # by pair, or by last edge
            for parent, pair in _extensions(adj, rows, by_pairs, checked):
                parts.append(base.take(parent) | (adj.next_steps.take(pair) << 1))
                if k < order or record:
                    parents.append(parent)
                    pairs.append(pair)
            codes = _concatenate(parts)
            if record:
                adj.memo["pair_next"] = (_csr(_concatenate(parents), len(adj.next_edges)),
                                         _concatenate(pairs))
            if k < order:
                parent = _concatenate(parents)
                if k > 2:  # the node before the state's pair is now compared with
                    first_node = adj.sources.take(adj.pair_owner.take(state))
                    earlier = [column.take(parent) for column in earlier] + [first_node.take(parent)]
                state = _concatenate(pairs)
                del parents, pairs, parent
        del base
        grams, side0, side1 = _group(codes)
        prefix = grams >> shift
        if distinct is not None:
            prefix = np.searchsorted(distinct, prefix)
        yield _Level(grams, prefix, grams & ((1 << shift) - 1), side0, side1)
        if not len(grams):  # no path of k edges: none longer either
            yield from [_EMPTY_LEVEL] * (order - k)
            return
        if k < order:
            ids, side, distinct, id_bits = codes >> 1, codes & 1, grams, id_bits + shift  # noqa: F841 - read by the next level
        del codes


def _concatenate(parts: list[np.ndarray]) -> np.ndarray:
    if len(parts) == 1:
        return parts[0]
    return np.concatenate(parts) if parts else np.zeros(0, np.intp)


class HashedTable:
    """One order's k-gram multiset of one graph: distinct k-grams sorted by 64-bit hash.

    ``labels`` holds each k-gram's exact label ids (node, edge, node, ...) in the label table ``table``,
    so a hash collision is detected and answered exactly instead of miscounted.
    """

    __slots__ = ("hashes", "counts", "labels", "table", "total", "collision_free")

    def __init__(self, hashes: np.ndarray, counts: np.ndarray, labels: np.ndarray, table: LabelTable | None = None):
        order = np.argsort(hashes, kind="stable")
        self.hashes, self.counts, self.labels = hashes[order], counts[order], labels[order]
        self.table = table
        self.total = int(self.counts.sum())
        self.collision_free = bool(np.all(self.hashes[1:] != self.hashes[:-1]))

    def __len__(self) -> int:
        return len(self.hashes)

    def matched(self, other: KgramTable) -> int:
        """sum over distinct k-grams of min(count here, count there)."""
        if not isinstance(other, HashedTable):
            raise TypeError("both sides must be counted by the same engine")
        if not len(self) or not len(other):
            return 0
        if self.table is not other.table:  # graphs of two label tables: compare the labels' text
            words, others = self.label_counts(), other.label_counts()
            return sum(min(count, others[row]) for row, count in words.items() if row in others)
        if not (self.collision_free and other.collision_free) or self.labels.shape[1] != other.labels.shape[1]:
            return _exact_matched(self, other)
        at = np.minimum(np.searchsorted(other.hashes, self.hashes), len(other) - 1)
        hit = other.hashes[at] == self.hashes
        mine, theirs = np.flatnonzero(hit), at[hit]
        if not np.array_equal(self.labels[mine], other.labels[theirs]):
            return _exact_matched(self, other)
        return int(np.minimum(self.counts[mine], other.counts[theirs]).sum())

    def label_counts(self) -> Counter[tuple[str, ...]]:
        """The table as a Counter of label tuples, like the reference engine's (strings on demand)."""
        text = self.table.text if self.table is not None else str
        return Counter({tuple(text(i) for i in row): count
                        for row, count in zip(self.labels.tolist(), self.counts.tolist())})


_EMPTY_TABLE = HashedTable(np.zeros(0, _U64), np.zeros(0, np.int64), np.zeros((0, 1), np.int64))


def _exact_matched(a: HashedTable, b: HashedTable) -> int:
    """matched() by exact label rows, for the rare table with a hash collision."""
    mine: Counter[tuple[int, ...]] = Counter()
    for row, count in zip(a.labels.tolist(), a.counts.tolist()):
        mine[tuple(row)] += count
    theirs: Counter[tuple[int, ...]] = Counter()
    for row, count in zip(b.labels.tolist(), b.counts.tolist()):
        theirs[tuple(row)] += count
    return sum(min(count, theirs[row]) for row, count in mine.items() if row in theirs)


def count_fast(graph: Graph, order: int) -> NgramCounts:
    """Count k-grams for k = 1..order into HashedTables (the ``fast`` engine)."""
    batch = arrays_from_graph(graph)
    adj = _adjacency(batch, order)
    node_labels, first_ids = np.unique(batch.node_labels, return_inverse=True)
    labels = node_labels.reshape(-1, 1)
    hashes = _mix(np.zeros(len(node_labels), dtype=_U64), node_labels.astype(_U64))
    step_hashes = adj.step_codes.astype(_U64)
    step_labels = np.stack([adj.step_codes >> 32, adj.step_codes & _MASK32], axis=1)
    sides = np.zeros(len(first_ids), dtype=np.int8)
    tables: list[KgramTable] = []
    for level in _levels(adj, first_ids.reshape(-1).astype(np.int64), sides, order):
        if not len(level):
            tables.append(_EMPTY_TABLE)
            continue
        labels = np.concatenate([labels[level.prefix], step_labels[level.step]], axis=1)
        hashes = _mix(hashes[level.prefix], step_hashes[level.step])
        tables.append(HashedTable(hashes, level.side0, labels, batch.labels))
    return NgramCounts(order, len(graph.nodes), tuple(tables), "fast")


@dataclass(frozen=True)
class BatchCounts:
    """What scores need of pairs counted together: per order k (row k-1) and pair or graph."""

    matched: np.ndarray  # (order, pairs): clipped matches of pair i
    totals: np.ndarray   # (order, graphs): k-grams of graph g (pred of pair i is 2i, gold 2i+1)
    nodes: np.ndarray    # (graphs,): node counts


#: A pair whose top-order k-grams may exceed this is counted in parts (paths from a range of
#: first edges at a time), so memory follows the distinct k-grams rather than the paths.
CHUNK_PATHS = 4_000_000


def count_batch(batch: GraphBatch, order: int) -> BatchCounts:
    """Count and match the k-grams of pairs at once: graphs 2i and 2i+1 are pair i's pred and gold."""
    graphs = batch.graph_count
    pairs = graphs // 2
    graph_of_node = batch.graph_of_node()
    shift = max(1, len(batch.labels).bit_length())
    pair_keys, first_ids = np.unique(((graph_of_node >> 1) << shift) | batch.node_labels, return_inverse=True)
    first_ids = first_ids.reshape(-1)
    pair_of_first = pair_keys >> shift
    matched = np.zeros((order, pairs), dtype=np.int64)
    totals = np.zeros((order, graphs), dtype=np.int64)
    sides = (graph_of_node & 1).astype(np.int8)
    adj = _adjacency(batch, order)

    def add(k: int, pair_of_gram: np.ndarray, side0: np.ndarray, side1: np.ndarray) -> None:
        matched[k] = np.bincount(pair_of_gram, weights=np.minimum(side0, side1), minlength=pairs)
        totals[k, 0::2] = np.bincount(pair_of_gram, weights=side0, minlength=pairs)
        totals[k, 1::2] = np.bincount(pair_of_gram, weights=side1, minlength=pairs)

    parts = _start_ranges(adj, first_ids, order)
    if parts is None:
        pair_of_gram = pair_of_first
        for k, level in enumerate(_levels(adj, first_ids, sides, order)):
            if not len(level):
                break
            pair_of_gram = pair_of_gram.take(level.prefix)
            add(k, pair_of_gram, level.side0, level.side1)
        return BatchCounts(matched, totals, batch.node_counts)
    found: list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = [[] for _ in range(order)]
    for first_edges in parts:
        for k, level in enumerate(_levels(adj, first_ids, sides, order, first_edges)):
            if len(level):
                found[k].append((level.grams, level.side0, level.side1))
    step_shift = max(1, (adj.step_count - 1).bit_length())
    for k in range(order):
        grams, side0, side1 = _merge(found[k])
        found[k] = []
        add(k, pair_of_first.take(grams >> ((k + 1) * step_shift)), side0, side1)
    return BatchCounts(matched, totals, batch.node_counts)


def _start_ranges(adj: _Adjacency, first_ids: np.ndarray, order: int) -> list[np.ndarray] | None:
    """Ranges of first edges whose paths are bounded by CHUNK_PATHS each, or None to count all at once.

    Only when no k-gram code needs ranking (ranks differ between parts): then a
    code spells its label sequence, and parts' counts add up.
    """
    shift = max(1, (adj.step_count - 1).bit_length())
    if int(first_ids.max(initial=0)).bit_length() + order * shift + 1 > CODE_BITS:
        return None
    edges = len(adj.sources)
    owner = np.repeat(np.arange(edges), np.diff(adj.next_starts))
    walks: np.ndarray = np.ones(edges)  # non-backtracking walks of j edges that start with each edge
    for _ in range(order - 1):
        walks = np.bincount(owner, weights=walks.take(adj.next_edges), minlength=edges)
    ends = np.cumsum(walks)
    if not edges or ends[-1] <= CHUNK_PATHS:
        return None
    cuts = np.searchsorted(ends, np.arange(CHUNK_PATHS, ends[-1], CHUNK_PATHS), side="right")
    bounds = [0] + sorted(set(cuts.tolist()) - {0, edges}) + [edges]
    return [np.arange(lo, hi, dtype=np.intp) for lo, hi in zip(bounds[:-1], bounds[1:])]


def _merge(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Add up (k-gram codes, side-0 counts, side-1 counts) counted in parts."""
    if not parts:
        return _NONE, _NONE, _NONE
    grams = np.concatenate([p[0] for p in parts])
    order = np.argsort(grams, kind="stable")
    grams = grams.take(order)
    first = np.empty(len(grams), dtype=bool)
    first[:1] = True
    np.not_equal(grams[1:], grams[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    side0 = np.add.reduceat(np.concatenate([p[1] for p in parts]).take(order), starts)
    side1 = np.add.reduceat(np.concatenate([p[2] for p in parts]).take(order), starts)
    return grams.take(starts), side0, side1


#: path_bounds saturates here, far above any usable cap (a float64 cannot overflow).
BOUND_CEILING = 1e18


def path_bounds(batch: GraphBatch, order: int) -> np.ndarray:
    """Per graph, an upper bound on its k-grams at every order k = 1..order (the largest of them):
    walks that never step straight back.

    A simple path of k edges never uses a self-loop, never goes u -> v -> u and
    visits k + 1 distinct nodes, so these non-backtracking walks (0 in a graph of
    at most k nodes) bound it far more tightly than all walks do.  The bound is
    the maximum over the orders, not the top order alone: a hub (one event with
    5,000 agents) has no 3-gram but 75 million 2-grams.
    Values at or above BOUND_CEILING are shown as BOUND_CEILING.
    """
    sources, targets = batch.edge_sources, batch.edge_targets
    nodes = len(batch.node_labels)
    if not len(sources):
        return np.zeros(batch.graph_count)
    graph_of_edge = batch.graph_of_edge()
    node_counts = batch.node_counts

    def per_graph(walks: np.ndarray, k: int) -> np.ndarray:
        sums = np.bincount(graph_of_edge, weights=walks, minlength=batch.graph_count)
        sums[node_counts <= k] = 0.0  # no simple path of k edges in a graph of <= k nodes
        return np.minimum(sums, BOUND_CEILING)

    loops = sources == targets
    walks = (~loops).astype(np.float64)
    bounds = per_graph(walks, 1)
    arcs, arc_of_edge = np.unique(sources * nodes + targets, return_inverse=True)
    back = targets * nodes + sources
    at = np.minimum(np.searchsorted(arcs, back), len(arcs) - 1)
    has_back = arcs[at] == back
    for k in range(2, order + 1):
        if (node_counts <= k).all():
            break
        arriving = np.bincount(targets, weights=walks, minlength=nodes)
        per_arc = np.bincount(arc_of_edge.reshape(-1), weights=walks, minlength=len(arcs))
        walks = np.minimum(arriving[sources] - np.where(has_back, per_arc[at], 0.0), BOUND_CEILING)
        walks[loops] = 0.0
        if not walks.any():
            break
        bounds = np.maximum(bounds, per_graph(walks, k))
    return bounds
