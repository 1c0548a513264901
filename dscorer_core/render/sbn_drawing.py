"""An SBN graph as Smatch scores it, ready to draw: one node per variable (a box or a concept), one
node per constant, one edge per role triple, each coloured by its verdict (``sbn.triple_match``).

The drawing is made from the triples themselves, so what is drawn is what is counted: a variable's
node carries the verdict of its ``instance`` triple, every other triple is exactly one edge (an
attribute such as ``s1 :EQU now`` is an edge to a constant node of its own).  The layout is a
layered tree from ``b0`` (breadth first over the roles, in triple order; constants under their
concept): boxes on top, their concepts below.  A predicted graph's nodes are ordered by their
gold partners, so both panes of an aligned pair look alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..sbn.triple_match import TripleMatch, TripleVerdict
from ..sbn.triples import INSTANCE, Triple

__all__ = ["SbnDrawEdge", "SbnDrawNode", "SbnDrawing", "SbnNodeKind", "shown_value", "smatch_drawings",
           "triple_text"]

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
    depth = len(text) - len(text.rstrip("\t"))
    core = text.rstrip("\t")
    core = core[:-1] if core.endswith("_") else core
    return f"{core} ⟨depth {depth}⟩" if depth else core


def _bare(text: str) -> str:
    """A value without the script's ``_`` and indentation."""
    core = text.rstrip("\t")
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
    neighbours: dict[str, list[str]] = {n: [] for n in names}
    constants: dict[str, list[int]] = {n: [] for n in names}
    for k, v in enumerate(verdicts):
        t = v.triple
        if t.is_relation:
            neighbours[t.source].append(t.target)
            neighbours[t.target].append(t.source)
        elif t.relation != INSTANCE:
            constants[t.source].append(k)
    # breadth first from b0 (then from any node not reached), children in the order of ``rank``
    children: dict[str, list[str]] = {n: [] for n in names}
    depth: dict[str, int] = {}
    roots: list[str] = []
    for start in sorted(names, key=lambda n: (n != "b0", rank[n])):
        if start in depth:
            continue
        roots.append(start)
        depth[start] = 0
        queue = [start]
        while queue:
            here = queue.pop(0)
            for nxt in sorted(dict.fromkeys(neighbours[here]), key=lambda n: rank[n]):
                if nxt not in depth:
                    depth[nxt] = depth[here] + 1
                    children[here].append(nxt)
                    queue.append(nxt)
    labels = {n: _drawn_label(concept[n][0]) if n in concept else n for n in names}
    value_label = {k: shown_value(verdicts[k].triple.target) for cs in constants.values() for k in cs}

    spans: dict[str, float] = {}
    for n in reversed(_post_order(roots, children)):  # children before parents
        spans[n] = max(_width(labels[n]), sum([spans[c] for c in children[n]]
                       + [_width(value_label[k]) for k in constants[n]])
                       + GAP * max(0, len(children[n]) + len(constants[n]) - 1))
    place: dict[str, tuple[float, float]] = {}
    value_place: dict[int, tuple[float, float]] = {}
    left = 0.0
    for root in roots:
        stack = [(root, left)]
        while stack:
            n, x0 = stack.pop()
            place[n] = (x0 + spans[n] / 2, depth[n] * LEVEL)
            parts: list[tuple[str | int, float]] = ([(c, spans[c]) for c in children[n]]
                                                   + [(k, _width(value_label[k])) for k in constants[n]])
            used = sum(w for _, w in parts) + GAP * max(0, len(parts) - 1)
            x = x0 + (spans[n] - used) / 2
            for part, w in parts:
                if isinstance(part, str):
                    stack.append((part, x))
                else:
                    value_place[part] = (x + w / 2, (depth[n] + 1) * LEVEL)
                x += w + GAP
        left += spans[root] + 2 * GAP
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
    tree = {(p, c) for p in names for c in children[p]}
    for k, v in enumerate(verdicts):
        t = v.triple
        if not t.is_relation and t.relation == INSTANCE:
            continue
        state = "matched" if v.matched else "not matched"
        title = f"{triple_text(t)}\n{state}" + (f" (the {other} graph's {triple_text(v.partner)})" if v.partner else "")
        if t.is_relation:
            a, b = ids[t.source], ids[t.target]
            straight = (t.source, t.target) in tree or (t.target, t.source) in tree
            same_row = depth[t.source] == depth[t.target]
            # a role between two nodes of one row bulges below the row (above it run the box's member edges)
            rightwards = place[t.source][0] < place[t.target][0]
            bend = 0.0 if straight else (0.5 if same_row else 0.2) * (-1 if rightwards else 1)
            edges.append(SbnDrawEdge(len(edges), a, b, t.relation, v.matched, k, title, bend))
        else:
            node_id = len(nodes)
            nodes.append(SbnDrawNode(node_id, "", value_label[k], "constant", *value_place[k], v.matched, None,
                                     f"{value_label[k]}: value of {t.source} :{t.relation}\n{state}"))
            edges.append(SbnDrawEdge(len(edges), ids[t.source], node_id, t.relation, v.matched, k, title))
    xs = [n.x for n in nodes] or [0.0]
    ys = [n.y for n in nodes] or [0.0]
    half = max((_width(n.label) / 2 for n in nodes), default=30.0)
    return SbnDrawing(tuple(nodes), tuple(edges), (min(xs) - half, min(ys) - 30, max(xs) + half, max(ys) + 30))


def _post_order(roots: list[str], children: dict[str, list[str]]) -> list[str]:
    """Nodes parents first (reversed: children first), without recursion."""
    out: list[str] = []
    stack = list(reversed(roots))
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(reversed(children[n]))
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
