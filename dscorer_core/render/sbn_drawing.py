"""An SBN graph as Smatch scores it, ready to draw: one node per variable (a box or a concept), one
node per constant, one edge per role triple, each coloured by its verdict (``sbn.triple_match``).

The drawing is made from the triples themselves, so what is drawn is what is counted: a variable's
node carries the verdict of its ``instance`` triple, every other triple is exactly one edge (an
attribute such as ``s1 :EQU now`` is an edge to a constant node of its own).  The layout is a
layering by roles: boxes on top; below them the concepts no role points at, and each other concept
one row below the lowest concept whose role points at it, under those concepts; constants to the
right of their concept, a little lower.  A predicted graph's nodes are ordered by their gold partners, so both
panes of an aligned pair look alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..sbn.pmb5_triples import split_depth
from ..sbn.triple_match import TripleMatch, TripleVerdict
from ..sbn.triples import INSTANCE, Triple

SbnNodeKind = Literal["box", "concept", "constant"]
#: Vertical distance between layers, horizontal gap between neighbours, width per character.
LEVEL = 150.0
GAP = 64.0
CHAR = 10.0


@dataclass(frozen=True)
class SbnDrawNode:
    """A node: its id in the drawing, its variable (``s3``; "" for a constant), label, kind, place,
    the verdict of its ``instance`` triple (or, for a constant, of its attribute triple), its partner
    in the other graph (None: none) and its tooltip."""

    id: int
    name: str
    label: str
    kind: SbnNodeKind
    x: float
    y: float
    matched: bool
    partner: str | None
    title: str


@dataclass(frozen=True)
class SbnDrawEdge:
    """An edge: one role or attribute triple (``triple``: its index in the side's verdicts), its
    label, verdict, tooltip and curve (0: straight; else vis-network's roundness, sign = direction)."""

    id: int
    source: int
    target: int
    label: str
    matched: bool
    triple: int
    title: str
    bend: float = 0.0


@dataclass(frozen=True)
class SbnDrawing:
    """One side's nodes and edges and their bounding box (x0, y0, x1, y1)."""

    nodes: tuple[SbnDrawNode, ...]
    edges: tuple[SbnDrawEdge, ...]
    box: tuple[float, float, float, float]


def shown_value(text: str) -> str:
    """A concept or value as a reader should see it: the PMB 5 script's ``_`` and indentation
    (``lie.v.05_\\t\\t``) shown as ``lie.v.05 ⟨depth 2⟩``, since Smatch compares them too."""
    depth, core = split_depth(text)
    core = core[:-1] if core.endswith("_") else core
    return f"{core} ⟨depth {depth}⟩" if depth else core


def _bare(text: str) -> str:
    """A value without the script's ``_`` and indentation."""
    core = split_depth(text)[1]
    return core[:-1] if core.endswith("_") else core


def _drawn_label(text: str) -> str:
    """A label as drawn: the depth of a PMB 5 concept on a line of its own."""
    return shown_value(text).replace(" ⟨", "\n⟨")


def triple_text(t: Triple) -> str:
    """A triple as one line (``s2 :Agent s0``, ``s1 :instance time.n.08``)."""
    return f"{t.source} :{t.relation} {t.target if t.is_relation else shown_value(t.target)}"


def _width(label: str) -> float:
    return max(56.0, CHAR * max(len(part) for part in label.split("\n")) + 28)


def _drawing(verdicts: Sequence[TripleVerdict], partners: dict[str, str], other: str,
             order: dict[str, int]) -> SbnDrawing:
    """Nodes, edges and a layered tree layout of one side's triples (see the module docstring)."""
    concept: dict[str, tuple[str, bool]] = {}
    variables: dict[str, None] = {}
    for v in verdicts:
        t = v.triple
        variables.setdefault(t.source)
        if t.is_relation:
            variables.setdefault(t.target)
        elif t.relation == INSTANCE:
            concept.setdefault(t.source, (t.target, v.matched))
    names = list(variables)
    rank = {n: order.get(n, len(order) + i) for i, n in enumerate(names)}
    kinds = {n: ("box" if n in concept and _bare(concept[n][0]) == "box" else "concept") for n in names}
    parents: dict[str, list[str]] = {n: [] for n in names}  # role sources of a concept (not boxes)
    members: dict[str, list[str]] = {n: [] for n in names}  # a box's concepts
    constants: dict[str, list[int]] = {n: [] for n in names}
    for k, v in enumerate(verdicts):
        t = v.triple
        if t.is_relation and kinds[t.source] == "concept" and kinds[t.target] == "concept" and t.source != t.target:
            parents[t.target].append(t.source)
        elif t.is_relation and kinds[t.source] == "box":
            members[t.source].append(t.target)
        elif not t.is_relation and t.relation != INSTANCE:
            constants[t.source].append(k)
    layer = _role_layers([n for n in names if kinds[n] == "concept"], parents, rank)
    labels = {n: _drawn_label(concept[n][0]) if n in concept else n for n in names}
    value_label = {k: shown_value(verdicts[k].triple.target) for cs in constants.values() for k in cs}
    # a concept's slot holds it and, to its right, its constants side by side (clear of the roles below it)
    slot = {n: _width(labels[n]) + sum(_width(value_label[k]) + GAP / 2 for k in constants[n]) for n in names}
    place: dict[str, tuple[float, float]] = {}
    value_place: dict[int, tuple[float, float]] = {}
    for depth in sorted(set(layer.values())):
        row = [n for n in names if layer.get(n) == depth]
        # under the concepts whose roles point at them (the first layer: in reading order)
        wanted = {n: (sum(place[p][0] for p in parents[n] if p in place) / len([p for p in parents[n] if p in place])
                      if any(p in place for p in parents[n]) else None) for n in row}
        packed = _pack(row, wanted, slot, rank)
        for n in row:
            own = _width(labels[n])
            x = packed[n] - slot[n] / 2 + own / 2
            place[n] = (x, depth * LEVEL)
            x += own / 2 + GAP / 2
            for k in constants[n]:
                value_place[k] = (x + _width(value_label[k]) / 2, depth * LEVEL + LEVEL * 0.45)
                x += _width(value_label[k]) + GAP / 2
    boxes = [n for n in names if kinds[n] == "box"]
    wanted = {n: (sum(place[m][0] for m in members[n] if m in place) / len([m for m in members[n] if m in place])
                  if any(m in place for m in members[n]) else None) for n in boxes}
    for n, x in _pack(boxes, wanted, slot, rank).items():
        place[n] = (x, 0.0)
    ids = {n: i for i, n in enumerate(names)}
    nodes = []
    for n in names:
        raw, ok = concept.get(n, (n, False))
        kind: SbnNodeKind = "box" if _bare(raw) == "box" else "concept"
        partner = partners.get(n)
        title = (f"{n}: {shown_value(raw)}\ninstance triple {'matched' if ok else 'not matched'}\n"
                 + (f"aligned to {other} {partner}" if partner else f"no partner in the {other} graph"))
        nodes.append(SbnDrawNode(ids[n], n, labels[n], kind, *place[n], ok, partner, title))
    edges: list[SbnDrawEdge] = []
    for k, v in enumerate(verdicts):
        t = v.triple
        if not t.is_relation and t.relation == INSTANCE:
            continue
        state = "matched" if v.matched else "not matched"
        title = f"{triple_text(t)}\n{state}" + (f" (the {other} graph's {triple_text(v.partner)})" if v.partner else "")
        if t.is_relation:
            a, b = ids[t.source], ids[t.target]
            rows = abs(place[t.source][1] - place[t.target][1]) / LEVEL
            straight = rows == 1
            same_row = rows == 0
            # a role between two nodes of one row bulges below the row (above it run the box's member edges)
            rightwards = place[t.source][0] < place[t.target][0]
            # (vis-network's clockwise curve bends a downward edge away from the line below its source)
            bend = 0.0 if straight else (0.5 * (-1 if rightwards else 1) if same_row else 0.15)
            edges.append(SbnDrawEdge(len(edges), a, b, t.relation, v.matched, k, title, bend))
        else:
            node_id = len(nodes)
            nodes.append(SbnDrawNode(node_id, "", value_label[k], "constant", *value_place[k], v.matched, None,
                                     f"{value_label[k]}: value of {t.source} :{t.relation}\n{state}"))
            edges.append(SbnDrawEdge(len(edges), ids[t.source], node_id, t.relation, v.matched, k, title))
    lefts = [n.x - _width(n.label) / 2 for n in nodes] or [0.0]
    rights = [n.x + _width(n.label) / 2 for n in nodes] or [0.0]
    ys = [n.y for n in nodes] or [0.0]
    return SbnDrawing(tuple(nodes), tuple(edges), (min(lefts), min(ys) - 30, max(rights), max(ys) + 30))


def _role_layers(concepts: list[str], parents: dict[str, list[str]], rank: dict[str, int]) -> dict[str, int]:
    """Each concept's row, from 1: a concept no role points at is on row 1, any other one row below the
    lowest concept whose role points at it (the longest path, once the roles that close a cycle are
    left out: those found going back up a depth-first walk from the concepts no role points at)."""
    children: dict[str, list[str]] = {n: [] for n in concepts}
    for n in concepts:
        for p in parents[n]:
            if p != n and p in children:
                children[p].append(n)
    starts = sorted(concepts, key=lambda n: (bool(parents[n]), rank[n]))
    state: dict[str, int] = {}  # 1: on the walk's stack, 2: done
    finished: list[str] = []
    back: set[tuple[str, str]] = set()
    for start in starts:
        if start in state:
            continue
        state[start] = 1
        stack = [(start, iter(sorted(children[start], key=lambda n: rank[n])))]
        while stack:
            node, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                state[node] = 2
                finished.append(node)
                stack.pop()
            elif state.get(nxt) == 1:
                back.add((node, nxt))
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(sorted(children[nxt], key=lambda n: rank[n]))))
    layer: dict[str, int] = {}
    for n in reversed(finished):  # a topological order of what is left
        layer[n] = 1 + max((layer[p] for p in parents[n] if p in layer and (p, n) not in back), default=0)
    rows = {v: i + 1 for i, v in enumerate(sorted(set(layer.values())))}
    return {n: rows[layer[n]] for n in concepts}


