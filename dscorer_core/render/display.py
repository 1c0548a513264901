"""Labels and tooltips of nodes and edges, as plain text (the app never renders them as HTML)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ngrams.induction import Edge, Graph, Node
from ..ngrams.ngram_comparison import MATCHED, UNMATCHED, UNUSED

#: Constants longer than this are shortened on the canvas (the tooltip keeps the full text).
MAX_CONSTANT_CHARS = 16
#: The most characters of one text (a token, a clause, a k-gram, a sentence) any view quotes: a
#: constant of a million characters is shown as its first MAX_QUOTED_CHARS and its length, so a page
#: stays small (a 3,000,000-character constant made a 36 MB page in 24 s; docs/limits.md).
MAX_QUOTED_CHARS = 300
#: Tooltip line of a node that has no partner in the other graph (Layout.pred_unpaired / gold_unpaired).
UNPAIRED_NOTE = "No partner in the other graph: it has a place of its own, empty in the other pane."


@dataclass(frozen=True)
class NodeDisplay:
    """How a node is shown: its visible label and its tooltip, both plain text."""

    label: str
    title: str


@dataclass(frozen=True)
class EdgeDisplay:
    """How an edge is shown: its visible label and its tooltip, both plain text."""

    label: str
    title: str


def _kind_text(node: Node) -> str:
    return {"box": "box", "referent": "referent", "constant": "constant"}.get(node.kind, node.kind)


def short_text(text: str, limit: int = MAX_CONSTANT_CHARS) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (labels of long constants)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """``text`` as a view quotes it: whole up to ``limit`` characters, else its first ``limit`` and
    how long it is (``qqq… (1,000,000 characters)``)."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def concept_edges(graph: Graph) -> frozenset[int]:
    """Ids of the forward edges that come from concept clauses (``b1 male "n.02" x1``): the compact
    drawing shows them as part of the referent's label instead of as edges."""
    return frozenset(e.id for e in graph.edges
                     if not e.reversed and graph.nodes[e.source].is_box and graph.drs.clauses[e.clause].is_concept)


def concepts_of(graph: Graph) -> tuple[tuple[int, ...], ...]:
    """Per node id, the ids of the concept edges that end in it (see concept_edges)."""
    into: list[list[int]] = [[] for _ in graph.nodes]
    for eid in sorted(concept_edges(graph)):
        into[graph.edges[eid].target].append(eid)
    return tuple(tuple(x) for x in into)


@dataclass(frozen=True)
class CompactFolds:
    """What the compact drawing draws no line for, and where each such edge shows instead.

    Every forward edge from a box to a referent or constant (REF, a concept, the first half of a
    role or comparison) is left out: the referent stands in its box's column, so these lines would
    only run down the column through the referents above. ``into_edge`` gives, per edge, the drawn
    edge it joins (a role's first half joins its second half: one line per relation) or None;
    ``into_node`` gives, per node, the left-out edges it shows in its border (REF, concepts, a first
    half with no second)."""

    into_edge: tuple[int | None, ...]
    into_node: tuple[tuple[int, ...], ...]

    @property
    def hidden(self) -> frozenset[int]:
        """Ids of every left-out edge."""
        return frozenset(e for node in self.into_node for e in node) | \
            frozenset(i for i, target in enumerate(self.into_edge) if target is not None)


def compact_folds(graph: Graph) -> CompactFolds:
    """Which edges the compact drawing leaves out, and what each joins (see CompactFolds)."""
    second: dict[int, int] = {}
    for e in graph.edges:
        if not e.reversed and not graph.nodes[e.source].is_box:
            second.setdefault(e.clause, e.id)
    into_edge: list[int | None] = [None] * len(graph.edges)
    into_node: list[list[int]] = [[] for _ in graph.nodes]
    for e in graph.edges:
        if e.reversed or not graph.nodes[e.source].is_box or graph.nodes[e.target].is_box:
            continue
        partner = second.get(e.clause)
        if partner is not None and partner != e.id:
            into_edge[e.id] = partner
        else:
            into_node[e.target].append(e.id)
    return CompactFolds(tuple(into_edge), tuple(tuple(x) for x in into_node))


