"""Data for drawing and explaining a DSCORER comparison (no UI code here).

The app draws graphs and tables from what these pure functions return:

- ``ngram_table``: every distinct k-gram of a pair with its pred, gold and matched counts;
- ``highlight_pair``: which edges lie on matched / only on unmatched k-grams, and which clauses
  are behind unmatched k-grams;
- ``shared_layout``: stable positions computed once from the union of both graphs, so the
  same variable sits at the same place in both panes;
- ``node_display`` / ``edge_display``: labels and tooltips as plain text;
- ``conversion_steps`` and ``paths_from``: the teaching view's walk from clauses to k-grams;
- ``counter_clause_marks`` and ``variable_links``: COUNTER's verdict per clause, and its variable
  mapping as node ids and clause indices of both graphs (to highlight a variable in both panes);
- ``counter_view``: COUNTER's normalisation of one DRS, clause by clause.

A k-gram text that occurs on both sides is *matched* (its clipped count is
``min(pred, gold)``); an occurrence of a text found on one side only is *unmatched*.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Iterable, Sequence

from .clauses import Drs
from .graph import Edge, Graph, Node, clause_edges
from .ngrams import Path, check_explosion, enumerate_paths, ngram_occurrences, path_text
from .presets import Preset

__all__ = [
    "MATCHED", "UNMATCHED", "UNUSED", "MAX_DISPLAY_PATHS", "MAX_LAYOUT_NODES",
    "NgramRow", "NgramComparison", "SideHighlight", "PairHighlight", "NodeDisplay", "EdgeDisplay", "ClauseStep",
    "Layout", "occurrences", "compare_ngrams", "ngram_table", "filter_rows", "highlight_pair", "path_elements",
    "shared_layout", "node_key", "node_display", "edge_display", "edge_curves",
    "conversion_steps", "paths_from", "too_large_to_draw", "reverse_partners", "fold_reverse", "counter_clause_marks",
    "VariableLink", "variable_links", "CounterClauseView", "counter_view",
]

MATCHED = "matched"
UNMATCHED = "unmatched"
UNUSED = "none"

#: The app enumerates k-gram occurrences only up to this many walks per graph and order.
MAX_DISPLAY_PATHS = 300_000
#: Graphs with more nodes than this are not laid out (the app offers the n-gram table instead).
MAX_LAYOUT_NODES = 150


@dataclass(frozen=True)
class NgramRow:
    """One distinct k-gram of a pair: its text and how often each side has it."""

    text: str
    pred: int
    gold: int

    @property
    def matched(self) -> int:
        """The clipped count min(pred, gold) that the score sums."""
        return min(self.pred, self.gold)

    @property
    def status(self) -> str:
        """``matched`` (both sides), ``only-pred`` or ``only-gold``."""
        if self.pred and self.gold:
            return "matched"
        return "only-pred" if self.pred else "only-gold"


@dataclass(frozen=True)
class SideHighlight:
    """Highlight data of one graph for one order k.

    ``edges`` maps every edge id to MATCHED (on at least one matched k-gram), UNMATCHED
    (only on unmatched k-grams) or UNUSED (on no k-gram). ``clauses`` does the same for
    clause indices: UNMATCHED when one of the clause's edges is UNMATCHED.
    """

    edges: tuple[str, ...]
    clauses: tuple[str, ...]
    #: per edge: on how many matched and on how many unmatched k-gram occurrences it lies
    edge_counts: tuple[tuple[int, int], ...] = ()

    def unmatched_clauses(self) -> tuple[int, ...]:
        """Indices of the clauses behind unmatched k-grams."""
        return tuple(i for i, s in enumerate(self.clauses) if s == UNMATCHED)


@dataclass(frozen=True)
class PairHighlight:
    """Highlight data of both graphs for one order k."""

    k: int
    pred: SideHighlight
    gold: SideHighlight


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


@dataclass(frozen=True)
class Layout:
    """Positions of the nodes of a pair of graphs, and the bounding box of the union."""

    pred: tuple[tuple[float, float], ...]
    gold: tuple[tuple[float, float], ...]
    box: tuple[float, float, float, float]  # min x, min y, max x, max y


@dataclass(frozen=True)
class ClauseStep:
    """One clause of the conversion walk-through and the forward edges it contributes."""

    index: int
    text: str
    kind: str
    edges: tuple[tuple[str, str, str], ...]


def occurrences(graph: Graph, k: int, cap: int | None = MAX_DISPLAY_PATHS,
                side: str = "the") -> dict[str, list[Path]]:
    """Every distinct k-gram text of a graph with its paths; NgramExplosion above ``cap`` paths."""
    check_explosion(graph, k, cap, where=f"{side} graph of DRS {graph.drs.index}")
    return ngram_occurrences(graph, k)


@dataclass(frozen=True)
class NgramComparison:
    """Everything the pair view shows for one order k, from one enumeration per graph."""

    k: int
    rows: tuple[NgramRow, ...]
    highlight: PairHighlight
    pred_occurrences: dict[str, list[Path]]
    gold_occurrences: dict[str, list[Path]]

    def elements(self, side: str, text: str) -> tuple[frozenset[int], frozenset[int]]:
        """Node ids and edge ids of every occurrence of ``text`` on one side (pred or gold)."""
        occ = self.pred_occurrences if side == "pred" else self.gold_occurrences
        return _elements(occ.get(text, ()))


_STATUS_ORDER = {"matched": 0, "only-pred": 1, "only-gold": 2}


def compare_ngrams(pred: Graph, gold: Graph, k: int, cap: int | None = MAX_DISPLAY_PATHS) -> NgramComparison:
    """The k-gram table and the highlight data of a pair (NgramExplosion above ``cap`` paths).

    Rows are sorted: matched first (most matched first), then only-pred, then only-gold, then by text.
    """
    po = occurrences(pred, k, cap, "pred")
    go = occurrences(gold, k, cap, "gold")
    rows = [NgramRow(t, len(po.get(t, ())), len(go.get(t, ()))) for t in set(po) | set(go)]
    rows.sort(key=lambda r: (_STATUS_ORDER[r.status], -r.matched, r.text))
    highlight = PairHighlight(k, _side(pred, po, go), _side(gold, go, po))
    return NgramComparison(k, tuple(rows), highlight, po, go)


def ngram_table(pred: Graph, gold: Graph, k: int,
                cap: int | None = MAX_DISPLAY_PATHS) -> tuple[NgramRow, ...]:
    """All distinct k-grams of both graphs with pred / gold / matched counts (sorted as in
    compare_ngrams)."""
    return compare_ngrams(pred, gold, k, cap).rows


def filter_rows(rows: Iterable[NgramRow], status: str | None) -> tuple[NgramRow, ...]:
    """Rows with the given status (``matched``, ``only-pred``, ``only-gold``); None keeps all."""
    return tuple(r for r in rows if status in (None, "all") or r.status == status)


def _side(graph: Graph, occ: dict[str, list[Path]], other: dict[str, list[Path]]) -> SideHighlight:
    on_matched: set[int] = set()
    on_any: set[int] = set()
    counts = [[0, 0] for _ in graph.edges]
    for text, paths in occ.items():
        hit = text in other
        for p in paths:
            on_any.update(p.edges)
            if hit:
                on_matched.update(p.edges)
            for e in p.edges:
                counts[e][0 if hit else 1] += 1
    edges = tuple(MATCHED if e.id in on_matched else UNMATCHED if e.id in on_any else UNUSED
                  for e in graph.edges)
    clauses = [UNUSED] * len(graph.drs.clauses)
    for e, s in zip(graph.edges, edges):
        cur = clauses[e.clause]
        if s == UNMATCHED or (s == MATCHED and cur == UNUSED):
            clauses[e.clause] = s
    return SideHighlight(edges, tuple(clauses), tuple((m, u) for m, u in counts))


def highlight_pair(pred: Graph, gold: Graph, k: int,
                   cap: int | None = MAX_DISPLAY_PATHS) -> PairHighlight:
    """Edge and clause status of both graphs for order k (see SideHighlight)."""
    return compare_ngrams(pred, gold, k, cap).highlight


def _elements(paths: Iterable[Path]) -> tuple[frozenset[int], frozenset[int]]:
    nodes: set[int] = set()
    edges: set[int] = set()
    for p in paths:
        nodes.update(p.nodes)
        edges.update(p.edges)
    return frozenset(nodes), frozenset(edges)


def path_elements(graph: Graph, text: str, k: int,
                  cap: int | None = MAX_DISPLAY_PATHS) -> tuple[frozenset[int], frozenset[int]]:
    """Node ids and edge ids of every occurrence of the k-gram ``text`` in a graph."""
    return _elements(occurrences(graph, k, cap).get(text, ()))


def node_key(graph: Graph, node: Node) -> tuple[str, ...]:
    """A key that names 'the same node' across two graphs: the variable name, or the constant
    text plus its occurrence number (constants may be one node per occurrence)."""
    if not node.is_constant:
        return ("v", node.name)
    nth = sum(1 for n in graph.nodes[: node.id] if n.is_constant and n.name == node.name)
    return ("c", node.name, str(nth))


def _seed(key: tuple[str, ...]) -> float:
    return zlib.crc32("\x1f".join(key).encode("utf-8")) / 2 ** 32


def shared_layout(pred: Graph, gold: Graph, spacing: float = 120.0, iterations: int = 300) -> Layout:
    """Deterministic positions for both graphs from the union of their nodes and edges.

    Nodes with the same key (see node_key) get the same position in both graphs. The layout
    is a force-directed one (Fruchterman-Reingold) started from a circle ordered by key,
    with a fixed number of steps and no randomness: same input, same picture. Node pairs joined
    by several edges get a longer ideal distance, so parallel edges' labels have room; the
    result is turned so that its long axis is horizontal.
    """
    import numpy as np

    keys: dict[tuple[str, ...], int] = {}
    maps: list[list[int]] = []
    pairs: dict[tuple[int, int], int] = {}
    boxes: set[int] = set()
    for g in (pred, gold):
        ids = []
        for n in g.nodes:
            key = node_key(g, n)
            ids.append(keys.setdefault(key, len(keys)))
            if n.is_box:
                boxes.add(keys[key])
        maps.append(ids)
        multiplicity: dict[tuple[int, int], int] = {}
        for e in g.edges:
            a, b = ids[e.source], ids[e.target]
            if a != b:
                pair = (min(a, b), max(a, b))
                multiplicity[pair] = multiplicity.get(pair, 0) + 1
        for pair, m in multiplicity.items():
            pairs[pair] = max(pairs.get(pair, 0), m)
    n = len(keys)
    if n == 0:
        return Layout((), (), (0.0, 0.0, 0.0, 0.0))
    order = sorted(keys, key=lambda key: (key[0], _seed(key), key))
    pos = np.zeros((n, 2))
    for rank, key in enumerate(order):
        angle = 2 * math.pi * rank / n
        pos[keys[key]] = (math.cos(angle), math.sin(angle))
    pos *= spacing * max(1.0, math.sqrt(n)) / 2
    if pairs:
        edges = np.array(sorted(pairs))
        # node pairs joined by several edges (a relation and its reverse, or parallel
        # relations) are drawn further apart, so that their edge labels have room
        lengths = np.array([spacing * (1 + 0.25 * (min(pairs[p], 5) - 1)) for p in sorted(pairs)])
        ideal = spacing
        temp = spacing * math.sqrt(n) / 2
        for step in range(iterations):
            delta = pos[:, None, :] - pos[None, :, :]
            dist = np.sqrt((delta ** 2).sum(-1)) + 1e-6
            np.fill_diagonal(dist, np.inf)
            force = (delta / dist[..., None] * (ideal ** 2 / dist)[..., None]).sum(1)
            d = pos[edges[:, 0]] - pos[edges[:, 1]]
            dl = np.sqrt((d ** 2).sum(-1)) + 1e-6
            pull = d / dl[:, None] * (dl ** 2 / lengths)[:, None]
            np.add.at(force, edges[:, 0], -pull)
            np.add.at(force, edges[:, 1], pull)
            # a weak pull to the centre keeps separate components together
            force -= pos * 0.3
            length = np.sqrt((force ** 2).sum(-1)) + 1e-9
            pos += force / length[:, None] * np.minimum(length, temp)[:, None]
            temp = max(spacing * 0.02, temp * 0.985)
    pos -= pos.mean(0)
    if n > 2:
        # turn the picture so its long axis is horizontal (panes are wider than tall)
        _, vecs = np.linalg.eigh(np.cov(pos.T))
        main = vecs[:, -1]
        if main[0] < 0 or (main[0] == 0 and main[1] < 0):
            main = -main
        rot = np.array([[main[0], main[1]], [-main[1], main[0]]])
        pos = pos @ rot.T
    pos = np.round(pos, 1)
    lo, hi = pos.min(0), pos.max(0)
    as_tuple = [(float(x), float(y)) for x, y in pos]
    return Layout(tuple(as_tuple[i] for i in maps[0]), tuple(as_tuple[i] for i in maps[1]),
                  (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))


def _kind_text(node: Node) -> str:
    return {"box": "box", "referent": "referent", "constant": "constant"}.get(node.kind, node.kind)


def node_display(graph: Graph, node: Node, show_names: bool = False) -> NodeDisplay:
    """Visible label (type or constant, plus the variable name if asked) and a text tooltip
    that names the variable, its type and the clauses it occurs in."""
    if node.is_constant:
        label = node.label
        head = f"constant {node.label}"
    else:
        label = f"{node.label}\n{node.name}" if show_names else node.label
        head = f"{node.name}: type {node.label} ({_kind_text(node)})"
    lines = [head, "clauses:"]
    for ci in node.clauses[:12]:
        c = graph.drs.clauses[ci]
        lines.append(f"  line {c.line}: {c.text()}" if c.line else f"  {c.text()}")
    if len(node.clauses) > 12:
        lines.append(f"  ... and {len(node.clauses) - 12} more")
    return NodeDisplay(label, "\n".join(lines))


def edge_display(graph: Graph, edge: Edge, status: str | None = None,
                 counts: tuple[int, int] | None = None) -> EdgeDisplay:
    """Visible label (the relation, ``~`` on a reverse edge) and a text tooltip with the clause
    (and, given ``counts``, on how many matched / unmatched k-gram occurrences the edge lies)."""
    c = graph.drs.clauses[edge.clause]
    src, dst = graph.nodes[edge.source], graph.nodes[edge.target]
    lines = [f"{edge.label}: {src.name} -> {dst.name}" + (" (reverse edge)" if edge.reversed else ""),
             f"clause{f' (line {c.line})' if c.line else ''}: {c.text()}"]
    if status:
        lines.append({MATCHED: "on a matched k-gram", UNMATCHED: "only on unmatched k-grams",
                      UNUSED: "on no k-gram of this order"}.get(status, status))
    if counts:
        lines.append(f"k-gram occurrences through it: {counts[0]} matched, {counts[1]} unmatched")
    return EdgeDisplay(edge.label, "\n".join(lines))


def edge_curves(graph: Graph, skip_reversed: bool = False) -> tuple[int, ...]:
    """For every edge, its rank among the edges joining the same pair of nodes (either
    direction), so parallel edges can each get their own curve. With ``skip_reversed``
    reverse edges are not drawn and do not take a rank (they get 0)."""
    seen: dict[tuple[int, int], int] = {}
    ranks = []
    for e in graph.edges:
        if skip_reversed and e.reversed:
            ranks.append(0)
            continue
        pair = (min(e.source, e.target), max(e.source, e.target))
        ranks.append(seen.get(pair, 0))
        seen[pair] = ranks[-1] + 1
    return tuple(ranks)


def conversion_steps(drs: Drs, preset: "str | Preset" = "typed") -> tuple[ClauseStep, ...]:
    """The clauses of a DRS, each with the forward edges it contributes (spec section 2)."""
    return tuple(ClauseStep(i, c.text(), c.kind, tuple(clause_edges(c, preset)))
                 for i, c in enumerate(drs.clauses))


def paths_from(graph: Graph, start: int, k: int, limit: int = 500) -> tuple[tuple[str, Path], ...]:
    """The k-grams that start at node ``start`` (text and path), at most ``limit`` of them."""
    out = []
    for p in enumerate_paths(graph, k, start):
        out.append((path_text(graph, p), p))
        if len(out) >= limit:
            break
    return tuple(out)


def too_large_to_draw(graphs: Sequence[Graph], limit: int = MAX_LAYOUT_NODES) -> bool:
    """True when a graph has more nodes than can be laid out readably."""
    return any(len(g.nodes) > limit for g in graphs)


def reverse_partners(graph: Graph) -> tuple[int | None, ...]:
    """For every edge, the id of its partner in the other direction (same clause and relation,
    ends swapped), or None."""
    index: dict[tuple[int, str, int, int], int] = {}
    for e in graph.edges:
        index[(e.clause, e.relation, e.source, e.target)] = e.id
    return tuple(index.get((e.clause, e.relation, e.target, e.source)) for e in graph.edges)


_RANK = {MATCHED: 2, UNMATCHED: 1, UNUSED: 0}


def fold_reverse(graph: Graph, statuses: Sequence[str],
                 counts: Sequence[tuple[int, int]] | None = None) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Statuses (and k-gram counts) for a drawing without reverse edges: a forward edge takes the
    better status of itself and its reverse partner (matched > unmatched > none), and the sum
    of both edges' counts."""
    partners = reverse_partners(graph)
    out_s, out_c = [], []
    for e, p in zip(graph.edges, partners):
        s = statuses[e.id]
        c = counts[e.id] if counts else (0, 0)
        if p is not None and not e.reversed:
            if _RANK[statuses[p]] > _RANK[s]:
                s = statuses[p]
            if counts:
                c = (c[0] + counts[p][0], c[1] + counts[p][1])
        out_s.append(s)
        out_c.append(c)
    return tuple(out_s), tuple(out_c)


