"""The node alignment that matches the most Smatch triples, found exactly (Smatch's front end of
the alignment core, ``dscorer_core.align``).

Smatch (Cai & Knight 2013) maps the nodes of a predicted graph one-to-one to the gold graph's
nodes and counts the triples the mapping carries over; the official tool finds that mapping by
hill climbing with random restarts.  Here the distinct triples are the items of a mapping problem
(``build_pairing``: a candidate per pair of equal triples, weighted as Smatch 1.0.4 counts
duplicates; a triple's kind is its relation and value).  The mapping of nodes to the gold nodes of
the same name is tried first, then a greedy one: when one reaches the upper bound (for every kind
of triple, the smaller of the predicted and gold counts) it is proven best.  Otherwise the core's
branch and bound settles the document (every PMB test sentence); past its step limit a small
document goes to the core's integer program (HiGHS, imported only then), several documents in one
solver call, and a long one (a PMB 5 long text) first gets the linear relaxation's bound and its
rounded mapping climbed, which settles nearly all of them, then the integer program of what a
better mapping may use.  Every limit counts work (``align.WorkLimits``), so a result is the same
on every machine; a document is marked optimal only when the search or the solver proved it (or a
start met the bound), and otherwise carries the best bound proven.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..align import (
    NO_KIND,
    Alignment,
    BranchResult,
    Candidate,
    MappingProblem,
    ProgramOutcome,
    WorkBudget,
    WorkLimits,
    bounded_search,
    branch_and_bound,
    count_matched,
    kind_bound,
    solve_in_batches,
    solve_program,
)
from ..align.bound import EPSILON
from .triples import INSTANCE, Triple, normalise_value

#: How many program columns one solver call may hold before a batch is flushed.
BATCH_COLUMNS = 20_000

#: Steps of branch and bound before a document is left to the integer program.
SEARCH_BUDGET = 4_000

#: Smatch's default work limits per document (counted: the same result on every machine and load).
SMATCH_WORK = WorkLimits(nodes=SEARCH_BUDGET, moves=1_000_000, lp_iterations=500, mip_nodes=20_000)

#: Open documents with more variable pairs than this skip the branch and bound (as COUNTER's do): on the
#: PMB 5 long texts it settled none above 750 pairs, and spent a sixth of the time failing on them.
BNB_PAIRS = 1_000

#: Open documents with more variable pairs than this get the relaxation's bound before any integer
#: program (``_long_alignment``); smaller ones share solver calls.
LONG_PAIRS = 300


@dataclass(frozen=True)
class TriplePairing(MappingProblem):
    """The mapping problem of a document pair: its items are the distinct triples (candidates weighted
    by how many (pred, gold) triple pairs they stand for, as Smatch counts duplicates), its variables
    the nodes; with both graphs' nodes and triple counts."""

    pred_nodes: tuple[str, ...]
    gold_nodes: tuple[str, ...]
    pred_count: int
    gold_count: int


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
    candidates: list[Candidate] = []
    key_id: dict[tuple, int] = {}
    pred_keys, gold_keys = [(NO_KIND, n) for *_, n in pdist], [(NO_KIND, n) for *_, n in gdist]
    make = tuple.__new__  # Candidate(...) without its Python-level __new__: thousands per document
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
            candidates.append(make(Candidate, (i, j, needs, pn * gn)))
    return TriplePairing(candidates=tuple(candidates), upper_bound=kind_bound(pred_keys, gold_keys),
                         pred_kinds=tuple(pred_keys), gold_kinds=tuple(gold_keys), pred_nodes=_nodes(pred),
                         gold_nodes=_nodes(gold), pred_count=len(pred), gold_count=len(gold))




def greedy_mapping(pairing: TriplePairing) -> dict[str, str]:
    """A quick mapping: each predicted node in turn takes the free gold node that gains the most triples."""
    # for each (pred node, gold node): the weight it brings alone, and the weight it brings with one other pair
    alone: dict[tuple[str, str], int] = defaultdict(int)
    linked: dict[tuple[str, str], list[tuple[str, str, int]]] = defaultdict(list)
    heavy: dict[str, int] = defaultdict(int)
    for cand in pairing.candidates:
        needs, w = cand.needs, cand.weight
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


def align(pred: Sequence[Triple], gold: Sequence[Triple], limits: WorkLimits = SMATCH_WORK,
          normalise: Normalise = normalise_value, time_limit: float | None = None) -> Alignment:
    """The best alignment of one document pair (see align_many)."""
    return align_many([(pred, gold)], limits, normalise, time_limit=time_limit)[0]


