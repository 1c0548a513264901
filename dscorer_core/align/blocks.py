"""A start for long documents: pair up the parts of the two structures, solve each pair of parts.

A document joined from sentences has one connected part per sentence on each side (its variables
occur together in items; sentences share only constants).  The best mapping mostly sends each
predicted part into one gold part, so: find the parts (variables linked by sharing an item), give
each (predicted part, gold part) block the number of its items that could match (``kind_bound``
of its candidates), pair parts one to one by the largest total (the assignment problem), and solve
each chosen block exactly (branch and bound, or its best start when the node limit stops it).  The
union is a mapping of the whole problem; hill climbing then improves it across blocks.  On a
structure of one part (a single DRS) this is the whole problem, so callers use it only for
structures of several parts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from .branch import branch_and_bound
from .hill import greedy_start
from .problem import Candidate, DisjointSets, Mapping, MappingProblem, restricted


def item_parts(problem: MappingProblem, side: int) -> dict[int, str]:
    """The connected part of every item with a candidate (side 0: predicted items, 1: gold items),
    named by its smallest variable: items are linked when they share a variable."""
    variables: dict[int, set[str]] = defaultdict(set)
    for c in problem.candidates:
        variables[c.gold if side else c.pred].update(pair[side] for pair in c.needs)
    sets: DisjointSets[str] = DisjointSets()
    for names in variables.values():
        if names:
            first = min(names)
            for v in names:
                sets.join(first, v)
    return {item: sets.find(min(names)) if names else f"#{item}" for item, names in variables.items()}


def block_start(problem: MappingProblem, node_limit: int = 20000,
                parts: tuple[dict[int, str], dict[int, str]] | None = None) -> Mapping:
    """A mapping made of the best mappings of paired-up parts (see the module docstring); ``parts``:
    ``item_parts`` of both sides, when the caller has them already."""
    pred_part, gold_part = parts or (item_parts(problem, 0), item_parts(problem, 1))
    blocks: dict[tuple[str, str], list[Candidate]] = defaultdict(list)
    for c in problem.candidates:
        blocks[(pred_part[c.pred], gold_part[c.gold])].append(c)
    mapping: Mapping = {}
    for key, _ in _best_pairing(problem, blocks):
        block = restricted(problem, blocks[key])
        found = branch_and_bound(block, -1, node_limit)
        mapping.update(found.mapping if found.mapping is not None else greedy_start(block, range(len(blocks[key]))))
    return mapping


def anchor_bound(problem: MappingProblem, pred_anchor: Sequence[str | None], gold_anchor: Sequence[str | None]) -> int:
    """A quick upper bound when every item has an anchor variable that all its candidates need (a
    clause's box): anchors map one to one, so the matches are at most the best one-to-one pairing of
    predicted with gold anchors, each pair worth the ``kind_bound`` of its candidates. Candidates of an
    item without an anchor (None) count in full."""
    groups: dict[tuple[str, str], list[Candidate]] = defaultdict(list)
    free: list[Candidate] = []
    for c in problem.candidates:
        a, b = pred_anchor[c.pred], gold_anchor[c.gold]
        if a is not None and b is not None and (a, b) in c.needs:
            groups[(a, b)].append(c)
        else:
            free.append(c)
    paired = sum(worth for _, worth in _best_pairing(problem, groups))
    return paired + (restricted(problem, free).upper_bound if free else 0)


def _best_pairing(problem: MappingProblem, groups: dict[tuple[str, str], list[Candidate]]
                  ) -> list[tuple[tuple[str, str], int]]:
    """The one-to-one pairing of predicted with gold names (the keys' two halves) whose groups'
    bounds (``kind_bound`` of their candidates) add up to the most: the chosen non-empty keys with
    their bounds (the assignment problem)."""
    from scipy.optimize import linear_sum_assignment  # slow to import: only for long documents

    preds = sorted({a for a, _ in groups})
    golds = sorted({b for _, b in groups})
    if not preds or not golds:
        return []
    row = {a: i for i, a in enumerate(preds)}
    col = {b: j for j, b in enumerate(golds)}
    worth = [[0] * len(golds) for _ in preds]
    for (a, b), cands in groups.items():
        worth[row[a]][col[b]] = restricted(problem, cands).upper_bound
    return [((preds[i], golds[j]), int(worth[i][j])) for i, j in zip(*linear_sum_assignment(worth, maximize=True))
            if (preds[i], golds[j]) in groups]
