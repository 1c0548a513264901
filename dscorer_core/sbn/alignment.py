"""The node alignment that matches the most Smatch triples, found exactly.

Smatch (Cai & Knight 2013) maps the nodes of a predicted graph one-to-one to the gold graph's
nodes and counts the triples the mapping carries over; the official tool finds that mapping by
hill climbing with random restarts.  Here a greedy mapping is tried first: when it reaches the
upper bound (for every kind of triple, the smaller of the predicted and gold counts) it is proven
best.  Otherwise an integer program is solved with HiGHS (``scipy.optimize.milp``): binary x for
each (pred node, gold node) pair, one-to-one; y for each candidate triple pair, bounded by the x
of every node pair it needs (summed per triple, which is tighter); maximise the sum of y.
Several documents are solved as one block-diagonal program; a document is marked optimal only
when the solver proved it (or the greedy mapping met the bound).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..sparse_rows import SparseRows
from .triples import Triple, normalise_value

__all__ = [
    "Alignment",
    "TriplePairing",
    "align",
    "align_many",
    "build_pairing",
    "count_matched",
    "greedy_mapping",
    "improve_by_swaps",
    "same_name_mapping",
]

#: How many program columns one solver call may hold before a batch is flushed.
BATCH_COLUMNS = 20_000


@dataclass(frozen=True)
class TriplePairing:
    """The candidate triple pairs of a document pair and the node pairs each one needs."""

    pred_nodes: tuple[str, ...]
    gold_nodes: tuple[str, ...]
    candidates: tuple[tuple[int, int, tuple[tuple[str, str], ...]], ...]
    pred_count: int
    gold_count: int
    upper_bound: int


@dataclass(frozen=True)
class Alignment:
    """A node mapping, the triples it matches, the bound, whether it is proven best, and how it was found."""

    mapping: dict[str, str]
    matched: int
    upper_bound: int
    optimal: bool
    method: str


def _key(t: Triple) -> tuple[str, str]:
    return (normalise_value(t.relation), "" if t.is_relation else normalise_value(t.target))


def _nodes(triples: Sequence[Triple]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for t in triples:
        seen.setdefault(t.source)
        if t.is_relation:
            seen.setdefault(t.target)
    return tuple(seen)


def build_pairing(pred: Sequence[Triple], gold: Sequence[Triple]) -> TriplePairing:
    """Every (pred triple, gold triple) pair that can match, with the node pairs it needs."""
    by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
    for j, t in enumerate(gold):
        by_key[_key(t)].append(j)
    candidates = []
    usable: dict[tuple[str, str], tuple[set[int], set[int]]] = {}
    for i, p in enumerate(pred):
        key = _key(p)
        for j in by_key.get(key, ()):
            g = gold[j]
            if p.is_relation:
                if (p.source == p.target) != (g.source == g.target):
                    continue
                needs = (((p.source, g.source),) if p.source == p.target
                         else ((p.source, g.source), (p.target, g.target)))
            else:
                needs = ((p.source, g.source),)
            candidates.append((i, j, needs))
            sides = usable.setdefault(key, (set(), set()))
            sides[0].add(i)
            sides[1].add(j)
    bound = sum(min(len(a), len(b)) for a, b in usable.values())
    return TriplePairing(_nodes(pred), _nodes(gold), tuple(candidates), len(pred), len(gold), bound)


def count_matched(pairing: TriplePairing, mapping: dict[str, str]) -> int:
    """How many triple pairs a one-to-one mapping carries over."""
    return sum(1 for _, _, needs in pairing.candidates if all(mapping.get(p) == g for p, g in needs))


def greedy_mapping(pairing: TriplePairing) -> dict[str, str]:
    """A quick mapping: each predicted node in turn takes the free gold node that gains the most triples."""
    by_pred: dict[str, list[int]] = defaultdict(list)
    options: dict[str, dict[str, None]] = defaultdict(dict)
    for k, (_, _, needs) in enumerate(pairing.candidates):
        for p, g in needs:
            by_pred[p].append(k)
            options[p].setdefault(g)
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    order = sorted(pairing.pred_nodes, key=lambda v: (-len(by_pred[v]), pairing.pred_nodes.index(v)))
    for v in order:
        best, best_gain = None, 0
        for g in options.get(v, {}):
            if g in taken:
                continue
            trial = {**mapping, v: g}
            gain = sum(1 for k in by_pred[v]
                       if all(trial.get(p) == gg for p, gg in pairing.candidates[k][2]))
            if gain > best_gain:
                best, best_gain = g, gain
        if best is not None:
            mapping[v] = best
            taken.add(best)
    return mapping


def same_name_mapping(pairing: TriplePairing) -> dict[str, str]:
    """Each node to the gold node of the same name (``s3`` to ``s3``): names follow reading order,
    so this is the right start when a prediction follows the gold SBN closely."""
    gold = set(pairing.gold_nodes)
    return {v: v for v in pairing.pred_nodes if v in gold}


#: Above this many candidate pairs the swap pass is skipped (the solver does the work).
SWAP_CANDIDATES = 4_000


def improve_by_swaps(pairing: TriplePairing, mapping: dict[str, str]) -> dict[str, str]:
    """Move or swap single nodes while that matches more triples (a cheap local search before the solver)."""
    if len(pairing.candidates) > SWAP_CANDIDATES:
        return mapping
    options: dict[str, list[str]] = defaultdict(list)
    for _, _, needs in pairing.candidates:
        for p, g in needs:
            if g not in options[p]:
                options[p].append(g)
    best = dict(mapping)
    score = count_matched(pairing, best)
    improved = True
    while improved and score < pairing.upper_bound:
        improved = False
        owner = {g: p for p, g in best.items()}
        for v in pairing.pred_nodes:
            for g in options.get(v, ()):
                if best.get(v) == g:
                    continue
                trial = dict(best)
                other = owner.get(g)
                if other is not None:
                    if v in best:
                        trial[other] = best[v]
                    else:
                        del trial[other]
                trial[v] = g
                found = count_matched(pairing, trial)
                if found > score:
                    best, score, improved = trial, found, True
                    owner = {gg: p for p, gg in best.items()}
    return best


def _program(pairing: TriplePairing, x0: int, program: SparseRows) -> tuple[list[tuple[str, str]], int]:
    """Add one document's constraints (columns from x0); returns its node pairs and its column count."""
    pairs = sorted({pg for _, _, needs in pairing.candidates for pg in needs})
    x_of = {pg: x0 + i for i, pg in enumerate(pairs)}
    y0 = x0 + len(pairs)
    row = program.add

    groups: dict[tuple, list[int]] = defaultdict(list)
    for (p, g), col in x_of.items():
        groups[("p", p)].append(col)
        groups[("g", g)].append(col)
    links: dict[tuple, list[int]] = defaultdict(list)
    for k, (i, j, needs) in enumerate(pairing.candidates):
        groups[("pt", i)].append(y0 + k)
        groups[("gt", j)].append(y0 + k)
        for pg in needs:
            links[("pt", i, pg)].append(y0 + k)
            links[("gt", j, pg)].append(y0 + k)
    for members in groups.values():
        if len(members) > 1:
            row(members, [1.0] * len(members), 1.0)
    for key, members in links.items():
        row(members + [x_of[key[2]]], [1.0] * len(members) + [-1.0], 0.0)
    return pairs, len(pairs) + len(pairing.candidates)


