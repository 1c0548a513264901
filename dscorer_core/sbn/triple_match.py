"""One SBN pair as Smatch sees it: the alignment of predicted to gold nodes and each triple's verdict.

``triple_match`` prepares both sides exactly as ``smatch_documents`` does (``smatch_side``: the
``pmb5`` script's triples or the ``corrected`` ones), aligns them with the same exact search and the
same comparison of names, and marks every triple matched or not under that alignment.  Each
triple also carries its ``weight``: how many (predicted, gold) pairs it counts in Smatch's matched
figure (smatch 1.0.4 counts a triple twice on each side four times), so the weights of either side
add up to ``matched``, the number the pair's P, R and F are computed from: a drawing coloured by
these verdicts shows exactly what the score counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import ClfProblem, SbnError
from ..formula import prf_scalar
from ..reading.sbn_text import SbnText, parse_sbn, parse_sbn_tolerant
from .alignment import Normalise, align
from .model import Sbn
from .smatch import PredictedSbn, SmatchSettings, SmatchTriples, smatch_normaliser, smatch_side
from .triples import INSTANCE, Triple


@dataclass(frozen=True)
class TripleVerdict:
    """One triple of one side: whether the alignment matches it, how many (pred, gold) pairs it counts
    in the matched figure (0 when unmatched), and the first triple of the other side it matches."""

    triple: Triple
    matched: bool
    weight: int
    partner: Triple | None = None


@dataclass(frozen=True)
class TripleMatch:
    """A pair under one triple set: the verdict of every predicted and gold triple (in each side's
    order), the node alignment (predicted node, gold node), the matched count and P/R/F made from
    those verdicts, whether the alignment is proven best, and why the pair scores 0 (``ill_formed``:
    the prediction is refused; ``note``: the pair is not scored)."""

    triples: SmatchTriples
    pred: tuple[TripleVerdict, ...]
    gold: tuple[TripleVerdict, ...]
    mapping: tuple[tuple[str, str], ...]
    matched: int
    P: float
    R: float
    F: float
    optimal: bool
    method: str
    ill_formed: str | None = None
    note: str | None = None

    @property
    def aligned(self) -> dict[str, str]:
        """Predicted node -> gold node."""
        return dict(self.mapping)


#: A triple as Smatch compares it, with its nodes named on one side: (relation or not, instance or
#: not, relation name, value, source, target).
_Key = tuple[bool, bool, str, str, str, str]


def _key(t: Triple, norm: Normalise, rename: dict[str, str] | None = None) -> _Key | None:
    """The triple as compared, its nodes renamed (None when a node has no partner)."""
    source = t.source if rename is None else rename.get(t.source)
    if source is None:
        return None
    if t.is_relation:
        target = t.target if rename is None else rename.get(t.target)
        return None if target is None else (True, False, norm(t.relation), "", source, target)
    return (False, t.relation == INSTANCE, norm(t.relation), norm(t.target), source, "")


def _verdicts(own: tuple[Triple, ...], rename: dict[str, str] | None, other: tuple[Triple, ...],
              other_rename: dict[str, str] | None, norm: Normalise) -> tuple[TripleVerdict, ...]:
    """Each triple of ``own`` against ``other``, both put in the same node names by the renamings."""
    counts: Counter[_Key] = Counter()
    first: dict[_Key, Triple] = {}
    for t in other:
        k = _key(t, norm, other_rename)
        if k is not None:
            counts[k] += 1
            first.setdefault(k, t)
    out = []
    for t in own:
        k = _key(t, norm, rename)
        n = counts.get(k, 0) if k is not None else 0
        out.append(TripleVerdict(t, n > 0, n, first.get(k) if k is not None else None))
    return tuple(out)


def triple_match(pred: PredictedSbn, gold: Sbn | SbnText, settings: SmatchSettings | None = None) -> TripleMatch:
    """The alignment and every triple's verdict for one pair, under the triple set of ``settings``
    (``pmb5`` or ``corrected``; ``lenient`` too), with the matched count and P/R/F they give."""
    settings = settings or SmatchSettings()
    ps, gs = smatch_side(pred, settings, "predicted"), smatch_side(gold, settings, "gold")
    chosen = settings.chosen
    unmatched = (tuple(TripleVerdict(t, False, 0) for t in ps.triples),
                 tuple(TripleVerdict(t, False, 0) for t in gs.triples))
    if ps.ill_formed is not None:
        return TripleMatch(chosen, (), unmatched[1], (), 0, 0.0, 0.0, 0.0, True, "ill-formed", ps.ill_formed)
    if ps.note is not None or (gs.note is not None and chosen == "pmb5"):
        return TripleMatch(chosen, *unmatched, (), 0, 0.0, 0.0, 0.0, True, "not scored", None, ps.note or gs.note)
    norm = smatch_normaliser(settings)
    found = align(ps.triples, gs.triples, settings.work, norm, settings.time_limit)
    forward = dict(found.mapping)
    pred_side = _verdicts(ps.triples, forward, gs.triples, None, norm)
    gold_side = _verdicts(gs.triples, None, ps.triples, forward, norm)
    matched = sum(v.weight for v in pred_side)
    p, r, f = prf_scalar(matched, len(ps.triples), len(gs.triples))
    return TripleMatch(chosen, pred_side, gold_side, tuple(forward.items()), matched, p, r, f, found.optimal,
                       found.method)


def triple_match_text(pred: str, gold: str, source: str = "<sbn>",
                      settings: SmatchSettings | None = None) -> TripleMatch:
    """``triple_match`` on two SBNs given as text (``Drs.sbn``, as the app holds them), read as
    ``smatch_causes.compare_sbn_lines`` reads them: a predicted SBN dscorer cannot read is ill-formed
    (or, for ``pmb5``, read by the script's reader), a gold one it cannot read raises SbnError."""
    pred_sbn: Sbn | SbnError = (parse_sbn_tolerant(pred, source, "sbn-lines")[0] if pred.strip()
                                else SbnError(source, [ClfProblem(0, "empty SBN (no concept at all)")]))
    return triple_match(pred_sbn, parse_sbn(gold, source, "sbn-lines")[0], settings)


def readable_sbn(text: str) -> str:
    """An SBN one item a line (as the multi-line notation writes it), or the text as it is when
    dscorer cannot read it."""
    found = parse_sbn_tolerant(text, "<sbn>", "sbn-lines") if text.strip() else []
    return found[0].text() if len(found) == 1 and isinstance(found[0], Sbn) else text
