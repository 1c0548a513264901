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
from .problem import Candidate, Mapping, MappingProblem, restricted

__all__ = ["item_parts", "block_start", "anchor_bound"]


def item_parts(problem: MappingProblem, side: int) -> dict[int, str]:
    """The connected part of every item with a candidate (side 0: predicted items, 1: gold items),
    named by its smallest variable: items are linked when they share a variable."""
    variables: dict[int, set[str]] = defaultdict(set)
    for c in problem.candidates:
        variables[c.gold if side else c.pred].update(pair[side] for pair in c.needs)
    parent: dict[str, str] = {}

    def find(v: str) -> str:
        root = v
        while parent.setdefault(root, root) != root:
            root = parent[root]
        while parent[v] != root:
            parent[v], v = root, parent[v]
        return root

    for names in variables.values():
        ordered = sorted(names)
        for v in ordered[1:]:
            a, b = find(ordered[0]), find(v)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {item: find(min(names)) if names else f"#{item}" for item, names in variables.items()}


def block_start(problem: MappingProblem, node_limit: int = 20000) -> Mapping:
    """A mapping made of the best mappings of paired-up parts (see the module docstring)."""
    from scipy.optimize import linear_sum_assignment  # slow to import: only for long documents

    pred_part, gold_part = item_parts(problem, 0), item_parts(problem, 1)
    blocks: dict[tuple[str, str], list[Candidate]] = defaultdict(list)
    for c in problem.candidates:
        blocks[(pred_part[c.pred], gold_part[c.gold])].append(c)
    preds = sorted({a for a, _ in blocks})
    golds = sorted({b for _, b in blocks})
    row = {a: i for i, a in enumerate(preds)}
    col = {b: j for j, b in enumerate(golds)}
    worth = [[0] * len(golds) for _ in preds]
    for (a, b), cands in blocks.items():
        worth[row[a]][col[b]] = restricted(problem, cands).upper_bound
    mapping: Mapping = {}
    for i, j in zip(*linear_sum_assignment(worth, maximize=True)):
        chosen = blocks.get((preds[i], golds[j]))
        if not chosen:
            continue
        block = restricted(problem, chosen)
        found = branch_and_bound(block, -1, node_limit)
        mapping.update(found.mapping if found.mapping is not None else greedy_start(block, range(len(chosen))))
    return mapping


def anchor_bound(problem: MappingProblem, pred_anchor: Sequence[str | None], gold_anchor: Sequence[str | None]) -> int:
    """A quick upper bound when every item has an anchor variable that all its candidates need (a
    clause's box): anchors map one to one, so the matches are at most the best one-to-one pairing of
    predicted with gold anchors, each pair worth the ``kind_bound`` of its candidates. Candidates of an
    item without an anchor (None) count in full."""
    from scipy.optimize import linear_sum_assignment  # slow to import: only for long documents

    groups: dict[tuple[str, str] | None, list[Candidate]] = defaultdict(list)
    for c in problem.candidates:
        a, b = pred_anchor[c.pred], gold_anchor[c.gold]
        groups[(a, b) if a is not None and b is not None and (a, b) in c.needs else None].append(c)
    free = groups.pop(None, [])
    preds = sorted({k[0] for k in groups if k is not None})
    golds = sorted({k[1] for k in groups if k is not None})
    row = {a: i for i, a in enumerate(preds)}
    col = {b: j for j, b in enumerate(golds)}
    worth = [[0] * len(golds) for _ in preds]
    for key, cands in groups.items():
        if key is not None:
            worth[row[key[0]]][col[key[1]]] = restricted(problem, cands).upper_bound
    rows, cols = linear_sum_assignment(worth, maximize=True) if preds and golds else ((), ())
    paired = sum(int(worth[i][j]) for i, j in zip(rows, cols))
    return paired + (restricted(problem, free).upper_bound if free else 0)
