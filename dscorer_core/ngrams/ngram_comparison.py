"""Which k-grams two graphs share, and which edges and clauses lie on matched or unmatched ones.

The score counts ``min(pred, gold)`` matched occurrences of each k-gram text; exactly that many
occurrences are *matched* on each side here too (which ones: dscorer/occurrence_matching.py, led
by COUNTER's variable mapping or equal names), and every other occurrence is *unmatched*. A parser
that writes 14 ``Theme`` edges where gold has 3 gets 3 matched and 11 unmatched ones, in the
graphs, the box view, the k-gram table and the tooltips alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .engines import check_explosion, drs_name
from .induction import Graph
from .ngram_counts import Path
from .node_pairing import node_pairing
from .occurrence_matching import OccurrenceFlags, match_occurrences
from .paths import ngram_occurrences

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
    def only_pred(self) -> int:
        """Occurrences in pred beyond gold's count: what the parser invented."""
        return self.pred - self.matched

    @property
    def only_gold(self) -> int:
        """Occurrences in gold beyond pred's count: what the parser missed."""
        return self.gold - self.matched

    @property
    def status(self) -> str:
        """``matched`` (every occurrence on both sides), ``more-in-pred``, ``more-in-gold`` (some
        matched, the rest on one side only), ``only-pred`` or ``only-gold`` (no match)."""
        if self.pred == self.gold:
            return "matched"
        if self.matched:
            return "more-in-pred" if self.pred > self.gold else "more-in-gold"
        return "only-pred" if self.pred else "only-gold"

    def describe(self) -> str:
        """The row's counts in words, e.g. ``3 matched, 11 only in pred``."""
        parts = [f"{self.matched} matched"] if self.matched else []
        parts += [f"{self.only_pred} only in pred"] if self.only_pred else []
        parts += [f"{self.only_gold} only in gold"] if self.only_gold else []
        return ", ".join(parts)


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
    #: how many k-gram occurrences of this side are matched (the score's clipped count)
    matched_occurrences: int = 0

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
                side: str = "the", advice: str | None = None) -> dict[str, list[Path]]:
    """Every distinct k-gram text of a graph with its paths; NgramExplosion (naming the file, the
    DRS and ``side``) above ``cap`` paths."""
    check_explosion(graph, k, cap, where=f"{drs_name(graph.drs)}, {side} graph", advice=advice)
    return ngram_occurrences(graph, k)


@dataclass(frozen=True)
class NgramComparison:
    """Everything the pair view shows for one order k, from one enumeration per graph."""

    k: int
    rows: tuple[NgramRow, ...]
    highlight: PairHighlight
    pred_occurrences: dict[str, list[Path]]
    gold_occurrences: dict[str, list[Path]]
    #: per text, one flag per occurrence (in the order of *_occurrences): matched or not
    pred_matched: OccurrenceFlags
    gold_matched: OccurrenceFlags

    def elements(self, side: str, text: str, matched: bool | None = None) -> tuple[frozenset[int], frozenset[int]]:
        """Node ids and edge ids of every occurrence of ``text`` on one side (pred or gold); only
        its matched (``matched=True``) or unmatched (False) occurrences when given."""
        occ = self.pred_occurrences if side == "pred" else self.gold_occurrences
        flags = (self.pred_matched if side == "pred" else self.gold_matched).get(text, ())
        paths = occ.get(text, ())
        if matched is not None:
            paths = [p for p, f in zip(paths, flags) if f == matched]
        return _elements(paths)


def compare_ngrams(pred: Graph, gold: Graph, k: int, cap: int | None = MAX_DISPLAY_PATHS,
                   mapping: Mapping[str, str] | None = None) -> NgramComparison:
    """The k-gram table and the highlight data of a pair (NgramExplosion above ``cap`` paths).

    Exactly ``min(pred, gold)`` occurrences of each k-gram are matched on each side, those that
    ``mapping`` (pred variable -> gold variable; None: by name) pairs first. Rows are sorted
    with the most unmatched occurrences first (the errors), then the most matched, then by text.
    """
    po = occurrences(pred, k, cap, "pred")
    go = occurrences(gold, k, cap, "gold")
    rows = [NgramRow(t, len(po.get(t, ())), len(go.get(t, ()))) for t in set(po) | set(go)]
    rows.sort(key=lambda r: (-(r.only_pred + r.only_gold), -r.matched, r.text))
    pm, gm = match_occurrences(po, go, node_pairing(pred, gold, mapping),
                               [e.clause for e in pred.edges], [e.clause for e in gold.edges])
    highlight = PairHighlight(k, _side(pred, po, pm), _side(gold, go, gm))
    return NgramComparison(k, tuple(rows), highlight, po, go, pm, gm)


def ngram_table(pred: Graph, gold: Graph, k: int,
                cap: int | None = MAX_DISPLAY_PATHS) -> tuple[NgramRow, ...]:
    """All distinct k-grams of both graphs with pred / gold / matched counts (sorted as in
    compare_ngrams)."""
    return compare_ngrams(pred, gold, k, cap).rows


#: The filters of the k-gram table: which occurrences a row must have to be shown.
ROW_FILTERS = ("all", "matched", "only-pred", "only-gold")


def filter_rows(rows: Iterable[NgramRow], status: str | None) -> tuple[NgramRow, ...]:
    """Rows with occurrences of the given kind: ``matched`` (some matched), ``only-pred`` (some
    in pred beyond gold's count), ``only-gold`` (the reverse); None or ``all`` keeps all."""
    keep = {None: lambda r: True, "all": lambda r: True, "matched": lambda r: r.matched > 0,
            "only-pred": lambda r: r.only_pred > 0, "only-gold": lambda r: r.only_gold > 0}[status]
    return tuple(r for r in rows if keep(r))


def _side(graph: Graph, occ: dict[str, list[Path]], flags: OccurrenceFlags) -> SideHighlight:
    on_matched: set[int] = set()
    on_any: set[int] = set()
    counts = [[0, 0] for _ in graph.edges]
    total = 0
    for text, paths in occ.items():
        for p, hit in zip(paths, flags[text]):
            total += hit
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
    return SideHighlight(edges, tuple(clauses), tuple((m, u) for m, u in counts), total)


def highlight_pair(pred: Graph, gold: Graph, k: int, cap: int | None = MAX_DISPLAY_PATHS,
                   mapping: Mapping[str, str] | None = None) -> PairHighlight:
    """Edge and clause status of both graphs for order k (see SideHighlight and compare_ngrams)."""
    return compare_ngrams(pred, gold, k, cap, mapping).highlight


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


def fold_into(statuses: Sequence[str], counts: Sequence[tuple[int, int]] | None,
              into_edge: Sequence[int | None]) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Statuses (and k-gram counts) for a drawing where some edges join a drawn one (``into_edge``:
    per edge, the edge it joins, or None; e.g. CompactFolds.into_edge): a drawn edge takes the
    better status of itself and the edges that join it (matched > unmatched > none), and the sum of
    their counts."""
    out_s = list(statuses)
    out_c = [tuple(c) for c in counts] if counts else [(0, 0)] * len(statuses)
    for e, target in enumerate(into_edge):
        if target is None:
            continue
        if _RANK[statuses[e]] > _RANK[out_s[target]]:
            out_s[target] = statuses[e]
        if counts:
            out_c[target] = (out_c[target][0] + counts[e][0], out_c[target][1] + counts[e][1])
    return tuple(out_s), tuple((m, u) for m, u in out_c)
