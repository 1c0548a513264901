"""Exact search of small matching problems by branch and bound (cheaper than a solver call).

Predicted variables are assigned one by one (a gold variable, or none); a candidate clause pair
dies as soon as an assignment contradicts it.  For each clause shape, the smaller of the numbers
of predicted and gold clauses that still have a living candidate bounds what the branch can reach
there; at a leaf the living candidates are exactly the matched clauses.
"""

from __future__ import annotations

from collections import defaultdict

from .problem import MatchProblem

__all__ = ["branch_and_bound"]


class _Search:
    """Depth-first search state: living candidates, the bound they give, and the best mapping so far."""

    def __init__(self, problem: MatchProblem, best: int, node_limit: int):
        cands = problem.candidates
        self.by_pred_var: dict[str, list[tuple[int, str]]] = defaultdict(list)
        self.by_gold_var: dict[str, list[tuple[int, str]]] = defaultdict(list)
        support: dict[tuple[str, str], int] = defaultdict(int)
        self.uses: dict[tuple[str, str], list[int]] = defaultdict(list)
        for k, c in enumerate(cands):
            for pv, gv in c.needs:
                self.by_pred_var[pv].append((k, gv))
                self.by_gold_var[gv].append((k, pv))
                support[(pv, gv)] += 1
                self.uses[(pv, gv)].append(k)
        targets: dict[str, list[str]] = defaultdict(list)
        for pv, gv in problem.pairs:
            targets[pv].append(gv)
        self.order = sorted(targets, key=lambda v: (-len(self.by_pred_var[v]), v))
        self.targets = {pv: sorted(gvs, key=lambda g: (-support[(pv, g)], g)) for pv, gvs in targets.items()}
        self.cand_pred = [c.pred for c in cands]
        self.cand_gold = [c.gold for c in cands]
        self.cand_group = [c.group for c in cands]
        self.dead = [0] * len(cands)
        self.alive_pred: dict[int, int] = defaultdict(int)
        self.alive_gold: dict[int, int] = defaultdict(int)
        for c in cands:
            self.alive_pred[c.pred] += 1
            self.alive_gold[c.gold] += 1
        # per group: [predicted clauses with a living candidate, gold clauses with one]
        self.live: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for group, _ in {(c.group, c.pred) for c in cands}:
            self.live[group][0] += 1
        for group, _ in {(c.group, c.gold) for c in cands}:
            self.live[group][1] += 1
        self.bound = sum(min(v) for v in self.live.values())
        self.taken: set[str] = set()
        self.mapping: dict[str, str] = {}
        self.best = best
        self.best_map: dict[str, str] | None = None
        self.nodes = 0
        self.node_limit = node_limit

    def _change(self, group: int, side: int, by: int) -> None:
        live = self.live[group]
        before = min(live)
        live[side] += by
        self.bound += min(live) - before

    def _kill(self, k: int) -> None:
        self.dead[k] += 1
        if self.dead[k] == 1:
            p, g = self.cand_pred[k], self.cand_gold[k]
            self.alive_pred[p] -= 1
            if self.alive_pred[p] == 0:
                self._change(self.cand_group[k], 0, -1)
            self.alive_gold[g] -= 1
            if self.alive_gold[g] == 0:
                self._change(self.cand_group[k], 1, -1)

    def _revive(self, k: int) -> None:
        self.dead[k] -= 1
        if self.dead[k] == 0:
            p, g = self.cand_pred[k], self.cand_gold[k]
            if self.alive_pred[p] == 0:
                self._change(self.cand_group[k], 0, 1)
            self.alive_pred[p] += 1
            if self.alive_gold[g] == 0:
                self._change(self.cand_group[k], 1, 1)
            self.alive_gold[g] += 1

    def _assign(self, pv: str, gv: str | None) -> list[int]:
        killed = [k for k, g in self.by_pred_var[pv] if g != gv]
        if gv is not None:
            killed += [k for k, p in self.by_gold_var[gv] if p != pv]
        for k in killed:
            self._kill(k)
        return killed

    def run(self, depth: int = 0) -> bool:
        """Explore from ``depth``; False when the node limit stopped the search."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            return False
        if self.bound <= self.best:
            return True
        if depth == len(self.order):
            self.best, self.best_map = self.bound, dict(self.mapping)
            return True
        pv = self.order[depth]
        dead = self.dead
        for gv in self.targets[pv] + [None]:
            # a target that no living candidate needs is no better than leaving pv unmapped
            if gv is not None and (gv in self.taken or all(dead[k] for k in self.uses[(pv, gv)])):
                continue
            killed = self._assign(pv, gv)
            if gv is not None:
                self.taken.add(gv)
                self.mapping[pv] = gv
            finished = self.run(depth + 1)
            if gv is not None:
                self.taken.discard(gv)
                del self.mapping[pv]
            for k in killed:
                self._revive(k)
            if not finished:
                return False
            if self.bound <= self.best:
                return True
        return True


def branch_and_bound(problem: MatchProblem, incumbent: int,
                     node_limit: int = 5000) -> tuple[dict[str, str] | None, bool]:
    """A mapping matching more than ``incumbent`` clauses (or None if there is none), and whether the search finished.

    When it finished, the result (or the incumbent, if None) is proven optimal.
    """
    search = _Search(problem, incumbent, node_limit)
    finished = search.run()
    return search.best_map, finished
