"""The node alignment that matches the most Smatch triples, found exactly.

Smatch (Cai & Knight 2013) maps the nodes of a predicted graph one-to-one to the gold graph's
nodes and counts the triples the mapping carries over; the official tool finds that mapping by
hill climbing with random restarts.  Here the mapping of nodes to the gold nodes of the same name
is tried first, then a greedy one: when one reaches the upper bound (for every kind of triple, the
smaller of the predicted and gold counts) it is proven best.  Otherwise a branch and bound settles
the document (``branch_bound.py``, every PMB test sentence), and past its step budget an integer
program is solved with HiGHS (``scipy.optimize.milp``, imported only then): binary x for each
(pred node, gold node) pair, one-to-one; y for each candidate triple pair, bounded by the x of every
node pair it needs (summed per triple, which is tighter); maximise the weighted sum of y.  Several
documents are solved as one block-diagonal program; a document is marked optimal only when the
search or the solver proved it (or a start met the bound).  Duplicated triples weigh as Smatch
1.0.4 counts them (``build_pairing``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..sparse_rows import SparseRows
from .branch_bound import exact_search
from .triples import INSTANCE, Triple, normalise_value

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
    """The candidate triple pairs of a document pair (distinct triples), the node pairs each one needs
    and its weight: how many (pred, gold) triple pairs it stands for, as Smatch counts duplicates."""

    pred_nodes: tuple[str, ...]
    gold_nodes: tuple[str, ...]
    candidates: tuple[tuple[int, int, tuple[tuple[str, str], ...], int], ...]
    pred_count: int
    gold_count: int
    upper_bound: int
    pred_keys: tuple[tuple[int, int], ...] = ()  # per distinct pred triple: (key id, how often it occurs)
    gold_keys: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Alignment:
    """A node mapping, the triples it matches, the bound, whether it is proven best, and how it was found."""

    mapping: dict[str, str]
    matched: int
    upper_bound: int
    optimal: bool
    method: str


#: How two names or values are compared (``triples.normalise_value``, or ``amr_line.smatch_normalise``).
Normalise = Callable[[str], str]


def _nodes(triples: Sequence[Triple]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for t in triples:
        seen.setdefault(t.source)
        if t.is_relation:
            seen.setdefault(t.target)
    return tuple(seen)


#: A distinct triple as compared: its key (relation or not, instance or not, name, value), its source
#: and target nodes ("" for a value), and how often it occurs.
_Distinct = tuple[tuple[bool, bool, str, str], str, str, int]


def _distinct(triples: Sequence[Triple], norm: Normalise) -> list[_Distinct]:
    """Each distinct triple (as compared) once, with its key and how often it occurs."""
    counts: dict[tuple[tuple[bool, bool, str, str], str, str], int] = {}
    for t in triples:
        if t.is_relation:
            ident = ((True, False, norm(t.relation), ""), t.source, t.target)
        else:
            ident = ((False, t.relation == INSTANCE, norm(t.relation), norm(t.target)), t.source, "")
        counts[ident] = counts.get(ident, 0) + 1
    return [(key, source, target, n) for (key, source, target), n in counts.items()]


def build_pairing(pred: Sequence[Triple], gold: Sequence[Triple],
                  normalise: Normalise = normalise_value) -> TriplePairing:
    """Every (pred triple, gold triple) pair that can match, with the node pairs it needs.

    Duplicated triples are counted as Smatch counts them: every (pred, gold) pair of equal triples
    matches, so a triple twice on each side weighs 4 (smatch 1.0.4's ``compute_pool``).
    """
    seen: dict[str, str] = {}

    def norm(text: str) -> str:
        found = seen.get(text)
        if found is None:
            found = seen[text] = normalise(text)
        return found

    pdist, gdist = _distinct(pred, norm), _distinct(gold, norm)
    by_key: dict[tuple, list[int]] = defaultdict(list)
    for j, g in enumerate(gdist):
        by_key[g[0]].append(j)
    candidates = []
    key_id: dict[tuple, int] = {}
    pred_keys, gold_keys = [(-1, n) for *_, n in pdist], [(-1, n) for *_, n in gdist]
    for i, (key, source, target, pn) in enumerate(pdist):
        js = by_key.get(key)
        if not js:
            continue
        k = key_id.setdefault(key, len(key_id))
        pred_keys[i] = (k, pn)
        loop = source == target
        for j in js:
            _, gsource, gtarget, gn = gdist[j]
            gold_keys[j] = (k, gn)
            if not target:
                needs: tuple[tuple[str, str], ...] = ((source, gsource),)
            elif loop != (gsource == gtarget):
                continue
            else:
                needs = ((source, gsource),) if loop else ((source, gsource), (target, gtarget))
            candidates.append((i, j, needs, pn * gn))
    pred_sum, gold_sum = [0] * len(key_id), [0] * len(key_id)
    pred_most, gold_most = [0] * len(key_id), [0] * len(key_id)
    for k, n in pred_keys:
        if k >= 0:
            pred_sum[k] += n
            pred_most[k] = max(pred_most[k], n)
    for k, n in gold_keys:
        if k >= 0:
            gold_sum[k] += n
            gold_most[k] = max(gold_most[k], n)
    bound = sum(min(pred_sum[k] * gold_most[k], gold_sum[k] * pred_most[k]) for k in range(len(key_id)))
    return TriplePairing(_nodes(pred), _nodes(gold), tuple(candidates), len(pred), len(gold), bound,
                         tuple(pred_keys), tuple(gold_keys))


def count_matched(pairing: TriplePairing, mapping: dict[str, str]) -> int:
    """How many triple pairs a one-to-one mapping carries over."""
    total = 0
    for _, _, needs, w in pairing.candidates:
        (p1, g1) = needs[0]
        if mapping.get(p1) == g1 and (len(needs) == 1 or mapping.get(needs[1][0]) == needs[1][1]):
            total += w
    return total


def greedy_mapping(pairing: TriplePairing) -> dict[str, str]:
    """A quick mapping: each predicted node in turn takes the free gold node that gains the most triples."""
    # for each (pred node, gold node): the weight it brings alone, and the weight it brings with one other pair
    alone: dict[tuple[str, str], int] = defaultdict(int)
    linked: dict[tuple[str, str], list[tuple[str, str, int]]] = defaultdict(list)
    heavy: dict[str, int] = defaultdict(int)
    for _, _, needs, w in pairing.candidates:
        if len(needs) == 1:
            alone[needs[0]] += w
        else:
            (p1, g1), (p2, g2) = needs
            linked[(p1, g1)].append((p2, g2, w))
            linked[(p2, g2)].append((p1, g1, w))
        for p, _ in needs:
            heavy[p] += 1
    options: dict[str, dict[str, None]] = defaultdict(dict)
    for p, g in list(alone) + list(linked):
        options[p][g] = None
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    position = {v: i for i, v in enumerate(pairing.pred_nodes)}
    order = sorted(pairing.pred_nodes, key=lambda v: (-heavy[v], position[v]))
    for v in order:
        best, best_gain = None, 0
        for g in options.get(v, ()):
            if g in taken:
                continue
            gain = alone.get((v, g), 0) + sum(w for p, gg, w in linked.get((v, g), ()) if mapping.get(p) == gg)
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
    for _, _, needs, _ in pairing.candidates:
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
    pairs = sorted({pg for _, _, needs, _ in pairing.candidates for pg in needs})
    x_of = {pg: x0 + i for i, pg in enumerate(pairs)}
    y0 = x0 + len(pairs)
    row = program.add

    groups: dict[tuple, list[int]] = defaultdict(list)
    for (p, g), col in x_of.items():
        groups[("p", p)].append(col)
        groups[("g", g)].append(col)
    links: dict[tuple, list[int]] = defaultdict(list)
    for k, (i, j, needs, _) in enumerate(pairing.candidates):
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
    import numpy as np  # slow to import: only when the solver is needed
    from scipy.optimize import Bounds, milp

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
        cost[x0 + len(pairs):x0 + len(pairs) + len(pairing.candidates)] = [-w for *_, w in pairing.candidates]
    res = milp(cost, integrality=integrality, bounds=Bounds(0, 1), constraints=program.constraints(col),
               options={"time_limit": time_limit, "presolve": True})
    if res.x is None:
        return [(None, False) for _ in pairings]
    out: list[tuple[dict[str, str] | None, bool]] = []
    for x0, pairs in layout:
        chosen = np.flatnonzero(res.x[x0:x0 + len(pairs)] > 0.5)
        out.append(({pairs[i][0]: pairs[i][1] for i in chosen}, res.status == 0))
    return out


#: Pairs whose pairing would hold at least this many candidates are first checked for being
#: identical (smaller ones are aligned as before, so their methods do not change).
IDENTICAL_FROM = 20_000


def identical_alignment(pred: Sequence[Triple], gold: Sequence[Triple],
                        normalise: Normalise = normalise_value) -> Alignment | None:
    """For a large pair whose triples are the same on both sides (names included), the identity
    mapping, proven best without building the pairing (no mapping pairs triples better than each
    with itself); None otherwise. A DRS of thousands of nodes against itself costs linear time."""
    if len(pred) != len(gold) or len(pred) * 4 < IDENTICAL_FROM:
        return None
    keys: dict[tuple, int] = defaultdict(int)
    for t in pred:
        keys[(t.is_relation, t.relation)] += 1
    if sum(n * n for n in keys.values()) < IDENTICAL_FROM or sorted(map(repr, pred)) != sorted(map(repr, gold)):
        return None
    matched = sum(n * n for *_, n in _distinct(pred, normalise))
    return Alignment({v: v for v in _nodes(pred)}, matched, matched, True, "identical")


def align(pred: Sequence[Triple], gold: Sequence[Triple], time_limit: float = 30.0,
          normalise: Normalise = normalise_value) -> Alignment:
    """The best alignment of one document pair (see align_many)."""
    return align_many([(pred, gold)], time_limit, normalise)[0]


def align_many(pairs: Sequence[tuple[Sequence[Triple], Sequence[Triple]]], time_limit: float = 30.0,
               normalise: Normalise = normalise_value) -> list[Alignment]:
    """The best alignment of every document pair; the hard ones share solver calls.

    ``time_limit`` bounds each solver call; a document the solver could not finish keeps the best
    mapping found and is marked not optimal.
    """
    pairings: list[TriplePairing] = []
    results: list[Alignment | None] = []
    open_: list[int] = []
    greedy: list[dict[str, str]] = []
    for i, (pred, gold) in enumerate(pairs):
        same = identical_alignment(pred, gold, normalise)
        pairing = build_pairing((), (), normalise) if same is not None else build_pairing(pred, gold, normalise)
        pairings.append(pairing)
        if same is not None:
            greedy.append(same.mapping)
            results.append(same)
            continue
        mapping = same_name_mapping(pairing)
        matched = count_matched(pairing, mapping)
        if matched < pairing.upper_bound:
            other = greedy_mapping(pairing)
            found = count_matched(pairing, other)
            if found > matched:
                mapping, matched = other, found
        greedy.append(mapping)
        if matched >= pairing.upper_bound:
            results.append(Alignment(mapping, matched, pairing.upper_bound, True, "greedy"))
        elif (searched := exact_search(pairing, mapping)) is not None:
            greedy[-1] = searched
            results.append(Alignment(searched, count_matched(pairing, searched), pairing.upper_bound, True, "search"))
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
