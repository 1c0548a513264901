"""A DRS in classic DRT box notation: the box structure (``box_diagram``) and its HTML fragments
(no style, no script: the app puts them in a page with its own, ``app_widgets/box_view.py``).

Boxes nest as the clauses say: ``b NOT b1`` puts ``¬[b1]`` inside ``b``, ``b IMP b1 b2`` puts
``[b1] ⇒ [b2]`` inside ``b``, ``b PRP p b1`` puts ``p: [b1]`` inside ``b``, and a discourse
relation with two boxes (``b0 CONTRAST b1 b4``) draws its boxes side by side in ``b0``, joined by
its label. A relation with one box (PMB 3/4: ``b1 PRESUPPOSITION b2``) is a labelled link
between two top-level boxes. Real parser output is messy: a box is placed at most once, never
inside itself (cycles become references), boxes that nothing introduces are drawn at the top,
and every clause is drawn exactly once. All text from the file is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..clause_format import BOX_OPERATORS, DISCOURSE_RELATIONS
from ..clauses import Clause, Drs, box_arguments
from ..ngrams.induction import Graph
from .display import quoted
from .edge_colour import NO_KGRAM, EdgeShade, edge_shades

#: Operators that put their boxes inside the clause's box (PRP is added when it has 2 arguments).
NESTING_OPERATORS = frozenset({"NOT", "POS", "NEC", "DUP", "DRS", "IMP", "DIS"})
#: Relations between boxes: side by side in a box (4 tokens) or a link between boxes (3 tokens).
BOX_RELATIONS = DISCOURSE_RELATIONS | {"PRESUPPOSITION"}

#: Boxes nest at most this deep; a box deeper down is drawn at the top (keeps recursion bounded).
MAX_BOX_DEPTH = 60

_OPERATOR_SIGNS = {"NOT": "¬", "POS": "◇", "NEC": "□", "IMP": "⇒", "DIS": "∨", "DUP": "DUP", "DRS": "DRS"}
_INFIX = {"EQU": "=", "NEQ": "≠", "APX": "≈", "LES": "<", "LEQ": "≤", "TPR": "≺"}


@dataclass(frozen=True)
class Referent:
    """A discourse referent on top of a box, from its ``b REF x`` clause."""

    name: str
    clause: int


@dataclass(frozen=True)
class Condition:
    """A simple condition inside a box: its clause index and its text in DRT notation."""

    clause: int
    text: str


@dataclass(frozen=True)
class BoxRef:
    """A box named here but drawn elsewhere (shared by two operators, or a cycle)."""

    name: str


@dataclass(frozen=True)
class Embedding:
    """A complex condition: an operator clause and the boxes it holds.

    ``form`` is ``prefix`` (NOT POS NEC DUP DRS: ``¬[b1]``), ``infix`` (IMP DIS: ``[b1] ⇒ [b2]``,
    and a discourse relation with two boxes: ``[b1] CONTRAST [b4]``) or ``proposition``
    (PRP: ``p1: [b1]``). A part is a Box, a BoxRef, or a prefix Embedding that a relation took
    in (``¬[b1] CONTRAST [b4]`` when ``b0 NOT b1`` and ``b0 CONTRAST b1 b4``).
    """

    clause: int
    operator: str
    form: str
    sign: str
    parts: tuple[Part, ...]
    referent: str | None = None


@dataclass(frozen=True)
class Box:
    """A DRS box: its referents, its simple conditions and its complex conditions.

    ``role`` is ``main`` (the top-level box that holds most), ``presupposition`` (a top-level
    box that another box presupposes, or that no clause links: PMB 2.x keeps presupposed
    material so), ``segment`` (another top-level box joined by a link) or ``embedded``.
    """

    name: str
    referents: tuple[Referent, ...]
    conditions: tuple[Condition, ...]
    embeddings: tuple[Embedding, ...]
    role: str = "embedded"

    def walk(self) -> list[Box]:
        """This box and every box drawn inside it, depth first."""
        out = [self]
        for emb in self.embeddings:
            out.extend(_walk_part(emb))
        return out


Part = Box | BoxRef | Embedding


def _walk_part(part: Part) -> list[Box]:
    if isinstance(part, Box):
        return part.walk()
    if isinstance(part, Embedding):
        return [b for p in part.parts for b in _walk_part(p)]
    return []


@dataclass(frozen=True)
class BoxLink:
    """A relation between two boxes drawn as a labelled link (``b1 PRESUPPOSITION b2``)."""

    clause: int
    relation: str
    source: str
    target: str


@dataclass(frozen=True)
class BoxDiagram:
    """A DRS as boxes: the top-level boxes (presuppositions first, then the main box, then the
    others) and the links between boxes."""

    roots: tuple[Box, ...]
    links: tuple[BoxLink, ...]
    clause_count: int

    def boxes(self) -> list[Box]:
        """Every box drawn, depth first from the roots (each DRS box exactly once)."""
        return [b for r in self.roots for b in r.walk()]


def _box_tokens(clause: Clause) -> list[str]:
    return [clause.box] + [clause.args[i] for i in box_arguments(clause)]


def box_names(drs: Drs) -> tuple[str, ...]:
    """Every box of a DRS (first tokens and box arguments), in order of first appearance."""
    seen: dict[str, None] = {}
    for c in drs.clauses:
        for name in _box_tokens(c):
            seen.setdefault(name, None)
    return tuple(seen)


def _is_link(c: Clause) -> bool:
    return c.relation in BOX_RELATIONS and len(c.args) == 1


def _is_nesting(c: Clause) -> bool:
    if c.relation == "PRP":
        return len(c.args) == 2
    return c.relation in BOX_OPERATORS and not _is_link(c)


def condition_text(c: Clause) -> str:
    """A simple condition in DRT notation: ``male.n.02(x1)``, ``Agent(e1, x1)``, ``t1 ≺ "now"``."""
    if c.is_concept:
        return f"{c.concept_label}({c.args[1]})"
    if c.relation in _INFIX and len(c.args) == 2:
        return f"{c.args[0]} {_INFIX[c.relation]} {c.args[1]}"
    return f"{c.relation}({', '.join(c.args)})"


def box_diagram(drs: Drs) -> BoxDiagram:
    """The box structure of a DRS (see the module docstring); never fails on odd structures."""
    clauses = drs.clauses
    names = box_names(drs)
    own: dict[str, list[int]] = {n: [] for n in names}
    for i, c in enumerate(clauses):
        own[c.box].append(i)
    parent: dict[str, tuple[str, int]] = {}

    def ancestors(name: str) -> set[str]:
        found = {name}
        while name in parent:
            name = parent[name][0]
            if name in found:
                break
            found.add(name)
        return found

    def place(i: int, c: Clause) -> None:
        for pos in box_arguments(c):
            arg = c.args[pos]
            chain = ancestors(c.box)
            if arg not in parent and arg not in chain and len(chain) < MAX_BOX_DEPTH:
                parent[arg] = (c.box, i)

    # operators nest first, then relations with two boxes take the boxes still free
    for i, c in enumerate(clauses):
        if _is_nesting(c) and c.relation not in BOX_RELATIONS:
            place(i, c)
    for i, c in enumerate(clauses):
        if _is_nesting(c) and c.relation in BOX_RELATIONS:
            place(i, c)

    def build(name: str, role: str) -> Box:
        refs, conds, embs = [], [], {}
        for i in own[name]:
            c = clauses[i]
            if c.relation == "REF" and len(c.args) == 1:
                refs.append(Referent(c.args[0], i))
            elif _is_nesting(c):
                embs[i] = c
            elif not _is_link(c):
                conds.append(Condition(i, condition_text(c)))
        built: dict[int, Embedding] = {}
        for i, c in embs.items():
            if c.relation not in BOX_RELATIONS:
                built[i] = _embedding(i, c, name, parent, build)
        absorbed: set[int] = set()
        for i, c in embs.items():
            if c.relation in BOX_RELATIONS:
                parts: list[Part] = []
                for pos in box_arguments(c):
                    arg = c.args[pos]
                    home = parent.get(arg)
                    if home == (name, i):
                        parts.append(build(arg, "embedded"))
                    elif home is not None and home[0] == name and home[1] in built and home[1] not in absorbed \
                            and built[home[1]].form == "prefix" and len(built[home[1]].parts) == 1:
                        parts.append(built[home[1]])
                        absorbed.add(home[1])
                    else:
                        parts.append(BoxRef(arg))
                built[i] = Embedding(i, c.relation, "infix", c.relation, tuple(parts))
        ordered = tuple(built[i] for i in sorted(built) if i not in absorbed)
        return Box(name, tuple(refs), tuple(conds), ordered, role)

    links = tuple(BoxLink(i, c.relation, c.box, c.args[0]) for i, c in enumerate(clauses) if _is_link(c))
    root_names = [n for n in names if n not in parent]
    presupposed = {link.source for link in links if link.relation == "PRESUPPOSITION"}
    linked = {link.source for link in links} | {link.target for link in links}
    sizes = {n: _subtree_size(n, own, parent) for n in root_names}
    candidates = [n for n in root_names if n not in presupposed] or root_names
    main = max(candidates, key=lambda n: sizes[n]) if candidates else None

    def role_of(n: str) -> str:
        if n == main:
            return "main"
        if n in presupposed or n not in linked:
            return "presupposition"
        return "segment"

    order = {"presupposition": 0, "main": 1, "segment": 2}
    roots = sorted((build(n, role_of(n)) for n in root_names), key=lambda b: order[b.role])
    return BoxDiagram(tuple(roots), links, len(clauses))


def _subtree_size(name: str, own: dict[str, list[int]], parent: dict[str, tuple[str, int]]) -> int:
    children: dict[str, list[str]] = {}
    for child, (par, _) in parent.items():
        children.setdefault(par, []).append(child)
    total, stack, seen = 0, [name], set()
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        total += len(own.get(n, ()))
        stack.extend(children.get(n, ()))
    return total


def _embedding(i: int, c: Clause, box: str, parent: dict[str, tuple[str, int]],
               build: Callable[[str, str], Box]) -> Embedding:
    parts: list[Part] = []
    for pos in box_arguments(c):
        arg = c.args[pos]
        parts.append(build(arg, "embedded") if parent.get(arg) == (box, i) else BoxRef(arg))
    if c.relation == "PRP":
        return Embedding(i, "PRP", "proposition", f"{c.args[0]}:", tuple(parts), c.args[0])
    form = "prefix" if len(parts) == 1 else "infix"
    return Embedding(i, c.relation, form, _OPERATOR_SIGNS.get(c.relation, c.relation), tuple(parts))


# ---------------------------------------------------------------- HTML

def clause_elements(graph: Graph) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per clause of the graph's DRS: the ids of the edges and of the nodes it gave the graph
    (the box view passes them to the graph panes to highlight)."""
    edges: list[list[int]] = [[] for _ in graph.drs.clauses]
    nodes: list[set[int]] = [set() for _ in graph.drs.clauses]
    for e in graph.edges:
        edges[e.clause].append(e.id)
        nodes[e.clause].update((e.source, e.target))
    return tuple((tuple(es), tuple(sorted(ns))) for es, ns in zip(edges, nodes))


