"""The SBN graph as the PMB 5 evaluation builds it: boxes, synset nodes and constants; membership,
role and box-relation edges.

Node names follow ud-boxer and the PMB 5 script: ``b0, b1, ...`` boxes, ``s0, s1, ...`` synsets and
``c0, c1, ...`` constants in reading order.  A concept offset counts concepts only (box operator
lines do not count); a box offset counts from the box the line opens (``NEGATION -1`` relates the
new box to the one before it) or, in a role (``Proposition >1``), from the box the concept is in.
Problems that make the PMB 5 script refuse a graph ("hard" scoring) are kept in ``problems``:
an offset that points outside the SBN (read as a constant, as the script does) and cycles.
Two roles between the same two concepts keep only the last (the script's graph holds one edge per
ordered node pair).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .model import Sbn, SbnBoxOperator, SbnConcept

NodeKind = Literal["box", "synset", "constant"]
#: ``member``: box to synset; ``role``: synset to synset or constant; ``box``: box to box (an
#: operator such as NEGATION); ``box-role``: synset to box (``Proposition >1``).
EdgeKind = Literal["member", "role", "box", "box-role"]


@dataclass(frozen=True)
class SbnNode:
    """A node: its name (``s3``), kind and label (``box``, ``lie.v.05``, ``"Tom"``, ``now``)."""

    name: str
    kind: NodeKind
    label: str
    lemma: str | None = None
    pos: str | None = None
    sense: str | None = None
    line: int = 0


@dataclass(frozen=True)
class SbnEdge:
    """A directed labelled edge (``s3 -Agent-> s0``, ``b0 -member-> s0``, ``b0 -NEGATION-> b1``)."""

    source: str
    label: str
    target: str
    kind: EdgeKind


@dataclass(frozen=True)
class SbnGraph:
    """Nodes and edges of one SBN, the nodes the PMB 5 export reaches from ``b0``, and its problems."""

    nodes: tuple[SbnNode, ...]
    edges: tuple[SbnEdge, ...]
    reachable: frozenset[str]
    problems: tuple[str, ...] = ()

    @property
    def ill_formed(self) -> bool:
        """True when the PMB 5 script's strict export would refuse this graph."""
        return bool(self.problems)

    def node(self, name: str) -> SbnNode:
        return next(n for n in self.nodes if n.name == name)


def build_graph(sbn: Sbn) -> SbnGraph:
    """The SBN graph of one SBN, with the problems hard scoring counts as ill-formed."""
    concepts = sbn.concepts
    # box of every concept, and the boxes the box operators open
    boxes = ["b0"]
    concept_box: list[int] = []
    box_links: list[tuple[int, int, SbnBoxOperator]] = []  # (target box offset base, new box, item)
    for item in sbn.items:
        if isinstance(item, SbnConcept):
            concept_box.append(len(boxes) - 1)
        else:
            new = len(boxes)
            boxes.append(f"b{new}")
            box_links.append((new, new + (item.target.offset or 0), item))
    nodes = [SbnNode("b0", "box", "box")]
    edges: list[SbnEdge] = []
    problems: list[str] = []
    where = f"{sbn.source}:"
    constants = 0
    synset_index = 0
    box_index = 0
    link_by_box = {new: (link, item) for new, link, item in box_links}
    for item in sbn.items:
        if isinstance(item, SbnBoxOperator):
            box_index += 1
            nodes.append(SbnNode(f"b{box_index}", "box", "box", line=item.line))
            link, op = link_by_box[box_index]
            if op.target.offset == 0:
                continue  # PMB 5: "<0" opens a box with no relation (reached through a role, if at all)
            if link >= len(boxes):
                problems.append(f"{where}{op.line}:{op.target.column}: box offset {op.target.text} "
                                "points past the last box")
                continue
            edges.append(SbnEdge(f"b{max(link, 0)}", op.operator, f"b{box_index}", "box"))
            continue
        me = f"s{synset_index}"
        nodes.append(SbnNode(me, "synset", item.synset, item.lemma, item.pos, item.sense, item.line))
        edges.append(SbnEdge(f"b{concept_box[synset_index]}", "member", me, "member"))
        for role in item.roles:
            target = role.target
            if target.kind == "synset" and target.offset is not None:
                to = synset_index + target.offset
                if 0 <= to < len(concepts):
                    edges.append(SbnEdge(me, role.role, f"s{to}", "role"))
                    continue
                problems.append(f"{where}{target.line}:{target.column}: offset {target.text} of {role.role} "
                                f"points outside the SBN (concept {synset_index + 1} of {len(concepts)}); "
                                "read as a constant")
            elif target.kind == "box" and target.offset is not None:
                to = concept_box[synset_index] + target.offset
                if 0 <= to < len(boxes):
                    edges.append(SbnEdge(me, role.role, f"b{to}", "box-role"))
                    continue
                problems.append(f"{where}{target.line}:{target.column}: box offset {target.text} of "
                                f"{role.role} points outside the SBN ({len(boxes)} box(es)); read as a constant")
            name = f"c{constants}"
            constants += 1
            nodes.append(SbnNode(name, "constant", target.text, line=target.line))
            edges.append(SbnEdge(me, role.role, name, "role"))
        synset_index += 1
    edges = _one_edge_per_pair(edges)
    cycle = find_cycle(edges)
    if cycle:
        problems.append(f"{where}{sbn.line}: cycle {' -> '.join(cycle)}")
    return SbnGraph(tuple(nodes), tuple(edges), _reachable("b0", edges), tuple(problems))


def _one_edge_per_pair(edges: list[SbnEdge]) -> list[SbnEdge]:
    """One edge per ordered node pair, the last one written winning, as in the PMB 5 script (a
    networkx DiGraph): ``Experiencer -1 Patient -1`` keeps only ``Patient``."""
    last = {(e.source, e.target): e for e in edges}
    return [e for e in edges if last[(e.source, e.target)] is e]


def _reachable(root: str, edges: list[SbnEdge]) -> frozenset[str]:
    out: dict[str, list[str]] = {}
    for e in edges:
        out.setdefault(e.source, []).append(e.target)
    seen = {root}
    todo = [root]
    while todo:
        for nxt in out.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def find_cycle(edges: list[SbnEdge] | tuple[SbnEdge, ...]) -> list[str] | None:
    """A directed cycle as a list of node names (first node repeated at the end), or None."""
    out: dict[str, list[str]] = {}
    for e in edges:
        out.setdefault(e.source, []).append(e.target)
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    for start in sorted(out):
        if state.get(start):
            continue
        stack: list[tuple[str, int]] = [(start, 0)]
        path = [start]
        state[start] = 1
        while stack:
            node, i = stack[-1]
            children = out.get(node, [])
            if i < len(children):
                stack[-1] = (node, i + 1)
                child = children[i]
                if state.get(child) == 1:
                    return path[path.index(child):] + [child]
                if not state.get(child):
                    state[child] = 1
                    stack.append((child, 0))
                    path.append(child)
            else:
                state[node] = 2
                stack.pop()
                path.pop()
    return None