def folded_note(graph: Graph, folds: CompactFolds, edge_id: int) -> str:
    """Tooltip lines naming the left-out edges a drawn edge stands for (``""`` when none): the
    compact drawing's line from e1 to x1 also carries the box's ``Agent-A1`` edge to e1."""
    lines = [f"with {e.label}: {graph.nodes[e.source].name} -> {graph.nodes[e.target].name}"
             for e in graph.edges if folds.into_edge[e.id] == edge_id]
    return "\n".join(lines)


def compact_label(graph: Graph, node: Node) -> str:
    """The label of the compact drawing: a box's name, a referent's name with its concepts
    (``x1 male.n.02``; its type too when it is not X: ``e1:E put.v.01``), a constant's text (shortened)."""
    if node.is_constant:
        return short_text(node.label)
    if node.is_box:
        return node.name
    concepts = [short_text(graph.edges[e].relation, 4 * MAX_CONSTANT_CHARS) for e in concepts_of(graph)[node.id]]
    head = node.name if node.label == "X" else f"{node.name}:{node.label}"  # typed presets: e1:E
    return " ".join([head, *concepts])


def drawn_edge_label(graph: Graph, edge: Edge, compact: bool) -> str:
    """The label drawn on an edge: its relation (``~`` when reversed); in the compact drawing an
    edge from a box to a referent or constant (REF, a role's first half) carries none (its tooltip names it)."""
    if compact and graph.nodes[edge.source].is_box and not graph.nodes[edge.target].is_box:
        return ""
    return short_text(edge.label, 4 * MAX_CONSTANT_CHARS)


def node_display(graph: Graph, node: Node, show_names: bool = False) -> NodeDisplay:
    """Visible label (type or constant, plus the variable name if asked) and a text tooltip
    that names the variable, its type and the clauses it occurs in."""
    if node.is_constant:
        label = short_text(node.label)
        head = f"constant {quoted(node.label)}"
    else:
        shown = short_text(node.label, 4 * MAX_CONSTANT_CHARS)
        label = f"{shown}\n{short_text(node.name, 4 * MAX_CONSTANT_CHARS)}" if show_names else shown
        head = f"{quoted(node.name)}: type {quoted(node.label)} ({_kind_text(node)})"
    lines = [head, "clauses:"]
    for ci in node.clauses[:12]:
        c = graph.drs.clauses[ci]
        lines.append(f"  line {c.line}: {quoted(c.text())}" if c.line else f"  {quoted(c.text())}")
    if len(node.clauses) > 12:
        lines.append(f"  ... and {len(node.clauses) - 12} more")
    return NodeDisplay(label, "\n".join(lines))


def edge_display(graph: Graph, edge: Edge, status: str | None = None,
                 counts: tuple[int, int] | None = None) -> EdgeDisplay:
    """Visible label (the relation, ``~`` on a reverse edge) and a text tooltip with the clause
    (and, given ``counts``, on how many matched / unmatched k-gram occurrences the edge lies)."""
    c = graph.drs.clauses[edge.clause]
    src, dst = graph.nodes[edge.source], graph.nodes[edge.target]
    lines = [f"{quoted(edge.label)}: {quoted(src.name)} -> {quoted(dst.name)}"
             + (" (reverse edge)" if edge.reversed else ""),
             f"clause{f' (line {c.line})' if c.line else ''}: {quoted(c.text())}"]
    if status:
        lines.append({MATCHED: "on a matched k-gram", UNMATCHED: "only on unmatched k-grams",
                      UNUSED: "on no k-gram of this order"}.get(status, status))
    if counts:
        lines.append(f"k-gram occurrences through it: {counts[0]} matched, {counts[1]} unmatched")
        if sum(counts):
            lines.append(f"matched share: {100 * counts[0] / sum(counts):.0f} %")
    return EdgeDisplay(short_text(edge.label, 4 * MAX_CONSTANT_CHARS), "\n".join(lines))
