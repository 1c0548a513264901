"""The ``walks`` n-gram engine: k-grams counted by label sequence, never path by path (docs/metric.md,
"Counting by label sequence").

A simple path of k <= 4 edges is a walk that never steps onto a node it left one or two
steps before (non-backtracking), minus two kinds of short cycle: a walk of 3 edges can only
repeat a node by closing a triangle, one of 4 edges by closing a triangle after its first edge
or a 4-cycle.  So the engine counts non-backtracking walks level by level, with states
(label sequence so far, last arc): from every (sequence, node) it takes each arc leaving the
node and subtracts the walks that arrived over that arc's reverse.  Walks that share a label
sequence and an end are one state however many paths they stand for, so a hub that is shared
by every sentence (``"now"`` under ``released``) costs its distinct label sequences, not the
product of its in- and out-degrees.  Triangles are subtracted from the states of 3 edges (they
become exactly the simple paths), and triangles and 4-cycles from the counts of 4 edges.
The last level needs no states: each (sequence, node) meets the node's distinct steps at once.

It yields the same distinct k-grams and counts as path enumeration (``fast_engine._levels``),
level by level; ``count_walks`` and ``count_batch_walks`` mirror ``count_fast`` and
``count_batch``.  Counting pairs, ``count_batch_walks`` needs only what clipped matching adds up:
a label sequence that one graph of a pair lacks is not extended (every prefix of a simple path is
one, so no extension of it is on both sides), and each graph's totals are counted without labels
(``_path_totals``).  Orders above 4 are counted by the ``fast`` engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .arrays import GraphBatch, arrays_from_graph
from .fast_engine import BatchCounts, HashedTable, _expand, _mix, count_batch, count_fast
from .induction import Graph
from .ngram_counts import KgramTable, NgramCounts

#: The largest order whose corrections (triangles, 4-cycles) this engine knows.
MAX_WALK_ORDER = 4

_I64 = np.int64
_NONE = np.zeros(0, _I64)


@dataclass(frozen=True)
class WalkLevel:
    """The distinct k-grams of one level: each one's prefix (index among the previous level's
    k-grams; the 0-gram's dense id at k = 1), its last step, and how many paths of side 0 and of
    side 1 spell it.  When only shared k-grams are wanted (``walk_levels(groups=...)``), a k-gram
    whose prefix one side lacks is left out (it cannot be on both sides) and ``totals`` counts
    every k-gram of each group."""

    prefix: np.ndarray
    step: np.ndarray
    side0: np.ndarray
    side1: np.ndarray
    totals: np.ndarray | None = None  # k-grams per group (``walk_levels(groups=...)``), when k-grams are left out

    def __len__(self) -> int:
        return len(self.prefix)


def _group_sum(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys (sorted) and the sum of the values of each."""
    if not len(keys):
        return _NONE, _NONE
    order = np.argsort(keys, kind="stable")
    keys = keys.take(order)
    first = np.empty(len(keys), dtype=bool)
    first[0] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    return keys.take(starts), np.add.reduceat(values.take(order), starts)


def _distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted: ``np.unique`` without its options, which (numpy 2.4) imports
    ``numpy.ma`` on first use, 10 ms of a whole process."""
    ordered = np.sort(values)
    if not len(ordered):
        return ordered
    first = np.empty(len(ordered), dtype=bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return ordered[first]


def _find(sorted_keys: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Positions of queries that are in sorted_keys (each one must be)."""
    at = np.searchsorted(sorted_keys, queries)
    if len(queries) and (at.max() >= len(sorted_keys) or not np.array_equal(sorted_keys.take(at), queries)):
        raise AssertionError("walk engine: a correction walk has no counted label sequence")
    return at