def counter_clause_marks(drs: Drs, pair, side: str) -> tuple[str, ...]:
    """COUNTER's verdict on every clause of one side (``pred`` or ``gold``) of a CounterPair:
    ``matched``, ``unmatched`` or ``dropped REF`` (a redundant REF clause COUNTER leaves out)."""
    matched = {(c.line, c.tokens) for pc, gc in pair.matched_clauses for c in ((pc,) if side == "pred" else (gc,))}
    dropped = {(c.line, c.tokens) for c in (pair.dropped_pred if side == "pred" else pair.dropped_gold)}
    marks = []
    for c in drs.clauses:
        key = (c.line, c.tokens)
        marks.append("matched" if key in matched else "dropped REF" if key in dropped else "unmatched")
    return tuple(marks)


@dataclass(frozen=True)
class VariableLink:
    """One row of COUNTER's variable mapping, located in both graphs.

    ``pred`` -> ``gold`` is a mapped pair; a variable left out of the mapping has None on the
    other side. ``*_nodes`` are the node ids of the variable in each graph, ``*_clauses`` the
    indices of the clauses it occurs in (both empty on a side where it is None).
    """

    pred: str | None
    gold: str | None
    pred_nodes: frozenset[int]
    gold_nodes: frozenset[int]
    pred_clauses: tuple[int, ...]
    gold_clauses: tuple[int, ...]

    @property
    def label(self) -> str:
        """``x1 → x3``, with ``(none)`` for a side the variable has no partner on."""
        return f"{self.pred or '(none)'} → {self.gold or '(none)'}"


