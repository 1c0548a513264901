"""``dscorer compare GOLD SYS_A SYS_B ...``: scores with bootstrap intervals and paired tests against SYS_A."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import Any

from ..clauses import Drs
from ..counter import SEARCHES
from ..errors import DscorerInputError
from ..ill_formed import IllFormedReport, IllPolicy, WfMode, apply_ill_policy, check_gold, extra_fields, with_extras
from ..metrics.base import Metric
from ..metrics.registry import make_metrics, metric_title, usable_metrics
from ..reading.drs_files import read_drs_file
from ..runner import Runner
from ..sbn.fine_grained import FINE_GRAINED
from ..sbn.smatch import SMATCH_TRIPLES, SmatchSettings
from ..stats import Comparison, CountTable, document_differences
from ..stats.systems import (
    System,
    align_system,
    chosen_metric_names,
    compare_systems,
    metric_choices,
    system_names,
)
from ..swapped_sides import suspect_swapped
from .arg_types import non_negative_int, positive_int
from .counter_command import add_max_candidates, counter_settings_from_args
from .input_format import add_format_option, add_ill_option
from .output import format_table, write_json
from .scale_options import add_cluster_option, at_scale, open_cli_runner
from .score_command import add_dscorer_options, settings_from_args


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "compare", help="compare systems on one gold: 95%% intervals and paired significance tests",
        description="Score every SYSTEM against GOLD, with bootstrap confidence intervals, and test each "
                    "system against the first one (the baseline) with paired bootstrap resampling and "
                    "approximate randomisation.  Resampling reuses per-document counts; it is seeded, "
                    "and the seed and sample counts are part of the printed signatures.")
    p.add_argument("gold", help="gold clause or SBN file")
    add_format_option(p)
    add_ill_option(p)
    p.add_argument("systems", nargs="+", metavar="SYSTEM",
                   help="system clause files; the first is the baseline the others are tested against")
    p.add_argument("--metric", choices=metric_choices(), nargs="+", default=["dscorer"], metavar="METRIC",
                   help="which metric(s) to compare: dscorer (default), counter, smatch (SBN files only), or "
                        "several (--metric dscorer smatch); 'both' is dscorer and counter, 'all' every metric")
    p.add_argument("--bootstrap", type=non_negative_int, default=1000, metavar="N",
                   help="bootstrap samples for intervals and the paired bootstrap test (default 1000; 0: skip)")
    p.add_argument("--ar", type=non_negative_int, default=10000, metavar="N",
                   help="approximate randomisation trials (default 10000; 0: skip)")
    p.add_argument("--seed", type=int, default=1, help="seed of the resampling (default 1)")
    p.add_argument("--differences", type=non_negative_int, default=0, metavar="N",
                   help="also list the N documents where each system differs most from the first")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    add_dscorer_options(p, baseline_help="a SYSTEM file holding one DRS (like the SPAR baseline) is compared with "
                                         "every gold DRS; other files are paired DRS by DRS as usual")
    p.add_argument("--average", choices=("micro", "macro"), default=None,
                   help="corpus average to resample: micro (summed counts) or macro (mean of document scores); "
                        "by default each metric's own: micro for DSCORER, macro for Smatch (the mean of "
                        "per-sentence F1 of PMB 5 papers); COUNTER is always micro")
    counter = p.add_argument_group("COUNTER settings (--metric counter or both)")
    counter.add_argument("--restarts", type=positive_int, default=20, metavar="N",
                         help="hill-climbing starts per document (default 20)")
    counter.add_argument("--counter-seed", type=int, default=1, metavar="SEED",
                         help="seed of COUNTER's random restarts (default 1; --seed is the resampling's)")
    counter.add_argument("--keep-ref", action="store_true", help="keep redundant 'b REF x' clauses")
    counter.add_argument("--search", choices=SEARCHES, default="exact+hill",
                         help="COUNTER's mapping search (default exact+hill)")
    counter.add_argument("--no-wordnet", action="store_true",
                         help="compare concepts as written, not by their WordNet synset's name (COUNTER, and "
                              "DSCORER's released preset)")
    add_max_candidates(counter)
    smatch = p.add_argument_group("Smatch settings (--metric smatch: gold and system files in SBN)")
    smatch.add_argument("--triples", choices=SMATCH_TRIPLES, default="pmb5",
                        help="pmb5: the PMB 5 script's triples, quirks included (default, the published figure); "
                             "corrected: without its bugs; lenient: corrected without senses; sbne-strict, "
                             "sbne-lenient: SBN-evaluation-tool's strict and lenient graphs")
    smatch.add_argument("--soft", action="store_true",
                        help="soft Smatch (concepts by Wu-Palmer similarity; with --triples pmb5 or corrected)")
    smatch.add_argument("--rewrite", choices=FINE_GRAINED, default=None,
                        help="one rewrite of the PMB 5 fine-grained script: role (No Roles), relation (No "
                             "Discourse), operator (No Operators), sense (No Senses)")
    add_cluster_option(p)
    p.set_defaults(func=run)


def read_systems(gold_path: str, paths: list[str], baseline: bool, fmt: str = "auto",
                 ill: IllPolicy = "dummy", wf_check: WfMode = "auto"
                 ) -> tuple[list[Drs], list[System], list[IllFormedReport]]:
    """Read GOLD once and every system file (any notation; its ill-formed DRSs under the ``ill``
    policy and the ``wf_check`` mode, reported on stderr), paired by the core's baseline rule
    (align_system); with each system's ill-formed report."""
    golds = read_drs_file(gold_path, fmt)
    gold_check = check_gold(golds, wf_check)
    for line in gold_check.lines():
        print(line, file=sys.stderr)
    systems, reports = [], []
    swapped = None
    for name, path in zip(system_names(paths), paths):
        read = read_drs_file(path, fmt, lenient=ill != "error")
        swapped = swapped or suspect_swapped(read, golds, path, gold_path)
        preds, report = apply_ill_policy(read, ill, gold_check)
        for line in report.lines(with_gold=False):
            print(line, file=sys.stderr)
        systems.append(align_system(name, path, preds, golds, gold_path, baseline))
        reports.append(report)
    if swapped is not None:  # once, not once per system
        print(swapped.warning_line(), file=sys.stderr)
    return golds, systems, reports


