"""``dscorer score PRED GOLD``: DSCORER corpus scores, per-order table and signature."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..ill_formed import IllFormedReport, signed
from ..ngrams.corpus import document_table
from ..ngrams.engines import DEFAULT_MAX_NGRAMS, ENGINES
from ..ngrams.presets import PRESETS, get_preset
from ..ngrams.scoring import CorpusResult, DocumentScore
from ..ngrams.settings import ScoreSettings
from .arg_types import positive_int
from .counter_command import (
    add_counter_options,
    counter_settings_from_args,
    format_counter,
)
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
    from ..counter.score import CounterResult


#: What --baseline means for ``score`` (``compare`` says it of its SYSTEM files).
BASELINE_HELP = "PRED holds one DRS that is compared with every gold DRS (SPAR baseline)"


def add_dscorer_options(p: argparse.ArgumentParser, baseline_help: str = BASELINE_HELP) -> None:
    """The DSCORER settings, shared by every sub-command that scores with it."""
    p.add_argument("--preset", choices=sorted(PRESETS), default="released",
                   help="graph induction: 'released' (the released code, default) or 'typed' (the paper's text)")
    p.add_argument("--order", type=positive_int, default=4, metavar="N", help="largest n-gram order n (default 4)")
    p.add_argument("--w0", type=float, default=0.1, help="weight of the 0-gram term (default 0.1); w_k = (1 - w0)/n")
    p.add_argument("--engine", choices=sorted(ENGINES), default="fast", help="n-gram engine (default fast)")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N", help="score documents in N processes")
    p.add_argument("--max-ngrams", type=positive_int, default=DEFAULT_MAX_NGRAMS, metavar="M",
                   help="refuse a graph that could have more than M k-grams at any one order "
                        f"(default {DEFAULT_MAX_NGRAMS:,})")
    p.add_argument("--baseline", action="store_true", help=baseline_help)


def settings_from_args(args: argparse.Namespace) -> ScoreSettings:
    """ScoreSettings from parsed command-line options (``--no-wordnet`` also turns off the preset's
    WordNet sense normalisation)."""
    preset = get_preset(args.preset)
    if getattr(args, "no_wordnet", False):
        preset = replace(preset, wordnet=False)
    return ScoreSettings(preset=preset, order=args.order, w0=args.w0, engine=args.engine,
                         max_ngrams=args.max_ngrams)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="DSCORER scores of a predicted against a gold clause file",
                       description="Score PRED against GOLD with DSCORER (n-gram overlap of DRS graphs).")
    p.add_argument("pred", help="predicted clause or SBN file")
    p.add_argument("gold", help="gold clause or SBN file")
    add_format_option(p)
    add_ill_option(p)
    add_dscorer_options(p)
    p.add_argument("--per-doc", action="store_true", help="add one row per document")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--csv", metavar="FILE", help="write the per-document table to FILE")
    add_per_doc_out_option(p)
    add_cluster_option(p)
    add_habit_options(p)
    p.add_argument("--with-counter", action="store_true",
                   help="also compute COUNTER scores and add them (a 'counter' block in JSON)")
    add_counter_options(p)
    p.set_defaults(func=run)


def format_result(result: CorpusResult) -> str:
    """The text report: signature, micro and macro P/R/F and the per-order table."""
    m, M = result.micro, result.macro
    lines = [result.signature,
             f"documents: {result.n_documents}",
             format_table(["average", "P", "R", "F"], [["micro", m.P, m.R, m.F], ["macro", M.P, M.R, M.F]]),
             "",
             "per order (micro; k = 0 compares node counts, its p = r = f is the mean per-document ratio):",
             format_table(["k", "matched", "pred", "gold", "p", "r", "f", "weight"],
                          [[o.k, o.matched, o.pred, o.gold, o.p, o.r, o.f, o.weight] for o in m.orders])]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    refuse_overwriting("--csv", args.csv, args.pred, args.gold)
    refuse_overwriting("--per-doc-out", args.per_doc_out, args.pred, args.gold)
    if at_scale(args):
        with open_cli_runner(args) as runner, per_doc_lines(args.per_doc_out, DocumentScore.as_dict) as write:
            result, counter, report = _scored_at_scale(args, settings, runner, write)
    else:  # the library's pipeline (interface.score): the same figures and signature
        from ..interface import score_prepared
        from ..metrics.registry import make_metric

        pair = prepared_pair(args)
        report = pair.report  # type: ignore[assignment]
        with open_cli_runner(args) as runner:
            scored = score_prepared(make_metric("dscorer", settings), pair, terminal_progress("DSCORER"), runner)
        result = scored.detail  # type: ignore[assignment]
        counter = None
        if getattr(args, "with_counter", False):  # scipy: only when asked for
            counter = score_prepared(make_metric("counter", counter_settings_from_args(args)), pair,
                                     terminal_progress("COUNTER")).detail  # type: ignore[assignment]
    if args.csv:
        write_csv(args.csv, *document_table(result))
    return _print(args, result, counter, report)


def _scored_at_scale(args: argparse.Namespace, settings: ScoreSettings, runner: Runner,
                     write: Callable[[Sequence[DocumentScore]], None] | None
                     ) -> tuple[CorpusResult, CounterResult | None, IllFormedReport]:
    """``--cluster`` or ``--per-doc-out``: clause files read as streams, batches scored by ``runner``;
    SBN files read whole, then scored by ``runner``."""
    counter = None
    if streams_clauses(args):
        from ..cluster.runs import counter_files, score_files

        common = dict(ill=args.ill, wf_check=args.wf_check, baseline=args.baseline)
        result, report = score_files(args.pred, args.gold, settings, runner, on_documents=write, warn=print_warning,
                                     keep_documents=bool(args.per_doc or args.csv), **common)
        print_report(report)
        if getattr(args, "with_counter", False):
            counter = counter_files(args.pred, args.gold, counter_settings_from_args(args), runner,
                                    keep_documents=args.per_doc, **common)[0]
        return result, counter, report
    from ..metrics.driver import run_metric
    from ..metrics.registry import make_metric

    preds, golds, report = read_predictions(args)
    result = run_metric(make_metric("dscorer", settings), preds, golds, runner,
                        terminal_progress("DSCORER")).detail  # type: ignore[assignment]
    if write is not None:
        write(result.documents)
    if getattr(args, "with_counter", False):  # scipy: only when asked for
        counter = run_metric(make_metric("counter", counter_settings_from_args(args)), preds, golds, runner,
                             terminal_progress("COUNTER")).detail  # type: ignore[assignment]
    return result, counter, report


def _print(args: argparse.Namespace, result: CorpusResult, counter: CounterResult | None,
           report: IllFormedReport) -> int:
    """Print the report (text or ``--json``) of a DSCORER run, with COUNTER's if asked for; ``-b``: the
    headline figure alone."""
    headline_figures = result.micro if result.settings.average == "micro" else result.macro
    if headline(args, headline_figures.F):
        return 0
    if args.json:
        data = result.as_dict(per_doc=args.per_doc)
        signature = signed(result.signature, [report])
        rate = len(report.entries) / result.n_documents if result.n_documents else 0.0
        data = {**schema_head("dscorer", signature, result.n_documents, data["micro"], data["macro"], rate), **data}
        data["signature"] = signature
        data["ill_formed"] = report.as_dict()
        if counter is not None:
            data["counter"] = counter.as_dict(per_doc=args.per_doc)
            data["counter"]["signature"] = signed(counter.signature, [report])
        write_json(data)
        return 0
    print(format_result(result).replace(result.signature, signed(result.signature, [report]), 1))
    if counter is not None:
        print()
        print("COUNTER (clause matching):")
        print(format_counter(counter).replace(counter.signature, signed(counter.signature, [report]), 1))
    if args.per_doc:
        header, rows = document_table(result)
        print()
        print(format_table(header, rows))
    return 0
