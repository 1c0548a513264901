"""The variable-mapping problem that COUNTER and Smatch both solve, and how many matches a mapping gives.

Two structures of items (COUNTER: clauses; Smatch: distinct triples) have variables (COUNTER:
discourse referents and boxes; Smatch: nodes).  A ``Candidate`` pairs a predicted and a gold item
that match, with ``weight`` matches, when a one-to-one mapping of predicted to gold variables
sends every predicted variable of the pair to the gold variable it ``needs``.  Each item matches at
most one partner; the matched count of a mapping is the weight of the candidates it satisfies, cut
to a one-to-one matching of items when a symmetric operator lets one clause satisfy two.
Items have a *kind* (COUNTER: clause shape; Smatch: relation and value) and a multiplicity: only
items of one kind can pair up, which bounds the matches (``kind_bound``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, NamedTuple, TypeVar

_Name = TypeVar("_Name", str, tuple[int, str])

#: A mapping of predicted to gold variables (one-to-one).
Mapping = dict[str, str]

#: The kind of an item that no candidate uses.
NO_KIND = -1


class Candidate(NamedTuple):
    """Predicted item ``pred`` and gold item ``gold`` (indices) match, ``weight`` times, when every
    (predicted variable, gold variable) pair in ``needs`` is mapped (a named tuple: documents have
    thousands of them, made and read in the search's inner loops)."""

    pred: int
    gold: int
    needs: tuple[tuple[str, str], ...]
    weight: int = 1


@dataclass(frozen=True)
class MappingProblem:
    """Candidates, an upper bound on the matched count, and per item (predicted, gold) its kind and
    multiplicity (``NO_KIND`` for an item no candidate uses); ``pairs``, the variable pairs the
    candidates use, is worked out on first use (most documents are settled before any search needs it)."""

    candidates: tuple[Candidate, ...]
    upper_bound: int
    pred_kinds: tuple[tuple[int, int], ...]
    gold_kinds: tuple[tuple[int, int], ...]

    @cached_property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Every variable pair a candidate needs, sorted."""
        return candidate_pairs(self.candidates)

    @property
    def pred_vars(self) -> tuple[str, ...]:
        return tuple(sorted({p for p, _ in self.pairs}))

    @property
    def gold_vars(self) -> tuple[str, ...]:
        return tuple(sorted({g for _, g in self.pairs}))


def candidate_pairs(candidates: Sequence[Candidate]) -> tuple[tuple[str, str], ...]:
    """Every variable pair the candidates need, sorted: the problem's ``pairs``."""
    return tuple(sorted({pair for c in candidates for pair in c.needs}))


def kind_bound(pred_kinds: Sequence[tuple[int, int]], gold_kinds: Sequence[tuple[int, int]]) -> int:
    """The most matches the items allow: per kind, matched items pair predicted with gold ones one to
    one, so at most the smaller side, each item weighing its multiplicity times the other side's largest."""
    kinds = 1 + max(max((k for k, _ in pred_kinds), default=NO_KIND), max((k for k, _ in gold_kinds), default=NO_KIND))
    pred_sum, gold_sum, pred_most, gold_most = [0] * kinds, [0] * kinds, [0] * kinds, [0] * kinds
    for k, n in pred_kinds:
        if k != NO_KIND:
            pred_sum[k] += n
            if n > pred_most[k]:
                pred_most[k] = n
    for k, n in gold_kinds:
        if k != NO_KIND:
            gold_sum[k] += n
            if n > gold_most[k]:
                gold_most[k] = n
    return sum(min(pred_sum[k] * gold_most[k], gold_sum[k] * pred_most[k]) for k in range(kinds))


def matched_candidates(problem: MappingProblem, mapping: Mapping) -> list[Candidate]:
    """The candidates a mapping matches, each item at most once: those it satisfies, cut to a heaviest
    one-to-one matching of items. A one-to-one mapping satisfies at most one candidate per item,
    except through symmetric operators (a predicted ``EQU x1 x2`` can satisfy both ``EQU y1 y2`` and
    ``EQU y2 y1`` of a gold DRS, and still matches one clause) or equal items."""
    get = mapping.get
    satisfied = [c for c in problem.candidates if all(get(p) == g for p, g in c.needs)]
    preds = {c.pred for c in satisfied}
    golds = {c.gold for c in satisfied}
    if len(preds) == len(satisfied) and len(golds) == len(satisfied):
        return satisfied
    if all(c.weight == 1 for c in satisfied):
        return _largest_matching(satisfied)
    return _heaviest_matching(satisfied)


def count_matched(problem: MappingProblem, mapping: Mapping) -> int:
    """How many matches a mapping gives (the weights of ``matched_candidates``)."""
    get = mapping.get
    total = 0
    preds: set[int] = set()
    golds: set[int] = set()
    for pred, gold, needs, weight in problem.candidates:
        for p, g in needs:
            if get(p) != g:
                break
        else:
            if pred in preds or gold in golds:  # an item twice: cut to a matching
                return sum(m.weight for m in matched_candidates(problem, mapping))
            preds.add(pred)
            golds.add(gold)
            total += weight
    return total


def _heaviest_matching(satisfied: list[Candidate]) -> list[Candidate]:
    """A heaviest bipartite matching of predicted to gold items over weighted satisfied candidates
    (the assignment problem; rare: only items equal on one side crowd)."""
    from scipy.optimize import linear_sum_assignment  # slow to import: only in this rare case

    preds = sorted({c.pred for c in satisfied})
    golds = sorted({c.gold for c in satisfied})
    row, col = {p: i for i, p in enumerate(preds)}, {g: j for j, g in enumerate(golds)}
    best: dict[tuple[int, int], Candidate] = {}
    for c in satisfied:
        key = (row[c.pred], col[c.gold])
        if key not in best or c.weight > best[key].weight:
            best[key] = c
    gains = [[0] * len(golds) for _ in preds]
    for (i, j), c in best.items():
        gains[i][j] = c.weight
    rows, cols = linear_sum_assignment(gains, maximize=True)
    chosen = [best[(i, j)] for i, j in zip(rows.tolist(), cols.tolist()) if (i, j) in best]
    return sorted(chosen, key=lambda c: (c.pred, c.gold))


def _largest_matching(satisfied: list[Candidate]) -> list[Candidate]:
    """A maximum bipartite matching of predicted to gold items over the satisfied candidates
    (augmenting paths; the lists are a handful of items long)."""
    by_pred: dict[int, list[Candidate]] = defaultdict(list)
    for c in satisfied:
        by_pred[c.pred].append(c)
    owner: dict[int, Candidate] = {}  # gold item -> the candidate that matches it

    def augment(pred: int, seen: set[int]) -> bool:
        for c in by_pred[pred]:
            if c.gold in seen:
                continue
            seen.add(c.gold)
            if c.gold not in owner or augment(owner[c.gold].pred, seen):
                owner[c.gold] = c
                return True
        return False

    for pred in by_pred:
        augment(pred, set())
    return sorted(owner.values(), key=lambda c: (c.pred, c.gold))


def restricted(problem: MappingProblem, candidates: Sequence[Candidate]) -> MappingProblem:
    """The problem with only ``candidates`` (a subset): items no kept candidate uses lose their kind,
    and the bound is recomputed. A mapping of it is a mapping of ``problem`` that matches at least as much."""
    pred_kinds = [(NO_KIND, 1)] * len(problem.pred_kinds)
    gold_kinds = [(NO_KIND, 1)] * len(problem.gold_kinds)
    for c in candidates:
        pred_kinds[c.pred] = problem.pred_kinds[c.pred]
        gold_kinds[c.gold] = problem.gold_kinds[c.gold]
    return MappingProblem(tuple(candidates), kind_bound(pred_kinds, gold_kinds), tuple(pred_kinds), tuple(gold_kinds))


class DisjointSets(Generic[_Name]):
    """Union-find over variable names: each set is named by its smallest member (so parts come out
    the same whatever the order of the unions)."""

    def __init__(self) -> None:
        self._parent: dict[_Name, _Name] = {}

    def find(self, name: _Name) -> _Name:
        """The smallest member of ``name``'s set (a name never joined is its own set)."""
        root = name
        while self._parent.setdefault(root, root) != root:
            root = self._parent[root]
        while self._parent[name] != root:  # path compression
            self._parent[name], name = root, self._parent[name]
        return root

    def join(self, a: _Name, b: _Name) -> None:
        """Put ``a`` and ``b`` in one set."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self._parent[max(ra, rb)] = min(ra, rb)


def independent_parts(candidates: Sequence[Candidate]) -> list[list[Candidate]]:
    """The candidates split into parts that share no variable (so no item either: an item's candidates
    share its variables); the best mapping of the whole is the union of the parts' best mappings.
    Parts come in order of their first candidate."""
    sets: DisjointSets[tuple[int, str]] = DisjointSets()
    for c in candidates:
        if c.needs:
            first = (0, c.needs[0][0])
            for p, g in c.needs:
                sets.join(first, (0, p))
                sets.join(first, (1, g))
    parts: dict[object, list[Candidate]] = {}
    for k, c in enumerate(candidates):
        key = sets.find((0, c.needs[0][0])) if c.needs else ("free", k)
        parts.setdefault(key, []).append(c)
    return list(parts.values())
