"""SBN into clauses (a ``Drs``), so COUNTER, DSCORER and the app run on SBN too.

Each concept becomes a discourse referent in the clause box of its SBN box (``b1`` for the first
box): ``b REF x``, ``b lemma "pos.NN" x`` and one clause per role, in the box of the concept that
carries it: ``b Agent e1 x1`` for an offset, ``b Role x "value"`` for a constant.  Referents are
typed as the clause form types them: ``e`` for verbs, ``s`` for adjectives and adverbs, ``t`` for
``time.n.*``, ``x`` otherwise.  A box operator becomes ``b_old OPERATOR b_new`` and a role that
points at a box (``Proposition >1``) ``b Proposition e1 b2``.  What the clause form has and SBN
lacks cannot come back: presupposition boxes (SBN keeps one box where Boxer's clauses split off a
``PRESUPPOSITION`` box for each definite), and the box in which a time or a referent is introduced.
Constants follow the clause files: ``TSU now`` becomes ``TPR "now" t1``, names are lower-cased with
``~`` for spaces (``"steve~miller~band"``), ``MonthOfYear``/``DayOfMonth`` numbers get two digits.
"""

from __future__ import annotations

from ..clauses import Clause, Drs
from .model import Sbn, SbnBoxOperator, SbnConcept
from .triples import strip_quotes

#: SBN operators written the other way round in clause files (``t TSU now`` is ``now TPR t``).
TURNED_OPERATORS = {"TSU": "TPR"}
#: Roles whose numeric values the clause files pad to two digits.
TWO_DIGIT_ROLES = frozenset({"MonthOfYear", "DayOfMonth"})


def referent_prefix(concept: SbnConcept) -> str:
    """The referent type of a concept in clause files: e (verb), s (adjective/adverb), t (time), x."""
    if concept.pos == "v":
        return "e"
    if concept.pos in ("a", "r", "s"):
        return "s"
    if concept.lemma == "time" and concept.pos == "n":
        return "t"
    return "x"


def clause_constant(role: str, text: str) -> str:
    """A constant as clause files write it: quoted, names lower-cased with ``~`` for spaces."""
    value = strip_quotes(text)
    if text.startswith('"'):
        value = "~".join(value.lower().split())
    elif role in TWO_DIGIT_ROLES and value.isdigit():
        value = value.zfill(2)
    return f'"{value}"'


def sbn_to_drs(sbn: Sbn) -> Drs:
    """The clause form of an SBN (see the module docstring for what cannot be carried over)."""
    concepts = sbn.concepts
    counts: dict[str, int] = {}
    names: list[str] = []
    for c in concepts:
        prefix = referent_prefix(c)
        counts[prefix] = counts.get(prefix, 0) + 1
        names.append(f"{prefix}{counts[prefix]}")
    clauses: list[Clause] = []
    box = 0
    boxes = 1 + sum(1 for i in sbn.items if isinstance(i, SbnBoxOperator))
    index = 0
    for item in sbn.items:
        if isinstance(item, SbnBoxOperator):
            box += 1
            offset = item.target.offset or 0
            if offset and box + offset < boxes:
                clauses.append(Clause((f"b{max(box + offset, 0) + 1}", item.operator, f"b{box + 1}"),
                                      item.line, item.comment))
            continue
        b, me = f"b{box + 1}", names[index]
        clauses.append(Clause((b, "REF", me), item.line, item.comment))
        clauses.append(Clause((b, item.lemma, f'"{item.pos}.{item.sense}"', me), item.line, item.comment))
        for role in item.roles:
            target = role.target
            if target.kind == "synset" and target.offset is not None and 0 <= index + target.offset < len(concepts):
                clauses.append(Clause((b, role.role, me, names[index + target.offset]), role.line))
            elif target.kind == "box" and target.offset is not None and 0 <= box + target.offset < boxes:
                clauses.append(Clause((b, role.role, me, f"b{box + target.offset + 1}"), role.line))
            elif role.role in TURNED_OPERATORS:
                clauses.append(Clause((b, TURNED_OPERATORS[role.role], clause_constant(role.role, target.text), me),
                                      role.line))
            else:
                clauses.append(Clause((b, role.role, me, clause_constant(role.role, target.text)), role.line))
        index += 1
    unique = tuple(dict.fromkeys(clauses))
    return Drs(unique, sbn.index, sbn.sentence, sbn.source, sbn.line, sbn=sbn.one_line())
