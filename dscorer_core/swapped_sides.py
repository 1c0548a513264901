"""Telling when a predicted and a gold file were given the wrong way round.

Swapped files still pair and score, so nothing would stop the mistake: the "gold" then holds the
parser's output. The signs looked for: parse-failure dummies (``alwayswrongconcept``, the concept
a parser or COUNTER writes for a sentence it could not parse) on the gold side, sentences only on
the predicted side (gold files carry them, parser output often does not), and file names that say
"gold" on the predicted side only. Any one is reported as a warning, never as an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath

from .clauses import Drs
from .ill_formed import DUMMY_CLAUSES

#: The concept of a parse-failure dummy DRS (``b1 alwayswrongconcept "n.01" x1``).
DUMMY_CONCEPT = DUMMY_CLAUSES[0][1]
#: How many gold DRSs with a dummy a warning names before it only counts them.
SHOWN_DOCUMENTS = 5


@dataclass(frozen=True)
class SwapSuspicion:
    """Why a gold file looks like a parser's output: the signs found, and where the first is."""

    gold_name: str
    reasons: tuple[str, ...]
    #: the line of the gold file where the first sign is (0: the file as a whole)
    line: int = 0

    def message(self, remedy: str = "the predicted file comes first (dscorer score PRED GOLD)") -> str:
        """What was seen and what to check, for a person; ``remedy`` says how to give the files."""
        return (f"are the predicted and gold files swapped? The gold file {self.gold_name} "
                + "; ".join(self.reasons) + f". If so, {remedy}: the scores treat {self.gold_name} as gold.")

    def warning_line(self) -> str:
        """``GOLD:LINE: warning: ...`` for the command line's stderr."""
        where = f"{self.gold_name}:{self.line}" if self.line else self.gold_name
        return f"{where}: warning: {self.message()}"


@dataclass(frozen=True)
class SwapSigns:
    """What ``suspect_swapped`` looks at, gathered from a corpus (or batch by batch, ``merged``): the
    first gold DRSs holding a dummy (index, line) and how many, and whether the sides have sentences."""

    dummies: tuple[tuple[int, int], ...] = ()
    dummy_count: int = 0
    preds: int = 0
    golds: int = 0
    every_pred_sentence: bool = True
    any_gold_sentence: bool = False

    def merged(self, other: SwapSigns) -> SwapSigns:
        """The signs of this part of a corpus followed by ``other``."""
        return SwapSigns((self.dummies + other.dummies)[:SHOWN_DOCUMENTS], self.dummy_count + other.dummy_count,
                         self.preds + other.preds, self.golds + other.golds,
                         self.every_pred_sentence and other.every_pred_sentence,
                         self.any_gold_sentence or other.any_gold_sentence)


def swap_signs(preds: Sequence[Drs], golds: Sequence[Drs]) -> SwapSigns:
    """The signs of swapped files in aligned DRSs (see the module)."""
    dummies = [d for d in golds if any(c.relation == DUMMY_CONCEPT for c in d.clauses)]
    return SwapSigns(tuple((d.index, d.line) for d in dummies[:SHOWN_DOCUMENTS]), len(dummies), len(preds),
                     len(golds), all(d.sentence for d in preds), any(d.sentence for d in golds))


def _says_gold(name: str) -> bool:
    return "gold" in PurePath(name).name.lower()


def suspect_swapped(preds: Sequence[Drs], golds: Sequence[Drs], pred_name: str = "",
                    gold_name: str = "gold") -> SwapSuspicion | None:
    """A SwapSuspicion when the gold side looks like a parser's output (see the module), else None."""
    return suspicion(swap_signs(preds, golds), pred_name, gold_name)


def suspicion(signs: SwapSigns, pred_name: str = "", gold_name: str = "gold") -> SwapSuspicion | None:
    """A SwapSuspicion from the signs of a corpus (``swap_signs``), else None."""
    reasons: list[str] = []
    line = 0
    if signs.dummy_count:
        shown = ", ".join(str(index) for index, _ in signs.dummies[:SHOWN_DOCUMENTS])
        more = ", ..." if signs.dummy_count > SHOWN_DOCUMENTS else ""
        reasons.append(f"holds the parse-failure dummy {DUMMY_CONCEPT} (what a parser writes for a sentence it "
                       f"could not parse) in {signs.dummy_count} DRS(s) (DRS {shown}{more})")
        line = signs.dummies[0][1]
    if signs.golds and signs.preds and signs.every_pred_sentence and not signs.any_gold_sentence:
        reasons.append("has no sentence while every predicted DRS has one")
    if pred_name and _says_gold(pred_name) and not _says_gold(gold_name):
        reasons.append(f"is not named gold while the predicted file is ({PurePath(pred_name).name})")
    return SwapSuspicion(gold_name, tuple(reasons), line) if reasons else None
