"""The clause-matching problem of one DRS pair: which clause pairs could match, under which variable pairs.

A predicted and a gold clause can match when relation, length and constants agree and their
variables have the same types; they then match exactly when the mapping sends every predicted
variable of the clause to the gold variable in the same position (docs/counter.md). As in the
official COUNTER, ``APX NEQ EQU TAB`` with two variables are symmetric: ``b1 EQU x1 x2`` also
matches ``b1 EQU x2 x1``, so such a clause pair has a candidate for each argument order.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .normalise import SWAPPED_OPERATORS, CounterDrs

__all__ = ["Candidate", "MatchProblem", "SYMMETRIC_OPERATORS", "build_problem", "count_matches",
           "matched_candidates", "is_symmetric", "shape_of"]

#: Operators whose two variable arguments may be matched in either order.
SYMMETRIC_OPERATORS = SWAPPED_OPERATORS


@dataclass(frozen=True)
class Candidate:
    """A predicted and a gold clause (indices) that match when every (pred var, gold var) pair in ``needs``
    is mapped; ``group`` numbers the clause shape (only clauses of one shape can pair up)."""

    pred: int
    gold: int
    needs: tuple[tuple[str, str], ...]
    group: int = 0


@dataclass(frozen=True)
class MatchProblem:
    """Candidates, the variable pairs they use, and an upper bound on the number of matches."""

    pred: CounterDrs
    gold: CounterDrs
    candidates: tuple[Candidate, ...]
    pairs: tuple[tuple[str, str], ...]
    upper_bound: int

    @property
    def pred_vars(self) -> tuple[str, ...]:
        return tuple(sorted({p for p, _ in self.pairs}))

    @property
    def gold_vars(self) -> tuple[str, ...]:
        return tuple(sorted({g for _, g in self.pairs}))


def is_symmetric(tokens: tuple[str, ...]) -> bool:
    """A clause whose two arguments may be matched in either order: a symmetric operator with two variables."""
    return len(tokens) == 4 and tokens[1] in SYMMETRIC_OPERATORS and tokens[2][0] != '"' and tokens[3][0] != '"'


def shape_of(tokens: tuple[str, ...], types: dict[str, str]) -> tuple:
    """What two clauses must share to be comparable: relation, constants and variable types by position
    (for a symmetric clause, the argument types in either order)."""
    shape = [t if i == 1 or t[0] == '"' else types.get(t) for i, t in enumerate(tokens)]
    if is_symmetric(tokens):
        shape[2:] = sorted(shape[2:], key=str)
    return tuple(shape)


def _needs(pred: tuple[str, ...], gold: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
    """The variable pairs a clause pair needs, or None when they contradict a one-to-one mapping."""
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}
    for i, (p, g) in enumerate(zip(pred, gold)):
        if i == 1 or p[0] == '"':
            continue
        if forward.setdefault(p, g) != g or backward.setdefault(g, p) != p:
            return None
    return tuple(sorted(forward.items()))


def build_problem(pred: CounterDrs, gold: CounterDrs) -> MatchProblem:
    """Every candidate clause pair of a DRS pair, grouped by shape, and the matching bound."""
    by_shape: dict[tuple, list[int]] = defaultdict(list)
    for j, c in enumerate(gold.clauses):
        by_shape[shape_of(c.tokens, gold.types)].append(j)
    pred_by_shape: dict[tuple, list[int]] = defaultdict(list)
    for i, c in enumerate(pred.clauses):
        pred_by_shape[shape_of(c.tokens, pred.types)].append(i)
    candidates: list[Candidate] = []
    bound = 0
    for group, (shape, pred_idx) in enumerate(pred_by_shape.items()):
        gold_idx = by_shape.get(shape)
        if not gold_idx:
            continue
        usable_pred, usable_gold = set(), set()
        for i in pred_idx:
            for j in gold_idx:
                gold_tokens = gold.clauses[j].tokens
                orders = [gold_tokens]
                if is_symmetric(gold_tokens):
                    orders.append(gold_tokens[:2] + (gold_tokens[3], gold_tokens[2]))
                found: set[tuple[tuple[str, str], ...]] = set()
                for tokens in orders:
                    needs = _needs(pred.clauses[i].tokens, tokens)
                    if needs is not None and needs not in found:
                        found.add(needs)
                        candidates.append(Candidate(i, j, needs, group))
                        usable_pred.add(i)
                        usable_gold.add(j)
        bound += min(len(usable_pred), len(usable_gold))
    pairs = tuple(sorted({p for c in candidates for p in c.needs}))
    return MatchProblem(pred, gold, tuple(candidates), pairs, bound)


def matched_candidates(problem: MatchProblem, mapping: dict[str, str]) -> list[Candidate]:
    """The clause pairs a mapping matches, each clause at most once: the candidates it satisfies,
    cut to a largest one-to-one matching of clauses. Without symmetric operators a one-to-one
    mapping satisfies at most one candidate per clause; with them a predicted ``EQU x1 x2`` can
    satisfy both ``EQU y1 y2`` and ``EQU y2 y1`` of a gold DRS, and still matches one clause."""
    satisfied = [c for c in problem.candidates if all(mapping.get(p) == g for p, g in c.needs)]
    preds = [c.pred for c in satisfied]
    golds = [c.gold for c in satisfied]
    if len(set(preds)) == len(preds) and len(set(golds)) == len(golds):
        return satisfied
    return _largest_matching(satisfied)


def _largest_matching(satisfied: list[Candidate]) -> list[Candidate]:
    """A maximum bipartite matching of predicted to gold clauses over the satisfied candidates
    (augmenting paths; the lists are a handful of clauses long)."""
    by_pred: dict[int, list[Candidate]] = defaultdict(list)
    for c in satisfied:
        by_pred[c.pred].append(c)
    owner: dict[int, Candidate] = {}  # gold clause -> the candidate that matches it

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


def count_matches(problem: MatchProblem, mapping: dict[str, str]) -> int:
    """How many clauses match under a mapping."""
    return len(matched_candidates(problem, mapping))
