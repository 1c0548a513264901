"""Smatch over SBN graphs with exact alignments: per-document P/R/F, mean of per-sentence F1, micro F.

Conventions of the PMB 5 evaluation script (``sbn_smatch.py`` with smatch 1.0.4, ``remove_top``):
the triples of ``triples.py`` (``official``, no TOP triple), concepts and values compared as
Smatch compares them, and "hard" scoring: a predicted SBN that cannot be read, whose offsets
point outside it, or whose graph has a cycle is ill-formed and scores F = 0.  The papers report
the mean of the per-sentence F1 (ill-formed ones counted as 0) and the ill-formed ("ERR") rate;
micro F (matched triples over the whole corpus) is given too.  ``lenient`` drops senses
(ud-boxer's lenient encoding).  The alignment is exact (see ``alignment.py``), not hill climbing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import DrsCountMismatch, NoDrsError, SbnError
from ..version import __version__
from .alignment import align_many
from .graph import build_graph
from .model import Sbn
from .triples import Triple, TripleStyle, graph_triples

__all__ = [
    "SmatchDocument",
    "SmatchResult",
    "SmatchSettings",
    "prf",
    "smatch_corpus",
    "smatch_pair",
    "smatch_signature",
]


@dataclass(frozen=True)
class SmatchSettings:
    """Which triples (``official`` PMB 5, or ``lenient`` without senses) and the solver's time per call."""

    lenient: bool = False
    time_limit: float = 30.0

    @property
    def style(self) -> TripleStyle:
        return "lenient" if self.lenient else "official"


@dataclass(frozen=True)
class SmatchDocument:
    """One document pair: matched, predicted and gold triples, P/R/F, whether the alignment is proven
    best, and why the prediction is ill-formed (None when it is not)."""

    index: int
    matched: int
    pred_triples: int
    gold_triples: int
    P: float
    R: float
    F: float
    optimal: bool
    method: str
    ill_formed: str | None = None
    gold_problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class SmatchResult:
    """Corpus figures: micro P/R/F over all triples, the mean of per-sentence F1, the ill-formed rate."""

    documents: tuple[SmatchDocument, ...]
    P: float
    R: float
    F: float
    mean_F: float
    ill_formed: float
    signature: str

    @property
    def ill_formed_count(self) -> int:
        return sum(1 for d in self.documents if d.ill_formed)

    @property
    def all_optimal(self) -> bool:
        return all(d.optimal for d in self.documents)


def prf(matched: int, pred: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall and F1 of a match count (0 where a side is empty)."""
    p = matched / pred if pred else 0.0
    r = matched / gold if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def smatch_signature(settings: SmatchSettings) -> str:
    """The reproducibility line: metric, format, exact search, hard scoring, triples, version."""
    return f"smatch|sbn|exact|hard|triples:{settings.style}|version:{__version__}"


def _prepared(sbn: Sbn | SbnError, style: TripleStyle) -> tuple[tuple[Triple, ...], str | None, tuple[str, ...]]:
    if isinstance(sbn, SbnError):
        return (), str(sbn), ()
    graph = build_graph(sbn)
    return graph_triples(graph, style), ("; ".join(graph.problems) or None), graph.problems


def smatch_corpus(preds: Sequence[Sbn | SbnError], golds: Sequence[Sbn], settings: SmatchSettings | None = None,
                  pred_name: str = "pred", gold_name: str = "gold") -> SmatchResult:
    """Score predicted SBNs (an SbnError stands for one that could not be read) against gold SBNs."""
    settings = settings or SmatchSettings()
    if not preds and not golds:
        raise NoDrsError([pred_name, gold_name], f"{pred_name} and {gold_name} hold no SBN: there is nothing to score")
    if len(preds) != len(golds):
        raise DrsCountMismatch(pred_name, gold_name, len(preds), len(golds))
    pred_side = [_prepared(p, settings.style) for p in preds]
    gold_side = [_prepared(g, settings.style) for g in golds]
    todo = [i for i, (_, bad, _) in enumerate(pred_side) if bad is None]
    found = dict(zip(todo, align_many([(pred_side[i][0], gold_side[i][0]) for i in todo], settings.time_limit)))
    docs = []
    for i, ((ptrip, bad, _), (gtrip, _, gprob)) in enumerate(zip(pred_side, gold_side)):
        if bad is not None:
            docs.append(SmatchDocument(i, 0, 0, len(gtrip), 0.0, 0.0, 0.0, True, "ill-formed", bad, gprob))
            continue
        a = found[i]
        p, r, f = prf(a.matched, len(ptrip), len(gtrip))
        docs.append(SmatchDocument(i, a.matched, len(ptrip), len(gtrip), p, r, f, a.optimal, a.method, None, gprob))
    matched = sum(d.matched for d in docs)
    p, r, f = prf(matched, sum(d.pred_triples for d in docs), sum(d.gold_triples for d in docs))
    n = len(docs)
    return SmatchResult(tuple(docs), p, r, f, sum(d.F for d in docs) / n,
                        sum(1 for d in docs if d.ill_formed) / n, smatch_signature(settings))


def smatch_pair(pred: Sbn | SbnError, gold: Sbn, settings: SmatchSettings | None = None) -> SmatchDocument:
    """Score one predicted SBN against one gold SBN."""
    return smatch_corpus([pred], [gold], settings).documents[0]
