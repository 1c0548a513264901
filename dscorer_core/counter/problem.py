"""The clause-matching problem of one DRS pair: which clause pairs could match, under which variable pairs.

A predicted and a gold clause can match when relation, length and constants agree and their
variables have the same types; they then match exactly when the mapping sends every predicted
variable of the clause to the gold variable in the same position (spec section 4, step 5).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .normalise import CounterDrs

__all__ = ["Candidate", "MatchProblem", "build_problem", "count_matches", "matched_candidates"]


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


def _shape(tokens: tuple[str, ...], types: dict[str, str]) -> tuple:
    """What two clauses must share to be comparable: relation, constants and variable types by position."""
    return tuple(t if i == 1 or t[0] == '"' else types.get(t) for i, t in enumerate(tokens))


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
        by_shape[_shape(c.tokens, gold.types)].append(j)
    pred_by_shape: dict[tuple, list[int]] = defaultdict(list)
    for i, c in enumerate(pred.clauses):
        pred_by_shape[_shape(c.tokens, pred.types)].append(i)
    candidates: list[Candidate] = []
    bound = 0
    for group, (shape, pred_idx) in enumerate(pred_by_shape.items()):
        gold_idx = by_shape.get(shape)
        if not gold_idx:
            continue
        usable_pred, usable_gold = set(), set()
        for i in pred_idx:
            for j in gold_idx:
                needs = _needs(pred.clauses[i].tokens, gold.clauses[j].tokens)
                if needs is not None:
                    candidates.append(Candidate(i, j, needs, group))
                    usable_pred.add(i)
                    usable_gold.add(j)
        bound += min(len(usable_pred), len(usable_gold))
    pairs = tuple(sorted({p for c in candidates for p in c.needs}))
    return MatchProblem(pred, gold, tuple(candidates), pairs, bound)


def matched_candidates(problem: MatchProblem, mapping: dict[str, str]) -> list[Candidate]:
    """The candidates a mapping satisfies (at most one per clause on each side)."""
    return [c for c in problem.candidates if all(mapping.get(p) == g for p, g in c.needs)]


def count_matches(problem: MatchProblem, mapping: dict[str, str]) -> int:
    """How many clauses match under a mapping."""
    return len(matched_candidates(problem, mapping))
