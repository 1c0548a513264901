"""The front door, in penman's and sacreBLEU's manner: ``load``/``loads`` read DRSs, ``score`` scores them.

    >>> import dscorer_core as dscorer
    >>> preds = dscorer.load("pred.clf")             # a path, an open file or "-" (standard input)
    >>> golds = dscorer.loads(gold_text)              # the same from a string
    >>> r = dscorer.score(preds, golds, metric="counter")
    >>> r.micro.F, str(r.signature)

``load`` and ``loads`` are lenient, as a parser's output needs: a DRS that does not read is kept with
its problems (``Drs.problems``). ``score`` then applies the command line's policies with the command
line's defaults, so one pair gives one figure and one signature wherever it is scored: a predicted DRS
that does not read or fails the well-formedness check is a failed parse (``ill="dummy"``,
``wf_check="auto"``), a gold DRS that does not read raises a ``ClfError`` naming FILE:LINE:COL, and
the signature names the policy where it changed what was scored. The ``dscorer`` commands call the
same functions (``prepare_pair``, ``score_prepared``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import IO, TYPE_CHECKING, Any

from .errors import ClfError, DscorerInputError, SettingsError

if TYPE_CHECKING:
    from .clauses import Drs
    from .ill_formed import IllFormedReport, IllPolicy, WfMode
    from .metrics.base import Average, Metric, MetricResult, Progress
    from .runner import Runner
    from .stats.compare import Comparison


#: The name that reads standard input, as on the command line.
STDIN = "-"


def loads(text: str, format: str = "auto", source: str = "<string>") -> list[Drs]:
    """The DRSs of a text in any notation (clauses, SBN, one SBN per line; ``format`` forces one),
    read leniently: a DRS that does not read keeps its problems instead of raising."""
    from .reading.drs_files import parse_drs_text

    return parse_drs_text(text, source, format, lenient=True)


def load(source: str | os.PathLike[str] | IO[str], format: str = "auto") -> list[Drs]:
    """The DRSs of a file: a path, an open text file, or ``"-"`` for standard input (``loads``'s rules)."""
    if isinstance(source, (str, os.PathLike)) and os.fspath(source) == STDIN:
        from .reading.decode import read_stdin_text

        return loads(read_stdin_text(), format, "<stdin>")
    if not isinstance(source, (str, os.PathLike)):
        return loads(source.read(), format, str(getattr(source, "name", "<stream>")))
    from .reading.drs_files import read_drs_file

    return read_drs_file(source, format, lenient=True)


def read_input(side: Any, format: str = "auto", strict: bool = False) -> list[Drs]:
    """One side of ``score`` as DRSs: read from a path, a stream or ``"-"`` (``strict``: raise on every
    bad line, as ``ill="error"`` asks), or the DRSs given."""
    if isinstance(side, (str, os.PathLike)) or hasattr(side, "read"):
        if strict and isinstance(side, (str, os.PathLike)) and os.fspath(side) != STDIN:
            from .reading.drs_files import read_drs_file

            return read_drs_file(side, format, lenient=False)
        return load(side, format)
    if isinstance(side, Sequence):
        return list(side)
    raise SettingsError(f"score takes a path, an open file or DRSs (load, loads) for each side, "
                        f"not {type(side).__name__}")


@dataclass(frozen=True)
class PreparedPair:
    """Predicted and gold DRSs ready to score: paired, the ill-formed policy applied to the predicted
    side (``report``), and the warnings a person should see (files that look swapped)."""

    preds: tuple[Drs, ...]
    golds: tuple[Drs, ...]
    report: IllFormedReport | None
    warnings: tuple[str, ...] = ()


def _refuse_unreadable_gold(golds: Sequence[Drs]) -> None:
    """A gold DRS that did not read is an error naming FILE:LINE:COL (all of them, as a strict read)."""
    bad = [d for d in golds if d.problems]
    if bad:
        problems = [p for d in bad for p in d.problems]
        raise ClfError(bad[0].source, problems[:20], len(problems))


def prepare_pair(preds: Sequence[Drs], golds: Sequence[Drs], *, scores_clauses: bool = True,
                 ill: IllPolicy = "dummy", wf_check: WfMode = "auto", baseline: bool = False,
                 gold_must_read: bool = True, names: tuple[str, str] | None = None) -> PreparedPair:
    """Pair the two sides as the command line does (``clauses.check_pair``; ``baseline``: one predicted
    DRS against every gold DRS) and, for a metric that scores clauses, apply the ill-formed policy
    (``ill_formed.apply_ill_policy`` after ``check_gold``). ``gold_must_read``: a gold DRS that did not
    read raises (Smatch decides that itself, by the PMB 5 script's rule). ``names``: what to call the
    predicted and gold files in messages (default: where their first DRS came from)."""
    from .clauses import check_pair
    from .ill_formed import apply_ill_policy, check_gold
    from .swapped_sides import suspect_swapped

    if gold_must_read:
        _refuse_unreadable_gold(golds)
    pred_name, gold_name = names or (preds[0].source if preds else "pred", golds[0].source if golds else "gold")
    paired_preds, paired_golds = check_pair(list(preds), list(golds), pred_name, gold_name, baseline)
    swapped = suspect_swapped(paired_preds, paired_golds, pred_name, gold_name)
    warnings = (swapped.warning_line(),) if swapped is not None else ()
    report = None
    if scores_clauses:
        paired_preds, report = apply_ill_policy(paired_preds, ill, check_gold(paired_golds, wf_check))
    return PreparedPair(tuple(paired_preds), tuple(paired_golds), report, warnings)


def settings_for(metric: str, settings: Any = None, **options: Any) -> Any:
    """A metric's settings object from keywords (``preset="typed"``, ``order=2``, ``restarts=5``,
    ``triples="corrected"``), on top of ``settings`` (None: the defaults)."""
    from .metrics.registry import REGISTRY

    if metric not in REGISTRY:
        raise SettingsError(f"unknown metric {metric!r}; choose from {', '.join(REGISTRY)}")
    kinds = _settings_types()
    base = settings if settings is not None else kinds[metric]()
    if not options:
        return base
    known = set(base.__dataclass_fields__)
    unknown = sorted(set(options) - known)
    if unknown:
        raise SettingsError(f"{metric} has no setting {unknown[0]!r}; its settings: {', '.join(sorted(known))}")
    return replace(base, **options)


def _settings_types() -> Mapping[str, type]:
    from .counter.settings import CounterSettings
    from .ngrams.settings import ScoreSettings
    from .sbn.smatch import SmatchSettings

    return {"dscorer": ScoreSettings, "counter": CounterSettings, "smatch": SmatchSettings}


def score_prepared(metric: Metric, pair: PreparedPair, progress: Progress | None = None,
                   runner: Runner | None = None) -> MetricResult:
    """Score a prepared pair with ``metric`` through the one driver (``metrics.driver.run_metric``;
    ``runner``: where its batches run, ``runner.Processes`` or an open cluster's; None: the metric's
    own ``jobs``); the result's signature names the ill-formed policy where it changed what was scored."""
    from .metrics.driver import run_metric

    found = run_metric(metric, list(pair.preds), list(pair.golds), runner, progress)
    return replace(found, report=pair.report, warnings=pair.warnings)


def _name_of(side: Any, drss: Sequence[Drs], default: str) -> str:
    """What messages call one side: its path, ``<stdin>``, or where its first DRS came from."""
    if isinstance(side, (str, os.PathLike)):
        return "<stdin>" if os.fspath(side) == STDIN else str(side)
    return drss[0].source if drss else str(getattr(side, "name", default))


def score(pred: Any, gold: Any, metric: str = "dscorer", *, format: str = "auto", ill: IllPolicy = "dummy",
          wf_check: WfMode = "auto", baseline: bool = False, settings: Any = None, average: Average | None = None,
          jobs: int = 1, progress: Progress | None = None, **options: Any) -> MetricResult:
    """Score predicted against gold DRSs with ``metric`` (``"dscorer"``, ``"counter"``, ``"smatch"``) as
    the command line does, with its defaults: each side a path, an open file, ``"-"`` or DRSs already
    read; the metric's settings as ``settings`` or as keywords (``preset="typed"``). The figure and
    ``str(result.signature)`` equal what ``dscorer score|counter|smatch`` prints for the same settings."""
    from .metrics.registry import make_metric

    chosen = settings_for(metric, settings, **options)
    scorer = make_metric(metric, chosen, jobs, average)
    strict = ill == "error" and scorer.scores_clauses
    preds = read_input(pred, format, strict)
    golds = read_input(gold, format, strict=scorer.scores_clauses)
    pair = prepare_pair(preds, golds, scores_clauses=scorer.scores_clauses, ill=ill, wf_check=wf_check,
                        baseline=baseline, gold_must_read=scorer.scores_clauses,
                        names=(_name_of(pred, preds, "pred"), _name_of(gold, golds, "gold")))
    return score_prepared(scorer, pair, progress)


def compare(systems: Sequence[Any], gold: Any, metric: str = "dscorer", *, names: Sequence[str] | None = None,
            format: str = "auto", ill: IllPolicy = "dummy", wf_check: WfMode = "auto", baseline: bool = False,
            settings: Any = None, average: Average | None = None, bootstrap: int = 1000, ar: int = 10000,
            seed: int = 1, jobs: int = 1, **options: Any) -> Comparison:
    """Several systems against one gold, as ``dscorer compare`` does: each system scored by ``score``'s
    rules (each a path, an open file, ``"-"`` or DRSs; ``names``: what to call them, default their file
    names), then bootstrap intervals for every system and paired tests (paired bootstrap, approximate
    randomisation, one ``seed``) of each against the first. ``comparison.systems[i].p_value``."""
    from .metrics.registry import make_metric
    from .stats.systems import System, compare_systems, system_names

    if not systems:
        raise SettingsError("compare takes at least one system")
    scorer = make_metric(metric, settings_for(metric, settings, **options), jobs, average)
    golds = read_input(gold, format, strict=scorer.scores_clauses)
    gold_name = _name_of(gold, golds, "gold")
    reads = [read_input(s, format, ill == "error" and scorer.scores_clauses) for s in systems]
    paths = [_name_of(s, drss, f"system {i + 1}") for i, (s, drss) in enumerate(zip(systems, reads))]
    labels = list(names) if names is not None else system_names(paths)
    if len(labels) != len(systems):
        raise SettingsError(f"{len(labels)} names for {len(systems)} systems")
    why = scorer.refusal(golds, gold_name)
    aligned, reports = [], []
    for label, path, drss in zip(labels, paths, reads):
        why = why or scorer.refusal(drss, path)
        pair = prepare_pair(drss, golds, scores_clauses=scorer.scores_clauses, ill=ill, wf_check=wf_check,
                            baseline=baseline, gold_must_read=scorer.scores_clauses, names=(path, gold_name))
        aligned.append(System(label, path, pair.preds, baseline and len(drss) == 1 and len(golds) > 1))
        reports += [pair.report] if pair.report is not None else []
    if why is not None:
        raise DscorerInputError(why)
    found = compare_systems(scorer, golds, aligned, bootstrap=bootstrap, ar=ar, seed=seed)[0]
    if not reports:
        return found
    from .ill_formed import extra_fields, with_extras  # as ``dscorer compare`` signs it

    return replace(found, signature=with_extras(found.signature, extra_fields(reports)))
