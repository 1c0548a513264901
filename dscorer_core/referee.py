"""Well-formedness of a clausal form, after the official COUNTER's Referee (``clf_referee.py``
with ``clf_signature.yaml``, RikVN/DRS_parsing): what makes a DRS *ill-formed* even when every
line reads as a clause.

A DRS passes when

- every clause fits the signature: a known operator or role with the right number of arguments
  (a role may also be used as ``RoleOf``), or a concept ``b lemma "pos.NN" t``;
- every argument keeps one type across the DRS: box ``b``, referent ``x`` or constant ``c``
  (a quoted argument is a constant, and a constant cannot stand where a box or referent must);
- the boxes' subordination (nesting, presupposition and discourse relations, plus the boxes whose
  referents a box uses) has no loop and joins all boxes into one structure;
- every referent a condition uses is introduced (``REF``) by its own box or by a box that
  subordinates it (no unbound referents).

``check_drs`` returns the problems as ``ClfProblem`` records (line and message), the way the
reader reports a bad line, so ``ill_formed.apply_ill_policy`` treats both alike. The signature is
written out below (``SIGNATURE``); a test compares it with the YAML file COUNTER ships.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .clauses import Clause, Drs
from .errors import ClfProblem

#: COUNTER's ``clf_signature.yaml``: argument types (box first, then the clause's arguments) ->
#: operator kind -> operators. ``b`` box, ``x`` referent, ``t`` referent or constant, ``c`` constant.
SIGNATURE_GROUPS: dict[str, dict[str, tuple[str, ...]]] = {
    "bx": {"DRS": ("REF",)},
    "bbb": {"DRS": ("IMP", "DIS", "DUP")},
    "bb": {
        "DRS": ("NOT", "POS", "NEC"),
        "DRL": ("ALTERNATION", "ATTRIBUTION", "BACKGROUND", "COMMENTARY", "CONDITION", "CONTINUATION",
                "CONTRAST", "CONSEQUENCE", "ELABORATION", "EXPLANATION", "INSTANCE", "NARRATION", "NEGATION",
                "NECESSITY", "POSSIBILITY", "PARALLEL", "PRECONDITION", "RESULT", "SOURCE", "TOPIC"),
        "PRE": ("PRESUPPOSITION",),
    },
    "bxb": {"DRS": ("PRP",), "PPS": ("Proposition",)},
    "btc": {"CRO": ("Name",)},
    "btt": {
        "TRL": ("EQU", "NEQ", "APX", "LES", "LEQ", "TPR", "TAB", "TIN"),
        "SRL": ("SZP", "SZN", "SXP", "SXN", "STI", "STO", "SY1", "SY2", "SXY"),
        "ERO": ("Agent", "Asset", "Attribute", "AttributeOf", "Beneficiary", "Causer", "Co-Agent", "Co-Patient",
                "Co-Theme", "Consumer", "Destination", "Duration", "Experiencer", "Finish", "Frequency", "Goal",
                "Instrument", "Instance", "Location", "Manner", "Material", "Path", "Patient", "Pivot", "Product",
                "Recipient", "Result", "Source", "Start", "Stimulus", "Theme", "Time", "Topic", "Value"),
        "CRO": ("Bearer", "Colour", "ColourOf", "ContentOf", "Content", "Creator", "Degree", "MadeOf", "Of",
                "Operand", "Owner", "Part", "PartOf", "Player", "Quantity", "Role", "Sub", "SubOf", "Title", "Unit",
                "User"),
        "TRO": ("ClockTime", "DayOfMonth", "DayOfWeek", "Decade", "MonthOfYear", "YearOfCentury"),
        "ORO": ("Affector", "Context", "Equal", "Extent", "Precondition", "Measure", "Cause", "Order",
                "Participant"),
    },
    "c": {"UOM": ("minute", "hour", "day", "week", "month", "year", "centimeter", "inch", "foot", "mile", "meter",
                  "acre", "kilogram", "ton", "kilometer", "pound", "yen", "dollar", "euro", "percent",
                  "degree_celsius")},
}


@dataclass(frozen=True)
class OperatorType:
    """An operator's kind in the signature (``DRS``, ``DRL``, ``ERO``, ...) and its argument types."""

    kind: str
    types: str


#: Operator -> its kind and argument types, as the Referee reads the YAML (a later group wins).
SIGNATURE: dict[str, OperatorType] = {
    op: OperatorType(kind, types) for types, kinds in SIGNATURE_GROUPS.items()
    for kind, ops in kinds.items() for op in ops}

#: How a message names a type.
_TYPE_NAMES = {"b": "a box", "x": "a referent", "c": "a constant", "t": "a referent or constant"}
_SENSE = re.compile(r'"[avnr]\.\d\d"$')
_LEMMA_START = re.compile(r"[.'\w]")
_QUOTED = re.compile(r'"[^"]+"$')
_PLAIN = re.compile(r'[^"]+$')


