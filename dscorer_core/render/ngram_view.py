"""Which k-grams two graphs share, and which edges and clauses lie on matched or unmatched ones.

A k-gram text that occurs on both sides is *matched* (its clipped count is ``min(pred, gold)``);
an occurrence of a text found on one side only is *unmatched*.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..dscorer.engines import check_explosion
from ..dscorer.induction import Graph
from ..dscorer.ngram_counts import Path
from ..dscorer.paths import ngram_occurrences

__all__ = ["MATCHED", "UNMATCHED", "UNUSED", "MAX_DISPLAY_PATHS", "NgramRow", "SideHighlight", "PairHighlight",
           "occurrences", "NgramComparison", "compare_ngrams", "ngram_table", "filter_rows", "highlight_pair",
           "path_elements", "reverse_partners", "fold_reverse"]


MATCHED = "matched"


UNMATCHED = "unmatched"


UNUSED = "none"


#: The app enumerates k-gram occurrences only up to this many walks per graph and order.
MAX_DISPLAY_PATHS = 300_000


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
    for edge, s in zip(graph.edges, edges):
        cur = clauses[edge.clause]
        if s == UNMATCHED or (s == MATCHED and cur == UNUSED):
            clauses[edge.clause] = s
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


def reverse_partners(graph: Graph) -> tuple[int | None, ...]:
    """For every edge, the id of its partner in the other direction (same clause and relation,
    ends swapped), or None."""
    index: dict[tuple[int, str, int, int], int] = {}
    for e in graph.edges:
        index[(e.clause, e.relation, e.source, e.target)] = e.id
    return tuple(index.get((e.clause, e.relation, e.target, e.source)) for e in graph.edges)


_RANK = {MATCHED: 2, UNMATCHED: 1, UNUSED: 0}


def fold_reverse(graph: Graph, statuses: Sequence[str], counts: Sequence[tuple[int, int]] | None = None
                 ) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
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
