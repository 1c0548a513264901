"""``dscorer counter PRED GOLD``: COUNTER-compatible clause-matching scores (docs/counter.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..counter.settings import SEARCHES, CounterSettings
from ..counter.table import counter_rows
from ..ill_formed import IllFormedReport, signed
from .arg_types import non_negative_int, positive_int, positive_seconds
from .habits import add_habit_options, headline
from .input_format import (
    add_format_option,
    add_ill_option,
    prepared_pair,
    print_report,
    print_warning,
    read_predictions,
    streams_clauses,
)
from .output import format_table, schema_head, write_csv, write_json
from .progress import terminal_progress
from .scale_options import (
    add_cluster_option,
    add_per_doc_out_option,
    at_scale,
    open_cli_runner,
    per_doc_lines,
    refuse_overwriting,
)

if TYPE_CHECKING:
    from ..cluster import Runner
    from ..counter.score import CounterPair, CounterResult


def add_counter_options(p: argparse.ArgumentParser) -> None:
    """The COUNTER settings, shared by every sub-command that scores with it."""
    p.add_argument("--restarts", type=positive_int, default=20, metavar="N",
                   help="hill-climbing starts per document where the exact search does not settle it "
                        "(COUNTER's -r; default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random restarts (default 1)")
    p.add_argument("--keep-ref", action="store_true",
                   help="keep redundant 'b REF x' clauses (COUNTER's -ic); by default they are dropped")
    p.add_argument("--search", choices=SEARCHES, default="exact+hill",
                   help="'exact+hill' (default): prove the best mapping with an integer program where "
                        "affordable; 'hill': hill climbing only, like the released COUNTER")
    p.add_argument("--no-wordnet", action="store_true",
                   help="compare concepts as written; by default each is renamed to its WordNet 3.0 "
                        "synset's name first (tyre.n.02 counts as tire.n.01), as the official COUNTER does "
                        "(and, for DSCORER, the released preset)")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="S",
                   help="opt-in wall-clock cap in seconds on each solver call of the exact search (off by default: "
                        "the search stops on counted work, so the result does not depend on the machine's load); "
                        "a document it cuts is reported with optimal: no and the best upper bound proven, and "
                        "the signature names it (time:S)")
    add_max_candidates(p)


def add_max_candidates(p: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--max-candidates``: COUNTER's memory bound per DRS pair (every command that runs COUNTER)."""
    p.add_argument("--max-candidates", type=non_negative_int, default=1_000_000, metavar="N",
                   help="refuse a DRS pair whose COUNTER problem would hold more than N candidate clause "
                        "pairs (about 800 bytes each; default 1,000,000, about 0.8 GB) unless a mapping "
                        "read off the two DRSs proves the best at once; 0 lifts the cap")


def counter_settings_from_args(args: argparse.Namespace, seed: str = "seed") -> CounterSettings:
    """CounterSettings from parsed command-line options (the one place the CLI builds them);
    ``seed`` names the option that holds COUNTER's seed (``counter_seed`` in ``compare``)."""
    return CounterSettings(restarts=args.restarts, seed=getattr(args, seed), keep_ref=args.keep_ref,
                           search=args.search, wordnet=not args.no_wordnet,
                           max_candidates=args.max_candidates or None,
                           time_limit=getattr(args, "time_limit", CounterSettings.time_limit))


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("counter", help="COUNTER scores (clause overlap under the best variable mapping)",
                       description="Score PRED against GOLD the way COUNTER does: normalised clauses, "
                                   "redundant REF clauses dropped, best one-to-one variable mapping.")
    p.add_argument("pred", help="predicted clause or SBN file")
    p.add_argument("gold", help="gold clause or SBN file")
    add_format_option(p)
    add_ill_option(p)
    add_counter_options(p)
    p.add_argument("--baseline", action="store_true",
                   help="PRED holds one DRS that is compared with every gold DRS (SPAR baseline; COUNTER's -b)")
    p.add_argument("--by-kind", action="store_true",
                   help="add P/R/F per clause kind: operators, roles, concepts by part of speech (as COUNTER's -prin)")
    p.add_argument("--per-doc", action="store_true", help="add one row per document (COUNTER's -ms)")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--csv", metavar="FILE", help="write the per-document table to FILE")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help="score in N processes when the work is large enough to pay for them (long documents, "
                        "large corpora; docs/counter.md#speed); the same figures as one process")
    add_per_doc_out_option(p)
    add_cluster_option(p)
    add_habit_options(p)
    p.set_defaults(func=run)


