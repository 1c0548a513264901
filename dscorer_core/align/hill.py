"""Hill climbing over variable mappings, from greedy starts and seeded random starts.

A move sends one predicted variable to another gold variable; if that gold variable is taken,
the two predicted variables swap targets.  A candidate move makes one candidate pair match by
moving all its variables at once.  Scores (weighted matches) are kept up to date incrementally,
so a move costs only the candidates that use the pairs it changes.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

from .problem import Mapping, MappingProblem, count_matched


class Climber:
    """A mutable mapping with the matches it gives, updated move by move."""

    def __init__(self, problem: MappingProblem, budget: int | None = None):
        self.problem = problem
        #: moves left for this problem (None: no bound); at 0 every sweep stops (``exhausted``)
        self.budget = budget
        self.uses: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.targets: dict[str, list[str]] = defaultdict(list)
        for k, cand in enumerate(problem.candidates):
            for pair in cand.needs:
                self.uses[pair].append(k)
        for pv, gv in problem.pairs:
            self.targets[pv].append(gv)
        self.need = [len(c.needs) for c in problem.candidates]
        self.needs = [c.needs for c in problem.candidates]
        self.cand_pred = [c.pred for c in problem.candidates]
        self.cand_gold = [c.gold for c in problem.candidates]
        self.weight = [c.weight for c in problem.candidates]
        self.free_matches = sum(c.weight for c in problem.candidates if not c.needs)
        self.reset({})

    def reset(self, mapping: Mapping) -> None:
        """Start again from ``mapping`` (pairs outside the problem are ignored)."""
        self.forward: dict[str, str] = {}
        self.backward: dict[str, str] = {}
        self.sat = [0] * len(self.need)
        self.satisfied = self.free_matches
        #: items in more than one satisfied candidate (only symmetric operators make them)
        self.crowded = 0
        # how many satisfied candidates each item is in (0 or 1 for a one-to-one mapping)
        self.pred_matched = [0] * len(self.problem.pred_kinds)
        self.gold_matched = [0] * len(self.problem.gold_kinds)
        for k, n in enumerate(self.need):
            if n == 0:
                self._count(k, 1)
        for pv, gv in mapping.items():
            if (pv, gv) in self.uses and gv not in self.backward:
                self._add(pv, gv)

    def _count(self, k: int, by: int) -> None:
        """Candidate ``k`` became satisfied (``by`` 1) or stopped being so (-1): update its items' counts."""
        for counts, clause in ((self.pred_matched, self.cand_pred[k]), (self.gold_matched, self.cand_gold[k])):
            before = counts[clause]
            counts[clause] = before + by
            self.crowded += (counts[clause] > 1) - (before > 1)

    @property
    def score(self) -> int:
        """Matches: the weight of the satisfied candidates, or, when an item is in two of them (a
        symmetric clause matching both ``EQU y1 y2`` and ``EQU y2 y1``), of a largest one-to-one matching."""
        if not self.crowded:
            return self.satisfied
        return count_matched(self.problem, self.forward)

    def _add(self, pv: str, gv: str) -> None:
        self.forward[pv], self.backward[gv] = gv, pv
        sat, need = self.sat, self.need
        for k in self.uses.get((pv, gv), ()):
            sat[k] += 1
            if sat[k] == need[k]:
                self.satisfied += self.weight[k]
                self._count(k, 1)

    def _remove(self, pv: str) -> str | None:
        gv = self.forward.pop(pv, None)
        if gv is None:
            return None
        del self.backward[gv]
        sat, need = self.sat, self.need
        for k in self.uses.get((pv, gv), ()):
            if sat[k] == need[k]:
                self.satisfied -= self.weight[k]
                self._count(k, -1)
            sat[k] -= 1
        return gv

    @property
    def exhausted(self) -> bool:
        """Whether the move budget is spent (then every sweep stops and the search ends)."""
        return self.budget is not None and self.budget <= 0

    def move(self, pv: str, gv: str) -> tuple[str | None, str | None]:
        """Send ``pv`` to ``gv``; the variable that held ``gv`` takes ``pv``'s old target. Returns what to undo."""
        if self.budget is not None:
            self.budget -= 1
        other = self.backward.get(gv)
        old = self._remove(pv)
        if other is not None:
            self._remove(other)
        self._add(pv, gv)
        if other is not None and old is not None and (other, old) in self.uses:
            self._add(other, old)
        return old, other

    def undo(self, pv: str, gv: str, old: str | None, other: str | None) -> None:
        """Reverse ``move(pv, gv)`` given what it returned."""
        self._remove(pv)
        if other is not None:
            self._remove(other)
            self._add(other, gv)
        if old is not None:
            self._add(pv, old)

    def mapping(self) -> Mapping:
        return dict(self.forward)