def metric_settings(args: argparse.Namespace) -> dict[str, Any]:
    """Each metric's settings from the command line, by the metric's registry name."""
    return {"dscorer": settings_from_args(args), "counter": counter_settings_from_args(args, seed="counter_seed"),
            "smatch": SmatchSettings(triples=args.triples, soft=args.soft, rewrite=args.rewrite)}


def chosen_metrics(args: argparse.Namespace, golds: Sequence[Drs] = (), systems: Sequence[System] = ()
                   ) -> list[Metric]:
    """The metrics ``--metric`` names, built from the registry with their settings and ``--average``;
    ``all`` keeps those that can score the files (Smatch only SBN), a metric named outright is kept."""
    metrics = make_metrics(chosen_metric_names(args.metric), metric_settings(args), args.jobs, args.average)
    if "all" in args.metric:
        usable = {m.name for m in usable_metrics(metrics, golds, [s.preds for s in systems])}
        metrics = [m for m in metrics if m.name in usable or m.name in args.metric]
    for m in metrics:
        if args.average and args.average not in m.averages and len(metrics) == 1:
            raise DscorerInputError(f"--average {args.average}: {m.title} offers {' and '.join(m.averages)}")
    return metrics


def compare_metric(metric: Metric, golds: list[Drs], systems: list[System],
                   args: argparse.Namespace, runner: Runner | None = None) -> tuple[Comparison, list[CountTable]]:
    """The comparison of one metric and the count tables behind it (batches run by ``runner`` if given)."""
    why = metric.refusal(golds, args.gold) or next(
        (w for s in systems if (w := metric.refusal(s.preds, s.path)) is not None), None)
    if why is not None:
        raise DscorerInputError(why)
    return compare_systems(metric, golds, systems, bootstrap=args.bootstrap, ar=args.ar, seed=args.seed,
                           runner=runner)


