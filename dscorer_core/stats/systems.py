"""Several systems on one gold: names, the single-DRS baseline rule, count tables and the comparison.

The command line (``dscorer compare``) and the app's compare page both call these, so a
system is paired, scored and tested the same way wherever it is compared (docs/comparing.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..clauses import Drs, check_pair
from ..counter import CounterSettings, counter_corpus
from ..dscorer.corpus import score_corpus
from ..dscorer.settings import ScoreSettings
from ..errors import DscorerInputError
from .compare import Comparison, compare_tables
from .tables import CountTable, counter_table, dscorer_table, macro_table

__all__ = ["METRICS", "Metric", "System", "system_names", "align_system", "system_table", "compare_systems"]

Metric = Literal["dscorer", "counter"]
#: What a comparison can be run on: one metric, or both (then one Comparison per metric).
METRICS = ("dscorer", "counter", "both")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class System:
    """One system's output, aligned with the gold DRSs (``single_drs``: a baseline DRS repeated)."""

    name: str
    path: str
    preds: tuple[Drs, ...]
    single_drs: bool


def system_names(paths: Sequence[str]) -> list[str]:
    """Short, distinct names: the file name, the path as given when two files share a
    file name, and a numbered suffix when the same file is given twice."""
    base = [os.path.basename(p) or p for p in paths]
    names = [p if any(b == b2 and p != p2 for b2, p2 in zip(base, paths)) else b for b, p in zip(base, paths)]
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} ({seen[n]})")
    return out


def align_system(name: str, path: str, preds: Sequence[Drs], golds: Sequence[Drs], gold_name: str,
                 baseline: bool, hint: str = "add --baseline") -> System:
    """Pair a system's DRSs with the gold ones. The baseline rule: a file of one DRS against a
    gold of several is a single-DRS baseline (like SPAR), compared with every gold DRS, but only
    when ``baseline`` allows it; otherwise it is an error that says how to allow it (``hint``)."""
    single = len(preds) == 1 and len(golds) > 1
    if single and not baseline:
        raise DscorerInputError(
            f"{path} holds 1 DRS but {gold_name} holds {len(golds)}: if it is a single-DRS baseline "
            f"(like the SPAR baseline) to compare with every gold DRS, {hint}")
    aligned, _ = check_pair(list(preds), list(golds), path, gold_name, baseline=single)
    return System(name, path, tuple(aligned), single)


def system_table(metric: Metric, golds: Sequence[Drs], system: System, *,
                 dscorer: ScoreSettings | None = None, counter: CounterSettings | None = None,
                 jobs: int = 1, progress: Progress | None = None, cluster: Any = None) -> CountTable:
    """The count table of one system: COUNTER's per-document clause counts, or DSCORER's per-order
    counts (the macro table when ``dscorer.average`` is ``macro``)."""
    if metric == "counter":
        result = counter_corpus(system.preds, golds, counter or CounterSettings(), progress=progress, cluster=cluster)
        return counter_table(result, [g.sentence for g in golds])
    settings = dscorer or ScoreSettings()
    scored = score_corpus(system.preds, golds, settings, jobs=jobs, progress=progress, cluster=cluster)
    return macro_table(scored) if settings.average == "macro" else dscorer_table(scored)


def compare_systems(metric: Metric, golds: Sequence[Drs], systems: Sequence[System], *,
                    dscorer: ScoreSettings | None = None, counter: CounterSettings | None = None,
                    bootstrap: int = 1000, ar: int = 10000, seed: int = 1,
                    jobs: int = 1, cluster: Any = None) -> tuple[Comparison, list[CountTable]]:
    """Score every system on one metric and test each against the first: the comparison and the
    count tables behind it (for per-document differences). ``cluster`` scores on a Dask cluster
    (docs/scale.md): give an open one (``cluster.open_runner``) to start it once for every system."""
    tables = [system_table(metric, golds, s, dscorer=dscorer, counter=counter, jobs=jobs, cluster=cluster)
              for s in systems]
    comparison = compare_tables(tables, [s.name for s in systems], bootstrap=bootstrap, ar=ar, seed=seed)
    return comparison, tables
