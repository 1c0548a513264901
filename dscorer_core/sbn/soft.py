"""Soft Smatch: Smatch whose concept triples match by degree (Wu-Palmer on WordNet taxonomy codes),
with an exact alignment that maximises the graded match.

The definition is the one of LastDance500/neural-symbolic-parsing (``evaluation/s2match/``: smatch
1.0.4 with ``compute_pool`` grading every pair of instance triples by ``maybe_sim``).  A predicted node
mapped to a gold node earns the similarity of their concepts (``taxonomy.py``); attribute and relation
triples match as in Smatch.  The authors find the mapping by hill climbing; here it is found exactly:
the graded weights are scaled to integers (``SCALE``: one millionth of a triple) so that the alignment
core's searches apply (a start, branch and bound, then an integer program solved to a zero gap), and
the figure is computed from the unrounded weights of the mapping found.

``script`` comparison (``--soft`` with the PMB 5 script's triples): what the authors' code computes,
quirks included: instance values as ``amr.py`` reads them (``script_similarity``), attribute values
and relation names compared lower-cased only (no final ``_`` stripped, unlike the hard Smatch, so a
name cut at its first space never matches a one-word name).  ``clean`` (``--soft --triples
corrected``): the corrected triples, ``clean_similarity``, Smatch's comparison of values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..align import Candidate, branch_and_bound, count_matched, kind_bound, matched_candidates
from ..align.budget import WorkLimits
from ..align.program import add_program
from .alignment import SMATCH_WORK, TriplePairing, build_pairing, greedy_mapping, same_name_mapping
from .taxonomy import clean_similarity, script_similarity
from .triples import INSTANCE, Triple, normalise_value

#: Graded weights are whole multiples of one millionth of a triple in the search.
SCALE = 1_000_000


#: ``script``: the authors' comparison, quirks included; ``clean``: without them.
SoftComparison = Literal["script", "clean"]


@dataclass(frozen=True)
class SoftAlignment:
    """A mapping, its graded match (unrounded), whether it is proven best, and the search that found it."""

    mapping: dict[str, str]
    matched: float
    optimal: bool
    method: str


@dataclass(frozen=True)
class SoftPairing:
    """The mapping problem with scaled integer weights, and each candidate's unrounded weight."""

    pairing: TriplePairing
    weights: dict[tuple[int, int], float]

    def graded(self, mapping: dict[str, str]) -> float:
        """The graded match of a mapping: the unrounded weights of the candidates it matches."""
        return sum(self.weights[(c.pred, c.gold)] for c in matched_candidates(self.pairing, mapping))


def _similarity(comparison: SoftComparison) -> Callable[[str, str], float]:
    if comparison == "script":
        return lambda a, b: script_similarity(a.lower(), b.lower())
    return clean_similarity


def soft_pairing(pred: Sequence[Triple], gold: Sequence[Triple], comparison: SoftComparison = "script") -> SoftPairing:
    """Every candidate of the graded match: equal attribute and relation triples (weight as Smatch counts
    duplicates) and every pair of instance triples whose concepts are similar (weight the similarity)."""
    norm = str.lower if comparison == "script" else normalise_value
    hard = build_pairing([t for t in pred if t.relation != INSTANCE], [t for t in gold if t.relation != INSTANCE], norm)
    weights: dict[tuple[int, int], float] = {}
    candidates: list[Candidate] = []
    for c in hard.candidates:
        weights[(c.pred, c.gold)] = float(c.weight)
        candidates.append(Candidate(c.pred, c.gold, c.needs, c.weight * SCALE))
    pred_kinds = [(k, n * SCALE) for k, n in hard.pred_kinds]
    gold_kinds = list(hard.gold_kinds)
    bound = kind_bound(pred_kinds, gold_kinds)
    sim = _similarity(comparison)
    p_inst = [t for t in pred if t.relation == INSTANCE]
    g_inst = [t for t in gold if t.relation == INSTANCE]
    kind = 1 + max((k for k, _ in pred_kinds + gold_kinds), default=-1)
    p0, g0 = len(pred_kinds), len(gold_kinds)
    pred_kinds += [(kind, SCALE)] * len(p_inst)
    gold_kinds += [(kind, 1)] * len(g_inst)
    cache: dict[tuple[str, str], float] = {}
    best_of_pred = [0] * len(p_inst)
    best_of_gold = [0] * len(g_inst)
    for i, pt in enumerate(p_inst):
        for j, gt in enumerate(g_inst):
            key = (pt.target, gt.target)
            s = cache.get(key)
            if s is None:
                s = cache[key] = sim(pt.target, gt.target)
            scaled = round(s * SCALE)
            if scaled <= 0:
                continue
            weights[(p0 + i, g0 + j)] = s
            candidates.append(Candidate(p0 + i, g0 + j, ((pt.source, gt.source),), scaled))
            best_of_pred[i] = max(best_of_pred[i], scaled)
            best_of_gold[j] = max(best_of_gold[j], scaled)
    bound += min(sum(best_of_pred), sum(best_of_gold))
    pairing = TriplePairing(candidates=tuple(candidates), upper_bound=bound, pred_kinds=tuple(pred_kinds),
                            gold_kinds=tuple(gold_kinds), pred_nodes=hard.pred_nodes + tuple(
                                dict.fromkeys(t.source for t in p_inst if t.source not in hard.pred_nodes)),
                            gold_nodes=hard.gold_nodes + tuple(
                                dict.fromkeys(t.source for t in g_inst if t.source not in hard.gold_nodes)),
                            pred_count=len(pred), gold_count=len(gold))
    return SoftPairing(pairing, weights)


