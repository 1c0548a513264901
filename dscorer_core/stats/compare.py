"""Compare several systems on one gold: scores with intervals, and paired tests against the first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import SettingsError
from ..ngrams.scoring import CorpusResult
from .bootstrap import ConfidenceIntervals, confidence_intervals
from .paired import PairedTest, approximate_randomisation, paired_bootstrap
from .resampling import bootstrap_weights, stats_signature
from .tables import CountTable, dscorer_table


@dataclass(frozen=True)
class SystemComparison:
    """One system's corpus scores and interval, and its tests against the first system."""

    name: str
    P: float
    R: float
    F: float
    intervals: ConfidenceIntervals | None
    bootstrap: PairedTest | None
    randomisation: PairedTest | None

    @property
    def difference(self) -> float | None:
        """Score minus the first system's score (None for the first system itself)."""
        test = self.randomisation or self.bootstrap
        return test.difference if test else None

    @property
    def p_value(self) -> float | None:
        """The approximate-randomisation p-value, or the paired bootstrap one without AR."""
        test = self.randomisation or self.bootstrap
        return test.p_value if test else None


@dataclass(frozen=True)
class Comparison:
    """Every system of one metric, the first being the one the others are tested against."""

    metric: str
    signature: str
    n_documents: int
    figure: str
    level: float
    bootstrap_samples: int
    ar_trials: int
    seed: int
    systems: tuple[SystemComparison, ...]
    #: The corpus average compared: ``micro`` (summed counts) or ``macro`` (mean of document figures).
    average: str = "micro"

    @property
    def bootstrap_signature(self) -> str | None:
        return stats_signature(self.signature, "bs", self.bootstrap_samples, self.seed) \
            if self.bootstrap_samples else None

    @property
    def ar_signature(self) -> str | None:
        return stats_signature(self.signature, "ar", self.ar_trials, self.seed) if self.ar_trials else None

    def as_dict(self) -> dict:
        """JSON-ready: one entry per system, and one per compared system with
        ``difference`` and ``p_value`` (AR if run, else paired bootstrap)."""
        first = self.systems[0].name
        systems = []
        for s in self.systems:
            entry: dict = {"name": s.name, "P": s.P, "R": s.R, "F": s.F}
            if s.intervals:
                entry["ci"] = {name: [s.intervals.figure(name).low, s.intervals.figure(name).high]
                               for name in ("P", "R", "F")}
                entry["bootstrap_mean"] = {name: s.intervals.figure(name).mean for name in ("P", "R", "F")}
            systems.append(entry)
        comparisons = []
        for s in self.systems[1:]:
            entry = {"system": s.name, "baseline": first, "figure": self.figure,
                     "difference": s.difference, "p_value": s.p_value,
                     "test": "approximate_randomisation" if s.randomisation else "paired_bootstrap",
                     "p_value_bootstrap": s.bootstrap.p_value if s.bootstrap else None,
                     "p_value_ar": s.randomisation.p_value if s.randomisation else None}
            comparisons.append(entry)
        return {"metric": self.metric, "average": self.average, "signature": self.signature,
                "bootstrap_signature": self.bootstrap_signature, "ar_signature": self.ar_signature,
                "n_documents": self.n_documents, "confidence_level": self.level,
                "systems": systems, "comparisons": comparisons}


def compare_tables(tables: Sequence[CountTable], names: Sequence[str], bootstrap: int = 1000, ar: int = 10000,
                   seed: int = 1, level: float = 0.95, figure: str = "F",
                   progress: Callable[[int, int], None] | None = None) -> Comparison:
    """Scores and bootstrap intervals of every system, and paired bootstrap and approximate
    randomisation tests of each system against the first (0 samples/trials skips a method).

    All systems share one bootstrap resample, drawn from ``seed``; each AR test uses ``seed``.
    ``progress(done, total)`` follows the systems (the app shows it while a worker resamples).
    """
    if not tables:
        raise SettingsError("nothing to compare")
    if len(names) != len(tables):
        raise ValueError(f"{len(names)} names for {len(tables)} systems")
    if bootstrap < 0 or ar < 0:
        raise SettingsError("sample counts cannot be negative")
    first = tables[0]
    for t in tables[1:]:
        first.check_paired(t)
    weights = bootstrap_weights(first.n_documents, bootstrap, seed) if bootstrap else None
    rows = []
    for i, (table, name) in enumerate(zip(tables, names)):
        P, R, F = (float(x) for x in table.full_scores())
        ci = confidence_intervals(table, seed=seed, level=level, weights=weights) if bootstrap else None
        bs = paired_bootstrap(table, first, seed=seed, figure=figure, weights=weights) if i and bootstrap else None
        rand = approximate_randomisation(table, first, ar, seed, figure) if i and ar else None
        rows.append(SystemComparison(name, P, R, F, ci, bs, rand))
        if progress is not None:
            progress(i + 1, len(tables))
    return Comparison(first.metric, first.signature, first.n_documents, figure, level, bootstrap, ar, seed,
                      tuple(rows), first.average)


def compare_results(results: Sequence[CorpusResult], names: Sequence[str], **options: Any) -> Comparison:
    """``compare_tables`` on DSCORER corpus runs of several systems against one gold."""
    return compare_tables([dscorer_table(r) for r in results], names, **options)
