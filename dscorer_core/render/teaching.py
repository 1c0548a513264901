"""Data for the teaching view: the conversion of a DRS into its DSCORER graph, step by step.

``teaching_steps`` lists what a student sees at each step (clause by clause, then merging,
typing with the rule behind each type, reverse edges, and k-grams from one node);
``step_graph`` cuts the graph down to what a step shows, so the app draws it as it draws any graph.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..clauses import Clause, Drs, box_arguments
from ..ngrams.induction import Edge, Graph, Induced, Node, clause_edges, concept_of
from ..ngrams.ngram_counts import Path
from ..ngrams.paths import enumerate_paths, path_text
from ..ngrams.presets import ConceptLemmas, Preset

#: The teaching view draws at most this many k-grams from the chosen node, one per step.
MAX_KGRAM_STEPS = 6

#: How far apart (canvas units, between node centres, up and down) a step's new edges' ends may stand:
#: at the teaching view's least label scale (11 CSS px labels of 16) this is about 360 CSS px, so the ends,
#: their label and the pane's buttons share a laptop's pane (1280x800: about 470 px tall) and a projector's.
STEP_REACH = 520.0
#: The widest gap (canvas units) between two rows of a step's drawing: rows whose nodes come only in a
#: later step leave no blank band, so the drawing grows downward as the clauses come.
ROW_GAP = 170.0
#: A step's drawing is pressed together vertically at most this much (rows stay apart for their labels).
LEAST_SQUEEZE = 0.5

Point = tuple[float, float]

_POS_NAMES = {"v": "verb", "a": "adjective", "s": "adjective (satellite)", "r": "adverb", "n": "noun"}


@dataclass(frozen=True)
class ClauseStep:
    """One clause of the conversion walk-through and the forward edges it contributes."""

    index: int
    text: str
    kind: str
    edges: tuple[tuple[str, str, str], ...]


def conversion_steps(drs: Drs, preset: str | Preset = "typed") -> tuple[ClauseStep, ...]:
    """The clauses of a DRS, each with the forward edges it contributes (docs/metric.md, "The graph")."""
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


# ---------------------------------------------------------------- why a node has its type

@dataclass(frozen=True)
class TypeReason:
    """Why a variable node has the type the induction gave it: the clause that shows it, in words."""

    node: int
    name: str
    type: str
    clause: int | None
    text: str


def _evidence(node: Node, c: Clause, lemmas: ConceptLemmas) -> str | None:
    """What clause ``c`` says about the type of ``node`` under the typed preset, or None."""
    name, t = node.name, node.label
    if t == "B":
        if c.box == name:
            return f"it is the box of clause «{c.text()}» (the first token of a clause is a box)"
        if any(c.args[p] == name for p in box_arguments(c)):
            return f"it is a box argument of {c.relation} in «{c.text()}»"
    elif t == "P" and c.relation == "PRP" and len(c.args) == 2 and c.args[0] == name:
        return f"it is the proposition of «{c.text()}» (the first argument of PRP)"
    elif t in ("E", "S", "T"):
        concept = concept_of(c.tokens, lemmas) if len(c.tokens) >= 3 else None
        if concept and c.tokens[-1] == name:
            label, pos = concept
            if t == "E" and pos == "v":
                return f"it is the referent of the verb concept {label}"
            if t == "S" and pos in ("a", "r", "s"):
                return f"it is the referent of the {_POS_NAMES[pos]} concept {label}"
            if t == "T" and label == "time.n.08":
                return "it is the referent of time.n.08"
    return None


def type_reasons(graph: Graph) -> tuple[TypeReason, ...]:
    """For every variable node, the rule that gave it its type (docs/metric.md, "The graph": B P E S T X, the
    first that applies), naming the clause that shows it. The type is the induction's own; this
    only finds its evidence among the node's clauses."""
    out = []
    for node in graph.nodes:
        if node.is_constant:
            continue
        t = node.label
        if graph.preset.node_types != "structure":
            why = ("released preset: its name starts with b, so it is a box" if t == "B" else
                   "released preset: every variable whose name does not start with b is X")
            out.append(TypeReason(node.id, node.name, t, None, f"{node.name} is {t}: {why}"))
            continue
        found = next(((ci, text) for ci in node.clauses
                      if (text := _evidence(node, graph.drs.clauses[ci], graph.preset.concepts)) is not None), None)
        if found:
            out.append(TypeReason(node.id, node.name, t, found[0], f"{node.name} is {t}: {found[1]}"))
        else:
            why = ("none of the rules B, P, E, S, T applies, so it is an ordinary referent" if t == "X"
                   else "so typed by the induction")
            out.append(TypeReason(node.id, node.name, t, None, f"{node.name} is {t}: {why}"))
    return tuple(out)


