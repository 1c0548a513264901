"""The triples of SBN-evaluation-tool (wangchunliu/SBN-evaluation-tool, ``sbnfile2eval.py``): the
strict and lenient graphs it scores with mtool's Smatch, which keeps the ``TOP`` triple.

``sbne-strict``: its "strict" Penman (a synset is one node whose concept is the whole synset, a
constant an attribute value): dscorer's ``corrected`` triples plus ``TOP``; a graph the strict
export refuses (an offset outside the SBN, a cycle) is ill-formed.  ``sbne-lenient``: ud-boxer's
lenient Penman as that tool writes it (``to_penman(strict=False)``): a synset is a node ``synset``
with ``:lemma`` and ``:pos``, a constant a node of its own (``:TPR (c0 / "now")``), and, a bug kept
on purpose, a constant's node is never closed, so the ``)`` its parent writes closes the constant and
the parent stays open: the edges after it hang below it (``:TPR (c0 / "now") :member (s1 ...`` makes
``s1`` a member of ``s0``).  The string is read as a Penman reader that closes what is left open at
its end reads it (``amr_line.read_amr_line`` with whole values), plus ``TOP``.  Only a cycle makes the
lenient export refuse.  Both reproduce every document of the tool's published 10-document example
(strict .829, lenient .932; tests/test_sbn_metrics.py).

The SBN itself is read with the PMB 5 vocabulary (dscorer's strict reader for ``sbne-strict``, the PMB 5
script's for ``sbne-lenient``), not with the tool's own reader, whose PMB 4 lists refuse ``ANA``,
``CONJUNCTION``, ``ELABORATION`` and ``COMMENTARY`` (6 gold lines of PMB 5.1.0 English test), which
relates every new box to the current one whatever its offset, reads only the first digit of a concept
offset (``-12`` as ``-1``) and takes a box offset in a role (``Proposition >1``) for a constant.
"""

from __future__ import annotations

from .amr_line import AmrLineError, read_amr_line
from .pmb5_script import ScriptRefusal, quote_constant, script_graph
from .pmb5_triples import Pmb5Reading
from .triples import Triple
from .vocabulary import SYNSET_PATTERN

#: The relation mtool's Smatch gives the root (one triple per graph, matched when the roots are mapped).
TOP = "TOP"


def top_triple(root: str) -> Triple:
    """The ``TOP`` triple of a graph whose root is ``root``."""
    return Triple(TOP, root, "top")


def lenient_penman(line: str) -> str:
    """The lenient Penman string SBN-evaluation-tool writes for one SBN line (its unclosed constants
    included); ScriptRefusal where it refuses (a cycle, or the reader's refusals)."""
    graph = script_graph(line, strict=False)
    tab = "\t"
    out: list[str] = []
    for step, node, depth, parent, role in graph.walk():
        if parent is not None:
            out.append(f"\n{tab * (depth - 1)}:{role} ")
        name = graph.names[node]
        if step == "again":
            out.append(name)
        elif step == "open":
            token = graph.tokens[node]
            match = SYNSET_PATTERN.match(token) if node[0] == "synset" else None
            if match is not None:
                out.append(f'({name} / "synset"\n{tab * depth}:lemma {quote_constant(match.group(1))}'
                           f"\n{tab * depth}:pos {quote_constant(match.group(2))}")
            elif node[0] == "box":
                out.append(f'({name} / "box"')
            else:
                out.append(f"({name} / {quote_constant(token)}")
        elif node[0] != "constant":
            out.append(")")
    return "".join(out)


def sbne_lenient_reading(line: str) -> Pmb5Reading:
    """The lenient triples of one SBN line (``TOP`` included), or why the tool cannot score it."""
    try:
        penman = lenient_penman(line)
    except ScriptRefusal as exc:
        return Pmb5Reading(refusal=str(exc))
    try:
        reading = read_amr_line(penman, collapse_whitespace=True, whole_values=True)
    except AmrLineError as exc:
        return Pmb5Reading(failure=f"the Penman reader cannot parse the lenient string ({exc})", penman=penman)
    return Pmb5Reading(reading.triples + (top_triple(reading.instances[0].source),), penman=penman)
