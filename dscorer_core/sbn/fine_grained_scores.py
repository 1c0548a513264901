"""``dscorer smatch --fine-grained``: the four rewrites of the PMB 5 fine-grained script (each a mean of
per-sentence F1 under an exact alignment) and its label-set F-scores, for one corpus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..reading.sbn_text import SbnText
from ..runner import Runner
from .fine_grained import FINE_GRAINED, FINE_GRAINED_TITLES, FineGrained
from .label_sets import LabelSetScore, label_set_scores
from .model import Sbn
from .smatch import PredictedSbn, SmatchResult, SmatchSettings, smatch_corpus


@dataclass(frozen=True)
class FineGrainedResult:
    """Each rewrite's Smatch result (in ``FINE_GRAINED`` order) and the label-set scores."""

    rewrites: tuple[tuple[FineGrained, SmatchResult], ...]
    label_sets: tuple[LabelSetScore, ...]

    def as_dict(self) -> dict[str, Any]:
        """The JSON of ``--fine-grained``."""
        return {"rewrites": {d: {"title": FINE_GRAINED_TITLES[d], "mean_F": r.mean_F, "ill_formed": r.ill_formed,
                                 "P": r.P, "R": r.R, "F": r.F, "signature": r.signature,
                                 "optimal_count": r.optimal_documents} for d, r in self.rewrites},
                "label_sets": [s.as_dict() for s in self.label_sets]}


def _line(sbn: PredictedSbn | SbnText) -> str:
    return sbn.one_line() if isinstance(sbn, Sbn) else sbn.raw


def fine_grained_scores(preds: Sequence[PredictedSbn], golds: Sequence[Any], time_limit: float = 30.0,
                        runner: Runner | None = None) -> FineGrainedResult:
    """Every rewrite's figure and the label sets of a corpus (``runner``: where the rewrites' batches run)."""
    rewrites = tuple((d, smatch_corpus(preds, golds, SmatchSettings(time_limit=time_limit, rewrite=d),
                                       runner=runner)) for d in FINE_GRAINED)
    return FineGrainedResult(rewrites, label_set_scores([_line(p) for p in preds], [_line(g) for g in golds]))


def figure_rows(result: FineGrainedResult) -> list[list[object]]:
    """One row per figure (``figure``, P, R, F, ill-formed) for the text table and ``--csv``: each rewrite's
    mean of per-sentence F1, then each label set's F."""
    rows: list[list[object]] = [[FINE_GRAINED_TITLES[d], None, None, r.mean_F, r.ill_formed]
                                for d, r in result.rewrites]
    rows += [[f"label set: {s.label}", s.P, s.R, s.F, None] for s in result.label_sets]
    return rows