def align_many(pairs: Sequence[tuple[Sequence[Triple], Sequence[Triple]]], limits: WorkLimits = SMATCH_WORK,
               normalise: Normalise = normalise_value,
               progress: Callable[[int, int], None] | None = None, time_limit: float | None = None,
               cut: list[int] | None = None) -> list[Alignment]:
    """The best alignment of every document pair, within counted ``limits`` (the same on every machine).

    Small open documents share solver calls; a long one (above ``LONG_PAIRS`` variable pairs) gets
    the linear relaxation's bound first and its rounded mapping climbed, then the integer program of
    what a better mapping may use (``align.bounded_search``). A document the limits stop keeps the
    best mapping found, not marked optimal, with the best bound proven (``upper_bound``).
    ``time_limit`` (seconds, None by default) is an opt-in wall-clock cap on each solver call; the
    indices of the documents it cut are appended to ``cut``. ``progress(done, total)`` as documents settle.
    """
    done = 0

    def settled(n: int) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(done, len(pairs))

    pairings: list[TriplePairing] = []
    results: list[Alignment | None] = []
    open_: list[int] = []
    starts: list[dict[str, str]] = []
    for pred, gold in pairs:
        same = identical_alignment(pred, gold, normalise)
        pairing = build_pairing((), (), normalise) if same is not None else build_pairing(pred, gold, normalise)
        pairings.append(pairing)
        if same is not None:
            starts.append(same.mapping)
            results.append(same)
            settled(1)
            continue
        mapping = same_name_mapping(pairing)
        matched = count_matched(pairing, mapping)
        if matched < pairing.upper_bound:
            other = greedy_mapping(pairing)
            found = count_matched(pairing, other)
            if found > matched:
                mapping, matched = other, found
        starts.append(mapping)
        if matched >= pairing.upper_bound:
            results.append(Alignment(mapping, matched, matched, True, "greedy"))
            settled(1)
            continue
        searched = (branch_and_bound(pairing, matched, limits.nodes, start=mapping)
                    if len(pairing.pairs) <= BNB_PAIRS else BranchResult(None, False))
        if searched.finished:
            best = searched.mapping if searched.mapping is not None else mapping
            starts[-1] = best
            found = count_matched(pairing, best)
            results.append(Alignment(best, found, found, True, "bnb"))
            settled(1)
        elif len(pairing.pairs) > LONG_PAIRS:
            work = WorkBudget(limits, time_limit)
            results.append(_long_alignment(pairing, mapping, work))
            if work.clock_cut and cut is not None:
                cut.append(len(results) - 1)
            settled(1)
        else:
            results.append(None)
            open_.append(len(results) - 1)
    solved = solve_in_batches([pairings[i] for i in open_], lambda p: 2 * len(p.candidates), BATCH_COLUMNS,
                              time_limit, limits.mip_nodes, solved=settled)
    for i, outcome in zip(open_, solved):
        results[i] = _best(pairings[i], starts[i], outcome)
        if outcome.timed_out and cut is not None:
            cut.append(i)
    return [r for r in results if r is not None]


def _long_alignment(pairing: TriplePairing, start: dict[str, str], work: WorkBudget) -> Alignment:
    """A long open document: the relaxation's bound and rounded start (no climb from ``start`` first:
    the relaxation's rounding is much the better start on PMB 5 long texts), then the integer program
    of the candidates a better mapping may use, within ``work``."""
    found, reduced = bounded_search(pairing, start, pairing.upper_bound, work, climb_first=False)
    if reduced is None or work.out_of_time():
        return found
    best, best_map, bound = found.matched, found.mapping, found.upper_bound
    if bound == best + 1:  # any better mapping is best: stop at the first (a third of the solver's time)
        quick = solve_program(reduced, work.seconds and work.solver_seconds(), work.limits.mip_nodes, best)
        if quick.mapping is not None and count_matched(pairing, quick.mapping) >= bound:
            return Alignment(quick.mapping, bound, bound, True, "milp")
    outcome = solve_program(reduced, work.seconds and work.solver_seconds(), work.limits.mip_nodes)
    work.note_solver(outcome.optimal)
    if outcome.mapping is not None:
        score = count_matched(pairing, outcome.mapping)
        if score > best:
            best, best_map = score, outcome.mapping
    if outcome.optimal:  # every better mapping was in the reduced program: its optimum (or the start) is best
        return Alignment(best_map, best, best, True, "milp" if best > found.matched else found.method)
    if outcome.bound is not None:
        bound = max(best, min(bound, math.floor(outcome.bound + EPSILON)))
    return Alignment(best_map, best, bound, best >= bound, "milp" if best > found.matched else found.method)


def _best(pairing: TriplePairing, start: dict[str, str], outcome: ProgramOutcome) -> Alignment:
    """The solver's mapping or the start, whichever matches more; optimal when the solver proved it;
    otherwise bounded by the solver's proven bound where it has one."""
    first = count_matched(pairing, start)
    bound = pairing.upper_bound
    if outcome.bound is not None and not outcome.optimal:
        bound = min(bound, math.floor(outcome.bound + EPSILON))
    if outcome.mapping is not None:
        found = count_matched(pairing, outcome.mapping)
        if found >= first:
            optimal = outcome.optimal or found >= bound
            return Alignment(outcome.mapping, found, found if optimal else max(found, bound), optimal, "milp")
    optimal = first >= bound
    return Alignment(start, first, first if optimal else max(first, bound), optimal, "greedy")
