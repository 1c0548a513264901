"""The clause-matching problem of one DRS pair: which clause pairs could match, under which variable
pairs (COUNTER's front end of the alignment core, ``dscorer_core.align``).

A predicted and a gold clause can match when relation, length and constants agree and their
variables have the same types; they then match exactly when the mapping sends every predicted
variable of the clause to the gold variable in the same position (docs/counter.md). As in the
official COUNTER, ``APX NEQ EQU TAB`` with two variables are symmetric: ``b1 EQU x1 x2`` also
matches ``b1 EQU x2 x1``, so such a clause pair has a candidate for each argument order.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..align import NO_KIND, Candidate, MappingProblem, kind_bound
from .normalise import SWAPPED_OPERATORS, CounterDrs, is_symmetric

#: Operators whose two variable arguments may be matched in either order.
SYMMETRIC_OPERATORS = SWAPPED_OPERATORS


@dataclass(frozen=True)
class MatchProblem(MappingProblem):
    """The mapping problem of a DRS pair: its items are clauses, their kind the clause shape (only
    clauses of one shape can pair up), and the bound the sum over shapes of the smaller number of
    predicted and gold clauses with a candidate; ``pred`` and ``gold`` are the normalised DRSs."""

    pred: CounterDrs
    gold: CounterDrs


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
    for j, shape in enumerate(gold.shapes):
        by_shape[shape].append(j)
    pred_by_shape: dict[tuple, list[int]] = defaultdict(list)
    for i, shape in enumerate(pred.shapes):
        pred_by_shape[shape].append(i)
    candidates: list[Candidate] = []
    pred_kinds = [(NO_KIND, 1)] * len(pred.clauses)
    gold_kinds = [(NO_KIND, 1)] * len(gold.clauses)
    for group, (shape, pred_idx) in enumerate(pred_by_shape.items()):
        gold_idx = by_shape.get(shape)
        if not gold_idx:
            continue
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
                        candidates.append(Candidate(i, j, needs))
                        pred_kinds[i] = gold_kinds[j] = (group, 1)
    return MatchProblem(candidates=tuple(candidates),
                        upper_bound=kind_bound(pred_kinds, gold_kinds), pred_kinds=tuple(pred_kinds),
                        gold_kinds=tuple(gold_kinds), pred=pred, gold=gold)
