"""SBN graphs as Smatch triples, in the encodings the field uses.

``corrected``: the PMB 5 script's graph (``sbn_smatch.py``, strict export) without its bugs (see
``pmb5_triples.py`` for the script's own triples): a synset is one node whose concept is the whole
synset (``lie.v.05``) at any depth, a box is a node with concept ``box``, a constant is an
attribute value with all its words (``s5 :Name "Nancy Ianiero"``); ``udboxer``: ud-boxer's Penman
(``.drs.penman``): a synset is a node ``sense`` with ``:lemma``, ``:pos`` and ``:sense`` attributes and a
constant is a node of its own; ``lenient``: ud-boxer's lenient Penman (``.drs.lenient.penman``), the
same without ``:sense``.
In all three, the inverse roles ``AttributeOf ColourOf ContentOf InstanceOf PartOf SubOf`` between
nodes are turned round (``A ColourOf B`` becomes ``B Colour A``) as Smatch does with ``-of``
roles, and only what the Penman export reaches from ``b0`` is kept.  In ``corrected``, an inverse
role with a constant value (``SubOf now``) gives no triple: Smatch 1.0.4 cannot turn an attribute
round and drops it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .graph import SbnGraph
from .vocabulary import INVERTIBLE_ROLES

TripleStyle = Literal["corrected", "udboxer", "lenient"]
TRIPLE_STYLES: tuple[TripleStyle, ...] = ("corrected", "udboxer", "lenient")
INSTANCE = "instance"


@dataclass(frozen=True)
class Triple:
    """``relation(source, target)``: an instance (target a concept), an attribute (target a value)
    or a relation between two nodes (``is_relation``)."""

    relation: str
    source: str
    target: str
    is_relation: bool = False


def strip_quotes(text: str) -> str:
    """A constant without its double quotes (``"Tom"`` -> ``Tom``)."""
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def normalise_value(text: str) -> str:
    """How Smatch 1.0.4 compares concepts and values: no quotes, no spaces, lower case, no final ``_``."""
    return "".join(strip_quotes(text).split()).lower().rstrip("_")


def graph_triples(graph: SbnGraph, style: TripleStyle = "corrected") -> tuple[Triple, ...]:
    """The triples of a graph in one encoding, duplicates dropped, in a stable order."""
    keep = graph.reachable
    kinds = {n.name: n.kind for n in graph.nodes}
    out: list[Triple] = []
    for node in graph.nodes:
        if node.name not in keep:
            continue
        if node.kind == "box":
            out.append(Triple(INSTANCE, node.name, "box"))
        elif node.kind == "synset":
            if style == "corrected":
                out.append(Triple(INSTANCE, node.name, node.label))
            else:
                out.append(Triple(INSTANCE, node.name, "sense"))
                out.append(Triple("lemma", node.name, node.lemma or ""))
                out.append(Triple("pos", node.name, node.pos or ""))
                if style == "udboxer":
                    out.append(Triple("sense", node.name, node.sense or ""))
        elif style != "corrected":
            out.append(Triple(INSTANCE, node.name, strip_quotes(node.label)))
    labels = {n.name: n.label for n in graph.nodes}
    for edge in graph.edges:
        if edge.source not in keep:
            continue
        if kinds[edge.target] == "constant" and style == "corrected":
            if edge.label not in INVERTIBLE_ROLES:  # Smatch 1.0.4 loses ``:Sub-of "now"``: so do we
                out.append(Triple(edge.label, edge.source, strip_quotes(labels[edge.target])))
        elif edge.label in INVERTIBLE_ROLES:
            out.append(Triple(edge.label[:-2], edge.target, edge.source, True))
        else:
            out.append(Triple(edge.label, edge.source, edge.target, True))
    return tuple(dict.fromkeys(out))