# ---------------------------------------------------------------- the steps

@dataclass(frozen=True)
class TeachingStep:
    """What one step of the walk-through shows.

    ``stage`` is ``boxes``, ``clause``, ``merge``, ``typing``, ``reverse`` or ``kgram``;
    ``edges`` are the graph's edge ids drawn at this step (none at ``boxes``), ``focus_*`` the
    ones drawn highlighted; ``typed`` says whether nodes show their type (else their name).
    """

    stage: str
    title: str
    text: str
    edges: tuple[int, ...]
    focus_edges: tuple[int, ...] = ()
    focus_nodes: tuple[int, ...] = ()
    clause: int | None = None
    typed: bool = False
    reasons: tuple[TypeReason, ...] = ()
    ngram: str | None = None


def default_start(graph: Graph) -> int:
    """The node the k-gram steps start from by default: the first event (E), else the first
    referent, else node 0."""
    for label in ("E", None):
        for n in graph.nodes:
            if (n.label == label) if label else n.kind == "referent":
                return n.id
    return 0


def _edge_words(edges: list[Edge], graph: Graph) -> str:
    return "; ".join(f"{graph.nodes[e.source].name} —{e.relation}→ {graph.nodes[e.target].name}" for e in edges)


def reverse_pages(graph: Graph, positions: Sequence[Point], reach: float = STEP_REACH) -> tuple[tuple[int, ...], ...]:
    """The graph's reverse edges in pages, top to bottom, each page's ends within ``reach`` of each other
    up and down (at ``positions``, the full graph's): a pane at readable labels shows each page whole,
    where all of them would not fit. An edge whose own ends stand further apart is a page of its own."""
    rev = sorted((e for e in graph.edges if e.reversed),
                 key=lambda e: (min(positions[e.source][1], positions[e.target][1]), e.id))
    pages: list[list[int]] = []
    low = high = 0.0
    for e in rev:
        ys = (positions[e.source][1], positions[e.target][1])
        if pages and max(high, *ys) - min(low, *ys) <= reach:
            pages[-1].append(e.id)
            low, high = min(low, *ys), max(high, *ys)
        else:
            pages.append([e.id])
            low, high = min(ys), max(ys)
    return tuple(tuple(sorted(p)) for p in pages)