def clause_shades(graph: Graph, edge_counts: Sequence[tuple[int, int]]) -> tuple[EdgeShade, ...]:
    """Per clause of the graph's DRS, its edges' k-gram occurrences taken together (from
    ``SideHighlight.edge_counts``): matched and unmatched counts, the matched share, its colour and
    grade, as the graph colours an edge, so a condition reads as its edges do (a clause whose edges
    lie on 2 matched and 2 unmatched occurrences is "partly", not "unmatched")."""
    totals = [[0, 0] for _ in graph.drs.clauses]
    for e in graph.edges:
        if e.id < len(edge_counts) and 0 <= e.clause < len(totals):
            matched, unmatched = edge_counts[e.id]
            totals[e.clause][0] += matched
            totals[e.clause][1] += unmatched
    return edge_shades([(m, u) for m, u in totals])


#: What a condition's grade is called in its tooltip and in the legend (the graph legend's words).
GRADE_WORDS = {"full": "matched", "partly": "partly matched", "none-matched": "unmatched",
               NO_KGRAM: "on no k-gram"}

_COUNTER_CLASS = {"matched": "ct-matched", "unmatched": "ct-unmatched", "dropped REF": "ct-dropped"}


def _esc(text: str) -> str:
    """Text as HTML, at most MAX_QUOTED_CHARS of it (a constant of a million characters is quoted short)."""
    return html.escape(quoted(text), quote=True)