class _Reject(Exception):
    """The first reason a DRS is ill-formed (the Referee stops at the first one too)."""

    def __init__(self, message: str, line: int = 0, text: str = ""):
        super().__init__(message)
        self.problem = ClfProblem(line, message, text)

    @classmethod
    def at(cls, clause: Clause, message: str) -> _Reject:
        """A rejection pointing at one clause (its line, its text)."""
        return cls(message, clause.line, " ".join(clause.tokens))


def _clause_types(clause: Clause) -> tuple[str, str]:
    """(the clause's kind, the types of box + arguments) or _Reject."""
    tokens = clause.tokens
    if len(tokens) > 4:
        raise _Reject.at(clause, "too many elements in a clause")
    op = tokens[1]
    args = (tokens[0], *tokens[2:])
    if len(args) > 1 and _SENSE.match(args[1]) and _LEMMA_START.match(op) and not op.startswith("_"):
        kind, types = "LEX", "bct"
    elif op in SIGNATURE:
        entry = SIGNATURE[op]
        kind = entry.kind if entry.kind in ("DRS", "DRL", "PRE", "PPS") else "ROL"
        kind = op if kind == "DRS" else kind
        types = entry.types
    elif op.endswith("Of") and len(op) > 2 and op[:-2] in SIGNATURE and op[-3].islower() and op[0].isupper():
        kind, types = "ROL", SIGNATURE[op[:-2]].types
    else:
        raise _Reject.at(clause, f"unknown operator or role {op!r}")
    if len(args) != len(types):
        raise _Reject.at(clause, f"{op} takes {len(types) - 1} argument(s), not {len(args) - 1}")
    return kind, types


def _unify(t1: str, t2: str) -> str | None:
    if t1 == t2:
        return t1
    pair = {t1, t2}
    if pair == {"t", "c"}:
        return "c"
    if pair == {"t", "x"}:
        return "x"
    return None


def _specify(arg: str, t: str, clause: Clause) -> str:
    """The argument's type made specific by its form (a quoted argument is a constant)."""
    if not (_QUOTED.match(arg) or _PLAIN.match(arg)):
        raise _Reject.at(clause, f"argument {arg} is not a well-formed term")
    quoted = arg[0] == '"' and arg[-1] == '"'
    if (t == "c" and not quoted) or (quoted and _unify(t, "c") != "c"):
        what = "a constant (in quotes)" if t == "c" else _TYPE_NAMES[t]
        raise _Reject.at(clause, f"{arg} stands where {what} must")
    return "c" if quoted else t


@dataclass
class _Box:
    refs: set[str] = field(default_factory=set)
    cond_refs: set[str] = field(default_factory=set)
    subs: set[str] = field(default_factory=set)


def _strong_components(n: int, out: list[list[int]]) -> list[list[int]]:
    """The strongly connected components of a graph on 0..n-1 (Tarjan's, without recursion), each
    before every component it reaches (reverse topological order)."""
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            if i < len(out[v]):
                work.append((v, i + 1))
                w = out[v][i]
                if index[w] < 0:
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    component.append(w)
                    if w == v:
                        break
                found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return found


def _reach(n: int, out: list[list[int]]) -> list[int]:
    """Transitive closure as bit sets: bit d of ``reach[a]`` is set when a path of one edge or more
    leads from a to d. Linear in the edges times n/64 machine words (components first)."""
    reach = [0] * n
    component_of = [0] * n
    for number, component in enumerate(_strong_components(n, out)):
        for v in component:
            component_of[v] = number
        mask = 0
        members = 0
        for v in component:
            members |= 1 << v
        cyclic = len(component) > 1
        for v in component:
            for w in out[v]:
                if component_of[w] == number:
                    cyclic = True
                else:
                    mask |= reach[w] | (1 << w)
        if cyclic:
            mask |= members
        for v in component:
            reach[v] = mask
    return reach


def _joined_to_first(edges: list[set[int]]) -> set[int]:
    """The boxes joined to box 0 by edges in either direction."""
    neighbours: list[list[int]] = [[] for _ in edges]
    for a, targets in enumerate(edges):
        for d in targets:
            neighbours[a].append(d)
            neighbours[d].append(a)
    joined, todo = {0}, [0]
    while todo:
        for w in neighbours[todo.pop()]:
            if w not in joined:
                joined.add(w)
                todo.append(w)
    return joined


