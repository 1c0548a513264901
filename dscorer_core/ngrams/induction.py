"""Graph induction: a DRS becomes the typed, edge-labelled graph of DSCORER (docs/metric.md, "The graph").

``induce`` is the one place where a DRS is turned into a graph: it decides which clauses are
concepts (merged ``b lemma.p.NN x`` or not), the type of every variable, which arguments are
boxes, how constants are keyed, and which edges get a reverse edge.  Its ``Induced`` record
holds plain tuples of integers (labels interned by ``labels``); the fast engine reads it as
arrays (``arrays.batch_from_induced``) and the app as Node and Edge objects (``Graph``, built
on first use).  Every node and edge keeps the indices of the clauses it came from, so any
n-gram occurrence can be traced back to clause lines (the app highlights with it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from ..clause_format import BOX_OPERATORS
from ..clauses import SENSE_PATTERN, Clause, Drs
from ..wordnet import canonical_concept
from .labels import TYPE_LABELS, LabelTable, current_table
from .presets import ConceptLemmas, Preset, get_preset

if TYPE_CHECKING:
    import networkx as nx


#: Type labels of variable nodes, in the order the typed preset tries them.
NODE_TYPES = ("B", "P", "E", "S", "T", "X")

#: Appended to an edge label in n-gram text when the edge is a reverse edge.
REVERSE_MARK = "~"

NodeKind = Literal["box", "referent", "constant"]

#: A concept clause already merged, as the released code expects: ``b run.v.01 e`` (lemma, pos, number).
MERGED_CONCEPT = re.compile(r"^([^\s\"]+)\.([a-z])\.(\d+)$")

# type bits in NODE_TYPES order (B P E S T X): the lowest set bit wins, none set means X
_B, _P, _E, _S, _T = (1 << i for i in range(5))
_POS_BITS = {"v": _E, "a": _S, "r": _S, "s": _S}
_TYPE_OF_MASK = tuple(NODE_TYPES[(m & -m).bit_length() - 1] if m else "X" for m in range(1 << 5))
_TYPE_LABELS = tuple(TYPE_LABELS.index(t) for t in _TYPE_OF_MASK)  # the same ids in every label table
_BOX, _REFERENT = TYPE_LABELS.index("B"), TYPE_LABELS.index("X")
_NO_REVERSE = -1


def concept_of(tokens: tuple[str, ...], lemmas: ConceptLemmas, wordnet: bool = False) -> tuple[str, str] | None:
    """(label ``lemma.p.NN``, part of speech) when a clause is a concept clause, else None.

    A concept is ``b lemma "p.NN" x`` or its merged form ``b lemma.p.NN x``, never with an
    all upper-case lemma (an operator); under ``lower-case`` a lemma that starts with a capital
    letter is not a concept either (the released code's input form merges only lower-case ones).
    ``wordnet`` labels it by its WordNet synset's name (``tyre.n.02`` -> ``tire.n.01``).
    """
    rel = tokens[1]
    if rel.isupper() or (lemmas == "lower-case" and rel[:1].isupper()):
        return None
    if len(tokens) == 4:
        sense = tokens[2]
        if not SENSE_PATTERN.match(sense):
            return None
        lemma, sense = rel, sense[1:-1]
    else:
        found = MERGED_CONCEPT.match(rel)
        if not found:
            return None
        lemma, sense = found.group(1), f"{found.group(2)}.{found.group(3)}"
    if wordnet:
        lemma, sense = canonical_concept(lemma, sense)
    return f"{lemma}.{sense}", sense[0]


def clause_edges(clause: Clause, preset: str | Preset = "released") -> list[tuple[str, str, str]]:
    """The forward edges one clause contributes, as (source token, relation, target token)."""
    preset = get_preset(preset)
    toks = clause.tokens
    if len(toks) == 4 and (concept := concept_of(toks, preset.concepts)):
        return [(toks[0], concept[0], toks[3])]
    rel = toks[1]
    if preset.reverse_edges == "not-upper" and rel == "EQU":
        rel = "Equ"
    if len(toks) == 3:
        return [(toks[0], rel, toks[2])]
    return [(toks[0], f"{rel}-A1", toks[2]), (toks[2], f"{rel}-A2", toks[3])]


#: The label tables' memos of induction: relation text -> (label id, label id of its reverse edge
#: or -1), one per reverse-edge rule; (lemma rule, relation, sense) -> (label id, reverse label id,
#: type bit of the referent), or None.
_RELATIONS = {True: "induction.relations.by-name", False: "induction.relations"}
_CONCEPTS = "induction.concepts"


def _relation(rel: str, by_name: bool, table: LabelTable) -> tuple[int, int]:
    """Label ids of a relation and of its reverse edge; under ``not-upper`` (``by_name``) an
    all upper-case relation has no reverse edge (-1)."""
    memo = table.memo(_RELATIONS[by_name])
    found: tuple[int, int] | None = memo.get(rel)
    if found is None:
        base = rel[:-3] if rel.endswith(("-A1", "-A2")) else rel
        back = _NO_REVERSE if by_name and base.isupper() else table.id(rel + REVERSE_MARK)
        found = memo[rel] = (table.id(rel), back)
    return found


def _concept(tokens: tuple[str, ...], lemmas: ConceptLemmas, table: LabelTable) -> tuple[int, int, int] | None:
    """``concept_of`` as label ids and the type bit it gives its referent (remembered by the table)."""
    memo = table.memo(_CONCEPTS)
    key = (lemmas, tokens[1], tokens[2] if len(tokens) == 4 else "")
    if key in memo:
        found: tuple[int, int, int] | None = memo[key]
        return found
    concept = concept_of(tokens, lemmas)
    found = None
    if concept is not None:
        label, pos = concept
        bit = _POS_BITS.get(pos, _T if label == "time.n.08" else 0)
        found = (table.id(label), table.id(label + REVERSE_MARK), bit)
    memo[key] = found
    return found


@dataclass(frozen=True)
class Induced:
    """The graph of one DRS under one preset, as plain tuples (labels are ids of the table ``labels``).

    Edges are the forward edges in clause order; ``reverse_labels[i]`` is the label of
    forward edge i's reverse edge, or -1 when it has none. ``edge_clauses`` index ``drs``: in a
    pair's scored graph (``senses.scored_graphs``) that is the DRS as written, whose concepts the
    labels may name by another name of their synset.
    """

    drs: Drs
    preset: Preset
    node_labels: tuple[int, ...]
    node_names: tuple[str, ...]
    edge_sources: tuple[int, ...]
    edge_targets: tuple[int, ...]
    edge_labels: tuple[int, ...]
    edge_clauses: tuple[int, ...]
    reverse_labels: tuple[int, ...]
    labels: LabelTable = field(default_factory=current_table, compare=False, repr=False)

    @property
    def node_count(self) -> int:
        return len(self.node_labels)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled with its labels as text, interned again where it is unpickled (not the whole table)."""
        text = self.labels.texts_of
        return (_unpickle_induced, (self.drs, self.preset, text(self.node_labels), self.node_names, self.edge_sources,
                                    self.edge_targets, text(self.edge_labels), self.edge_clauses,
                                    text(self.reverse_labels)))


def _unpickle_induced(drs: Drs, preset: Preset, node_labels: tuple[str, ...], node_names: tuple[str, ...],
                      edge_sources: tuple[int, ...], edge_targets: tuple[int, ...], edge_labels: tuple[str, ...],
                      edge_clauses: tuple[int, ...], reverse_labels: tuple[str, ...]) -> Induced:
    table = current_table()
    ids = [tuple(table.id(t) if t else _NO_REVERSE for t in texts) for texts in (node_labels, edge_labels,
                                                                                 reverse_labels)]
    return Induced(drs, preset, ids[0], node_names, edge_sources, edge_targets, ids[1], edge_clauses, ids[2], table)


def induce(drs: Drs, preset: str | Preset = "released") -> Induced:
    """Induce the DSCORER graph of a DRS under a preset (docs/metric.md, "The graph")."""
    preset = get_preset(preset)
    structural = preset.node_types == "structure"
    by_name = preset.reverse_edges == "not-upper"
    merge = preset.merge_constants
    lemmas = preset.concepts
    table = current_table()
    label_id = table.id
    relations = table.memo(_RELATIONS[by_name])
    keys: dict[object, int] = {}
    labels: list[int] = []  # -1 for a typed variable until the whole DRS is read
    names: list[str] = []
    masks: dict[str, int] = {}
    sources: list[int] = []
    targets: list[int] = []
    edge_labels: list[int] = []
    reverse: list[int] = []
    clauses: list[int] = []

    def node(token: str, clause_index: int, position: int) -> int:
        if token[0] == '"' and len(token) >= 2 and token[-1] == '"':
            key: object = token if merge else (clause_index, position)
            found = keys.get(key)
            if found is None:
                found = keys[key] = len(labels)
                labels.append(label_id(token))
                names.append(token)
            return found
        found = keys.get(token)
        if found is None:
            found = keys[token] = len(labels)
            labels.append(-1 if structural else (_BOX if token[0] == "b" else _REFERENT))
            names.append(token)
        return found

    def mark(token: str, bit: int) -> None:
        if not (token[0] == '"' and len(token) >= 2 and token[-1] == '"'):
            masks[token] = masks.get(token, 0) | bit

    for ci, clause in enumerate(drs.clauses):
        toks = clause.tokens
        rel = toks[1]
        b = node(toks[0], ci, 0)
        four = len(toks) == 4
        maybe_concept = (four and toks[2][0] == '"') or (structural and not four)
        concept = _concept(toks, lemmas, table) if maybe_concept else None
        if concept is not None and four:
            sources.append(b)
            targets.append(node(toks[3], ci, 3))
            edge_labels.append(concept[0])
            reverse.append(concept[1])
            clauses.append(ci)
        else:
            if by_name and rel == "EQU":
                rel = "Equ"
            a = node(toks[2], ci, 2)
            sources.append(b)
            targets.append(a)
            clauses.append(ci)
            first = rel + "-A1" if four else rel
            found = relations.get(first) or _relation(first, by_name, table)
            edge_labels.append(found[0])
            reverse.append(found[1])
            if four:
                sources.append(a)
                targets.append(node(toks[3], ci, 3))
                clauses.append(ci)
                found = relations.get(rel + "-A2") or _relation(rel + "-A2", by_name, table)
                edge_labels.append(found[0])
                reverse.append(found[1])
        if structural:
            mark(toks[0], _B)
            if concept is not None:
                if concept[2]:
                    mark(toks[-1], concept[2])
            elif toks[1] in BOX_OPERATORS:
                for arg in toks[2:]:
                    mark(arg, _B)
            elif four and toks[1] == "PRP":
                mark(toks[3], _B)
                mark(toks[2], _P)
    if structural:
        for index, name in enumerate(names):
            if labels[index] == -1:
                labels[index] = _TYPE_LABELS[masks.get(name, 0)]
    if not by_name:
        reverse = [_NO_REVERSE if labels[s] == _BOX and labels[t] == _BOX else r
                   for s, t, r in zip(sources, targets, reverse)]
    return Induced(drs, preset, tuple(labels), tuple(names), tuple(sources), tuple(targets),
                   tuple(edge_labels), tuple(clauses), tuple(reverse), table)


@dataclass(frozen=True)
class Node:
    """A graph node: its label (type or constant text) and what it stands for."""

    id: int
    label: str
    name: str
    kind: NodeKind
    clauses: tuple[int, ...]

    @property
    def is_box(self) -> bool:
        return self.kind == "box"

    @property
    def is_constant(self) -> bool:
        return self.kind == "constant"


@dataclass(frozen=True)
class Edge:
    """A directed edge; a reverse edge has the same relation and ``reversed`` set."""

    id: int
    source: int
    target: int
    relation: str
    reversed: bool
    clause: int

    @property
    def label(self) -> str:
        """The edge label as it appears in n-gram text (``~`` marks a reverse edge)."""
        return self.relation + REVERSE_MARK if self.reversed else self.relation


class Graph:
    """The graph of one DRS under one preset, as Node and Edge objects (made on first use)."""

    def __init__(self, induced: Induced) -> None:
        self.induced = induced

    @property
    def drs(self) -> Drs:
        return self.induced.drs

    @property
    def preset(self) -> Preset:
        return self.induced.preset

    @property
    def node_count(self) -> int:
        """|N|, the size of the node set used by the 0-gram term."""
        return len(self.induced.node_labels)

    @cached_property
    def nodes(self) -> tuple[Node, ...]:
        """Every node, with the clauses it occurs in (in clause order)."""
        ind = self.induced
        occurs: list[list[int]] = [[] for _ in ind.node_labels]
        for s, t, ci in zip(ind.edge_sources, ind.edge_targets, ind.edge_clauses):
            for n in (s, t):
                if not occurs[n] or occurs[n][-1] != ci:
                    occurs[n].append(ci)
        nodes = []
        for i, (label, name) in enumerate(zip(ind.node_labels, ind.node_names)):
            kind: NodeKind = ("constant" if len(name) >= 2 and name[0] == '"' and name[-1] == '"'
                              else "box" if label == _BOX else "referent")
            nodes.append(Node(i, ind.labels.text(label), name, kind, tuple(occurs[i])))
        return tuple(nodes)

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Every edge: each forward edge followed by its reverse edge, if it has one."""
        ind = self.induced
        edges: list[Edge] = []
        for s, t, label, back, ci in zip(ind.edge_sources, ind.edge_targets, ind.edge_labels,
                                         ind.reverse_labels, ind.edge_clauses):
            relation = ind.labels.text(label)
            edges.append(Edge(len(edges), s, t, relation, False, ci))
            if back != _NO_REVERSE:
                edges.append(Edge(len(edges), t, s, relation, True, ci))
        return tuple(edges)

    @cached_property
    def out_edges(self) -> tuple[tuple[Edge, ...], ...]:
        """Outgoing edges per node id, in edge order."""
        out: list[list[Edge]] = [[] for _ in range(self.node_count)]
        for e in self.edges:
            out[e.source].append(e)
        return tuple(tuple(x) for x in out)

    def clause_of(self, edge: Edge) -> Clause:
        return self.drs.clauses[edge.clause]

    def to_networkx(self) -> nx.MultiDiGraph:
        """The graph as a networkx MultiDiGraph (for layouts and analysis): nodes by id with
        ``label``, ``name``, ``kind``; edges keyed by edge id with ``relation``, ``label``,
        ``reversed``, ``clause``."""
        import networkx as nx  # optional: only layouts and analyses need networkx

        g = nx.MultiDiGraph()
        for n in self.nodes:
            g.add_node(n.id, label=n.label, name=n.name, kind=n.kind)
        for e in self.edges:
            g.add_edge(e.source, e.target, key=e.id, relation=e.relation, label=e.label,
                       reversed=e.reversed, clause=e.clause)
        return g


def induce_graph(drs: Drs, preset: str | Preset = "released") -> Graph:
    """Turn a DRS into its DSCORER graph under a preset (docs/metric.md, "The graph")."""
    return Graph(induce(drs, preset))