def _concept_start(pairing: TriplePairing) -> dict[str, str]:
    """Each predicted node to the gold node whose concept it resembles most, in falling order of
    similarity (a greedy assignment of the instance candidates)."""
    single = sorted((c for c in pairing.candidates if len(c.needs) == 1), key=lambda c: -c.weight)
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for c in single:
        p, g = c.needs[0]
        if p not in mapping and g not in taken:
            mapping[p] = g
            taken.add(g)
    return mapping


def _milp(problem: TriplePairing, mip_nodes: int, time_limit: float | None) -> tuple[dict[str, str] | None, bool]:
    """The integer program of one document solved to a zero gap (HiGHS; imported only here), within
    ``mip_nodes`` branch-and-bound nodes (counted work) and, where given, ``time_limit`` seconds."""
    import numpy as np
    from scipy.optimize import Bounds, milp

    from ..sparse_rows import SparseRows

    rows = SparseRows()
    columns = add_program(problem, 0, rows)
    if columns == 0:
        return {}, True
    n_pairs = len(problem.pairs)
    integrality = np.zeros(columns)
    integrality[:n_pairs] = 1
    cost = np.zeros(columns)
    cost[n_pairs:] = [-c.weight for c in problem.candidates]
    res = milp(cost, integrality=integrality, bounds=Bounds(0, 1), constraints=rows.constraints(columns),
               options={"presolve": True, "mip_rel_gap": 0.0, "node_limit": mip_nodes,
                        **({"time_limit": time_limit} if time_limit is not None else {})})
    if res.x is None:
        return None, False
    chosen = np.flatnonzero(res.x[:n_pairs] > 0.5)
    return {problem.pairs[i][0]: problem.pairs[i][1] for i in chosen}, res.status == 0


def soft_align(pred: Sequence[Triple], gold: Sequence[Triple], comparison: SoftComparison = "script",
               time_limit: float | None = None, limits: WorkLimits = SMATCH_WORK) -> SoftAlignment:
    """The mapping that maximises the graded match of one document pair, proven where the search or the
    solver finishes (``optimal``)."""
    soft = soft_pairing(pred, gold, comparison)
    pairing = soft.pairing
    best_map: dict[str, str] = {}
    best = -1
    for start in (same_name_mapping(pairing), _concept_start(pairing), greedy_mapping(pairing)):
        score = count_matched(pairing, start)
        if score > best:
            best, best_map = score, start
    if best >= pairing.upper_bound:
        return SoftAlignment(best_map, soft.graded(best_map), True, "greedy")
    searched = branch_and_bound(pairing, best, limits.nodes, start=best_map)
    if searched.finished:
        found = searched.mapping if searched.mapping is not None else best_map
        return SoftAlignment(found, soft.graded(found), True, "bnb")
    solved, optimal = _milp(pairing, limits.mip_nodes, time_limit)
    if solved is not None and count_matched(pairing, solved) >= best:
        return SoftAlignment(solved, soft.graded(solved), optimal, "milp")
    return SoftAlignment(best_map, soft.graded(best_map), False, "greedy")


def soft_align_many(pairs: Sequence[tuple[Sequence[Triple], Sequence[Triple]]], comparison: SoftComparison = "script",
                    time_limit: float | None = None, progress: Callable[[int, int], None] | None = None,
                    limits: WorkLimits = SMATCH_WORK) -> list[SoftAlignment]:
    """``soft_align`` of every document pair; ``progress(done, total)`` as they settle."""
    out = []
    for k, (pred, gold) in enumerate(pairs):
        out.append(soft_align(pred, gold, comparison, time_limit, limits))
        if progress is not None:
            progress(k + 1, len(pairs))
    return out
