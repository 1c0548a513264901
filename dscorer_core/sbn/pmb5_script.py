"""How the PMB 5 evaluation script reads one SBN line and writes it as Penman, quirks included.

This follows ``SBNGraph.from_string(..., is_single_line=True)`` and ``to_penman_string()`` (strict)
of ``src/sbn/sbn_smatch.py`` in LastDance500/PMB5.0.0, so that ``dscorer smatch`` scores the
triples the published figures were computed on.  What it refuses raises ``ScriptRefusal`` with the
script's own message; the sentence is then ill-formed (F 0).  Its habits, kept on purpose:

* a line is split at every token that looks like a synset or a box operator (``split_single``);
* only the roles and DRS operators of its lists are roles (``Co-Ame``, ``Female``: "Invalid token");
* a role with nothing after it before the next synset: "Missing target";
* a quoted name runs to the first later token ending in ``"``; none: "pop from empty list";
* a concept offset outside the SBN (``Theme +9``) marks the graph "possibly ill-formed": refused;
* two edges between the same two nodes keep the first one's place and the last one's label;
* the Penman string is indented with tabs (``" \\t\\t:Agent "``), which ``amr.py`` later reads
  as part of the concept label (see ``amr_line.py``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from .vocabulary import BOX_OPERATORS

#: The patterns of the script's ``sbn_spec.py`` (matched at the start of a token, not to its end).
_SYNSET = re.compile(r"(.+)\.(n|v|a|r|x)\.(\d+)")
_INDEX = re.compile(r"((-|\+|\<|\>)\d+)")
_NAME = re.compile(r"\"(.+)\"|\"(.+)")

#: The script's DRS operators (``SBNSpec.DRS_OPERATORS``).
SCRIPT_DRS_OPERATORS = frozenset({
    "TSU", "MOR", "BOT", "TOP", "ESU", "EPR", "EQU", "NEQ", "APX", "LES", "LEQ", "TPR", "TAB", "TIN",
    "SZP", "SZN", "SXP", "SXN", "STI", "STO", "SY1", "SY2", "SXY", "ANA", "TCT",
})
#: The script's roles (``SBNSpec.ROLES``); any other token in a role's place is refused.
SCRIPT_ROLES = frozenset({
    "InstanceOf", "Proposition", "Name", "Agent", "Asset", "Attribute", "AttributeOf", "Affectee",
    "Beneficiary", "Causer", "Co-Agent", "Co-Patient", "Co-Theme", "Consumer", "Destination", "Duration",
    "Experiencer", "Finish", "Frequency", "Goal", "Instrument", "Instance", "Location", "Manner", "Material",
    "Path", "Patient", "Pivot", "Product", "Recipient", "Result", "Source", "Start", "Stimulus", "Theme",
    "Time", "Topic", "Value", "Bearer", "Colour", "ColourOf", "ContentOf", "Content", "Creator", "Degree",
    "MadeOf", "Of", "Operand", "Owner", "Part", "PartOf", "Player", "Quantity", "Role", "Sub", "SubOf",
    "Title", "Unit", "User", "ClockTime", "DayOfMonth", "DayOfWeek", "Decade", "MonthOfYear",
    "YearOfCentury", "Affector", "Context", "Equal", "Extent", "Precondition", "Measure", "Cause", "Order",
    "Participant", "FeatureOf", "QuantityOf",
})
#: Roles the script writes as ``-of`` roles (``AttributeOf`` -> ``Attribute-of``) for Smatch to turn round.
_INVERTIBLE = frozenset({"InstanceOf", "AttributeOf", "ColourOf", "ContentOf", "PartOf", "SubOf"})

Node = tuple[str, int]  # ("box" | "synset" | "constant", index)


class ScriptRefusal(Exception):
    """The script cannot read or export this SBN; the message is the script's own."""


@dataclass
class _Graph:
    """The script's networkx graph, reduced to what its Penman export uses."""

    tokens: dict[Node, str]
    edges: dict[Node, dict[Node, tuple[str, str]]]  # source -> target -> (kind, label), insertion ordered
    possibly_ill_formed: bool = False

    def add_edge(self, source: Node, target: Node, kind: str, label: str) -> None:
        self.edges.setdefault(source, {})[target] = (kind, label)


def _split_single(text: str) -> str:
    """The script's ``split_single``: a newline before every synset-like token and box operator."""
    out = []
    for token in text.split(" "):
        if _SYNSET.match(token) or token in BOX_OPERATORS:
            token = "\n" + token
        out.append(token)
    return " ".join(out).strip()


def _lines(text: str) -> list[str]:
    """The script's ``split_comments``: SBN lines without their `` % `` comments; empty ones dropped."""
    out = []
    for line in text.rstrip("\n").split("\n"):
        if line.startswith("%%%"):
            continue
        items = [part.strip() for part in line.split(" % ", 1) if part.strip()]
        if items:
            out.append(items[0])
    return out


