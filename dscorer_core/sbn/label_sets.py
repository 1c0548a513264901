"""Label-set F-scores of SBN parses: names, negation, roles, box membership, concepts (all and by part of
speech) and discourse relations, as the PMB 5 fine-grained script computes them (``sbn_smatch_fine_grained.py
-e node`` of LastDance500/neural-symbolic-parsing, ``score_nodes`` and ``utils.py``; after the AMR
fine-grained scores of Damonte et al. 2017).

For each sentence pair the script lists the labels of each kind on both sides, numbers repeated labels
(``disambig``: ``Agent_0``, ``Agent_1``) and intersects the two sets; counts are summed over the corpus
and give P, R and F.  No alignment is involved.  What it lists, from the fine-grained Penman string read
by ``amr.py`` with its newlines removed (so a concept that has edges keeps its tab indentation, as in the
hard figure's depth quirk, docs/sbn.md):

* ``Names``: the concept of each node with a ``Name`` (``male.n.02``), not the name itself;
* ``Negation``: the box each ``NEGATION`` leaves from; ``Discourse``: the box of each other box operator
  of its list (13 operators: not ``CONJUNCTION``, ``ELABORATION``, ``COMMENTARY``);
* ``Roles``: each role label of its list; ``Members``: each ``member`` edge;
* ``Concepts`` and ``Con_noun`` / ``Con_adj`` / ``Con_adv`` / ``Con_verb``: the synset concepts.

A pair whose prediction is ill-formed, or whose gold the script cannot read, is left out of every count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..formula import prf_scalar
from .amr_line import AmrLineError, read_amr_line
from .fine_grained import fine_grained_penman
from .pmb5_script import SCRIPT_ROLES, ScriptRefusal

#: The label sets, in the script's order.
LABEL_SETS = ("Names", "Negation", "Roles", "Members", "Concepts", "Con_noun", "Con_adj", "Con_adv", "Con_verb",
              "Discourse")

#: The box operators of the script's ``utils.py`` (its ``Discourse`` leaves out ``NEGATION``).
_DISCOURSE = frozenset({"ALTERNATION", "ATTRIBUTION", "CONDITION", "CONSEQUENCE", "CONTINUATION", "CONTRAST",
                        "EXPLANATION", "NECESSITY", "NEGATION", "POSSIBILITY", "PRECONDITION", "RESULT", "SOURCE"})
#: ``utils.ROLES``: the reader's roles less three its list lacks.
_ROLES = SCRIPT_ROLES - {"Affectee", "FeatureOf", "QuantityOf"}
_CONCEPT = {"Concepts": re.compile(r"(.+)\.(n|v|a|r)\.(\d+)"), "Con_noun": re.compile(r"(.+)\.(n)\.(\d+)"),
            "Con_adj": re.compile(r"(.+)\.(a)\.(\d+)"), "Con_adv": re.compile(r"(.+)\.(r)\.(\d+)"),
            "Con_verb": re.compile(r"(.+)\.(v)\.(\d+)")}


@dataclass(frozen=True)
class LabelSetScore:
    """One label set over a corpus: labels found on both sides, predicted, gold; P, R, F."""

    label: str
    matched: int
    pred: int
    gold: int
    P: float
    R: float
    F: float

    def as_dict(self) -> dict[str, float | int | str]:
        return {"label": self.label, "matched": self.matched, "pred": self.pred, "gold": self.gold,
                "P": self.P, "R": self.R, "F": self.F}


def _numbered(labels: list[str]) -> set[str]:
    """The script's ``disambig``: the n-th repeat of a label gets ``_n``."""
    seen: Counter[str] = Counter()
    out = set()
    for label in labels:
        out.add(f"{label}_{seen[label]}")
        seen[label] += 1
    return out


def sentence_labels(line: str) -> dict[str, set[str]] | None:
    """Each label set of one SBN line as the script lists it, or None where it cannot read the line."""
    try:
        reading = read_amr_line(fine_grained_penman(line).replace("\n", ""))
    except (ScriptRefusal, AmrLineError):
        return None
    concept = {t.source: t.target for t in reading.instances}
    edges = [(t.relation, t.source) for t in reading.attributes + reading.relations]
    values = list(concept.values())
    lists: dict[str, list[str]] = {
        "Names": [concept[s] for r, s in edges if r == "Name"],
        "Negation": [concept[s] for r, s in edges if r == "NEGATION"],
        "Roles": [r for r, _ in edges if r in _ROLES],
        "Members": [r for r, _ in edges if r == "member"],
        **{name: [v for v in values if pattern.search(v)] for name, pattern in _CONCEPT.items()},
        "Discourse": [concept[s] for r, s in edges if r in _DISCOURSE and r != "NEGATION"],
    }
    return {name: _numbered(lists[name]) for name in LABEL_SETS}


def label_set_scores(preds: Sequence[str], golds: Sequence[str]) -> tuple[LabelSetScore, ...]:
    """Every label set's F over a corpus of SBN lines (pairs the script leaves out left out)."""
    matched: Counter[str] = Counter()
    pred_n: Counter[str] = Counter()
    gold_n: Counter[str] = Counter()
    for pred, gold in zip(preds, golds):
        g = sentence_labels(gold)
        p = sentence_labels(pred) if g is not None else None
        if g is None or p is None:
            continue
        for name in LABEL_SETS:
            matched[name] += len(p[name] & g[name])
            pred_n[name] += len(p[name])
            gold_n[name] += len(g[name])
    out = []
    for name in LABEL_SETS:
        p_, r_, f_ = prf_scalar(matched[name], pred_n[name], gold_n[name])
        out.append(LabelSetScore(name, matched[name], pred_n[name], gold_n[name], p_, r_, f_))
    return tuple(out)
