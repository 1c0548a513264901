"""A DRS in classic DRT box notation: the box structure (``box_diagram``) and its HTML.

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
from ..dscorer.induction import Graph

__all__ = [
    "BOX_VIEW_CSS",
    "BOX_VIEW_SCRIPT",
    "MAX_BOX_DEPTH",
    "Box",
    "BoxDiagram",
    "BoxLink",
    "BoxRef",
    "Condition",
    "Embedding",
    "Referent",
    "box_diagram",
    "box_names",
    "box_view_document",
    "box_view_html",
    "clause_elements",
    "condition_text",
]

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


_COUNTER_CLASS = {"matched": "ct-matched", "unmatched": "ct-unmatched", "dropped REF": "ct-dropped"}


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


class _Writer:
    """Writes one side's boxes; every clause element carries its index and its verdict classes."""

    def __init__(self, drs: Drs, dscorer: Sequence[str] | None, counter: Sequence[str] | None,
                 elements: Sequence[tuple[tuple[int, ...], tuple[int, ...]]] | None,
                 focus: Collection[int] = ()) -> None:
        self.drs, self.dscorer, self.counter, self.elements = drs, dscorer, counter, elements
        self.focus = frozenset(focus)

    def attrs(self, i: int) -> str:
        classes = ["dv-c"]
        if self.dscorer is not None and i < len(self.dscorer):
            classes.append(f"dk-{self.dscorer[i]}")
        if self.counter is not None and i < len(self.counter):
            classes.append(_COUNTER_CLASS.get(self.counter[i], "ct-unmatched"))
        if i in self.focus:
            classes.append("dv-focus")
        out = f'class="{" ".join(classes)}" data-clause="{i}" title="{_esc(self.tooltip(i))}"'
        if self.elements is not None and i < len(self.elements):
            es, ns = self.elements[i]
            out += f' data-edges="{" ".join(map(str, es))}" data-nodes="{" ".join(map(str, ns))}"'
        return out

    def tooltip(self, i: int) -> str:
        c = self.drs.clauses[i]
        parts = [f"clause {i + 1}" + (f" (line {c.line})" if c.line else "") + f": {c.text()}"]
        if self.dscorer is not None and i < len(self.dscorer):
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
                  focus: Collection[int] = ()) -> str:
    """One DRS as an HTML fragment of nested boxes (escaped text only, no script).

    ``dscorer`` and ``counter`` are per-clause verdicts (``SideHighlight.clauses`` at the chosen k,
    ``counter_clause_marks``); ``graph`` adds each clause's edge and node ids as data attributes;
    ``clause_list`` adds the numbered clause lines below the boxes; clauses in ``focus`` are
    drawn highlighted (the teaching view's current clause).
    """
    diagram = diagram or box_diagram(drs)
    w = _Writer(drs, dscorer, counter, clause_elements(graph) if graph is not None else None, focus)
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


BOX_VIEW_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:6px;color:#222;background:#fff;
 overflow-x:auto}
