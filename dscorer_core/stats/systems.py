"""Several systems on one gold: names, the single-DRS baseline rule, count tables and the comparison.

The command line (``dscorer compare``) and the app's compare page both call these, so a
system is paired, scored and tested the same way wherever it is compared (docs/comparing.md).
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..clauses import Drs, check_pair
from ..counter import CounterSettings
from ..errors import DscorerInputError, SettingsError
from ..metrics.base import Metric
from ..metrics.registry import make_metric, metric_names
from ..ngrams.settings import ScoreSettings
from ..runner import Runner
from .compare import Comparison, compare_tables
from .tables import CountTable, metric_table

#: Names of metric groups a comparison can be asked for besides the registry's names: ``both``
#: (DSCORER and COUNTER, as before Smatch was registered) and ``all`` (every registered metric).
GROUPS = {"both": ("dscorer", "counter"), "all": None}


def metric_choices() -> tuple[str, ...]:
    """What a comparison can be run on now: every registered metric, then the groups."""
    return (*metric_names(), *GROUPS)


#: What a comparison can be run on (at import; ``metric_choices()`` also has metrics registered since).
METRICS = metric_choices()

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


def chosen_metric_names(chosen: Sequence[str]) -> tuple[str, ...]:
    """The registered metrics named by ``--metric`` values (groups expanded, each metric once, in order)."""
    out: list[str] = []
    for name in chosen:
        if name not in metric_choices():
            raise SettingsError(f"unknown metric {name!r}; choose from {', '.join(metric_choices())}")
        group = (GROUPS[name] or metric_names()) if name in GROUPS else (name,)
        out += [n for n in group if n not in out]
    return tuple(out)


def _metric(metric: Metric | str, settings: Mapping[str, Any], jobs: int) -> Metric:
    return make_metric(metric, settings.get(metric), jobs) if isinstance(metric, str) else metric


def _settings(settings: Mapping[str, Any] | None, dscorer: ScoreSettings | None,
              counter: CounterSettings | None) -> dict[str, Any]:
    out = dict(settings or {})
    out.update({name: s for name, s in (("dscorer", dscorer), ("counter", counter)) if s is not None})
    return out


def system_table(metric: Metric | str, golds: Sequence[Drs], system: System, *,
                 settings: Mapping[str, Any] | None = None, dscorer: ScoreSettings | None = None,
                 counter: CounterSettings | None = None, jobs: int = 1,
                 progress: Progress | None = None, runner: Runner | None = None) -> CountTable:
    """The count table of one system under a metric (a registered one's name or a ``Metric``), for the
    metric's average. ``settings`` maps a metric's name to its settings (``dscorer`` and ``counter``
    are short for two of them); DSCORER's average is its settings' (``ScoreSettings.average``).
    ``runner`` runs the batches (a cluster's, docs/scale.md; None: ``jobs`` processes)."""
    chosen = _metric(metric, _settings(settings, dscorer, counter), jobs)
    if runner is None:
        return metric_table(chosen.score(system.preds, golds, progress=progress))
    if "runner" not in inspect.signature(chosen.score).parameters:
        raise SettingsError(f"--cluster: {chosen.title} cannot score on a cluster (its score takes no runner)")
    score: Any = chosen.score
    return metric_table(score(system.preds, golds, progress=progress, runner=runner))


def compare_systems(metric: Metric | str, golds: Sequence[Drs], systems: Sequence[System], *,
                    settings: Mapping[str, Any] | None = None, dscorer: ScoreSettings | None = None,
                    counter: CounterSettings | None = None, bootstrap: int = 1000, ar: int = 10000, seed: int = 1,
                    jobs: int = 1, runner: Runner | None = None) -> tuple[Comparison, list[CountTable]]:
    """Score every system on one metric and test each against the first: the comparison and the
    count tables behind it (for per-document differences). ``runner`` runs the batches: give an open
    cluster's (``cluster.open_runner``, docs/scale.md) to start it once for every system."""
    chosen = _metric(metric, _settings(settings, dscorer, counter), jobs)
    tables = [system_table(chosen, golds, s, runner=runner) for s in systems]
    comparison = compare_tables(tables, [s.name for s in systems], bootstrap=bootstrap, ar=ar, seed=seed)
    return comparison, tables