def _subordination(n: int, edges: list[set[int]], children: list[set[int]]) -> tuple[list[int], list[int]]:
    """The Referee's subordination relation, closed: (reach, reached) bit sets per box, where bit d of
    ``reach[a]`` (bit a of ``reached[d]``) says a subordinates d.

    As COUNTER's Referee: the transitive closure, then for every box b0 with a box b1 directly inside
    it, every b that subordinates b1 and is not subordinated by b0 comes to subordinate b0 as well;
    repeated until nothing changes (each round reads the closure of the round before)."""
    while True:
        out = [sorted(e) for e in edges]
        into: list[list[int]] = [[] for _ in range(n)]
        for a, targets in enumerate(out):
            for d in targets:
                into[d].append(a)
        reach, reached = _reach(n, out), _reach(n, into)
        grown = False
        for b0 in range(n):
            for b1 in children[b0]:
                new = reached[b1] & ~reach[b0] & ~reached[b0] & ~(1 << b0)
                while new:
                    low = new & -new
                    edges[low.bit_length() - 1].add(b0)
                    new ^= low
                    grown = True
        if not grown:
            return reach, reached


def _box_structure(drs: Drs, kinds: Sequence[str], is_referent: Callable[[str], bool]
                   ) -> tuple[dict[str, _Box], set[tuple[str, str]]]:
    """Each box's referents, the boxes it directly subordinates and the referents its conditions use,
    and the discourse relations between boxes (``kinds``: each clause's kind, ``_clause_types``)."""
    boxes: dict[str, _Box] = {}
    relations: set[tuple[str, str]] = set()
    for clause, kind in zip(drs.clauses, kinds):
        b, _, *args = clause.tokens
        box = boxes.setdefault(b, _Box())
        if kind == "REF":
            box.refs.add(args[0])
        elif kind in ("NOT", "POS", "NEC"):
            box.subs.add(args[0])
            boxes.setdefault(args[0], _Box())
        elif kind in ("IMP", "DUP", "DIS"):
            box.subs.update(args)
            for inner in args:
                boxes.setdefault(inner, _Box())
            if kind != "DIS":
                boxes[args[0]].subs.add(args[1])  # the antecedent subordinates the consequent
        elif kind in ("PRP", "PPS"):
            box.subs.add(args[1])
            box.cond_refs.add(args[0])
            boxes.setdefault(args[1], _Box())
        elif kind in ("DRL", "PRE"):
            boxes.setdefault(args[0], _Box())
            relations.add((b, args[0]))
        else:  # LEX and ROL: the referents the condition uses
            box.cond_refs.update(a for a in args if is_referent(a))
    return boxes, relations


def _check(drs: Drs) -> None:
    typing: dict[str, str] = {}
    kinds: list[str] = []
    for clause in drs.clauses:
        kind, types = _clause_types(clause)
        kinds.append(kind)
        for arg, t in zip((clause.tokens[0], *clause.tokens[2:]), types):
            t = _specify(arg, t, clause)
            if arg in typing:
                unified = _unify(typing[arg], t)
                if unified is None:
                    raise _Reject.at(clause, f"{arg} is used both as {_TYPE_NAMES[typing[arg]]} "
                                             f"and as {_TYPE_NAMES[t]}")
                typing[arg] = unified
            else:
                typing[arg] = t
    typing = {a: "x" if t == "t" else t for a, t in typing.items()}  # strict: open terms are referents

    boxes, relations = _box_structure(drs, kinds, lambda a: typing[a] == "x")

    names = sorted(boxes)
    number = {b: i for i, b in enumerate(names)}
    n = len(names)
    edges: list[set[int]] = [{number[b1] for b1 in boxes[b].subs} for b in names]
    children = [set(e) for e in edges]
    for b, b1 in relations:
        edges[number[b]].add(number[b1])
    introduced_by: dict[str, int] = {}  # referent -> the boxes that introduce it (a bit set)
    for b, box in boxes.items():
        for ref in box.refs:
            introduced_by[ref] = introduced_by.get(ref, 0) | 1 << number[b]
    for b2, box in boxes.items():
        i2 = number[b2]
        for ref in box.cond_refs - box.refs:
            by = introduced_by.get(ref, 0) & ~(1 << i2)
            while by:
                low = by & -by
                edges[low.bit_length() - 1].add(i2)
                by ^= low
    linked = any(edges)
    reach, reached = _subordination(n, edges, children)
    loops = [names[i] for i in range(n) if reach[i] >> i & 1]
    if loops:
        raise _Reject(f"the boxes' subordination has a loop through {loops[0]}", drs.line)
    if linked:
        joined = _joined_to_first(edges)
        apart = [names[i] for i in range(n) if i not in joined]
        if apart:
            raise _Reject(f"box(es) {', '.join(apart)} are not connected to the others", drs.line)
    unbound = sorted(x for b, box in boxes.items() for x in box.cond_refs - box.refs
                     if not introduced_by.get(x, 0) & reached[number[b]])
    if unbound:
        raise _Reject(f"unbound referent(s) {', '.join(dict.fromkeys(unbound))}: no box that is accessible "
                      "introduces them with REF", drs.line)


def check_drs(drs: Drs) -> tuple[ClfProblem, ...]:
    """Why ``drs`` is ill-formed under COUNTER's Referee (its first problem), or () if it is well-formed."""
    if not drs.clauses:
        return ()
    try:
        _check(drs)
    except _Reject as reject:
        return (reject.problem,)
    return ()