def _solve(pairings: Sequence[TriplePairing], time_limit: float) -> list[tuple[dict[str, str] | None, bool]]:
    """One solver call for several documents: each document's mapping (None if none) and optimality."""
    from scipy.optimize import (  # slow to import: only when needed
        Bounds,
        milp,
    )

    program = SparseRows()
    layout = []
    col = 0
    for pairing in pairings:
        pairs, width = _program(pairing, col, program)
        layout.append((col, pairs))
        col += width
    if col == 0:
        return [({}, True) for _ in pairings]
    integrality = np.zeros(col)
    cost = np.zeros(col)
    for pairing, (x0, pairs) in zip(pairings, layout):
        integrality[x0:x0 + len(pairs)] = 1
        cost[x0 + len(pairs):x0 + len(pairs) + len(pairing.candidates)] = -1
    res = milp(cost, integrality=integrality, bounds=Bounds(0, 1), constraints=program.constraints(col),
               options={"time_limit": time_limit, "presolve": True})
    if res.x is None:
        return [(None, False) for _ in pairings]
    out: list[tuple[dict[str, str] | None, bool]] = []
    for x0, pairs in layout:
        chosen = np.flatnonzero(res.x[x0:x0 + len(pairs)] > 0.5)
        out.append(({pairs[i][0]: pairs[i][1] for i in chosen}, res.status == 0))
    return out


def align(pred: Sequence[Triple], gold: Sequence[Triple], time_limit: float = 30.0) -> Alignment:
    """The best alignment of one document pair (see align_many)."""
    return align_many([(pred, gold)], time_limit)[0]


def align_many(pairs: Sequence[tuple[Sequence[Triple], Sequence[Triple]]], time_limit: float = 30.0) -> list[Alignment]:
    """The best alignment of every document pair; the hard ones share solver calls.

    ``time_limit`` bounds each solver call; a document the solver could not finish keeps the best
    mapping found and is marked not optimal.
    """
    pairings = [build_pairing(p, g) for p, g in pairs]
    results: list[Alignment | None] = []
    open_: list[int] = []
    greedy: list[dict[str, str]] = []
    for i, pairing in enumerate(pairings):
        starts = [greedy_mapping(pairing), same_name_mapping(pairing)]
        mapping = improve_by_swaps(pairing, max(starts, key=lambda m: count_matched(pairing, m)))
        greedy.append(mapping)
        matched = count_matched(pairing, mapping)
        if matched >= pairing.upper_bound:
            results.append(Alignment(mapping, matched, pairing.upper_bound, True, "greedy"))
        else:
            results.append(None)
            open_.append(i)
    batch: list[int] = []
    size = 0

    def flush() -> None:
        nonlocal batch, size
        if not batch:
            return
        found = _solve([pairings[i] for i in batch], time_limit)
        if len(batch) > 1 and not all(ok for _, ok in found):
            found = [_solve([pairings[i]], time_limit)[0] for i in batch]
        for i, (mapping, ok) in zip(batch, found):
            results[i] = _best(pairings[i], greedy[i], mapping, ok)
        batch, size = [], 0

    for i in open_:
        width = len(pairings[i].candidates) * 2
        if size + width > BATCH_COLUMNS:
            flush()
        batch.append(i)
        size += width
    flush()
    return [r for r in results if r is not None]


def _best(pairing: TriplePairing, greedy: dict[str, str], solved: dict[str, str] | None, optimal: bool) -> Alignment:
    first = count_matched(pairing, greedy)
    if solved is not None:
        found = count_matched(pairing, solved)
        if found >= first:
            return Alignment(solved, found, pairing.upper_bound, optimal or found >= pairing.upper_bound, "milp")
    return Alignment(greedy, first, pairing.upper_bound, first >= pairing.upper_bound, "greedy")