def _pack(row: list[str], wanted: dict[str, float | None], width: dict[str, float],
          rank: dict[str, int]) -> dict[str, float]:
    """Places along one row: each node as near its wanted x as the ones before it let it be (in order
    of wanted x, then reading order), at least ``GAP`` apart, the row centred on what was wanted."""
    order = sorted(row, key=lambda n: (wanted[n] if wanted[n] is not None else float("inf"), rank[n]))
    out: dict[str, float] = {}
    edge: float | None = None
    for n in order:
        want = wanted[n]
        x = want if want is not None else (edge + width[n] / 2 if edge is not None else 0.0)
        if edge is not None:
            x = max(x, edge + width[n] / 2)
        out[n] = x
        edge = x + width[n] / 2 + GAP
    known = [(out[n], wanted[n]) for n in order if wanted[n] is not None]
    if known:
        shift = sum(w - x for x, w in known if w is not None) / len(known)
        out = {n: x + shift for n, x in out.items()}
    return out


def smatch_drawings(match: TripleMatch) -> tuple[SbnDrawing, SbnDrawing]:
    """The predicted and the gold drawing of a pair: nodes and edges coloured by the verdicts of
    ``match``, aligned nodes in the same order on both sides."""
    forward = match.aligned
    back = {g: p for p, g in forward.items()}
    gold_order: dict[str, int] = {}
    for v in match.gold:
        gold_order.setdefault(v.triple.source, len(gold_order))
        if v.triple.is_relation:
            gold_order.setdefault(v.triple.target, len(gold_order))
    pred_order = {p: gold_order[g] for p, g in forward.items() if g in gold_order}
    return (_drawing(match.pred, forward, "gold", pred_order), _drawing(match.gold, back, "predicted", gold_order))
