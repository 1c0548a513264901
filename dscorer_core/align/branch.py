"""Exact search of small mapping problems by branch and bound (cheaper than a solver call).

Predicted variables are decided one at a time (a gold variable, or none), the busiest first, each
trying the start mapping's choice first; a candidate dies as soon as a choice contradicts it.  A
branch is cut when even its best case cannot beat the best mapping found: within one kind, matched
items pair predicted with gold ones one to one, so the bound sums, per kind, the smaller side of
the items that still have a living candidate (weighted by multiplicity, ``problem.kind_bound``).
At a leaf the living candidates are the satisfied ones.  A COUNTER document or a PMB test sentence
is settled in a few hundred steps; past ``node_limit`` steps the caller turns to the integer program.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .problem import NO_KIND, Mapping, MappingProblem, count_matched

#: A search deeper than this many variables is left to the integer program (Python's recursion limit).
MAX_DEPTH = 800

_NONE = -1


@dataclass(frozen=True)
class BranchResult:
    """A mapping better than the incumbent (None if there is none), and whether the search finished:
    then that mapping, or else the incumbent, is proven best."""

    mapping: Mapping | None
    finished: bool


class _OutOfSteps(Exception):
    pass


def branch_and_bound(problem: MappingProblem, incumbent: int = -1, node_limit: int = 5000,
                     start: Mapping | None = None) -> BranchResult:
    """Search for a mapping with more than ``incumbent`` matches, trying ``start``'s choices first."""
    pred_names = sorted({p for p, _ in problem.pairs})
    gold_names = sorted({g for _, g in problem.pairs})
    pred_index = {v: i for i, v in enumerate(pred_names)}
    gold_index = {v: j for j, v in enumerate(gold_names)}
    cands = problem.candidates
    weights = [c.weight for c in cands]
    needs = [tuple((pred_index[p], gold_index[g]) for p, g in c.needs) for c in cands]
    cand_pred = [c.pred for c in cands]
    cand_gold = [c.gold for c in cands]
    by_pred: dict[int, list[tuple[int, int]]] = defaultdict(list)  # pred var -> (candidate, gold var it needs)
    by_gold: dict[int, list[tuple[int, int]]] = defaultdict(list)  # gold var -> (candidate, pred var it needs)
    uses: dict[tuple[int, int], list[int]] = defaultdict(list)
    support: dict[int, dict[int, int]] = defaultdict(dict)
    for k, pairs in enumerate(needs):
        for p, g in pairs:
            by_pred[p].append((k, g))
            by_gold[g].append((k, p))
            uses[(p, g)].append(k)
            support[p][g] = support[p].get(g, 0) + weights[k]
    if len(support) > MAX_DEPTH:
        return BranchResult(None, False)
    first = {pred_index[p]: gold_index[g] for p, g in (start or {}).items() if p in pred_index and g in gold_index}
    order = sorted(support, key=lambda p: (-sum(support[p].values()), p))
    ranked = {p: sorted(support[p], key=lambda g: (g != first.get(p), -support[p][g], g)) for p in order}

    # the bound: per kind, the smaller side of the items with a living candidate (multiplicities weighed)
    kinds = 1 + max((k for k, _ in problem.pred_kinds + problem.gold_kinds), default=NO_KIND)
    pred_most, gold_most = [0] * kinds, [0] * kinds
    for k, n in problem.pred_kinds:
        if k != NO_KIND:
            pred_most[k] = max(pred_most[k], n)
    for k, n in problem.gold_kinds:
        if k != NO_KIND:
            gold_most[k] = max(gold_most[k], n)
    alive_pred = [0] * len(problem.pred_kinds)  # living candidates per item
    alive_gold = [0] * len(problem.gold_kinds)
    for i, j in zip(cand_pred, cand_gold):
        alive_pred[i] += 1
        alive_gold[j] += 1
    pred_sum, gold_sum = [0] * kinds, [0] * kinds
    for i, (k, n) in enumerate(problem.pred_kinds):
        if alive_pred[i]:
            pred_sum[k] += n
    for j, (k, n) in enumerate(problem.gold_kinds):
        if alive_gold[j]:
            gold_sum[k] += n
    share = [min(pred_sum[k] * gold_most[k], gold_sum[k] * pred_most[k]) for k in range(kinds)]
    bound = [sum(share)]
    dead = [0] * len(cands)

    def reshare(k: int) -> None:
        new = min(pred_sum[k] * gold_most[k], gold_sum[k] * pred_most[k])
        bound[0] += new - share[k]
        share[k] = new

    pred_kinds, gold_kinds = problem.pred_kinds, problem.gold_kinds

    def choose(p: int, g: int) -> list[int]:
        """Map p to g (or to nothing, _NONE): kill the candidates that choice contradicts (a candidate
        can die twice: ``dead`` counts); returns them."""
        killed = [c for c, needed in by_pred[p] if needed != g]
        if g != _NONE:
            killed += [c for c, needed in by_gold[g] if needed != p]
        for c in killed:
            dead[c] += 1
            if dead[c] == 1:
                i, j = cand_pred[c], cand_gold[c]
                alive_pred[i] -= 1
                if not alive_pred[i]:
                    k, n = pred_kinds[i]
                    pred_sum[k] -= n
                    reshare(k)
                alive_gold[j] -= 1
                if not alive_gold[j]:
                    k, n = gold_kinds[j]
                    gold_sum[k] -= n
                    reshare(k)
        return killed

    def revive(killed: list[int]) -> None:
        """Undo ``choose``."""
        for c in killed:
            dead[c] -= 1
            if dead[c] == 0:
                i, j = cand_pred[c], cand_gold[c]
                if not alive_pred[i]:
                    k, n = pred_kinds[i]
                    pred_sum[k] += n
                    reshare(k)
                alive_pred[i] += 1
                if not alive_gold[j]:
                    k, n = gold_kinds[j]
                    gold_sum[k] += n
                    reshare(k)
                alive_gold[j] += 1

    taken = [False] * len(gold_names)
    assign: dict[int, int] = {}
    best = [incumbent]
    best_map: list[Mapping | None] = [None]
    steps = [0]

    def leaf_score() -> int:
        living = [c for c in range(len(cands)) if not dead[c]]
        if len({cand_pred[c] for c in living}) == len(living) == len({cand_gold[c] for c in living}):
            return sum(weights[c] for c in living)
        return count_matched(problem, {pred_names[p]: gold_names[g] for p, g in assign.items()})

    def visit(depth: int) -> None:
        steps[0] += 1
        if steps[0] > node_limit:
            raise _OutOfSteps
        if bound[0] <= best[0]:
            return
        if depth == len(order):
            score = leaf_score()
            if score > best[0]:
                best[0] = score
                best_map[0] = {pred_names[p]: gold_names[g] for p, g in assign.items()}
            return
        p = order[depth]
        for g in ranked[p] + [_NONE]:
            # a target that no living candidate needs is no better than leaving p unmapped
            if g != _NONE and (taken[g] or all(dead[c] for c in uses[(p, g)])):
                continue
            killed = choose(p, g)
            if g != _NONE:
                taken[g] = True
                assign[p] = g
            visit(depth + 1)
            if g != _NONE:
                taken[g] = False
                del assign[p]
            revive(killed)
            if bound[0] <= best[0]:
                return

    try:
        visit(0)
    except _OutOfSteps:
        return BranchResult(None, False)
    finally:
        visit = _done  # the recursive closure refers to itself: break that cycle (no garbage to collect)
    return BranchResult(best_map[0], True)


def _done(depth: int) -> None:
    """Stands in for the finished recursive closure ``visit`` (see branch_and_bound)."""