def _variable_nodes(graph: Graph) -> dict[str, list[Node]]:
    found: dict[str, list[Node]] = {}
    for node in graph.nodes:
        if not node.is_constant:
            found.setdefault(node.name, []).append(node)
    return found


def variable_links(pred: Graph, gold: Graph, mapping: dict[str, str]) -> tuple[VariableLink, ...]:
    """COUNTER's ``mapping`` (pred variable -> gold variable) as node ids and clause indices of the
    two graphs: first the mapped pairs (by pred variable), then the pred variables the mapping
    leaves out, then the gold ones (each in graph order). A mapped variable that is not a node
    of its graph (not expected) gets no node ids."""
    p_nodes, g_nodes = _variable_nodes(pred), _variable_nodes(gold)

    def locate(found: dict[str, list[Node]], name: str | None) -> tuple[frozenset[int], tuple[int, ...]]:
        nodes = found.get(name, []) if name is not None else []
        return frozenset(n.id for n in nodes), tuple(sorted({c for n in nodes for c in n.clauses}))

    rows = [(pv, gv) for pv, gv in sorted(mapping.items())]
    mapped_gold = set(mapping.values())
    rows += [(name, None) for name in p_nodes if name not in mapping]
    rows += [(None, name) for name in g_nodes if name not in mapped_gold]
    links = []
    for pv, gv in rows:
        pn, pc = locate(p_nodes, pv)
        gn, gc = locate(g_nodes, gv)
        links.append(VariableLink(pv, gv, pn, gn, pc, gc))
    return tuple(links)


