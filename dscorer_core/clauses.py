"""The clausal form of a DRS as typed dataclasses: a ``Clause`` (one line of a PMB clause file) and a
``Drs`` (its clauses, sentence and origin), what every metric, view and check works on; and pairing two
sides (``check_pair``). Reading files into them is ``dscorer_core.reading`` (docs/architecture.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .clause_format import BOX_OPERATORS, is_operator_name
from .errors import ClfProblem, DrsCountMismatch, NoDrsError

SENSE_PATTERN = re.compile(r'^"[a-z]\.\d+"$')


@dataclass(frozen=True)
class Clause:
    """One clause line: its tokens, where it stood, and its trailing comment."""

    tokens: tuple[str, ...]
    line: int = 0
    comment: str | None = None

    @property
    def box(self) -> str:
        return self.tokens[0]

    @property
    def relation(self) -> str:
        return self.tokens[1]

    @property
    def args(self) -> tuple[str, ...]:
        return self.tokens[2:]

    @property
    def kind(self) -> str:
        """``concept``, ``operator`` or ``role`` (docs/metric.md, "Input")."""
        return clause_kind(self.tokens)

    @property
    def is_concept(self) -> bool:
        return self.kind == "concept"

    @property
    def concept_label(self) -> str:
        """The merged concept label ``lemma.p.NN`` of a concept clause."""
        return f"{self.tokens[1]}.{self.tokens[2][1:-1]}"

    @property
    def pos(self) -> str | None:
        """Part of speech (n, v, a, r, s) of a concept clause, else None."""
        return self.tokens[2][1] if self.is_concept else None

    def text(self) -> str:
        return " ".join(self.tokens)

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.text()


@dataclass(frozen=True)
class Drs:
    """A DRS: its clauses in file order, its sentence, and where it came from."""

    clauses: tuple[Clause, ...]
    index: int = 0
    sentence: str | None = None
    source: str = "<string>"
    line: int = 0
    duplicates: tuple[Clause, ...] = field(default=())
    #: Lines of this DRS that are not well-formed clauses (only from a lenient read:
    #: ``parse_clf(..., lenient=True)``); a tokenisable one is kept in ``clauses`` as read.
    problems: tuple[ClfProblem, ...] = field(default=())
    #: The SBN this DRS was converted from, on one line (``sbn.to_drs``): what Smatch scores.
    sbn: str | None = None

    def __len__(self) -> int:
        return len(self.clauses)

    def text(self) -> str:
        """The DRS as clause lines (no comments), one per line."""
        return "\n".join(c.text() for c in self.clauses)


def is_constant(token: str) -> bool:
    """A token that starts and ends with a double quote is a constant."""
    return len(token) >= 2 and token[0] == '"' and token[-1] == '"'


def clause_kind(tokens: tuple[str, ...]) -> str:
    """Classify a clause by its second token: concept, operator or role."""
    rel = tokens[1]
    if len(tokens) == 4 and SENSE_PATTERN.match(tokens[2]) and not is_operator_name(rel):
        return "concept"
    if is_operator_name(rel):
        return "operator"
    return "role"


def check_pair(p: list[Drs], g: list[Drs], pred_name: str, gold_name: str,
               baseline: bool = False) -> tuple[list[Drs], list[Drs]]:
    """Align two parsed files, raising DrsCountMismatch when they cannot be paired."""
    if baseline:
        if not g:
            raise NoDrsError([gold_name])
        if len(p) != 1:
            raise DrsCountMismatch(pred_name, gold_name, len(p), len(g), baseline=True)
        p = [Drs(p[0].clauses, i, p[0].sentence, p[0].source, p[0].line, p[0].duplicates, p[0].problems)
             for i in range(len(g))]
        return p, g
    if not p and not g:
        raise NoDrsError([pred_name, gold_name])
    if len(p) != len(g):
        empty = [name for name, side in ((pred_name, p), (gold_name, g)) if not side]
        note = (f"{empty[0]} holds no DRS (empty, or only comments and blank lines)" if empty
                else _first_difference(p, g))
        raise DrsCountMismatch(pred_name, gold_name, len(p), len(g), note)
    return p, g


def _first_difference(p: Iterable[Drs], g: Iterable[Drs]) -> str | None:
    for a, b in zip(p, g):
        if a.sentence and b.sentence and _norm(a.sentence) != _norm(b.sentence):
            return (f"the first sentence that differs is DRS {a.index} "
                    f"(pred line {a.line}: {a.sentence!r}; gold line {b.line}: {b.sentence!r})")
    return None


def _norm(s: str) -> str:
    return " ".join(s.replace("ø", " ").replace("~", " ").lower().split())


def box_arguments(clause: Clause) -> tuple[int, ...]:
    """Positions (into clause.args) of the arguments that are boxes (docs/metric.md, "The graph"; docs/counter.md)."""
    rel = clause.relation
    if rel in BOX_OPERATORS:
        return tuple(range(len(clause.args)))
    if rel == "PRP" and len(clause.args) == 2:
        return (1,)
    return ()