.dv-sides{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start}
.dv-side{flex:1 1 420px;min-width:min-content}
.dv-title{font-size:15px;margin:0 0 2px 0}
.dv-sentence{color:#555;font-size:13px;margin-bottom:6px}
.dv-roots{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start;position:relative}
.dv-arcs{position:absolute;left:0;top:0;pointer-events:none;overflow:visible}
.dv-arcs path{fill:none;stroke:#777;stroke-width:1.5;pointer-events:stroke;cursor:pointer}
.dv-arcs text{font:11px ui-monospace,Menlo,Consolas,monospace;fill:#444;paint-order:stroke;stroke:#fff;stroke-width:3px}
.dv-arcs path.dv-hot{stroke:#CC79A7;stroke-width:3;outline:none;background:none}
.dv-box{display:inline-block;border:1.5px solid #333;background:#fff;padding:2px 8px 6px 8px;margin:3px;
 position:relative;vertical-align:top;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px}
.dv-presupposition{border-style:dashed;background:#fafafa}
.dv-main{border-width:2px}
.dv-name{position:absolute;top:-9px;left:6px;background:inherit;font-size:11px;color:#666;padding:0 3px}
.dv-role{position:absolute;top:-9px;right:6px;background:#fff;font-size:10px;color:#888;padding:0 3px;
 font-family:system-ui,sans-serif}
.dv-refs{border-bottom:1.5px solid #333;padding:8px 2px 3px 2px;min-height:1.1em}
.dv-refs .dv-c{margin-right:6px}
.dv-conds{padding-top:4px}
.dv-row{margin:2px 0}
.dv-emb{display:flex;align-items:center;gap:6px;flex-wrap:nowrap}
.dv-sign{font-size:20px;font-weight:600;padding:0 2px}
.dv-sign .dv-word{font-weight:700;font-size:13px;letter-spacing:.5px}
.dv-boxref{color:#666;font-style:italic;padding:0 3px}
.dv-links{margin-top:6px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
.dv-link{margin:2px 0}
.dv-c{border-radius:3px;padding:0 2px;cursor:pointer;white-space:nowrap}
.dk-matched{color:#005a8c;background:#e2effa}
.dk-unmatched{color:#a33f00;background:#fde6d6;text-decoration:underline dashed #D55E00}
.dk-none{color:#777}
.ct-matched::after{content:"✓";font-size:10px;color:#0072B2;vertical-align:super;margin-left:1px}
.ct-unmatched::after{content:"✗";font-size:10px;color:#D55E00;vertical-align:super;margin-left:1px}
.ct-dropped::after{content:"–";font-size:10px;color:#999;vertical-align:super;margin-left:1px}
.dv-focus{outline:2.5px solid #CC79A7;background:#f6dcec}
.dv-hot{outline:2.5px solid #CC79A7;background:#f6dcec !important}
.dv-box.dv-focus{outline:2.5px solid #CC79A7;background:#f6dcec}
.dv-hot{outline-offset:2px}
.dv-status{min-height:1.3em;margin-top:4px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;
 color:#8a3b6a;white-space:pre-wrap}
.dv-clauses{margin-top:6px;font-size:12px}
.dv-clauses ol{margin:4px 0;padding-left:2.6em;font-family:ui-monospace,Menlo,Consolas,monospace}
.dv-clauses li{padding:0 3px}
.dv-legend{font-size:12px;color:#444;margin-bottom:10px;line-height:1.9}
.dv-legend span{margin-right:8px;padding:1px 4px}
@media (prefers-color-scheme: dark){body{background:#0e1117;color:#ddd}.dv-box,.dv-role{background:#0e1117}
 .dv-box,.dv-refs{border-color:#bbb}.dv-presupposition{background:#161a22}}
"""

#: The box view's own script (no data from a file): hovering or clicking a clause element
#: highlights it everywhere on its side and calls ``window.dscorerGraph`` in the graph panes.
BOX_VIEW_SCRIPT = """
(function(){
var pinned=null;
function graphs(){var out=[];try{var fr=window.parent.document.querySelectorAll('iframe');
 for(var i=0;i<fr.length;i++){try{var g=fr[i].contentWindow.dscorerGraph;
  if(g&&fr[i].contentWindow!==window)out.push(g);}
 catch(e){}}}catch(e){}return out;}
function ids(el,name){var v=el.getAttribute(name);
 return v?v.split(' ').filter(function(s){return s!=='';}).map(Number):[];}
function sideOf(el){var s=el.closest('.dv-side');return s?s.getAttribute('data-side'):'';}
function clear(){document.querySelectorAll('.dv-hot').forEach(function(e){e.classList.remove('dv-hot');});
 document.querySelectorAll('.dv-status').forEach(function(e){e.textContent='';});
 graphs().forEach(function(g){try{g.clear();}catch(e){}});}
function show(el){clear();var side=sideOf(el),i=el.getAttribute('data-clause'),root=el.closest('.dv-side');
 root.querySelectorAll('.dv-c').forEach(function(e){if(e.getAttribute('data-clause')===i)e.classList.add('dv-hot');});
 var st=root.querySelector('.dv-status');if(st)st.textContent=(el.getAttribute('title')||'').split('\\n').join(' · ');
 var gs=graphs(),sides=['pred','gold'];
 gs.forEach(function(g,k){var gs_side=g.side||sides[k]||'';if(gs.length>1&&gs_side!==side&&side!=='drs')return;
  try{g.highlightEdges(ids(el,'data-edges'));g.highlightNodes(ids(el,'data-nodes'));}catch(e){}});}
document.addEventListener('mouseover',function(ev){var el=ev.target.closest('.dv-c');if(el&&!pinned)show(el);});
document.addEventListener('mouseout',function(ev){var el=ev.target.closest('.dv-c');if(el&&!pinned)clear();});
document.addEventListener('click',function(ev){var el=ev.target.closest('.dv-c');
 if(!el){pinned=null;clear();return;}if(pinned===el){pinned=null;clear();return;}pinned=el;show(el);});
var NS='http://www.w3.org/2000/svg';
function boxNamed(side,name){var found=null;side.querySelectorAll('.dv-box').forEach(function(b){
 if(!found&&b.getAttribute('data-box')===name)found=b;});return found;}
function arcs(){document.querySelectorAll('.dv-side').forEach(function(side){
 var roots=side.querySelector('.dv-roots');if(!roots)return;var old=roots.querySelector('.dv-arcs');if(old)old.remove();
 var links=side.querySelectorAll('.dv-link');if(!links.length)return;roots.style.paddingTop='0px';
 var svg=document.createElementNS(NS,'svg');svg.setAttribute('class','dv-arcs');
 var defs=document.createElementNS(NS,'defs'),mk=document.createElementNS(NS,'marker');
 mk.setAttribute('id','dv-head');mk.setAttribute('viewBox','0 0 10 10');
 mk.setAttribute('refX','9');mk.setAttribute('refY','5');
 mk.setAttribute('markerWidth','9');mk.setAttribute('markerHeight','9');mk.setAttribute('markerUnits','userSpaceOnUse');mk.setAttribute('orient','auto');
 var tip=document.createElementNS(NS,'path');tip.setAttribute('d','M0,0 L10,5 L0,10 z');tip.setAttribute('fill','#777');
 mk.appendChild(tip);defs.appendChild(mk);svg.appendChild(defs);
 var spans=[];links.forEach(function(l){
  var a=boxNamed(side,l.getAttribute('data-from')),b=boxNamed(side,l.getAttribute('data-to'));
  if(a&&b&&a!==b)spans.push([l,a,b]);});
 spans=spans.filter(function(t){return Math.abs(t[1].getBoundingClientRect().top-t[2].getBoundingClientRect().top)<=4;})
  .slice(0,8);
 if(!spans.length)return;var pad=20+16*spans.length;roots.style.paddingTop=pad+'px';
 var r0=roots.getBoundingClientRect(),level=0;
 spans.forEach(function(t,j){var ra=t[1].getBoundingClientRect(),rb=t[2].getBoundingClientRect();
  var x1=ra.left+ra.width*(0.3+0.08*(level%5))-r0.left,x2=rb.left+rb.width*(0.7-0.08*(level%5))-r0.left;
  var y=ra.top-r0.top,h=16+16*level;level++;var ym=y-h/0.75;
  var p=document.createElementNS(NS,'path');
  p.setAttribute('d','M'+x1+','+y+' C'+x1+','+ym+' '+x2+','+ym+' '+x2+','+y);
  p.setAttribute('marker-end','url(#dv-head)');p.setAttribute('class','dv-c dv-arc');
  p.setAttribute('data-clause',t[0].getAttribute('data-of'));
  var lab=t[0].querySelector('.dv-c');if(lab){p.setAttribute('data-edges',lab.getAttribute('data-edges')||'');
   p.setAttribute('data-nodes',lab.getAttribute('data-nodes')||'');}
  var title=document.createElementNS(NS,'title');title.textContent=lab?lab.getAttribute('title')||'':'';
  p.appendChild(title);
  svg.appendChild(p);var tx=document.createElementNS(NS,'text');tx.setAttribute('x',(x1+x2)/2);
  tx.setAttribute('y',y-h-3);tx.setAttribute('text-anchor','middle');
  tx.textContent=t[0].getAttribute('data-rel');svg.appendChild(tx);});
 svg.setAttribute('width',roots.scrollWidth);svg.setAttribute('height',roots.scrollHeight);
 roots.insertBefore(svg,roots.firstChild);});}
arcs();window.addEventListener('resize',arcs);
document.body.dataset.ready='1';
})();
"""

_LEGEND = ('<div class="dv-legend"><b>DSCORER at k = {k}</b> (colour): <span class="dk-matched">on a matched '
           '{k}-gram</span><span class="dk-unmatched">only on unmatched {k}-grams</span><span class="dk-none">on no '
           '{k}-gram</span> · <b>COUNTER</b> (mark): <span class="ct-matched">matched</span>'
           '<span class="ct-unmatched">unmatched</span><span class="ct-dropped">redundant REF, left out</span><br>'
           '¬ not · ◇ possibly · □ necessarily · ⇒ if-then · ∨ or · p: [box] the proposition p · dashed box: '
           'presupposition · hover or click a condition: its clause line shows below the boxes (and its edges '
           'light up in the graphs)</div>')


#: Shrinks the page to its frame's width when the boxes are wider (nothing is clipped on the right).
_FIT_WIDTH_SCRIPT = ("(function(){function fit(){var b=document.body;b.style.zoom=1;var w=document.documentElement"
                     ".clientWidth,s=b.scrollWidth;if(w&&s>w+2)b.style.zoom=(w/s).toFixed(3);}"
                     "window.addEventListener('load',fit);window.addEventListener('resize',fit);fit();})();")


def box_view_document(fragments: Sequence[str], *, title: str = "DRS boxes", k: int | None = None,
                      interactive: bool = True) -> str:
    """A standalone HTML page of box-view fragments side by side, with the legend (when ``k`` is
    given), the CSS, the width fit and, if ``interactive``, the box view's own script (one script element)."""
    legend = _LEGEND.format(k=int(k)) if k is not None else ""
    script = f"<script>{BOX_VIEW_SCRIPT if interactive else ''}\n{_FIT_WIDTH_SCRIPT}</script>"  # one element
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{_esc(title)}</title>'
            f"<style>{BOX_VIEW_CSS}</style></head><body>{legend}"
            f'<div class="dv-sides">{"".join(fragments)}</div>{script}</body></html>')