class _Writer:
    """Writes one side's boxes; every clause element carries its index and its verdict classes."""

    def __init__(self, drs: Drs, dscorer: Sequence[str] | None, counter: Sequence[str] | None,
                 elements: Sequence[tuple[tuple[int, ...], tuple[int, ...]]] | None,
                 focus: Collection[int] = (), shades: Sequence[EdgeShade] | None = None) -> None:
        self.drs, self.dscorer, self.counter, self.elements = drs, dscorer, counter, elements
        self.focus = frozenset(focus)
        self.shades = shades

    def attrs(self, i: int) -> str:
        classes = ["dv-c"]
        style = ""
        if self.shades is not None and i < len(self.shades):
            shade = self.shades[i]
            classes.append(f"dk-{shade.grade}")
            if shade.share is not None:  # the graph's colour for this share (computed, not from the file)
                style = (f' style="--dk:{shade.colour}" data-matched="{shade.matched}"'
                         f' data-unmatched="{shade.unmatched}"')
        elif self.dscorer is not None and i < len(self.dscorer):
            classes.append(f"dk-{self.dscorer[i]}")
        if self.counter is not None and i < len(self.counter):
            classes.append(_COUNTER_CLASS.get(self.counter[i], "ct-unmatched"))
        if i in self.focus:
            classes.append("dv-focus")
        out = f'class="{" ".join(classes)}" data-clause="{i}"{style} title="{html.escape(self.tooltip(i), quote=True)}"'
        if self.elements is not None and i < len(self.elements):
            es, ns = self.elements[i]
            out += f' data-edges="{" ".join(map(str, es))}" data-nodes="{" ".join(map(str, ns))}"'
        return out

    def tooltip(self, i: int) -> str:
        c = self.drs.clauses[i]
        parts = [f"clause {i + 1}" + (f" (line {c.line})" if c.line else "") + f": {quoted(c.text())}"]
        if self.shades is not None and i < len(self.shades):
            sh = self.shades[i]
            total = sh.matched + sh.unmatched
            parts.append(f"DSCORER: {GRADE_WORDS.get(sh.grade, sh.grade)}" + (
                f": {sh.matched} of {total} k-gram occurrences through its edges matched ({100 * sh.share:.0f}%)"
                if sh.share is not None else ""))
        elif self.dscorer is not None and i < len(self.dscorer):
            parts.append(f"DSCORER: {self.dscorer[i]}")
        if self.counter is not None and i < len(self.counter):
            parts.append(f"COUNTER: {self.counter[i]}")
        return "\n".join(parts)

    def box(self, box: Box) -> str:
        refs = " ".join(f'<span {self.attrs(r.clause)}>{_esc(r.name)}</span>' for r in box.referents)
        conds = "".join(f'<div class="dv-row"><span {self.attrs(c.clause)}>{_esc(c.text)}</span></div>'
                        for c in box.conditions)
        embs = "".join(f'<div class="dv-row">{self.embedding(e)}</div>' for e in box.embeddings)
        role = "" if box.role == "embedded" else f'<div class="dv-role">{_esc(box.role)}</div>'
        return (f'<div class="dv-box dv-{_esc(box.role)}" data-box="{_esc(box.name)}">{role}'
                f'<div class="dv-name">{_esc(box.name)}</div>'
                f'<div class="dv-refs">{refs or "&nbsp;"}</div>'
                f'<div class="dv-conds">{conds}{embs}</div></div>')

    def part(self, part: Part) -> str:
        if isinstance(part, Box):
            return self.box(part)
        if isinstance(part, Embedding):
            return self.embedding(part)
        return f'<span class="dv-boxref" data-ref="{_esc(part.name)}">[{_esc(part.name)}]</span>'

    def embedding(self, e: Embedding) -> str:
        word = ' dv-word' if len(e.sign) > 3 else ''
        sign = (f'<span {self.attrs(e.clause)} data-op="{_esc(e.operator)}">'
                f'<span class="dv-signtext{word}">{_esc(e.sign or e.operator)}</span></span>')
        if e.form == "infix" and len(e.parts) >= 2:
            inner = f'<span class="dv-sign">{sign}</span>'.join(self.part(p) for p in e.parts)
            return f'<div class="dv-emb dv-{_esc(e.form)}">{inner}</div>'
        parts = "".join(self.part(p) for p in e.parts)
        return f'<div class="dv-emb dv-{_esc(e.form)}"><span class="dv-sign">{sign}</span>{parts}</div>'

    def link(self, link: BoxLink) -> str:
        return (f'<div class="dv-link" data-from="{_esc(link.source)}" data-to="{_esc(link.target)}" '
                f'data-rel="{_esc(link.relation)}" data-of="{link.clause}">'
                f'<span class="dv-boxref">{_esc(link.source)}</span>'
                f'<span {self.attrs(link.clause)}>── {_esc(link.relation)} ─▶</span>'
                f'<span class="dv-boxref">{_esc(link.target)}</span></div>')