@dataclass(frozen=True)
class _Right:
    """A table cell printed as given but right-aligned like a number."""

    text: str

    def __str__(self) -> str:
        return self.text


def _trimmed(table: str) -> str:
    return "\n".join(line.rstrip() for line in table.splitlines())


def _interval(c: Comparison, i: int) -> _Right:
    ci = c.systems[i].intervals
    return _Right(f"[{ci.F.low:.4f}, {ci.F.high:.4f}]" if ci else "-")


def format_comparison(c: Comparison) -> str:
    """The text report of one metric: signatures, then one row per system."""
    first = c.systems[0].name
    average = " (mean of per-document F)" if c.average == "macro" else ""
    lines = [f"{metric_title(c.metric)}{average} on {c.n_documents} documents; each system is tested against {first}",
             c.signature]
    lines += [s for s in (c.bootstrap_signature, c.ar_signature) if s]
    header = ["system", "P", "R", "F", f"{c.level:.0%} CI (F)", "F diff", "p (bootstrap)", "p (AR)"]
    rows = []
    for i, s in enumerate(c.systems):
        rows.append([s.name, s.P, s.R, s.F, _interval(c, i),
                     _Right(f"{s.difference:+.4f}" if s.difference is not None else "-"),
                     _Right(f"{s.bootstrap.p_value:.4f}" if s.bootstrap else "-"),
                     _Right(f"{s.randomisation.p_value:.4f}" if s.randomisation else "-")])
    return "\n".join(lines + [_trimmed(format_table(header, rows))])


def format_differences(c: Comparison, tables: Sequence[CountTable], n: int) -> str:
    """The ``n`` documents where each system's F differs most from the first system's."""
    blocks = []
    first = c.systems[0].name
    for s, t in zip(c.systems[1:], tables[1:]):
        rows = [[d.index, d.b, d.a, _Right(f"{d.difference:+.4f}"), d.sentence or ""]
                for d in document_differences(t, tables[0], limit=n)]
        title = f"documents where {s.name} differs most from {first} (F, {c.metric}):"
        table = format_table(["index", "F first", "F system", "difference", "sentence"], rows)
        blocks.append(f"{title}\n" + (_trimmed(table) if rows else "(no document differs)"))
    return "\n\n".join(blocks)


def run(args: argparse.Namespace) -> int:
    if args.bootstrap < 0 or args.ar < 0 or args.differences < 0:
        raise DscorerInputError("--bootstrap, --ar and --differences cannot be negative")
    golds, systems, reports = read_systems(args.gold, args.systems, args.baseline, args.format, args.ill,
                                           args.wf_check)
    extra = extra_fields(reports)
    for s in systems:
        if s.single_drs:
            print(f"dscorer compare: {s.path} holds one DRS: comparing it with each of the {len(golds)} "
                  f"gold DRSs (--baseline)", file=sys.stderr)
    results = {}
    with open_cli_runner(args) if at_scale(args) else nullcontext(None) as runner:  # one cluster for every system
        for m in chosen_metrics(args, golds, systems):
            c, tables = compare_metric(m, golds, systems, args, runner)
            signature = with_extras(c.signature, extra) if m.scores_clauses else c.signature  # resampling ones follow
            results[m.name] = (replace(c, signature=signature), tables)
    if args.json:
        data = {"gold": args.gold, "n_documents": len(golds),
                "systems": [{"name": s.name, "path": s.path, "single_drs_baseline": s.single_drs} for s in systems],
                "bootstrap": args.bootstrap, "ar": args.ar, "seed": args.seed, "metrics": {}}
        for name, (c, tables) in results.items():
            entry = c.as_dict()
            if args.differences:
                for comp, t in zip(entry["comparisons"], tables[1:]):
                    comp["largest_differences"] = [d.as_dict() for d in
                                                   document_differences(t, tables[0], limit=args.differences)]
            data["metrics"][name] = entry
        write_json(data)
        return 0
    blocks = []
    for c, tables in results.values():
        blocks.append(format_comparison(c))
        if args.differences and len(tables) > 1:
            blocks.append(format_differences(c, tables, args.differences))
    print("\n\n".join(blocks))
    return 0