def teaching_steps(graph: Graph, start: int | None = None, k: int = 2,
                   max_kgrams: int = MAX_KGRAM_STEPS, positions: Sequence[Point] | None = None,
                   reach: float = STEP_REACH) -> tuple[TeachingStep, ...]:
    """Every step of the conversion of ``graph``'s DRS, in order (see TeachingStep); the k-gram
    steps show at most ``max_kgrams`` k-grams that start at node ``start``. With the drawing's
    ``positions`` the reverse edges come in pages (reverse_pages), each its own step, so each is seen whole."""
    drs = graph.drs
    forward = [e for e in graph.edges if not e.reversed]
    steps = [TeachingStep(
        "boxes", "The DRS as boxes",
        f"This is the DRS in box notation: {len(drs.clauses)} clauses. Each box lists its referents on top and "
        "its conditions below; ¬ ◇ □ ⇒ ∨ and discourse relations join boxes. DSCORER does not read boxes: it "
        "reads the clauses one by one and turns each into one or two labelled edges.", ())]
    shown: list[int] = []
    for i, c in enumerate(drs.clauses):
        mine = [e for e in forward if e.clause == i]
        shown += [e.id for e in mine]
        if c.is_concept:
            how = "A concept clause gives one edge from its box to its referent, labelled with the concept"
        elif len(c.tokens) == 3:
            how = "A clause of three tokens gives one edge from its box to its argument"
        else:
            how = (f"A clause of four tokens gives two edges: {c.relation}-A1 from the box to the first argument "
                   f"and {c.relation}-A2 from the first argument to the second")
        steps.append(TeachingStep(
            "clause", f"Clause {i + 1} of {len(drs.clauses)}: {c.text()}",
            f"{how}: {_edge_words(mine, graph)}. A name already in the graph is the node drawn there.",
            tuple(shown), tuple(e.id for e in mine),
            tuple(sorted({n for e in mine for n in (e.source, e.target)})), clause=i))
    all_forward = tuple(e.id for e in forward)
    shared = [n for n in graph.nodes if not n.is_constant and len(n.clauses) > 1]
    constants = "one node per distinct text" if graph.preset.merge_constants else "one node per occurrence"
    steps.append(TeachingStep(
        "merge", "Equal variables are one node",
        "Every token with the same name is one node, however many clauses mention it: "
        + ", ".join(f"{n.name} ({len(n.clauses)} clauses)" for n in shared[:12])
        + (" ..." if len(shared) > 12 else "")
        + f". Constants such as \"now\" are {constants} under the {graph.preset.name} preset. "
        f"The graph has {len(graph.nodes)} nodes.",
        all_forward, (), tuple(n.id for n in shared)))
    reasons = type_reasons(graph)
    steps.append(TeachingStep(
        "typing", "Variables become their types",
        "DSCORER compares graphs by labels, not names, so each variable is rewritten to its type: "
        + ("B box, P proposition, E event, S state, T time, X any other referent; the first rule that applies "
           "wins." if graph.preset.node_types == "structure" else
           "under the released preset, B for a name starting with b and X for every other variable.")
        + " Constants keep their text.", all_forward, typed=True, reasons=reasons))
    rev = tuple(e.id for e in graph.edges if e.reversed)
    rule = ("every relation except the all upper-case ones (REF, NOT, TPR, ...; EQU is renamed Equ and gets one)"
            if graph.preset.reverse_edges == "not-upper" else "every edge except those between two boxes")
    pages = reverse_pages(graph, positions, reach) if positions is not None and rev else (rev,)
    for j, page in enumerate(pages):
        more = (f" This step shows {len(page)} of them ({j + 1} of {len(pages)}, top to bottom)."
                if len(pages) > 1 else "")
        steps.append(TeachingStep(
            "reverse", "Reverse edges" + (f" ({j + 1} of {len(pages)})" if len(pages) > 1 else ""),
            f"So that a path can walk an edge both ways, {rule} also gets a reverse edge with the same label "
            f"and a ~ mark: {len(rev)} reverse edges, {len(graph.edges)} edges in all.{more}",
            tuple(e.id for e in graph.edges), page, typed=True))
    start = default_start(graph) if start is None else start
    if 0 <= start < len(graph.nodes):
        paths = paths_from(graph, start, k, limit=10_000)
        node = graph.nodes[start]
        for j, (text, p) in enumerate(paths[:max_kgrams]):
            steps.append(TeachingStep(
                "kgram", f"{k}-gram {j + 1} of {len(paths)} from {node.name}",
                f"A {k}-gram is a path of {k} edges that never visits a node twice. Its text is the labels along "
                f"it: «{text}». DSCORER counts how often each text occurs in the predicted and in the gold graph.",
                tuple(e.id for e in graph.edges), tuple(p.edges), tuple(p.nodes), typed=True, ngram=text))
    return tuple(steps)