@dataclass(frozen=True)
class CounterClauseView:
    """One clause as COUNTER sees it: its text, its normalised text (None when dropped) and a verdict:
    ``kept``, ``normalised`` (kept, rewritten), ``dropped: redundant REF`` or ``dropped: duplicate``
    (it normalises to an earlier clause)."""

    index: int
    line: int | None
    text: str
    normalised: str | None
    verdict: str


def counter_view(drs: Drs, keep_ref: bool = False) -> tuple[CounterClauseView, ...]:
    """COUNTER's normalisation of one DRS, clause by clause (spec section 4, steps 1-3): inverse
    roles turned round, quoted first arguments moved, redundant REF clauses (unless ``keep_ref``)
    and duplicates left out."""
    from .counter.normalise import normalise_clause, prepare_drs, redundant_refs

    prepared = prepare_drs(drs, keep_ref)
    kept = {id(c.source): c for c in prepared.clauses}
    refs = set() if keep_ref else redundant_refs(tuple(normalise_clause(c) for c in drs.clauses))
    rows = []
    for i, clause in enumerate(drs.clauses):
        cc = kept.get(id(clause))
        if cc is not None:
            verdict = "kept" if cc.tokens == clause.tokens else "normalised"
            rows.append(CounterClauseView(i, clause.line, clause.text(), cc.text(), verdict))
        else:
            verdict = "dropped: redundant REF" if i in refs else "dropped: duplicate"
            rows.append(CounterClauseView(i, clause.line, clause.text(), None, verdict))
    return tuple(rows)