def _find_or_minus(sorted_keys: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Positions of queries in sorted_keys, -1 for those that are not there."""
    if not len(sorted_keys):
        return np.full(len(queries), -1, dtype=np.intp)
    at = np.minimum(np.searchsorted(sorted_keys, queries), len(sorted_keys) - 1)
    return np.where(sorted_keys.take(at) == queries, at, -1)


def _csr(rows: np.ndarray, count: int) -> np.ndarray:
    starts = np.zeros(count + 1, dtype=np.intp)
    np.cumsum(np.bincount(rows, minlength=count), out=starts[1:])
    return starts


@dataclass(frozen=True)
class _Arcs:
    """A batch's loop-free edges as arcs (distinct source -> target pairs) with the steps
    (edge label, target label) each arc carries, and per node its distinct steps."""

    nodes: int
    steps: int               # number of distinct steps
    step_codes: np.ndarray   # edge_label << 32 | target_label per step id
    src: np.ndarray          # per arc (sorted by source, then target)
    tgt: np.ndarray
    reverse: np.ndarray      # the arc target -> source, or -1
    out_starts: np.ndarray   # CSR: arcs leaving each node
    in_starts: np.ndarray    # CSR over ``in_arcs``: arcs entering each node
    in_arcs: np.ndarray
    arc_step_starts: np.ndarray  # CSR: (step, multiplicity) entries of each arc
    arc_step: np.ndarray
    arc_mult: np.ndarray
    node_step_starts: np.ndarray  # CSR: (step, multiplicity) entries of each node's out-steps
    node_step: np.ndarray
    node_mult: np.ndarray
    edges: np.ndarray        # per arc: how many edges (parallel edges of any label) it stands for


def _arcs(batch: GraphBatch) -> _Arcs:
    nodes = len(batch.node_labels)
    keep = batch.edge_sources != batch.edge_targets
    src, tgt = batch.edge_sources[keep], batch.edge_targets[keep]
    codes = (batch.edge_labels[keep] << 32) | batch.node_labels.take(tgt)
    step_codes, step = np.unique(codes, return_inverse=True)
    step = step.reshape(-1).astype(_I64)
    steps = len(step_codes)
    arc_keys, arc_of_edge = np.unique(src * nodes + tgt, return_inverse=True)
    arc_of_edge = arc_of_edge.reshape(-1).astype(_I64)
    arc_src, arc_tgt = arc_keys // max(nodes, 1), arc_keys % max(nodes, 1)
    back = _find_or_minus(arc_keys, arc_tgt * nodes + arc_src)
    entries, mult = _group_sum(arc_of_edge * max(steps, 1) + step, np.ones(len(step), _I64))
    arc_step_arc, arc_step = entries // max(steps, 1), entries % max(steps, 1)
    node_entries, node_mult = _group_sum(src * max(steps, 1) + step, np.ones(len(step), _I64))
    in_arcs = np.argsort(arc_tgt, kind="stable")
    return _Arcs(nodes, steps, step_codes, arc_src, arc_tgt, back, _csr(arc_src, nodes),
                 _csr(arc_tgt, nodes), in_arcs, _csr(arc_step_arc, len(arc_keys)), arc_step, mult,
                 _csr(node_entries // max(steps, 1), nodes), node_entries % max(steps, 1), node_mult,
                 np.bincount(arc_of_edge, minlength=len(arc_keys)).astype(_I64))


def _with_steps(arcs: _Arcs, arc: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (row, step, multiplicity) of the given arcs' steps (row: position in ``arc``)."""
    row, entry = _expand(arcs.arc_step_starts, arc)
    return row, arcs.arc_step.take(entry), arcs.arc_mult.take(entry)


class _Sequences:
    """The label sequences of one level: sorted codes ``prefix * steps + step`` (the position of
    a code is the sequence's id at that level); level 0 is the nodes' first ids."""

    def __init__(self, steps: int):
        self.steps = max(steps, 1)
        self.codes: list[np.ndarray] = []

    def add(self, codes: np.ndarray) -> np.ndarray:
        """Record a level's distinct codes (sorted); returns them."""
        self.codes.append(codes)
        return codes

    def ids(self, first: np.ndarray, steps: list[np.ndarray], strict: bool = True) -> np.ndarray:
        """The id at level len(steps) of the sequences that start with 0-gram ids ``first`` and
        take ``steps``; each must be a counted sequence (``strict``), else -1 for one that is not
        (its prefix was left out)."""
        seq = first
        for level, step in enumerate(steps):
            query = seq * self.steps + step  # negative after a -1: never found
            seq = _find(self.codes[level], query) if strict else _find_or_minus(self.codes[level], query)
        return seq


def walk_levels(batch: GraphBatch, first_ids: np.ndarray, sides: np.ndarray, order: int,
                groups: np.ndarray | None = None) -> Iterator[WalkLevel]:
    """Every level k = 1..order (order <= 4) of the distinct k-grams of a batch, with per-side counts.

    ``first_ids`` is each node's dense 0-gram id (its label, with what must keep graphs
    apart); ``sides`` (0 or 1 per node) says which count a path starting there adds to.
    With ``groups`` (a group id per node: its graph), only what clipped matching needs is counted:
    a sequence that one side lacks is not extended (no extension of it is on both sides), and
    each level's ``totals`` (k-grams per group) come from counting walks without labels
    (``_path_totals``).
    """
    if order > MAX_WALK_ORDER:
        raise ValueError(f"the walks engine counts orders up to {MAX_WALK_ORDER}, not {order}")
    arcs = _arcs(batch)
    steps = max(arcs.steps, 1)
    arc_count = len(arcs.src)
    seqs = _Sequences(arcs.steps)
    cycles = _Cycles(arcs)
    node_side = sides.astype(_I64)
    shared = groups is not None
    totals = _path_totals(arcs, cycles, groups, order) if groups is not None else [None] * order
    live: np.ndarray | None = None  # pairs: which sequences of the previous level were extended
    # level 1: every arc's steps; states (sequence id * arcs + arc, count), sorted
    row, step, mult = _with_steps(arcs, np.arange(arc_count, dtype=_I64))
    first_codes = first_ids.take(arcs.src.take(row)) * steps + step
    codes = seqs.add(_distinct(first_codes))
    state_keys, state_count = _group_sum(np.searchsorted(codes, first_codes).astype(_I64) * arc_count + row, mult)
    prefix_out = np.arange(int(first_ids.max(initial=-1)) + 1, dtype=_I64)  # level 0: the first ids
    for k in range(1, order + 1):
        if k > 1 and k == order:  # the last level: counts only, no states
            records, values = _last_level(arcs, state_keys, state_count, node_side, steps)
            closing = cycles.triangle_closures(seqs, first_ids, node_side, live) if k == 3 else \
                cycles.four_closures(seqs, first_ids, node_side, live) if k == 4 else None
            distinct, counts0, counts1 = _level_counts(records, values, closing)
            yield WalkLevel(prefix_out.take(distinct // steps), distinct % steps, counts0, counts1, totals[k - 1])
            return
        if k > 1:
            state_keys, state_count = _next_states(arcs, seqs, state_keys, state_count, steps)
            if k == 3:  # the closed triangles are the only 3-edge walks here that are not paths
                state_keys, state_count = cycles.without_triangles(seqs, first_ids, state_keys, state_count,
                                                                   strict=not shared)
        # a level with states: its counts are its states' counts, per side
        state_seq = state_keys // arc_count
        side_of = node_side.take(arcs.src.take(state_keys % arc_count))
        distinct, counts0, counts1 = _level_counts(state_seq * 2 + side_of, state_count, None)
        level_codes = seqs.codes[k - 1]
        yield WalkLevel(prefix_out.take(level_codes.take(distinct) // steps), level_codes.take(distinct) % steps,
                        counts0, counts1, totals[k - 1])
        prefix_out = np.full(len(level_codes), -1, _I64)
        prefix_out[distinct] = np.arange(len(distinct), dtype=_I64)
        if shared:  # extend only the sequences that both sides have
            live = np.zeros(len(level_codes), dtype=bool)
            live[distinct[(counts0 > 0) & (counts1 > 0)]] = True
            kept = np.flatnonzero(live.take(state_seq))
            state_keys, state_count = state_keys.take(kept), state_count.take(kept)
        if not len(state_keys):
            for rest in range(k, order):
                yield WalkLevel(_NONE, _NONE, _NONE, _NONE, totals[rest])
            return


def _path_totals(arcs: _Arcs, cycles: _Cycles, groups: np.ndarray, order: int) -> list[np.ndarray]:
    """Per level k = 1..order, the simple paths of k edges of each group (graph), counted without
    labels: non-backtracking walks per last arc (walks onto an arc u -> v, times the arcs leaving v,
    minus those that arrived over the arc's reverse), minus the same corrections as the labelled
    counts (closed triangles at 3 edges; a triangle entered from outside and 4-cycles at 4)."""
    count = int(groups.max(initial=-1)) + 1
    group_of_arc = groups.take(arcs.src)
    back = np.flatnonzero(arcs.reverse >= 0)

    def per_group(values: np.ndarray) -> np.ndarray:
        out = np.zeros(count, dtype=_I64)
        np.add.at(out, group_of_arc, values)
        return out

    walks = arcs.edges.copy()
    totals = [per_group(walks)]
    for k in range(2, order + 1):
        arriving = np.zeros(arcs.nodes, dtype=_I64)
        np.add.at(arriving, arcs.tgt, walks)
        onward = arriving.take(arcs.src)
        onward[back] -= walks.take(arcs.reverse.take(back))
        walks = onward * arcs.edges
        if k == 3:  # closed triangles: counted on their last arc
            closed = np.zeros(len(walks), dtype=_I64)
            triangles = cycles.cycles()[0]
            np.add.at(closed, triangles[2], _edges_along(arcs, triangles))
            walks -= closed
        level = per_group(walks)
        if k == 4:
            for walk in cycles.four_walks():
                closes = np.zeros(count, dtype=_I64)
                np.add.at(closes, group_of_arc.take(walk[0]), _edges_along(arcs, walk))
                level -= closes
        totals.append(level)
    return totals


def _edges_along(arcs: _Arcs, walk: tuple[np.ndarray, ...]) -> np.ndarray:
    """How many edge walks each arc walk stands for: the product of its arcs' edges."""
    product = np.ones(len(walk[0]), dtype=_I64)
    for position in walk:
        product *= arcs.edges.take(position)
    return product


def _next_states(arcs: _Arcs, seqs: _Sequences, keys: np.ndarray, count: np.ndarray, steps: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """States one edge longer: from each (sequence, node) along each arc leaving the node, minus
    the walks that arrived over that arc's reverse (no step straight back): each state adds its
    count negated to the state one step back along its reverse arc."""
    arc_count = len(arcs.src)
    seq, arc = keys // arc_count, keys % arc_count
    node_keys, node_count = _group_sum(seq * arcs.nodes + arcs.tgt.take(arc), count)
    node_seq, node = node_keys // arcs.nodes, node_keys % arcs.nodes
    del node_keys
    row, out = _expand(arcs.out_starts, node)
    forward_seq, forward_value = node_seq.take(row), node_count.take(row)
    del row, node_seq, node_count, node
    back = arcs.reverse.take(arc)
    has_back = np.flatnonzero(back >= 0)
    seq_all = np.concatenate([forward_seq, seq.take(has_back)])
    out_all = np.concatenate([out.astype(_I64), back.take(has_back)])
    value_all = np.concatenate([forward_value, -count.take(has_back)])
    del forward_seq, forward_value, out, back, has_back, seq, arc
    step_row, step, mult = _with_steps(arcs, out_all)
    new_codes = seq_all.take(step_row) * steps + step
    records = out_all.take(step_row)
    values = value_all.take(step_row) * mult
    del seq_all, out_all, value_all
    if (int(new_codes.max(initial=0)) + 1) * arc_count < (1 << 62):  # one sort: by (code, arc)
        grouped, total = _group_sum(new_codes * arc_count + records, values)
        live = np.flatnonzero(total)
        grouped, total = grouped.take(live), total.take(live)
        code_of = grouped // arc_count
        first = np.empty(len(code_of), dtype=bool)
        first[:1] = True
        np.not_equal(code_of[1:], code_of[:-1], out=first[1:])
        seqs.add(code_of[first])
        return (np.cumsum(first) - 1) * arc_count + grouped % arc_count, total
    codes = seqs.add(_distinct(new_codes))
    new_seq = np.searchsorted(codes, new_codes).astype(_I64)
    grouped, total = _group_sum(new_seq * arc_count + records, values)
    live = np.flatnonzero(total)
    return grouped.take(live), total.take(live)


@dataclass(frozen=True)
class _Onward:
    """The steps a simple path may take after each arc u -> v: v's steps minus those of the arc
    v -> u (never straight back), as a multiset; arcs with equal multisets share an id, so the
    states at a hub's many in-arcs, which all see the same steps onward, are grouped."""

    of_arc: np.ndarray   # onward id of each arc
    starts: np.ndarray   # CSR over the ids: (step, multiplicity) entries
    step: np.ndarray
    mult: np.ndarray


def _onward(arcs: _Arcs) -> _Onward:
    arc_count, steps = len(arcs.src), max(arcs.steps, 1)
    row, entry = _expand(arcs.node_step_starts, arcs.tgt)
    keys = row.astype(_I64) * steps + arcs.node_step.take(entry)
    values = arcs.node_mult.take(entry)
    back = np.flatnonzero(arcs.reverse >= 0)
    brow, bstep, bmult = _with_steps(arcs, arcs.reverse.take(back))
    keys, values = _group_sum(np.concatenate([keys, back.take(brow).astype(_I64) * steps + bstep]),
                              np.concatenate([values, -bmult]))
    live = np.flatnonzero(values)
    keys, values = keys.take(live), values.take(live)
    owner, step = keys // steps, keys % steps
    starts = _csr(owner, arc_count)
    # an order-free 64-bit fingerprint of each arc's multiset, then an exact check of each group
    mixed = _mix(step.astype(np.uint64), values.astype(np.uint64))
    sizes = np.diff(starts)
    print_ = np.zeros(arc_count, dtype=np.uint64)
    filled = np.flatnonzero(sizes)
    if len(filled):
        print_[filled] = np.add.reduceat(mixed, starts.take(filled))
    fingerprints = (print_ ^ _mix(print_, sizes.astype(np.uint64))).view(np.int64)
    distinct, first, of_arc = np.unique(fingerprints, return_index=True, return_inverse=True)
    of_arc = of_arc.reshape(-1)
    representative = first.take(of_arc)
    same = np.array_equal(sizes, sizes.take(representative))
    if same:
        mine_row, mine = _expand(starts, np.arange(arc_count, dtype=np.intp))
        theirs = starts.take(representative.take(mine_row)) + (mine - starts.take(mine_row))
        same = np.array_equal(step.take(mine), step.take(theirs)) and np.array_equal(values.take(mine),
                                                                                       values.take(theirs))
    if not same:  # a fingerprint collision: no grouping (still exact)
        return _Onward(np.arange(arc_count, dtype=_I64), starts, step, values)
    row, entry = _expand(starts, first)
    return _Onward(of_arc.astype(_I64), _csr(row, len(distinct)), step.take(entry), values.take(entry))


def _last_level(arcs: _Arcs, keys: np.ndarray, count: np.ndarray, node_side: np.ndarray, steps: int
                ) -> tuple[np.ndarray, np.ndarray]:
    """The last level's records (code * 2 + side, count): each state (sequence, arc) with the steps
    onward from its arc, states grouped by (sequence, steps onward, side) first."""
    arc_count = len(arcs.src)
    onward = _onward(arcs)
    kinds = len(onward.starts) - 1
    seq, arc = keys // arc_count, keys % arc_count
    grouped, total = _group_sum((seq * max(kinds, 1) + onward.of_arc.take(arc)) * 2
                                + node_side.take(arcs.src.take(arc)), count)
    del seq, arc
    kind = (grouped >> 1) % max(kinds, 1)
    row, entry = _expand(onward.starts, kind)
    records = ((grouped >> 1) // max(kinds, 1)).take(row) * (2 * steps) + (grouped & 1).take(row)
    records += onward.step.take(entry) * 2
    values = total.take(row)
    values *= onward.mult.take(entry)
    return records, values


def _level_counts(keys: np.ndarray, values: np.ndarray,
                  corrections: tuple[np.ndarray, np.ndarray] | None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct codes with their count per side (zero counts dropped), from records
    (code * 2 + side, count); the corrections' records are subtracted."""
    if corrections is not None:
        keys = np.concatenate([keys, corrections[0]])
        values = np.concatenate([values, -corrections[1]])
    keys, counts = _group_sum(keys, values)
    live = np.flatnonzero(counts)
    keys, counts = keys.take(live), counts.take(live)
    codes, side1 = keys >> 1, (keys & 1).astype(bool)
    first = np.empty(len(codes), dtype=bool)
    first[:1] = True
    np.not_equal(codes[1:], codes[:-1], out=first[1:])
    at = np.cumsum(first) - 1
    distinct = codes[first]
    counts0 = np.zeros(len(distinct), _I64)
    counts1 = np.zeros(len(distinct), _I64)
    counts0[at[~side1]] = counts[~side1]
    counts1[at[side1]] = counts[side1]
    if (counts0 < 0).any() or (counts1 < 0).any():
        raise AssertionError("walk engine: a negative k-gram count")
    return distinct, counts0, counts1


class _Cycles:
    """The directed triangles and 4-cycles of a batch (closed walks of 3 and 4 edges on distinct
    nodes, one per starting node), found on first use, and the corrections they make.

    ``live`` (which sequences of the level before were extended, when only shared k-grams are
    counted) leaves out the corrections of walks whose prefix was not extended: they were never added."""

    def __init__(self, arcs: _Arcs):
        self.arcs = arcs
        self._found: tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]] | None = None

    def cycles(self) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
        """The triangles (a1, a2, a3) and 4-cycles (a1, a2, a3, a4) as arc tuples."""
        if self._found is None:
            self._found = _cycles(self.arcs)
        return self._found

    def without_triangles(self, seqs: _Sequences, first_ids: np.ndarray, keys: np.ndarray, count: np.ndarray,
                          strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Level-3 states without the closed triangles (they become exactly the simple paths); not
        ``strict``: a triangle whose state is not there (its prefix was not extended) is skipped."""
        arcs = self.arcs
        (a1, a2, a3), _ = self.cycles()
        rows, chosen, mult = _walk_values(arcs, (a1, a2, a3))
        if not len(rows):
            return keys, count
        seq = seqs.ids(first_ids.take(arcs.src.take(a1.take(rows))), chosen, strict)
        query = seq * len(arcs.src) + a3.take(rows)
        if strict:
            at = _find(keys, query)
        else:
            at = _find_or_minus(keys, query)
            found = np.flatnonzero((at >= 0) & (seq >= 0))
            at, mult = at.take(found), mult.take(found)
        count = count.copy()
        np.subtract.at(count, at, mult)
        live = np.flatnonzero(count)
        return keys.take(live), count.take(live)

    def triangle_closures(self, seqs: _Sequences, first_ids: np.ndarray, node_side: np.ndarray,
                          live: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(code * 2 + side, count) of the closed triangles, to subtract from the 3-edge counts."""
        triangles, _ = self.cycles()
        return self._codes(triangles, seqs, first_ids, node_side, live)

    def four_walks(self) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
        """The non-backtracking 4-edge arc walks from a simple 3-edge path that are not paths: an arc
        into a triangle that the walk then closes (u x y z x), and the 4-cycles."""
        arcs = self.arcs
        (a1, a2, a3), squares = self.cycles()
        t_row, in_entry = _expand(arcs.in_starts, arcs.src.take(a1))
        into = arcs.in_arcs.take(in_entry).astype(_I64)
        u = arcs.src.take(into)
        keep = np.flatnonzero((u != arcs.tgt.take(a1.take(t_row))) & (u != arcs.tgt.take(a2.take(t_row))))
        t_row, into = t_row.take(keep), into.take(keep)
        return (into, a1.take(t_row), a2.take(t_row), a3.take(t_row)), squares

    def four_closures(self, seqs: _Sequences, first_ids: np.ndarray, node_side: np.ndarray,
                      live: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(code * 2 + side, count) of ``four_walks``, to subtract from the 4-edge counts."""
        parts = [self._codes(walk, seqs, first_ids, node_side, live) for walk in self.four_walks()]
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

    def _codes(self, walk: tuple[np.ndarray, ...], seqs: _Sequences, first_ids: np.ndarray,
               node_side: np.ndarray, live: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        """(last-level code * 2 + side, count) of every step choice of closed arc walks."""
        rows, chosen, mult = _walk_values(self.arcs, walk)
        start = self.arcs.src.take(walk[0].take(rows))
        seq = seqs.ids(first_ids.take(start), chosen[:-1], strict=live is None)
        last = chosen[-1]
        if live is not None:
            found = np.flatnonzero(seq >= 0)
            found = found.take(np.flatnonzero(live.take(seq.take(found))))
            seq, last, start, mult = seq.take(found), last.take(found), start.take(found), mult.take(found)
        return (seq * seqs.steps + last) * 2 + node_side.take(start), mult


def _cycles(arcs: _Arcs) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """Directed triangles (a1, a2, a3) and 4-cycles (a1, a2, a3, a4) as arc tuples, one per
    starting node: the closed walks of 3 and 4 edges that visit distinct nodes.

    Each cycle is found once, from its node of lowest rank (triangles: as the middle of a
    2-path) or highest rank (4-cycles: as the start of two 2-paths that meet), ranked by degree,
    then turned to start at each of its nodes; so no 2-path through a hub between two of its
    many neighbours is listed (the usual m * sqrt(m) listing of short cycles)."""
    nodes = arcs.nodes
    degree = np.diff(arcs.out_starts) + np.diff(arcs.in_starts)
    rank = np.empty(nodes, dtype=_I64)
    rank[np.lexsort((np.arange(nodes), degree))] = np.arange(nodes, dtype=_I64)
    src_rank, tgt_rank = rank.take(arcs.src), rank.take(arcs.tgt)
    arc_keys = arcs.src * nodes + arcs.tgt
    # triangles x -> y -> z -> x with y the lowest
    down = np.flatnonzero(tgt_rank < src_rank).astype(_I64)
    row, second = _expand(arcs.out_starts, arcs.tgt.take(down))
    first, second = down.take(row), second.astype(_I64)
    keep = np.flatnonzero((tgt_rank.take(second) > tgt_rank.take(first))
                          & (arcs.tgt.take(second) != arcs.src.take(first)))
    tri_first, tri_second = first.take(keep), second.take(keep)
    close = _find_or_minus(arc_keys, arcs.tgt.take(tri_second) * nodes + arcs.src.take(tri_first))
    t = np.flatnonzero(close >= 0)
    one = (tri_first.take(t), tri_second.take(t), close.take(t).astype(_I64))
    triangles = tuple(np.concatenate([one[(i + j) % 3] for j in range(3)]) for i in range(3))
    # 4-cycles w -> x -> y -> z -> w with w the highest: 2-paths w -> x -> y and y -> z -> w
    keep = np.flatnonzero(tgt_rank.take(second) < src_rank.take(first))
    left_first, left_second = first.take(keep), second.take(keep)
    up = np.flatnonzero(src_rank < tgt_rank).astype(_I64)  # z -> w (z lower), and y -> z before it
    row, entry = _expand(arcs.in_starts, arcs.src.take(up))
    last, before = up.take(row), arcs.in_arcs.take(entry).astype(_I64)
    keep = np.flatnonzero(src_rank.take(before) < tgt_rank.take(last))
    right_third, right_last = before.take(keep), last.take(keep)
    left = arcs.src.take(left_first) * nodes + arcs.tgt.take(left_second)
    right = arcs.tgt.take(right_last) * nodes + arcs.src.take(right_third)
    order = np.argsort(right, kind="stable")
    right_sorted = right.take(order)
    lo = np.searchsorted(right_sorted, left, side="left")
    hi = np.searchsorted(right_sorted, left, side="right")
    starts = np.zeros(len(left) + 1, dtype=np.intp)
    np.cumsum(hi - lo, out=starts[1:])
    i, j = _expand(starts, np.arange(len(left), dtype=np.intp))
    j = order.take(j - starts.take(i) + lo.take(i))
    keep = np.flatnonzero(arcs.tgt.take(left_first.take(i)) != arcs.src.take(right_last.take(j)))
    i, j = i.take(keep), j.take(keep)
    four = (left_first.take(i), left_second.take(i), right_third.take(j), right_last.take(j))
    squares = tuple(np.concatenate([four[(p + q) % 4] for q in range(4)]) for p in range(4))
    return triangles, squares


def _walk_values(arcs: _Arcs, walk: tuple[np.ndarray, ...]) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """Every step choice of a list of arc walks: (walk row, steps per position, multiplicity)."""
    rows = np.arange(len(walk[0]), dtype=_I64)
    chosen: list[np.ndarray] = []
    mult = np.ones(len(rows), _I64)
    for position in walk:
        r, step, m = _with_steps(arcs, position.take(rows))
        rows = rows.take(r)
        chosen = [c.take(r) for c in chosen] + [step]
        mult = mult.take(r) * m
    return rows, chosen, mult


def count_walks(graph: Graph, order: int) -> NgramCounts:
    """Count k-grams for k = 1..order into HashedTables (the ``walks`` engine; above order 4, ``fast``)."""
    if order > MAX_WALK_ORDER:
        return count_fast(graph, order)
    batch = arrays_from_graph(graph)
    node_labels, first_ids = np.unique(batch.node_labels, return_inverse=True)
    arcs_steps = _step_labels(batch)
    labels = node_labels.reshape(-1, 1)
    hashes = _mix(np.zeros(len(node_labels), dtype=np.uint64), node_labels.astype(np.uint64))
    tables: list[KgramTable] = []
    sides = np.zeros(len(first_ids), dtype=np.int8)
    for level in walk_levels(batch, first_ids.reshape(-1).astype(_I64), sides, order):
        step_codes = arcs_steps
        step_labels = np.stack([step_codes >> 32, step_codes & ((1 << 32) - 1)], axis=1)
        labels = np.concatenate([labels[level.prefix], step_labels[level.step]], axis=1)
        hashes = _mix(hashes[level.prefix], step_codes.astype(np.uint64)[level.step])
        tables.append(HashedTable(hashes, level.side0, labels, batch.labels))
    return NgramCounts(order, len(graph.nodes), tuple(tables), "walks")


def _step_labels(batch: GraphBatch) -> np.ndarray:
    """The step codes (edge label << 32 | target label) in the walk engine's step numbering."""
    keep = batch.edge_sources != batch.edge_targets
    codes = (batch.edge_labels[keep] << 32) | batch.node_labels.take(batch.edge_targets[keep])
    return _distinct(codes)


def count_batch_walks(batch: GraphBatch, order: int) -> BatchCounts:
    """``count_batch`` by label sequence: graphs 2i and 2i+1 are pair i's pred and gold.  Only the
    k-grams both graphs of a pair may share are listed; the totals are counted without labels."""
    if order > MAX_WALK_ORDER:
        return count_batch(batch, order)
    graphs = batch.graph_count
    pairs = graphs // 2
    graph_of_node = batch.graph_of_node()
    shift = max(1, len(batch.labels).bit_length())  # label ids of the batch's own table
    pair_keys, first_ids = np.unique(((graph_of_node >> 1) << shift) | batch.node_labels, return_inverse=True)
    pair_of_gram = pair_keys >> shift
    matched = np.zeros((order, pairs), dtype=_I64)
    totals = np.zeros((order, graphs), dtype=_I64)
    sides = (graph_of_node & 1).astype(np.int8)
    for k, level in enumerate(walk_levels(batch, first_ids.reshape(-1).astype(_I64), sides, order,
                                          groups=graph_of_node)):
        if level.totals is not None:
            totals[k, :len(level.totals)] = level.totals  # graphs after the last node's have none
        if len(level):
            pair_of_gram = pair_of_gram.take(level.prefix)
            matched[k] = np.bincount(pair_of_gram, weights=np.minimum(level.side0, level.side1), minlength=pairs)
    return BatchCounts(matched, totals, batch.node_counts)
