"""How smatch 1.0.4's ``amr.py`` reads a one-line Penman string into triples, quirks included.

``AMR.parse_AMR_line`` scans the string once.  What matters for SBN (each is a named quirk of the
PMB 5 figure, see docs/sbn.md):

* only the space character is skipped: a tab is part of the text, so the script's indentation
  ends up at the end of a concept that has roles (``"lie.v.05" \\t\\t:Agent`` gives the concept
  ``lie.v.05_\\t\\t``); a concept closed at once by ``)`` has none;
* a closing quote becomes ``_`` and an attribute's value is its first space-separated word
  (``:Name "Nancy Ianiero"`` gives ``Nancy``; ``"Tom"`` gives ``Tom_``);
* a role ending in ``-of`` is turned round; with a constant value the triple is lost;
* the ``TOP`` attribute is added to the first node (``remove_top`` drops every ``TOP`` attribute).

Smatch then compares names and values lower-cased, with final ``_`` stripped (``smatch_normalise``).
``collapse_whitespace`` reads the string with its whitespace collapsed first (the depth quirk
gone); ``whole_values`` keeps a value's every word (the name quirk gone).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass

from .triples import INSTANCE, Triple

_NOT_REVERSED = frozenset({"prep-on-behalf-of", "prep-out-of", "consist-of"})


class AmrLineError(Exception):
    """``amr.py`` cannot parse the string (the script then scores the sentence 0)."""


@dataclass(frozen=True)
class AmrReading:
    """The instance, attribute and relation triples ``amr.py`` reads (``TOP`` left out)."""

    instances: tuple[Triple, ...]
    attributes: tuple[Triple, ...]
    relations: tuple[Triple, ...]

    @property
    def triples(self) -> tuple[Triple, ...]:
        return self.instances + self.attributes + self.relations


@functools.lru_cache(maxsize=65536)
def smatch_normalise(text: str) -> str:
    """How smatch 1.0.4 compares names and values: lower case, final ``_`` stripped."""
    return text.lower().rstrip("_")


def _link(store: dict[str, list[tuple[str, str]]], source: str, role: str, target: str) -> None:
    """``update_triple``: ``-of`` roles are stored turned round, ``mod`` as ``domain``."""
    if role.endswith("-of") and role not in _NOT_REVERSED:
        store[target].append((role[:-3], source))
    elif role == "mod":
        store[target].append(("domain", source))
    else:
        store[source].append((role, target))


def _role_and_value(text: str, whole_values: bool) -> tuple[str, str]:
    parts = text.split()
    if len(parts) < 2:
        raise AmrLineError(f"part len < 2 in {text!r}")
    return parts[0], (" ".join(parts[1:]) if whole_values else parts[1])


def read_amr_line(line: str, collapse_whitespace: bool = False, whole_values: bool = False) -> AmrReading:
    """The triples ``amr.py`` reads from one Penman line, or AmrLineError where it gives up."""
    if collapse_whitespace:
        line = " ".join(line.split())
    state = 0  # 0 start or after ")", 1 after "(", 2 after ":", 3 after "/"
    stack: list[str] = []
    chars: list[str] = []
    values: dict[str, str] = {}
    order: list[str] = []
    known: dict[str, list[tuple[str, str]]] = defaultdict(list)  # relations to nodes seen before
    pending: dict[str, list[tuple[str, str]]] = defaultdict(list)  # attributes or nodes not yet seen
    relation = ""
    in_quote = False

    def close_value() -> None:
        role, value = _role_and_value("".join(chars), whole_values)
        chars.clear()
        if not stack:
            raise AmrLineError("a role outside every node")
        _link(known if value in values else pending, stack[-1], role, value)

    for c in line.strip():
        if c == " ":
            if state == 2:
                chars.append(c)
            continue
        if c == '"':
            if in_quote:
                chars.append("_")
            in_quote = not in_quote
        elif in_quote and c in "(:/)":
            chars.append(c)
        elif c == "(":
            if state == 2:
                if relation:
                    raise AmrLineError("format error: a relation before '('")
                relation = "".join(chars).strip()
                chars.clear()
            state = 1
        elif c == ":":
            if state == 3:
                if not stack:
                    raise AmrLineError("a concept outside every node")
                values[stack[-1]] = "".join(chars)
                chars.clear()
            elif state == 2:
                close_value()
            state = 2
        elif c == "/":
            if state != 1:
                raise AmrLineError("'/' out of place")
            name = "".join(chars)
            chars.clear()
            if name in values:
                raise AmrLineError(f"duplicate node name {name}")
            stack.append(name)
            order.append(name)
            if relation:
                if len(stack) < 2:
                    raise AmrLineError("a relation outside every node")
                _link(known, stack[-2], relation, name)
                relation = ""
            state = 3
        elif c == ")":
            if not stack:
                raise AmrLineError("unmatched parenthesis")
            if state == 2:
                close_value()
            elif state == 3:
                values[stack[-1]] = "".join(chars)
                chars.clear()
            stack.pop()
            relation = ""
            state = 0
        else:
            chars.append(c)
    if not order:
        raise AmrLineError("no node")
    instances, attributes, relations = [], [], []
    for node in order:
        if node not in values:
            raise AmrLineError(f"node name not found: {node}")
        instances.append(Triple(INSTANCE, node, values[node]))
        for role, other in known.get(node, ()):
            relations.append(Triple(role, node, other, True))
        for role, value in pending.get(node, ()):
            if value in values:
                relations.append(Triple(role, node, value, True))
            else:
                attributes.append(Triple(role, node, value))
    return AmrReading(tuple(instances), tuple(a for a in attributes if a.relation != "TOP"), tuple(relations))
