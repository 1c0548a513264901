"""An exact node alignment for small document pairs by branch and bound, without the solver.

The predicted nodes are decided one at a time (a gold node or none); a branch is cut when even the best
case cannot beat the best mapping found: within one kind of triple (same relation and value),
matched triples pair predicted with gold ones one to one, so the bound sums, per kind, the smaller
of the predicted and gold triples that can still match (weighted by how often each occurs). A
sentence of the PMB test sets is settled in a few hundred steps, which spares loading scipy; past
``budget`` steps the caller falls back on the integer program (``alignment.py``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .alignment import TriplePairing

__all__ = ["SEARCH_BUDGET", "exact_search"]

#: Steps (search nodes) before the search gives up and leaves the document to the solver.
SEARCH_BUDGET = 4_000

_FREE, _NONE = -2, -1


def _done(k: int) -> None:
    """Stands in for a finished recursive closure (see ``visit`` in exact_search)."""


class _OutOfBudget(Exception):
    pass


def exact_search(pairing: TriplePairing, start: dict[str, str], budget: int = SEARCH_BUDGET) -> dict[str, str] | None:
    """The best one-to-one mapping (proven), or None when ``budget`` steps did not settle it.
    ``start`` (one-to-one) is the mapping to beat; the search tries its choices first."""
    pred_index = {v: i for i, v in enumerate(pairing.pred_nodes)}
    gold_index = {g: j for j, g in enumerate(pairing.gold_nodes)}
    candidates = [(i, j, tuple((pred_index[p], gold_index[g]) for p, g in needs), w)
                  for i, j, needs, w in pairing.candidates]
    options: dict[int, dict[int, int]] = defaultdict(dict)
    for _, _, needs, w in candidates:
        for p, g in needs:
            options[p][g] = options[p].get(g, 0) + w
    first = {pred_index[p]: gold_index[g] for p, g in start.items() if p in pred_index and g in gold_index}
    order = sorted(options, key=lambda p: -sum(options[p].values()))
    ranked = {p: sorted(options[p], key=lambda g: (g != first.get(p), -options[p][g])) for p in order}
    assign = [_FREE] * len(pairing.pred_nodes)
    owner = [_NONE] * len(pairing.gold_nodes)

    # every candidate starts alive; a choice kills those it rules out, and the bound follows the counts
    keys = 1 + max((k for k, _ in pairing.pred_keys + pairing.gold_keys), default=-1)
    most_pred, most_gold = [0] * keys, [0] * keys
    for k, n in pairing.pred_keys:
        most_pred[k] = max(most_pred[k], n)
    for k, n in pairing.gold_keys:
        most_gold[k] = max(most_gold[k], n)
    needs_of = [(needs[0][0], needs[0][1], needs[1][0] if len(needs) > 1 else -1, needs[1][1] if len(needs) > 1 else -1)
                for _, _, needs, _ in candidates]
    alive = [True] * len(candidates)
    per_pred = [0] * len(pairing.pred_keys)
    per_gold = [0] * len(pairing.gold_keys)
    by_pred: dict[int, list[int]] = defaultdict(list)
    by_gold: dict[int, list[int]] = defaultdict(list)
    for c, (i, j, needs, _) in enumerate(candidates):
        per_pred[i] += 1
        per_gold[j] += 1
        for p, g in needs:
            by_pred[p].append(c)
            by_gold[g].append(c)
    pred_sum, gold_sum = [0] * keys, [0] * keys
    for i, (k, n) in enumerate(pairing.pred_keys):
        if per_pred[i]:
            pred_sum[k] += n
    for j, (k, n) in enumerate(pairing.gold_keys):
        if per_gold[j]:
            gold_sum[k] += n

    share = [min(pred_sum[k] * most_gold[k], gold_sum[k] * most_pred[k]) for k in range(keys)]
    total = [sum(share)]  # the bound: the sum of every kind's share, kept up to date

    def reshare(k: int) -> None:
        new = min(pred_sum[k] * most_gold[k], gold_sum[k] * most_pred[k])
        total[0] += new - share[k]
        share[k] = new

    def kill(c: int, killed: list[int]) -> None:
        alive[c] = False
        killed.append(c)
        i, j = candidates[c][0], candidates[c][1]
        per_pred[i] -= 1
        if not per_pred[i]:
            k, n = pairing.pred_keys[i]
            pred_sum[k] -= n
            reshare(k)
        per_gold[j] -= 1
        if not per_gold[j]:
            k, n = pairing.gold_keys[j]
            gold_sum[k] -= n
            reshare(k)

    def revive(killed: list[int]) -> None:
        for c in killed:
            alive[c] = True
            i, j = candidates[c][0], candidates[c][1]
            if not per_pred[i]:
                k, n = pairing.pred_keys[i]
                pred_sum[k] += n
                reshare(k)
            per_pred[i] += 1
            if not per_gold[j]:
                k, n = pairing.gold_keys[j]
                gold_sum[k] += n
                reshare(k)
            per_gold[j] += 1

    def choose(p: int, g: int) -> list[int]:
        """Map p to g (or to nothing, g = _NONE): the candidates that choice kills."""
        killed: list[int] = []
        for c in by_pred[p]:
            if alive[c]:
                p1, g1, p2, g2 = needs_of[c]
                if (p1 == p and g1 != g) or (p2 == p and g2 != g):
                    kill(c, killed)
        if g != _NONE:
            for c in by_gold[g]:
                if alive[c]:
                    p1, g1, p2, g2 = needs_of[c]
                    if (g1 == g and p1 != p) or (g2 == g and p2 != p):
                        kill(c, killed)
        return killed

    best_assign = [first.get(p, _NONE) for p in range(len(pairing.pred_nodes))]
    best_score = sum(w for _, _, needs, w in candidates if all(best_assign[p] == g for p, g in needs))
    steps = 0

    def visit(k: int) -> None:
        nonlocal best_score, best_assign, steps
        steps += 1
        if steps > budget:
            raise _OutOfBudget
        if total[0] <= best_score:
            return
        if k == len(order):  # every node decided: the live candidates are the matched ones
            score = sum(candidates[c][3] for c in range(len(candidates)) if alive[c])
            if score > best_score:
                best_score, best_assign = score, list(assign)
            return
        p = order[k]
        for g in ranked[p] + [_NONE]:
            if g != _NONE and owner[g] != _NONE:
                continue
            assign[p] = g
            if g != _NONE:
                owner[g] = p
            killed = choose(p, g)
            visit(k + 1)
            revive(killed)
            if g != _NONE:
                owner[g] = _NONE
        assign[p] = _FREE

    try:
        visit(0)
    except _OutOfBudget:
        return None
    finally:
        visit = _done  # the recursive closure refers to itself: break that cycle (no garbage to collect)
    return {pairing.pred_nodes[p]: pairing.gold_nodes[g] for p, g in enumerate(best_assign) if g >= 0}