def box_view_html(drs: Drs, *, title: str = "", side: str = "drs", dscorer: Sequence[str] | None = None,
                  counter: Sequence[str] | None = None, graph: Graph | None = None,
                  clause_list: bool = True, diagram: BoxDiagram | None = None,
                  focus: Collection[int] = (), edge_counts: Sequence[tuple[int, int]] | None = None) -> str:
    """One DRS as an HTML fragment of nested boxes (escaped text only, no script).

    ``dscorer`` and ``counter`` are per-clause verdicts (``SideHighlight.clauses`` at the chosen k,
    ``counter_clause_marks``); ``graph`` adds each clause's edge and node ids as data attributes;
    ``clause_list`` adds the numbered clause lines below the boxes; clauses in ``focus`` are
    drawn highlighted (the teaching view's current clause). ``edge_counts`` (``SideHighlight.edge_counts``,
    with ``graph``) colours each condition by its edges' matched share as the graph does
    (``clause_shades``), in place of the ``dscorer`` verdicts, its counts in its tooltip.
    """
    diagram = diagram or box_diagram(drs)
    shades = clause_shades(graph, edge_counts) if graph is not None and edge_counts is not None else None
    w = _Writer(drs, dscorer, counter, clause_elements(graph) if graph is not None else None, focus, shades)
    roots = "".join(f'<div class="dv-root">{w.box(b)}</div>' for b in diagram.roots)
    links = "".join(w.link(link) for link in diagram.links)
    out = [f'<section class="dv-side" data-side="{_esc(side)}">']
    if title:
        out.append(f'<h3 class="dv-title">{_esc(title)}</h3>')
    if drs.sentence:
        out.append(f'<div class="dv-sentence">{_esc(drs.sentence)}</div>')
    out.append(f'<div class="dv-roots">{roots or "<em>(no clauses)</em>"}</div>')
    if links:
        out.append(f'<div class="dv-links">{links}</div>')
    out.append('<div class="dv-status" aria-live="polite"></div>')
    if clause_list:
        lines = "".join(f'<li {w.attrs(i)}>{_esc(c.text())}</li>' for i, c in enumerate(drs.clauses))
        out.append(f'<details class="dv-clauses"><summary>Clauses ({len(drs.clauses)})</summary>'
                   f'<ol start="1">{lines}</ol></details>')
    out.append("</section>")
    return "".join(out)


_LEGEND = ('<div class="dv-legend"><b>DSCORER at k = {k}</b> (colour: the matched share of the {k}-gram '
           'occurrences through its edges, as in the graphs): <span class="dk-full" style="--dk:#0072B2">matched'
           '</span><span class="dk-partly" style="--dk:#9A5EA8">partly</span><span class="dk-none-matched" '
           'style="--dk:#D55E00">unmatched</span><span class="dk-no-kgram">on no {k}-gram</span> · '
           '<b>COUNTER</b> (mark): <span class="ct-matched">matched</span>'
           '<span class="ct-unmatched">unmatched</span><span class="ct-dropped">redundant REF, left out</span><br>'
           '¬ not · ◇ possibly · □ necessarily · ⇒ if-then · ∨ or · p: [box] the proposition p · dashed box: '
           'presupposition · hover or click a condition: its clause line shows below the boxes (and its edges '
           'light up in the graphs)</div>')


def box_view_legend(k: int) -> str:
    """The legend of the verdict colours and marks at ``k`` and of the DRT signs, as an HTML fragment
    (no data from a file; the app puts it above the boxes)."""
    return _LEGEND.format(k=int(k))