def _can_gain(climber: Climber, pv: str, gv: str, current: str | None, other: str | None) -> bool:
    """Whether ``move(pv, gv)`` could complete a candidate: only candidates using a pair it adds
    ((pv, gv), and (other, current) when the two swap) can become satisfied."""
    sat, need, needs = climber.sat, climber.need, climber.needs
    swap = (other, current) if other is not None and current is not None else None
    for k in climber.uses[(pv, gv)]:
        missing = need[k] - sat[k]
        if missing == 1 or (missing == 2 and swap is not None and swap in needs[k]):
            return True
    return swap is not None and any(need[k] - sat[k] == 1 for k in climber.uses.get(swap, ()))


def _single_moves(climber: Climber, ceiling: int) -> bool:
    """One sweep of single-variable moves, keeping every improving one; True if any was kept.

    A move that cannot complete any candidate cannot gain, so it is skipped without being tried.
    """
    improved = False
    forward, backward = climber.forward, climber.backward
    for pv, gvs in climber.targets.items():
        for gv in gvs:
            if climber.exhausted:
                return improved
            current = forward.get(pv)
            if current == gv or not _can_gain(climber, pv, gv, current, backward.get(gv)):
                continue
            before = climber.score
            undo = climber.move(pv, gv)
            if climber.score > before:
                improved = True
                if climber.score >= ceiling:
                    return True
            else:
                climber.undo(pv, gv, *undo)
    return improved


def _clause_moves(climber: Climber, ceiling: int, unmatched_only: bool) -> bool:
    """One sweep of candidate moves: map all variables of a candidate pair at once (with ``unmatched_only``,
    only pairs of two items that are both unmatched: far fewer to try)."""
    improved = False
    pred_matched, gold_matched = climber.pred_matched, climber.gold_matched
    for k, cand in enumerate(climber.problem.candidates):
        if climber.sat[k] == climber.need[k]:
            continue
        if climber.exhausted:
            return improved
        if unmatched_only and (pred_matched[cand.pred] or gold_matched[cand.gold]):
            continue
        before = climber.score
        log = []
        for pv, gv in cand.needs:
            if climber.forward.get(pv) != gv:
                log.append((pv, gv, climber.move(pv, gv)))
        if climber.score > before:
            improved = True
            if climber.score >= ceiling:
                return True
        else:
            for pv, gv, undo in reversed(log):
                climber.undo(pv, gv, *undo)
    return improved


def climb(climber: Climber, ceiling: int, clause_moves: bool = True) -> int:
    """Hill climbing until no single-variable move (nor, with ``clause_moves``, candidate move) helps,
    or ``ceiling`` is reached.

    A candidate move maps every variable of one candidate pair at once; it escapes the local
    optima where two variables must change together (e.g. a box and its referent), at a higher cost.
    """
    while climber.score < ceiling and not climber.exhausted:
        if _single_moves(climber, ceiling):
            continue
        if not clause_moves:
            break
        if not _clause_moves(climber, ceiling, True) and not _clause_moves(climber, ceiling, False):
            break
    return climber.score


def greedy_start(problem: MappingProblem, order: Sequence[int]) -> Mapping:
    """A greedy mapping: take the candidates in ``order`` (indices), each when its pairs fit the
    mapping so far (the front ends choose the order: COUNTER's concepts and rare clauses first)."""
    forward: Mapping = {}
    backward: Mapping = {}
    candidates = problem.candidates
    for k in order:
        needs = candidates[k].needs
        if all(forward.get(p, g) == g and backward.get(g, p) == p for p, g in needs):
            for p, g in needs:
                forward[p], backward[g] = g, p
    return forward


def _targets(problem: MappingProblem) -> dict[str, list[str]]:
    """The gold variables each predicted variable may map to (its candidate pairs), in pair order."""
    targets: dict[str, list[str]] = defaultdict(list)
    for pv, gv in problem.pairs:
        targets[pv].append(gv)
    return targets


def _assign_free(variables: Sequence[str], targets: dict[str, list[str]], mapping: Mapping,
                 rng: random.Random) -> Mapping:
    """Send each of ``variables`` in turn to a random one of its ``targets`` that ``mapping`` does not
    use yet (a variable with none free stays out); updates and returns ``mapping``."""
    taken = set(mapping.values())
    for pv in variables:
        free = [g for g in targets[pv] if g not in taken]
        if free:
            gv = rng.choice(free)
            mapping[pv] = gv
            taken.add(gv)
    return mapping


def random_start(problem: MappingProblem, rng: random.Random) -> Mapping:
    """A random one-to-one mapping along candidate pairs."""
    targets = _targets(problem)
    order = sorted(targets)
    rng.shuffle(order)
    return _assign_free(order, targets, {}, rng)


def perturbed(problem: MappingProblem, mapping: Mapping, rng: random.Random,
              share: float = 0.1) -> Mapping:
    """``mapping`` with a random ``share`` of its predicted variables (at least two) sent elsewhere.

    Restarting from a perturbed good mapping (iterated local search) finds better optima on large
    documents than restarting from scratch, at a fraction of the cost.
    """
    targets = _targets(problem)
    names = sorted(targets)
    if not names:
        return dict(mapping)
    chosen = rng.sample(names, min(len(names), max(2, round(share * len(names)))))
    return _assign_free(chosen, targets, {pv: gv for pv, gv in mapping.items() if pv not in chosen}, rng)
