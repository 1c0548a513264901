"""The triples of the PMB 5 figure: an SBN line read by the script, written as Penman, read by ``amr.py``.

``pmb5_reading`` chains ``pmb5_script.script_penman`` and ``amr_line.read_amr_line``.  A line the
script refuses is ill-formed (``refusal``: the script's message; F 0, counted in the ERR rate).  A
Penman string ``amr.py`` cannot parse scores 0 without being counted ill-formed (``failure``), as in
the script, where the error is caught after the ill-formed count.

Most graphs are read without writing the Penman string (``direct_triples``): where no label holds a
quote of its own and no name's first word is a variable name, ``amr.py`` is known to read exactly
what that function builds (tested on every line of the Dutch test set, tests/test_sbn_pmb5.py);
the others go through the string, character by character, as ``amr.py`` goes.

A concept with roles carries its depth d in the script's string as d tabs; both ways write it as a
tab and the number (``lie.v.05_\t2`` for ``lie.v.05_\t\t``: ``canonical_depth``), equal exactly when
the tabs are, so that a graph nested n deep costs memory linear in n, not n squared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .amr_line import AmrLineError, read_amr_line
from .pmb5_script import Node, ScriptGraph, ScriptRefusal, quote_constant, script_graph, script_penman
from .triples import INSTANCE, Triple
from .vocabulary import INVERTIBLE_ROLES

#: An indentation in the script's string: a run of tabs, or ``pmb5_script.compact_indent``'s code.
_INDENT = re.compile(r"\t(?:[\x0b\x0c]+|\t*)")


def _depth(match: re.Match[str]) -> str:
    run = match.group(0)
    if len(run) > 1 and run[1] != "\t":
        return "\t" + str(int(run[1:].replace("\x0b", "0").replace("\x0c", "1"), 2))
    return "\t" + str(len(run))


def canonical_depth(text: str) -> str:
    """``text`` with every indentation (d tabs, or its compact code) written as a tab and d: tokens hold
    no whitespace and an indentation is always followed by ``:`` or the end, so two texts are equal
    exactly when their canonical forms are."""
    return _INDENT.sub(_depth, text) if "\t" in text else text


#: A depth as ``canonical_depth`` writes it at the end of a value.
_TRAILING_DEPTH = re.compile(r"\t(\d+)$")


def split_depth(value: str) -> tuple[int, str]:
    """A value's depth in the script's Penman tree and the value without it, written as the script
    writes it (trailing tabs) or as ``canonical_depth`` does (a tab and the number)."""
    found = _TRAILING_DEPTH.search(value)
    if found:
        return int(found.group(1)), value[:found.start()]
    core = value.rstrip("\t")
    return len(value) - len(core), core


@dataclass(frozen=True)
class Pmb5Reading:
    """An SBN line's triples as the PMB 5 script scores them, or why it does not."""

    triples: tuple[Triple, ...] = ()
    refusal: str | None = None
    failure: str | None = None
    penman: str = ""  # the string read, where it was (indented compactly when pmb5_reading wrote it)


def _turned(role: str, source: str, target: str) -> Triple:
    """``update_triple``: a role ending in ``-of`` is turned round, ``mod`` is ``domain``."""
    if role.endswith("-of"):
        return Triple(role[:-3], target, source, True)
    if role == "mod":
        return Triple("domain", target, source, True)
    return Triple(role, source, target, True)


class _Trap(Exception):
    """The Penman string holds something only a character-by-character reading settles."""


def direct_triples(graph: ScriptGraph, collapse_whitespace: bool = False,
                   whole_values: bool = False) -> tuple[Triple, ...] | None:
    """What ``amr.py`` reads from the graph's Penman string, built without the string; None where
    the string holds something only a character-by-character reading settles: a label with a quote
    inside it, or a name whose first word is a variable name."""
    names = graph.names
    variables = set(names.values())
    edges, tokens = graph.edges, graph.tokens
    out: list[Triple] = []
    visited: set[Node] = set()

    def enter(node: Node, depth: int) -> list:
        """The instance triple of ``node``; its frame: [node, name, depth, children, pending child]."""
        name = names[node]
        label = graph.label(node)
        if len(label) < 2 or '"' in label[1:-1]:
            raise _Trap
        children = edges.get(node)
        out.append(Triple(INSTANCE, name, label[1:-1] + "_" + ("" if collapse_whitespace or not children
                                                                 else f"\t{depth}")))
        return [node, name, depth, iter((children or {}).items()), None]

    # the export's walk (ScriptGraph.walk), first visits, depth first in child order; with a stack of
    # its own (not recursion), so a graph nested thousands of boxes deep is read like any other
    try:
        stack = [enter(graph.start, 1)]
        while stack:
            frame = stack[-1]
            node, name, depth, children, pending = frame
            if pending is not None:  # back from a child: the edge to it
                out.append(_turned(pending[0], name, names[pending[1]]))
                frame[4] = None
            step = next(children, None)
            if step is None:
                visited.add(node)
                stack.pop()
                continue
            child, (_, role) = step
            if role in INVERTIBLE_ROLES:
                role = role.replace("Of", "-of")
            if child in visited:
                out.append(_turned(role, name, names[child]))
            elif child[0] == "constant":
                value_label = quote_constant(tokens[child])
                if len(value_label) < 2 or '"' in value_label[1:-1]:
                    raise _Trap
                words = (value_label[1:-1] + "_").split()
                value = " ".join(words) if whole_values else words[0]
                if value in variables:
                    raise _Trap  # amr.py would take the name for a variable
                if not role.endswith("-of") and role not in ("mod", "TOP"):
                    out.append(Triple(role, name, value))  # an inverse role with a constant is lost
            else:
                frame[4] = (role, child)
                stack.append(enter(child, depth + 1))
    except _Trap:
        return None
    return tuple(out)


def pmb5_reading(line: str, collapse_whitespace: bool = False, whole_values: bool = False,
                 skip_invalid: bool = False) -> Pmb5Reading:
    """The triples of one SBN line under the script's conventions (quirks optionally switched off;
    ``skip_invalid``: the reader of the fine-grained and soft scripts, which passes over a token it
    cannot place instead of refusing the line)."""
    try:
        graph = script_graph(line, skip_invalid)
    except ScriptRefusal as exc:
        return Pmb5Reading(refusal=str(exc))
    direct = direct_triples(graph, collapse_whitespace, whole_values)
    if direct is not None:
        return Pmb5Reading(direct)
    return penman_reading(script_penman(line, skip_invalid, compact=True), collapse_whitespace, whole_values)


def penman_reading(penman: str, collapse_whitespace: bool = False, whole_values: bool = False) -> Pmb5Reading:
    """The triples ``amr.py`` reads from the script's Penman string (indented with tabs or compactly),
    character by character; depths in ``canonical_depth``'s form."""
    try:
        reading = read_amr_line(penman, collapse_whitespace, whole_values)
    except AmrLineError as exc:
        return Pmb5Reading(failure=f"amr.py cannot parse the Penman string ({exc})", penman=penman)
    triples = tuple(Triple(canonical_depth(t.relation), canonical_depth(t.source), canonical_depth(t.target),
                           t.is_relation) for t in reading.triples)
    return Pmb5Reading(triples, penman=penman)