def script_tokens(line: str) -> list[list[str]]:
    """The script's lines of one SBN line (a synset or box operator and what follows it), as tokens."""
    return [chunk.split() for chunk in _lines(_split_single(line))]


def _tokens(line: str) -> list[str]:
    """A line's tokens, split at any whitespace as the script's ``sbn_line.split()``."""
    return line.split()


def _index(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ScriptRefusal(f"Invalid index '{text}' found.") from None


def _read(line: str, skip_invalid: bool = False) -> _Graph:
    """The script's ``from_string``: nodes and edges, or the script's refusal (``skip_invalid``: a token
    it cannot place is passed over, as the fine-grained and soft scripts of neural-symbolic-parsing do)."""
    lines = _lines(_split_single(line))
    if not lines:
        raise ScriptRefusal("SBN doc appears to be empty, cannot read from string")
    graph = _Graph({("box", 0): "B-0"}, {})
    count = {"box": 1, "synset": 0, "constant": 0}
    max_index = len(lines) - 1

    def new(kind: str, token: str) -> Node:
        node = (kind, count[kind])
        count[kind] += 1
        graph.tokens[node] = token
        return node

    for sbn_line in lines:
        # the script pops tokens off the front of a list (quadratic in a long name); an index does the same
        tokens = _tokens(sbn_line)
        k = 0
        position = 0
        while k < len(tokens):
            token = tokens[k]
            k += 1
            synset = ("synset", count["synset"] - 1)
            box = ("box", count["box"] - 1)
            if position == 0 and _SYNSET.match(token):
                me = new("synset", token)
                graph.add_edge(box, me, "member", "member")
            elif token in BOX_OPERATORS:
                if k >= len(tokens):
                    raise ScriptRefusal(f"Missing box index in line: {sbn_line}")
                target = tokens[k]
                k += 1
                if _INDEX.match(target):
                    offset = _index(target.replace("<", "-").replace(">", "+"))
                    opened = new("box", f"B-{count['box']}")
                    if offset != 0:
                        graph.add_edge(("box", max(box[1] + offset + 1, 0)), opened, "box", token)
            elif token in SCRIPT_ROLES or token in SCRIPT_DRS_OPERATORS:
                if k >= len(tokens):
                    raise ScriptRefusal(f"Missing target for '{token}' in line {sbn_line}")
                target = tokens[k]
                k += 1
                to_box = token in SCRIPT_ROLES and ("<" in target or ">" in target)
                if match := _INDEX.match(target):
                    if to_box:
                        offset = _index(target.replace("<", "-").replace(">", "+"))
                        graph.add_edge(synset, ("box", box[1] + offset), "box-role", token)
                    else:
                        to = synset[1] + _index(match.group(0))
                        if 0 <= to <= max_index:
                            graph.add_edge(synset, ("synset", to), "role", token)
                        else:
                            graph.possibly_ill_formed = True
                            graph.add_edge(synset, new("constant", target), "role", token)
                elif _NAME.match(target):
                    first = k - 1
                    while not target.endswith('"'):
                        if k >= len(tokens):
                            raise ScriptRefusal("pop from empty list")
                        target = tokens[k]
                        k += 1
                    graph.add_edge(synset, new("constant", " ".join(tokens[first:k])), "role", token)
                else:
                    graph.add_edge(synset, new("constant", target), "role", token)
            elif not skip_invalid:
                raise ScriptRefusal(f"Invalid token found '{token}' in line: {sbn_line}")
            position += 1
    return graph


def _has_cycle(graph: _Graph) -> bool:
    """Whether the edges hold a directed cycle (networkx's ``is_directed_acyclic_graph``, negated)."""
    indegree: dict[Node, int] = {}
    for source, targets in graph.edges.items():
        indegree.setdefault(source, 0)
        for target in targets:
            indegree[target] = indegree.get(target, 0) + 1
    todo = [n for n, d in indegree.items() if d == 0]
    done = 0
    while todo:
        node = todo.pop()
        done += 1
        for target in graph.edges.get(node, ()):
            indegree[target] -= 1
            if indegree[target] == 0:
                todo.append(target)
    return done < len(indegree)


@functools.lru_cache(maxsize=65536)
def _synset_label(token: str) -> str:
    """A synset as the script quotes it: each part quoted and unquoted, joined, quoted (``"lie.v.05"``)."""
    match = _SYNSET.match(token)
    assert match is not None
    return quote_constant(".".join(quote_constant(part).strip('"') for part in match.groups()))


def quote_constant(text: str) -> str:
    """The script's ``SBNGraph.quote``: ``now`` -> ``"now"``, ``'2008'`` -> ``"2008"``, ``"Tom"`` kept."""
    if text.startswith('"') and text.endswith('"'):
        return text
    if text.startswith("'") and text.endswith("'"):
        return f'"{text[1:-1]}"'
    return f'"{text}"'


@dataclass(frozen=True)
class ScriptGraph:
    """A graph the script exports: node tokens, ordered edges, Penman variable names, the root."""

    tokens: dict[Node, str]
    edges: dict[Node, dict[Node, tuple[str, str]]]
    names: dict[Node, str]
    start: Node

    def label(self, node: Node) -> str:
        """The quoted concept or constant the Penman string shows for a node (``"lie.v.05"``, ``"box"``)."""
        kind, token = node[0], self.tokens[node]
        if kind == "synset":
            return _synset_label(token)
        return '"box"' if kind == "box" else quote_constant(token)

    def walk(self) -> Iterator[tuple[str, Node, int, Node | None, str]]:
        """The Penman export's depth-first walk: ("open", node, depth, parent, role) on a first visit,
        ("again", ...) for a node already written, ("close", node, depth, None, "") after its children."""
        visited: set[Node] = set()
        stack: list[tuple[Node, int, Node | None, str, bool]] = [(self.start, 1, None, "", False)]
        while stack:
            node, depth, parent, role, closing = stack.pop()
            if closing:
                visited.add(node)
                yield "close", node, depth, None, ""
                continue
            if node in visited:
                yield "again", node, depth, parent, role
                continue
            yield "open", node, depth, parent, role
            stack.append((node, depth, None, "", True))
            for child, (_, label) in reversed(list(self.edges.get(node, {}).items())):
                stack.append((child, depth + 1, node, label.replace("Of", "-of") if label in _INVERTIBLE else label,
                              False))


def script_graph(line: str, skip_invalid: bool = False, strict: bool = True) -> ScriptGraph:
    """The graph the script exports for one SBN line; ScriptRefusal with its message where it refuses
    (``skip_invalid``: tokens it cannot place are passed over, see ``_read``; ``strict=False``: a graph
    with an offset outside the SBN is exported too, as ud-boxer's lenient export does)."""
    graph = _read(line, skip_invalid)
    if _has_cycle(graph):
        raise ScriptRefusal("Exporting a cyclic SBN graph to Penman is not possible.")
    if strict and graph.possibly_ill_formed:
        raise ScriptRefusal("Strict evaluation mode, possibly ill-formed graph not exported.")
    every = set(graph.tokens)
    for source, targets in graph.edges.items():
        if source not in every or any(t not in every for t in targets):
            raise ScriptRefusal("'type'")  # networkx made a node without data for an edge end
    prefix = {"box": "b", "synset": "s", "constant": "c"}
    numbered = {"box": 0, "synset": 0, "constant": 0}
    names: dict[Node, str] = {}
    for node in graph.tokens:
        names[node] = f"{prefix[node[0]]}{numbered[node[0]]}"
        numbered[node[0]] += 1
    pointed = {t for targets in graph.edges.values() for t in targets}
    start = next(n for n in graph.tokens if n not in pointed)
    return ScriptGraph(graph.tokens, graph.edges, names, start)


def script_refusal(line: str) -> str | None:
    """The PMB 5 script's reason for refusing one SBN line (its own words), None where it reads it."""
    try:
        script_graph(line)
    except ScriptRefusal as exc:
        return str(exc)
    return None


def compact_indent(depth: int) -> str:
    """An indentation of ``depth`` tabs written in O(log depth) whitespace characters: a tab, then the
    depth in binary with vertical tab for 0 and form feed for 1 (whitespace to ``amr.py`` as tabs are),
    so that a graph nested thousands of levels deep gives a string of linear size."""
    return "\t" + format(depth, "b").translate(_BITS)


_BITS = str.maketrans("01", "\x0b\x0c")


def script_penman(line: str, skip_invalid: bool = False, edge_break: str = " ", compact: bool = False) -> str:
    """The Penman string the script hands to ``amr.py`` for one SBN line (tabs and all); ``compact``
    writes each indentation as ``compact_indent`` (``pmb5_triples.canonical_depth`` reads both alike).

    Raises ScriptRefusal with the script's message where it refuses the SBN.  ``skip_invalid`` and
    ``edge_break="\\n"`` give the string of the fine-grained scripts (a newline before each edge).
    """
    graph = script_graph(line, skip_invalid)
    out: list[str] = []
    indent = compact_indent if compact else (lambda depth: "\t" * depth)
    for step, node, depth, parent, role in graph.walk():
        if parent is not None:
            out.append(f"{edge_break}{indent(depth - 1)}:{role} ")
        if step == "again":
            out.append(graph.names[node])
        elif step == "open":
            out.append(graph.label(node) if node[0] == "constant" else f"({graph.names[node]} / {graph.label(node)}")
        elif node[0] != "constant":
            out.append(")")
    return "".join(out)
