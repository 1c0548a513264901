"""Smatch on SBN as a registered metric: one component, the triples, under an exact alignment.

It scores the SBN each DRS was read from (``Drs.sbn``), so it applies where both files are SBN.
Its default figure is the PMB 5 papers': the mean of per-sentence F1, an ill-formed prediction
counting 0 (``macro``); ``micro`` sums the triples over the corpus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

import numpy as np

from ..clauses import Drs
from ..errors import DrsCountMismatch, DscorerInputError, NoDrsError, SettingsError
from ..reading.sbn_text import SbnText
from ..sbn.model import Sbn
from ..sbn.smatch import (
    PredictedSbn,
    SmatchResult,
    SmatchSettings,
    SmatchTotals,
    smatch_batch,
    smatch_plan,
    smatch_signature_value,
)
from ..signature import Signature
from .base import (
    Average,
    BatchPlan,
    CountedBatch,
    CountRows,
    MetricResult,
    Progress,
    result_from_rows,
)
from .batched import OneComponent


def sbn_text_of(drs: Drs) -> SbnText:
    """The SBN a DRS was read from, as the PMB 5 script's reader takes it (a DRS read from clauses has
    none: an empty text)."""
    return SbnText(drs.sbn or "", drs.source, drs.line)


def sbn_texts(drss: Sequence[Drs | PredictedSbn]) -> list[PredictedSbn]:
    """The SBN each DRS was read from, as the PMB 5 script's reader takes it (a DRS read from
    clauses has none: an empty text); an SBN already split off its file (``SbnText``, what
    ``dscorer smatch`` reads) or read (``Sbn``, ``SbnError``) is scored as it is."""
    return [sbn_text_of(d) if isinstance(d, Drs) else d for d in drss]


def _rows(counts: Sequence[tuple[float, int, int]], graded: bool = False) -> CountRows:
    """One row of (matched, predicted, gold) triples per document (matched graded under soft Smatch)."""
    table = np.array(counts, dtype=np.float64 if graded else np.int64)
    return CountRows(("triples",), table.reshape(len(counts), 1, 3))


@dataclass(frozen=True)
class SmatchMetric(OneComponent):
    """Exact Smatch on SBN under ``settings`` (``pmb5`` triples by default: the published figure)."""

    settings: SmatchSettings = field(default_factory=SmatchSettings)
    #: ``macro``: the mean of per-sentence F1 (the PMB 5 figure); ``micro``: from summed triples.
    average: Average = "macro"
    #: How messages name the two sides (pred, gold), e.g. the paths or ``-`` a user gave; default: each
    #: side's first SBN's source.
    side_names: tuple[str, str] | None = None
    name: ClassVar[str] = "smatch"
    title: ClassVar[str] = "Smatch"
    averages: ClassVar[tuple[Average, ...]] = ("macro", "micro")

    scores_clauses: ClassVar[bool] = False

    @classmethod
    def from_settings(cls, settings: Any = None, jobs: int = 1, average: Average | None = None) -> SmatchMetric:
        return cls(settings or SmatchSettings(), average or "macro")

    @property
    def components(self) -> tuple[str, ...]:
        return ("triples",)

    def __post_init__(self) -> None:
        if self.average not in self.averages:
            raise SettingsError(f"Smatch's average is one of {', '.join(self.averages)}, not {self.average!r}")

    def get_signature(self, average: Average | None = None) -> Signature:
        """``smatch|sbn|exact|hard|triples:pmb5|version:V`` for the mean of per-sentence F1 (the
        figure ``dscorer smatch`` heads with), ``...|avg:micro|version:V`` for summed triples."""
        sig = smatch_signature_value(self.settings)
        return sig.with_fields([("avg", "micro")]) if (average or self.average) == "micro" else sig

    def refusal(self, drss: Sequence[Drs], name: str) -> str | None:
        plain = next((d for d in drss if isinstance(d, Drs) and d.sbn is None), None)
        if plain is None:
            return None
        return (f"{plain.source}:{plain.line}: {name} is not SBN: Smatch scores SBN files "
                "(both gold and system files in SBN; --metric dscorer or counter score clause files)")

    def pair_rows(self, pred: Drs, gold: Drs) -> CountRows:
        self._check([pred], [gold])
        return self.count_batch([pred], [gold], 0).rows

    def _check(self, preds: Sequence[Drs], golds: Sequence[Drs]) -> None:
        """Both sides are SBN, there is something to score, and as many predictions as gold SBNs."""
        for drss, side in ((golds, "the gold file"), (preds, "a system file")):
            why = self.refusal(drss, side)
            if why is not None:
                raise DscorerInputError(why)
        pred_name, gold_name = self.side_names or (preds[0].source if preds else "pred",
                                                   golds[0].source if golds else "gold")
        if not preds and not golds:
            raise NoDrsError([pred_name, gold_name],
                             f"{pred_name} and {gold_name} hold no SBN: there is nothing to score")
        if len(preds) != len(golds):
            raise DrsCountMismatch(pred_name, gold_name, len(preds), len(golds))

    def plan_batches(self, preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
        """The whole corpus as one batch in one process, else four batches per worker (raises where
        the files are not SBN or hold none)."""
        self._check(preds, golds)
        return smatch_plan(len(preds), workers)

    def count_batch(self, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int,
                    progress: Progress | None = None) -> CountedBatch:
        """The triple counts of each pair (``sbn.smatch.smatch_batch``), with its ``SmatchDocument``."""
        docs = smatch_batch(sbn_texts(preds), cast("list[Sbn | SbnText]", sbn_texts(golds)), self.settings,
                            first_index, progress)
        return CountedBatch(_rows([(d.matched, d.pred_triples, d.gold_triples) for d in docs], self.settings.soft),
                            tuple(docs))

    def result_of_batches(self, rows: CountRows, documents: Sequence[Any], golds: Sequence[Drs]) -> MetricResult:
        """The figures of the rows; ``detail`` the ``SmatchResult`` ``smatch_corpus`` gives for the same documents."""
        totals = SmatchTotals(self.settings)
        totals.add(documents)
        corpus = totals.result()
        return result_from_rows(self, rows, [getattr(g, "sentence", None) for g in golds],
                                optimal=[d.optimal for d in documents],
                                notes=[d.ill_formed or d.note for d in documents], ill_formed=corpus.ill_formed,
                                detail=corpus)

    def _rows_of(self, corpus: SmatchResult) -> CountRows:
        return _rows([(d.matched, d.pred_triples, d.gold_triples) for d in corpus.documents], self.settings.soft)


    def result_of(self, corpus: SmatchResult, sentences: Sequence[str | None] | None = None) -> MetricResult:
        """The registry's corpus result of a Smatch run (``smatch_corpus``'s ``SmatchResult`` as ``detail``)."""
        docs = corpus.documents
        labels = list(sentences) if sentences is not None else [None] * len(docs)
        return result_from_rows(self, self._rows_of(corpus), labels, optimal=[d.optimal for d in docs],
                                notes=[d.ill_formed or d.note for d in docs], ill_formed=corpus.ill_formed,
                                detail=corpus)
