"""Why the PMB 5 figure and the corrected one differ, sentence by sentence.

Both are exact Smatch; they differ only by the script's bugs.  For each sentence whose F (or
verdict) differs, the quirks are switched off one at a time (``pmb5`` -> whitespace collapsed ->
whole names -> ``corrected``) and every step that moves F is named:

* ``reader``: one reader refuses the prediction and the other scores it (or the script cannot read
  the gold SBN, or ``amr.py`` its Penman string);
* ``depth``: concepts carry their depth in the script's Penman string (its indentation);
* ``name cut``: ``amr.py`` keeps a quoted value's first word only;
* ``graph``: what is left: the two graphs of the SBN differ (dscorer's reading of box offsets,
  duplicated constants, which Smatch counts twice).

A sentence whose SBN the corrected reader repaired as the script does (``NEGATION 1``: the box
operator without a box offset left out) is listed too, with the cause ``repair`` and each repair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import ClfProblem, SbnError
from ..reading.sbn_text import parse_sbn, parse_sbn_tolerant
from .model import Sbn
from .smatch import SmatchDocument, SmatchResult, SmatchSettings, smatch_corpus

#: The causes, in the order the quirks are switched off.
CAUSES = ("reader", "depth", "name cut", "graph", "repair")
#: What each cause means, in a sentence (for the app and the command line).
CAUSE_TEXT = {
    "reader": "one reader refuses the prediction and the other scores it",
    "depth": "the script's Penman string keeps its indentation, so a concept matches only at the same depth",
    "name cut": "amr.py keeps only the first word of a quoted name",
    "graph": "the two graphs of the SBN differ (box offsets, or a triple Smatch counts twice)",
    "repair": "both readers leave out what the script cannot read (a box operator without a box offset)",
}
#: Two F values closer than this are equal (they are ratios of small integers).
_SAME = 1e-9


@dataclass(frozen=True)
class SmatchDifference:
    """One sentence whose PMB 5 and corrected scores differ, and the causes that moved it."""

    index: int
    pmb5_F: float
    corrected_F: float
    causes: tuple[str, ...]
    detail: str = ""


@dataclass(frozen=True)
class SmatchComparison:
    """The PMB 5 result, the corrected result, and every sentence where they differ."""

    pmb5: SmatchResult
    corrected: SmatchResult
    differences: tuple[SmatchDifference, ...]

    def cause_of(self, index: int) -> str:
        """The causes of a sentence's difference as one label (``""`` when the two agree)."""
        found = next((d for d in self.differences if d.index == index), None)
        return ", ".join(found.causes) if found else ""


def _reader_detail(a: SmatchDocument, b: SmatchDocument) -> str | None:
    if bool(a.ill_formed) != bool(b.ill_formed):
        return (f"only the PMB 5 script refuses it ({a.ill_formed})" if a.ill_formed
                else f"only dscorer's reader refuses it ({b.ill_formed})")
    if a.note or b.note:
        return a.note or b.note
    return None


def compare_pmb5_corrected(preds: Sequence[Sbn | SbnError], golds: Sequence[Sbn],
                           settings: SmatchSettings | None = None, pred_name: str = "pred",
                           gold_name: str = "gold") -> SmatchComparison:
    """Score with both triple sets and name, for each sentence where they differ, what moved it;
    ``pred_name`` and ``gold_name`` name the files in errors (a count mismatch)."""
    base = replace(settings or SmatchSettings(), lenient=False, collapse_whitespace=False, whole_values=False)
    pmb5 = smatch_corpus(preds, golds, replace(base, triples="pmb5"), pred_name, gold_name)
    corrected = smatch_corpus(preds, golds, replace(base, triples="corrected"), pred_name, gold_name)
    moved = [i for i, (a, b) in enumerate(zip(pmb5.documents, corrected.documents))
             if abs(a.F - b.F) > _SAME or bool(a.ill_formed) != bool(b.ill_formed) or a.note or b.note
             or b.repairs]
    steps: list[SmatchResult] = []
    if moved:
        sub_p, sub_g = [preds[i] for i in moved], [golds[i] for i in moved]
        steps = [smatch_corpus(sub_p, sub_g, replace(base, collapse_whitespace=True)),
                 smatch_corpus(sub_p, sub_g, replace(base, collapse_whitespace=True, whole_values=True))]
    out = []
    for k, i in enumerate(moved):
        a, d = pmb5.documents[i], corrected.documents[i]
        repaired = (("repair",), ["; ".join(d.repairs)]) if d.repairs else ((), [])
        reader = _reader_detail(a, d)
        if reader is not None:
            out.append(SmatchDifference(i, a.F, d.F, ("reader",) + repaired[0], "; ".join([reader] + repaired[1])))
            continue
        chain = [a.F, steps[0].documents[k].F, steps[1].documents[k].F, d.F]
        causes = tuple(cause for cause, x, y in zip(CAUSES[1:4], chain, chain[1:]) if abs(x - y) > _SAME)
        shown = " -> ".join(f"{x:.4f}" for x in chain)
        detail = [f"F as is, flat, whole names, corrected: {shown}"] if causes else []
        out.append(SmatchDifference(i, a.F, d.F, causes + repaired[0], "; ".join(detail + repaired[1])))
    return SmatchComparison(pmb5, corrected, tuple(out))


def compare_sbn_lines(pred: Sequence[str], gold: Sequence[str], source: str = "<sbn>",
                      settings: SmatchSettings | None = None) -> SmatchComparison:
    """``compare_pmb5_corrected`` on SBNs given one per string (``Drs.sbn``, as the app holds them);
    a predicted SBN dscorer cannot read is ill-formed, a gold one raises SbnError."""
    preds = [parse_sbn_tolerant(text, source, "sbn-lines", repair=True)[0] if text.strip() else _empty(source)
             for text in pred]
    golds = [parse_sbn(text, source, "sbn-lines", repair=True)[0] for text in gold]
    return compare_pmb5_corrected(preds, golds, settings)


def _empty(source: str) -> SbnError:
    """An empty prediction (the script: "SBN doc appears to be empty")."""
    return SbnError(source, [ClfProblem(0, "empty SBN (no concept at all)")])