@dataclass(frozen=True)
class StepGraph:
    """The part of a graph that one step draws, renumbered from 0; ``nodes[i]`` / ``edges[i]`` are
    the ids in the full graph (positions and focus sets map through them)."""

    graph: Graph
    nodes: tuple[int, ...]
    edges: tuple[int, ...]

    def local_nodes(self, ids: Iterable[int]) -> frozenset[int]:
        """Full-graph node ids -> this graph's node ids (ids not drawn are left out)."""
        back = {old: new for new, old in enumerate(self.nodes)}
        return frozenset(back[i] for i in ids if i in back)

    def local_edges(self, ids: Iterable[int]) -> frozenset[int]:
        """Full-graph edge ids -> this graph's edge ids."""
        back = {old: new for new, old in enumerate(self.edges)}
        return frozenset(back[i] for i in ids if i in back)


def step_graph(graph: Graph, step: TeachingStep) -> StepGraph:
    """The graph a step draws: its edges and their end nodes (labels as in ``graph``; the app shows
    variable names until the typing step)."""
    ind = graph.induced
    wanted = set(step.edges)
    forward = [e for e in graph.edges if not e.reversed]  # in the order of ind's edge tuples
    kept = [i for i, e in enumerate(forward) if e.id in wanted]
    keep = sorted({n for i in kept for n in (ind.edge_sources[i], ind.edge_targets[i])})
    new_id = {old: new for new, old in enumerate(keep)}
    reverse_id = {e.id - 1: e.id for e in graph.edges if e.reversed}  # a reverse edge follows its forward edge
    reverse = tuple(ind.reverse_labels[i] if reverse_id.get(forward[i].id) in wanted else -1 for i in kept)
    part = Induced(graph.drs, graph.preset,
                   tuple(ind.node_labels[o] for o in keep), tuple(ind.node_names[o] for o in keep),
                   tuple(new_id[ind.edge_sources[i]] for i in kept), tuple(new_id[ind.edge_targets[i]] for i in kept),
                   tuple(ind.edge_labels[i] for i in kept), tuple(ind.edge_clauses[i] for i in kept), reverse)
    old_edges = []
    for i, back in zip(kept, reverse):
        old_edges.append(forward[i].id)
        if back != -1:
            old_edges.append(reverse_id[forward[i].id])
    return StepGraph(Graph(part), tuple(keep), tuple(old_edges))


def step_positions(positions: Sequence[Point], focus: Iterable[int], reach: float = STEP_REACH,
                   gap: float = ROW_GAP) -> tuple[Point, ...]:
    """A step's drawing laid out closer, so that its new edges are seen whole at readable labels: the
    gaps between its rows (nodes of one height) are at most ``gap`` (rows drawn only later leave no
    band), then, when the ``focus`` nodes (the new edges' ends) still stand more than ``reach`` apart up
    and down, every row is pressed together (at most by LEAST_SQUEEZE). Left and right, and the order of
    the rows, stay as drawn; positions are unchanged when nothing needs moving."""
    rows = sorted({y for _, y in positions})
    if not rows:
        return tuple(positions)
    place = {rows[0]: rows[0]}
    for above, row in zip(rows, rows[1:]):
        place[row] = place[above] + min(row - above, gap)
    ys = [place[y] for y in (positions[n][1] for n in focus)]
    span = max(ys) - min(ys) if ys else 0.0
    squeeze = max(LEAST_SQUEEZE, reach / span) if span > reach else 1.0
    top = min(ys) if ys else rows[0]
    return tuple((x, top + (place[y] - top) * squeeze) for x, y in positions)


def step_box(box: tuple[float, float, float, float], positions: Sequence[Point],
             moved: Sequence[Point]) -> tuple[float, float, float, float]:
    """The drawing's bounding box ``box`` (around ``positions``) for the same nodes at ``moved``
    (step_positions): the same margins above and below the rows, the same width."""
    if not positions or tuple(positions) == tuple(moved):
        return box
    above = min(y for _, y in positions) - box[1]
    below = box[3] - max(y for _, y in positions)
    return (box[0], min(y for _, y in moved) - above, box[2], max(y for _, y in moved) + below)
