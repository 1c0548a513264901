"""The typed data of one SBN: its lines (a concept or a box operator), their roles, their targets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: ``synset``: an offset to another concept (``-2``); ``box``: an offset to a box (``<1``);
#: ``constant``: anything else (``speaker``, ``now``, ``"Tom"``, ``2010``, ``?``).
TargetKind = Literal["synset", "box", "constant"]


@dataclass(frozen=True)
class SbnTarget:
    """What a role points at: its kind, its text as written, its offset (for references), where it stood."""

    kind: TargetKind
    text: str
    offset: int | None = None
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class SbnRole:
    """One role/value pair of a line (``Agent -2``, ``EQU now``, ``Name "Steve Miller Band"``)."""

    role: str
    target: SbnTarget
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class SbnConcept:
    """A concept line: a synset (lemma, part of speech, sense) and its roles."""

    synset: str
    lemma: str
    pos: str
    sense: str
    roles: tuple[SbnRole, ...] = ()
    line: int = 0
    column: int = 0
    comment: str | None = None


@dataclass(frozen=True)
class SbnBoxOperator:
    """A box operator line (``NEGATION -1``): it opens a new box related to the box the offset names."""

    operator: str
    target: SbnTarget
    line: int = 0
    column: int = 0
    comment: str | None = None


SbnItem = SbnConcept | SbnBoxOperator


@dataclass(frozen=True)
class Sbn:
    """One SBN: its items in order, its index in the file, its id and sentence (if the file gave them),
    and its text on one line as written (``raw``, comments left out: what the PMB 5 script reads);
    ``repairs``: what a reader asked to repair as the PMB 5 script does left out (``FILE:LINE:COL: what``)."""

    items: tuple[SbnItem, ...]
    index: int = 0
    sentence: str | None = None
    doc_id: str | None = None
    source: str = "<string>"
    line: int = 0
    raw: str = ""
    repairs: tuple[str, ...] = ()

    @property
    def concepts(self) -> tuple[SbnConcept, ...]:
        return tuple(i for i in self.items if isinstance(i, SbnConcept))

    def one_line(self) -> str:
        """The SBN on one line: as written where known, else rebuilt from its items."""
        return self.raw or " ".join(self.text().split("\n"))

    def text(self) -> str:
        """The SBN in the multi-line notation (PMB 4 offsets for boxes: ``NEGATION -1``)."""
        lines = []
        for item in self.items:
            if isinstance(item, SbnConcept):
                parts = [item.synset] + [f"{r.role} {r.target.text}" for r in item.roles]
            else:
                parts = [item.operator, item.target.text]
            lines.append(" ".join(parts))
        return "\n".join(lines)
