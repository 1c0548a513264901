"""A plain diff of two DRSs, no order k to choose: what is only in the prediction, only in the gold
DRS, and matched, as clauses under COUNTER's variable mapping or as triples under Smatch's.

``clause_diff`` lists COUNTER's own verdicts (``counter_pair``: the best one-to-one mapping of pred
variables to gold variables; redundant REF clauses left out, as COUNTER scores). ``triple_diff``
reads two SBNs into the corrected Smatch triples, aligns them exactly (``sbn.alignment.align``) and
pairs each mapped pred triple with an equal gold triple (a triple repeated on both sides is paired
as often as it occurs on the side with fewer, where Smatch's own count multiplies the two).
"""

from __future__ import annotations

from collections import defaultdict
from contextlib import suppress
from dataclasses import dataclass

from .clauses import Drs
from .counter import CounterSettings, counter_pair
from .errors import DscorerInputError
from .reading.sbn_text import parse_sbn
from .sbn.alignment import align
from .sbn.graph import build_graph
from .sbn.triples import INSTANCE, Triple, graph_triples, normalise_value


@dataclass(frozen=True)
class DrsDiff:
    """Two DRSs compared item by item: ``unit`` is "clause" (COUNTER) or "triple" (Smatch); ``matched``
    pairs a pred item with the gold item it matches; ``mapping`` the pred -> gold variable pairs the
    match used; ``optimal`` whether that mapping is proven best."""

    unit: str
    matched: tuple[tuple[str, str], ...]
    only_pred: tuple[str, ...]
    only_gold: tuple[str, ...]
    mapping: tuple[tuple[str, str], ...]
    optimal: bool

    @property
    def counts(self) -> tuple[int, int, int]:
        """(matched, pred items, gold items): the figures P and R are made of."""
        n = len(self.matched)
        return n, n + len(self.only_pred), n + len(self.only_gold)

    def as_dict(self) -> dict[str, object]:
        """The diff as plain data (for a download)."""
        return {"unit": self.unit, "matched": [list(p) for p in self.matched], "only_pred": list(self.only_pred),
                "only_gold": list(self.only_gold), "mapping": dict(self.mapping), "optimal": self.optimal}


def clause_diff(pred: Drs, gold: Drs, settings: CounterSettings | None = None) -> DrsDiff:
    """The clauses of two DRSs under COUNTER's best variable mapping: matched pairs, and the clauses
    of each side that no mapped clause equals (COUNTER's figures, as ``counter_pair`` counts them)."""
    pair = counter_pair(pred, gold, settings)
    return DrsDiff("clause", tuple((p.text(), g.text()) for p, g in pair.matched_clauses),
                   tuple(c.text() for c in pair.unmatched_pred), tuple(c.text() for c in pair.unmatched_gold),
                   tuple(sorted(pair.mapping.items())), pair.optimal)


def triple_text(t: Triple) -> str:
    """A triple as Smatch lists it: ``relation(source, target)``."""
    return f"{t.relation}({t.source}, {t.target})"


def _key(t: Triple, source: str, target: str) -> tuple:
    """How two triples are compared (as the alignment compares them): nodes by name, values normalised."""
    if t.is_relation:
        return True, normalise_value(t.relation), source, target
    return False, t.relation == INSTANCE, normalise_value(t.relation), source, normalise_value(t.target)


def triple_diff(pred_sbn: str, gold_sbn: str, time_limit: float | None = None) -> DrsDiff:
    """The corrected Smatch triples of two SBNs (one SBN each, as text) under their best alignment:
    matched pairs, and the triples of each side left unpaired; DscorerInputError when either does not read."""
    sides = []
    for text, side in ((pred_sbn, "pred"), (gold_sbn, "gold")):
        found = parse_sbn(text, f"<{side} SBN>")
        if len(found) != 1:
            raise DscorerInputError(f"the {side} text holds {len(found)} SBNs; the diff takes one")
        sides.append(graph_triples(build_graph(found[0])))
    pred, gold = sides
    alignment = align(pred, gold, time_limit=time_limit)
    mapping = dict(alignment.mapping)
    waiting: dict[tuple, list[Triple]] = defaultdict(list)
    for g in gold:
        waiting[_key(g, g.source, g.target)].append(g)
    matched, only_pred = [], []
    for p in pred:
        source = mapping.get(p.source, "")
        target = mapping.get(p.target, "") if p.is_relation else p.target
        partners = waiting.get(_key(p, source, target)) if source else None
        if partners:
            matched.append((triple_text(p), triple_text(partners.pop(0))))
        else:
            only_pred.append(triple_text(p))
    only_gold = [triple_text(g) for rest in waiting.values() for g in rest]
    return DrsDiff("triple", tuple(matched), tuple(only_pred), tuple(only_gold),
                   tuple(sorted((k, v) for k, v in mapping.items() if v is not None)), alignment.optimal)


def drs_diff(pred: Drs, gold: Drs, settings: CounterSettings | None = None) -> tuple[DrsDiff, ...]:
    """Every diff that fits the pair: clauses under COUNTER's mapping, and, when both DRSs came from SBN
    (``Drs.sbn``), triples under Smatch's too."""
    found = [clause_diff(pred, gold, settings)]
    if pred.sbn is not None and gold.sbn is not None:
        with suppress(DscorerInputError):  # an SBN Smatch cannot read: the clause diff stands alone
            found.append(triple_diff(pred.sbn, gold.sbn))
    return tuple(found)
