"""COUNTER in the app: its verdict per clause, its variable mapping located in both graphs, and
its normalisation of a DRS clause by clause."""

from __future__ import annotations

from dataclasses import dataclass

from ..clauses import Drs
from ..counter.normalise import normalise_clause, prepare_drs, redundant_refs
from ..counter.score import CounterPair
from ..ngrams.induction import Graph, Node


def counter_clause_marks(drs: Drs, pair: CounterPair, side: str) -> tuple[str, ...]:
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

    rows: list[tuple[str | None, str | None]] = [(pv, gv) for pv, gv in sorted(mapping.items())]
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
    """COUNTER's normalisation of one DRS, clause by clause (docs/counter.md): inverse
    roles turned round, quoted first arguments moved, redundant REF clauses (unless ``keep_ref``)
    and duplicates left out."""
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