def format_counter(result: CounterResult, by_kind: bool = False) -> str:
    """The text report: signature, corpus P/R/F with clause counts, and optionally the breakdown."""
    n = result.n_documents
    proven = f"mapping proven optimal for {result.optimal_documents}"
    if result.optimal_documents < n:
        proven += (f"; the best mappings of the others match at most {result.upper_bound - result.matched} "
                   f"clauses more in all: matched <= {result.upper_bound}, F <= {result.F_bound:.4f}")
    lines = [result.signature,
             f"documents: {n} ({proven})",
             format_table(["matched", "pred_clauses", "gold_clauses", "P", "R", "F"],
                          [[result.matched, result.pred_clauses, result.gold_clauses,
                            result.P, result.R, result.F]])]
    lines += unproven_lines(result)
    if by_kind:
        lines += ["", "by clause kind:",
                  format_table(["kind", "matched", "pred", "gold", "P", "R", "F"],
                               [[k.kind, k.matched, k.pred, k.gold, k.P, k.R, k.F] for k in result.by_kind])]
    return "\n".join(lines)


#: Unproven documents named one by one in the text report, at most.
MAX_UNPROVEN_LISTED = 20


def unproven_lines(result: CounterResult) -> list[str]:
    """One line per document whose mapping is not proven optimal (kept or streamed): which limit
    left it open and the bound it has, so a reader knows which figure may still rise and by how much."""
    open_ = result.unproven
    lines = [f"document {d.index}: matched {d.matched}, at most {d.upper_bound} (stopped by the {d.stopped})"
             for d in open_[:MAX_UNPROVEN_LISTED]]
    if len(open_) > MAX_UNPROVEN_LISTED:
        lines.append(f"... and {len(open_) - MAX_UNPROVEN_LISTED} more (--json --per-doc lists them all)")
    return lines


def _scored_at_scale(args: argparse.Namespace, settings: CounterSettings, runner: Runner,
                     write: Callable[[Sequence[CounterPair]], None] | None) -> tuple[CounterResult, IllFormedReport]:
    """``--cluster`` or ``--per-doc-out``: clause files read as streams, batches run by ``runner``; SBN
    files read whole, then run by ``runner``."""
    if streams_clauses(args):
        from ..cluster.runs import counter_files

        result, report = counter_files(args.pred, args.gold, settings, runner, ill=args.ill, wf_check=args.wf_check,
                                       baseline=args.baseline, keep_documents=bool(args.per_doc or args.csv),
                                       on_documents=write, warn=print_warning)
        print_report(report)
        return result, report
    from ..metrics.driver import run_metric
    from ..metrics.registry import make_metric

    preds, golds, report = read_predictions(args)
    result = run_metric(make_metric("counter", settings), preds, golds, runner, terminal_progress("COUNTER")).detail  # type: ignore[assignment]
    if write is not None:
        write(result.documents)
    return result, report


def _macro(result: CounterResult) -> dict:
    """The mean of the documents' P, R and F (kept or streamed), nulls for an empty corpus."""
    found = result.macro
    return dict(zip(("P", "R", "F"), found)) if found is not None else {"P": None, "R": None, "F": None}


def run(args: argparse.Namespace) -> int:

    settings = counter_settings_from_args(args)
    refuse_overwriting("--csv", args.csv, args.pred, args.gold)
    refuse_overwriting("--per-doc-out", args.per_doc_out, args.pred, args.gold)
    if at_scale(args):
        from ..counter.score import CounterPair

        with open_cli_runner(args) as runner, per_doc_lines(args.per_doc_out, CounterPair.as_dict) as write:
            result, report = _scored_at_scale(args, settings, runner, write)
    else:  # the library's pipeline (interface.score): the same figures and signature
        from ..interface import score_prepared
        from ..metrics.registry import make_metric

        pair = prepared_pair(args)
        report = pair.report  # type: ignore[assignment]
        with open_cli_runner(args) as runner:
            result = score_prepared(make_metric("counter", settings), pair, terminal_progress("COUNTER"),
                                    runner).detail  # type: ignore[assignment]
    if args.csv:
        write_csv(args.csv, *counter_rows(result))
    if headline(args, result.F):
        return 0
    if args.json:
        data = result.as_dict(per_doc=args.per_doc)
        signature, n = signed(result.signature, [report]), result.n_documents
        head = schema_head("counter", signature, n, {"P": result.P, "R": result.R, "F": result.F},
                           _macro(result), len(report.entries) / n if n else 0.0)
        data = {**head, **data}
        data["unproven"] = [{"index": d.index, "stopped": d.stopped, "matched": d.matched, "upper_bound": d.upper_bound}
                            for d in result.unproven]
        data["signature"] = signature
        data["ill_formed"] = report.as_dict()
        write_json(data)
        return 0
    print(format_counter(result, by_kind=args.by_kind).replace(result.signature, signed(result.signature, [report]), 1))
    if args.per_doc:
        print()
        print(format_table(*counter_rows(result)))
    return 0
