"""``dscorer smatch PRED GOLD``: Smatch on SBN files with exact alignments (PMB 5 conventions)."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..errors import SettingsError
from ..reading.detect import resolve_format
from ..reading.drs_files import parse_sbn_text, read_text
from ..reading.sbn_text import SbnText, parse_sbn_tolerant, split_sbn_texts
from ..runner import IN_PROCESS, Runner
from ..sbn.model import Sbn
from ..sbn.smatch import (
    LINE_TRIPLES,
    SMATCH_TRIPLES,
    PredictedSbn,
    SmatchDocument,
    SmatchResult,
    SmatchSettings,
    checked_golds,
    collector_paused,
)
from .arg_types import positive_seconds
from .habits import add_habit_options, check_stdin_sides, headline, refuse_warnings, say
from .input_format import add_format_option
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
    from ..sbn.fine_grained_scores import FineGrainedResult
    from ..sbn.smatch_causes import SmatchComparison


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("smatch", help="Smatch on SBN files (exact alignment, PMB 5 conventions)",
                       description="Smatch F of predicted against gold SBN. By default the triples, verdicts and "
                                   "averaging of the PMB 5 evaluation script (sbn_smatch.py with smatch 1.0.4), "
                                   "quirks included, with an exact alignment: the published figure, or a little "
                                   "above where the script's hill climbing stops short. A predicted SBN the "
                                   "script refuses is ill-formed (F 0); a gold one dscorer cannot read is an error.")
    p.add_argument("pred", help="predicted SBN file (multi-line blocks or one SBN per line; - for standard input)")
    p.add_argument("gold", help="gold SBN file (- for standard input)")
    add_format_option(p)
    p.add_argument("--triples", choices=SMATCH_TRIPLES, default="pmb5",
                   help="pmb5: the PMB 5 script's triples, quirks included (default); corrected: without its "
                        "bugs (depth-free concepts, whole names, a strict reader); lenient: corrected without senses; "
                        "sbne-strict, sbne-lenient: SBN-evaluation-tool's strict and lenient graphs (with TOP)")
    p.add_argument("--lenient", action="store_true", help="the same as --triples lenient")
    p.add_argument("--soft", action="store_true",
                   help="soft Smatch: concepts match by Wu-Palmer similarity on WordNet taxonomy codes "
                        "(neural-symbolic-parsing's definition, quirks included, with pmb5 triples; without its "
                        "quirks with --triples corrected)")
    p.add_argument("--fine-grained", action="store_true",
                   help="also the PMB 5 fine-grained script's figures: No Roles, No Discourse, No Operators, No "
                        "Senses (its -d role|relation|operator|sense, each a mean of per-sentence F1) and its "
                        "label-set F-scores (names, negation, roles, members, concepts by part of speech, discourse)")
    p.add_argument("--csv", metavar="FILE",
                   help="write the corpus figures to FILE (one row per figure; with --fine-grained its figures too)")
    p.add_argument("--explain", action="store_true",
                   help="score with pmb5 and corrected triples and name, for each sentence where they differ, "
                        "the cause (reader, depth, name cut, graph)")
    p.add_argument("--per-doc", action="store_true", help="add one row per document")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--time-limit", type=positive_seconds, default=None, metavar="S",
                   help="opt-in wall-clock cap in seconds on each solver call (off by default: the exact search "
                        "stops on counted work, so the result does not depend on the machine's load); a document "
                        "it cuts is named, with the bound proven, and the signature names it (time:S)")
    add_per_doc_out_option(p)
    add_cluster_option(p)
    add_habit_options(p)
    p.set_defaults(func=run)


def _corpus(result: SmatchResult) -> dict:
    return {"signature": result.signature, "P": result.P, "R": result.R, "F": result.F,
            "mean_F": result.mean_F, "ill_formed": result.ill_formed,
            "documents_count": result.n_documents, "ill_formed_count": result.ill_formed_count,
            "optimal_count": result.optimal_documents, "gold_unreadable_count": result.gold_unreadable_count,
            "gold_unreadable": list(result.gold_unreadable)}


def document_json(d: SmatchDocument, comparison: SmatchComparison | None = None) -> dict:
    """One document's entry in the JSON (and in ``--per-doc-out``)."""
    return {"index": d.index, "P": d.P, "R": d.R, "F": d.F, "optimal": d.optimal, "matched": d.matched,
            "upper_bound": d.upper_bound, "F_upper_bound": d.F_upper_bound, "stopped": d.stopped,
            "pred_triples": d.pred_triples, "gold_triples": d.gold_triples, "ill_formed": d.ill_formed,
            "note": d.note, "gold_unreadable": d.gold_unreadable, "repairs": list(d.repairs),
            **({"cause": comparison.cause_of(d.index)} if comparison else {})}


def unproven_lines(result: SmatchResult) -> list[str]:
    """One line per document whose alignment is not proven optimal: what stopped it and its bound."""
    return [f"document {d.index}: not proven optimal ({d.stopped or 'search stopped'}): matched {d.matched}, "
            f"at most {d.upper_bound}; F {d.F:.4f}, at most {d.F_upper_bound:.4f}"
            for d in result.unproven]


def smatch_json(result: SmatchResult, per_doc: bool = False, comparison: SmatchComparison | None = None,
                fine: FineGrainedResult | None = None) -> dict:
    """The JSON of a result: corpus figures first, then (with per_doc) one entry per document; with a
    comparison, the corrected figures and the sentences where the two differ, with their causes; with
    ``fine``, the fine-grained figures (``fine_grained``)."""
    macro = {"P": result.mean_P, "R": result.mean_R, "F": result.mean_F}  # F: the PMB 5 figure
    data: dict = {**schema_head("smatch", result.signature, result.n_documents,
                                {"P": result.P, "R": result.R, "F": result.F}, macro, result.ill_formed),
                  **_corpus(result)}
    data["unproven"] = [{"index": d.index, "stopped": d.stopped, "matched": d.matched, "upper_bound": d.upper_bound,
                         "F": d.F, "F_upper_bound": d.F_upper_bound} for d in result.unproven]
    if fine is not None:
        data["fine_grained"] = fine.as_dict()
    if per_doc:
        data["documents"] = [document_json(d, comparison) for d in result.documents]
    if comparison:
        data["corrected"] = _corpus(comparison.corrected)
        data["differences"] = [{"index": d.index, "pmb5_F": d.pmb5_F, "corrected_F": d.corrected_F,
                                "causes": list(d.causes), "detail": d.detail} for d in comparison.differences]
    return data


def figure_table(result: SmatchResult, fine: FineGrainedResult | None = None) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the corpus figures (``--csv``): the two averages, then the fine-grained ones."""
    rows: list[list[object]] = [["micro (all triples)", result.P, result.R, result.F, result.ill_formed],
                                ["mean of per-sentence F1", None, None, result.mean_F, result.ill_formed]]
    if fine is not None:
        from ..sbn.fine_grained_scores import figure_rows

        rows += figure_rows(fine)
    return ["figure", "P", "R", "F", "ill-formed"], rows


def format_fine_grained(fine: FineGrainedResult) -> str:
    """The fine-grained figures: each rewrite's mean of per-sentence F1, then the label sets."""
    from ..sbn.fine_grained import FINE_GRAINED_TITLES

    rewrites = format_table(["fine-grained (PMB 5 script)", "mean F", "ill-formed", "micro F", "optimal"],
                            [[FINE_GRAINED_TITLES[d], r.mean_F, r.ill_formed, r.F, r.optimal_documents]
                             for d, r in fine.rewrites])
    labels = format_table(["label set", "matched", "pred", "gold", "P", "R", "F"],
                          [[s.label, s.matched, s.pred, s.gold, s.P, s.R, s.F] for s in fine.label_sets])
    return rewrites + "\n\n" + labels


def format_smatch(result: SmatchResult, per_doc: bool = False, comparison: SmatchComparison | None = None,
                  fine: FineGrainedResult | None = None) -> str:
    """The tables a person reads: corpus figures (both averages labelled), the fine-grained figures on
    request, then documents on request."""
    docs = result.documents
    optimal = result.optimal_documents
    lines = [result.signature,
             (f"documents: {result.n_documents} (ill-formed {result.ill_formed_count} = {result.ill_formed:.4f}; "
             f"alignment proven optimal for {optimal})"),
             format_table(["average", "P", "R", "F"], [
                 ["micro (all triples)", result.P, result.R, result.F],
                 ["mean of per-sentence F1 (PMB 5 papers)", None, None, result.mean_F]])]
    lines += unreadable_gold_lines(result)
    lines += unproven_lines(result)
    if comparison:
        lines += ["", format_explanation(comparison)]
    if fine is not None:
        lines += ["", format_fine_grained(fine)]
    if per_doc:
        rows = [[d.index, d.matched, d.pred_triples, d.gold_triples, d.P, d.R, d.F,
                 "yes" if d.optimal else f"no (at most {d.upper_bound}, {d.stopped})", d.ill_formed or d.note or ""]
                + ([comparison.cause_of(d.index)] if comparison else []) for d in docs]
        header = ["doc", "matched", "pred", "gold", "P", "R", "F", "optimal", "ill-formed"]
        lines += ["", format_table(header + (["cause"] if comparison else []), rows)]
    return "\n".join(lines)


def unreadable_gold_lines(result: SmatchResult) -> list[str]:
    """How many gold SBNs the PMB 5 script cannot read and which (their predictions score F 0 and are
    not counted as ill-formed, as in the script); nothing when it reads them all."""
    n = result.gold_unreadable_count
    if not n:
        return []
    listed = [f"  {where}" for where in result.gold_unreadable]
    more = [f"  ... and {n - len(listed)} more"] if n > len(listed) else []
    return [f"gold SBNs the PMB 5 script cannot read: {n} (their predictions score F 0, not counted as ill-formed)",
            *listed, *more]


def _side(args: argparse.Namespace, which: str) -> tuple[str, str]:
    """The text and name of one side (``pred`` or ``gold``): its file's, or standard input's for ``-``
    (read once: the command reads a side more than once, e.g. the gold for its errors)."""
    path = getattr(args, which)
    if str(path) != "-":
        return read_text(path), str(path)
    if getattr(args, "stdin_text", None) is None:
        from ..reading.decode import read_stdin_text

        args.stdin_text = read_stdin_text()
    return args.stdin_text, "<stdin>"


def _name(args: argparse.Namespace, which: str) -> str:
    """What messages call one side: its path, or ``<stdin>``."""
    path = str(getattr(args, which))
    return "<stdin>" if path == "-" else path


def _layout(text: str, source: str, fmt: str) -> str:
    """The SBN layout of a side's text (a clause file is an error: smatch scores SBN)."""
    chosen = resolve_format(text, source, fmt)
    if chosen == "clf":
        parse_sbn_text(text, source, "clf")
    return chosen


def _texts(args: argparse.Namespace, which: str) -> list[SbnText]:
    """One side's SBNs as text, unread (``reading.sbn_text.split_sbn_texts``): what the PMB 5 script reads."""
    text, source = _side(args, which)
    return split_sbn_texts(text, source, _layout(text, source, args.format))  # type: ignore[arg-type]


def _tolerant(args: argparse.Namespace, which: str) -> list:
    """One side read by dscorer's reader, repairing what the script repairs; an SbnError in place of
    each SBN it cannot read."""
    text, source = _side(args, which)
    return list(parse_sbn_tolerant(text, source, _layout(text, source, args.format), True))  # type: ignore[arg-type]


def _golds(args: argparse.Namespace) -> list[Sbn]:
    """The gold file read by dscorer's reader (repairing what the script repairs); an SbnError naming
    FILE:LINE:COL of every gold SBN it cannot read, with the script's reason where it refuses it too."""
    return checked_golds(_tolerant(args, "gold"), _name(args, "gold"))


def _preds(args: argparse.Namespace) -> list:
    return _tolerant(args, "pred")


def input_warnings(args: argparse.Namespace, result: SmatchResult | None = None) -> list[str]:
    """The warnings about the input a person should check: file names that look swapped and (with a
    result) gold SBNs the PMB 5 script cannot read, whose predictions then score F 0."""
    from ..swapped_sides import SwapSigns, suspicion

    pred_name, gold_name = _name(args, "pred"), _name(args, "gold")
    swapped = suspicion(SwapSigns(), pred_name, gold_name)
    lines = [swapped.warning_line()] if swapped is not None else []
    if result is not None and result.gold_unreadable_count:
        lines.append(f"{gold_name}: warning: the PMB 5 script cannot read {result.gold_unreadable_count} gold "
                     f"SBN(s) (first: {result.gold_unreadable[0]}); their predictions score F 0")
    return lines


def format_explanation(comparison: SmatchComparison) -> str:
    """Both figures side by side, how many sentences each cause moved, and those sentences."""
    a, b = comparison.pmb5, comparison.corrected
    counts = Counter(c for d in comparison.differences for c in d.causes)
    table = format_table(["triples", "mean F", "ill-formed", "micro F"], [
        ["pmb5 (the published figure)", a.mean_F, a.ill_formed, a.F],
        ["corrected", b.mean_F, b.ill_formed, b.F]])
    summary = (f"{len(comparison.differences)} sentence(s) differ: "
               + (", ".join(f"{cause} {n}" for cause, n in counts.most_common()) or "none"))
    rows = [[d.index, d.pmb5_F, d.corrected_F, ", ".join(d.causes), d.detail] for d in comparison.differences]
    return "\n".join([table, summary] + ([format_table(["doc", "pmb5 F", "corrected F", "cause", "detail"], rows)]
                                         if rows else []))


def run(args: argparse.Namespace) -> int:
    with collector_paused():  # a short process that builds no cycles: reading and scoring, unpaused
        return _run(args)


def _at_scale(args: argparse.Namespace, settings: SmatchSettings) -> SmatchResult:
    """``--cluster`` or ``--per-doc-out``: files of one SBN per line read as streams (the PMB 5 script's
    triples), batches scored on the cluster; other files read whole, then scored on it."""
    if args.explain:
        raise SettingsError("--explain scores twice and compares in memory: leave out --cluster and --per-doc-out")
    if "-" in (str(args.pred), str(args.gold)):
        raise SettingsError("--cluster and --per-doc-out read files as streams: give paths, not standard input (-)")
    refuse_overwriting("--per-doc-out", args.per_doc_out, args.pred, args.gold)
    from ..reading.chunks import stream_format

    streams = settings.chosen == "pmb5" and all(stream_format(f, args.format) == "sbn-lines"
                                                for f in (args.pred, args.gold))
    gold_problems = False
    with open_cli_runner(args) as runner, per_doc_lines(args.per_doc_out, document_json) as write:
        def seen(docs: Sequence[SmatchDocument]) -> None:
            nonlocal gold_problems
            gold_problems = gold_problems or any(d.gold_problems for d in docs)
            if write is not None:
                write(docs)

        if streams:
            from ..cluster.runs import smatch_files

            result = smatch_files(args.pred, args.gold, settings, runner, keep_documents=args.per_doc,
                                  on_documents=seen)
        elif settings.chosen in LINE_TRIPLES:
            result = scored(_texts(args, "pred"), _texts(args, "gold"), settings, _names(args), runner)
            seen(result.documents)
        else:
            result = scored(_preds(args), _golds(args), settings, _names(args), runner)
            seen(result.documents)
    if gold_problems and settings.chosen in LINE_TRIPLES:
        _golds(args)  # a gold SBN neither reader reads is an error (FILE:LINE:COL)
    return result


def _run(args: argparse.Namespace) -> int:
    if args.explain and args.soft:
        raise SettingsError("--explain names the causes of the hard figures' differences: leave out --soft")
    check_stdin_sides(args.pred, args.gold)
    if args.csv:
        refuse_overwriting("--csv", args.csv, args.pred, args.gold)
    refuse_warnings(args, input_warnings(args))  # --strict: stop before scoring when the names look swapped
    settings = SmatchSettings(lenient=args.lenient, time_limit=args.time_limit, triples=args.triples, soft=args.soft)
    pred_name, gold_name = _name(args, "pred"), _name(args, "gold")
    comparison = None
    if at_scale(args):
        result = _at_scale(args, settings)
    elif args.explain:
        from ..sbn.smatch_causes import compare_pmb5_corrected

        comparison = compare_pmb5_corrected(_preds(args), _golds(args), settings, pred_name, gold_name)
        result = comparison.pmb5
    elif settings.chosen in LINE_TRIPLES:  # the script's reader needs only the text of each SBN
        golds = _texts(args, "gold")
        result = scored(_texts(args, "pred"), golds, settings, (pred_name, gold_name))
        if any(d.gold_problems for d in result.documents):
            _golds(args)  # a gold SBN neither reader reads is an error (FILE:LINE:COL)
    else:
        result = scored(_preds(args), _golds(args), settings, (pred_name, gold_name))
    warnings = input_warnings(args, result)
    refuse_warnings(args, warnings)
    say(args, warnings)
    fine = _fine_grained(args) if args.fine_grained else None
    if args.csv:
        write_csv(args.csv, *figure_table(result, fine))
    if headline(args, result.mean_F):  # the PMB 5 figure, the one the signature stands for
        return 0
    if args.json:
        write_json(smatch_json(result, args.per_doc, comparison, fine))
        return 0
    print(format_smatch(result, args.per_doc, comparison, fine))
    return 0


def _names(args: argparse.Namespace) -> tuple[str, str]:
    return _name(args, "pred"), _name(args, "gold")


def scored(preds: Sequence[PredictedSbn], golds: Sequence[Sbn | SbnText], settings: SmatchSettings,
           names: tuple[str, str], runner: Runner | None = None) -> SmatchResult:
    """Smatch of the two sides through the one driver (``metrics.driver.metric_detail``, as ``dscorer.score``
    scores), with a progress bar; the metric's messages name the files as given (``names``: pred, gold)."""
    from ..metrics.driver import metric_detail
    from ..metrics.smatch_metric import SmatchMetric

    return cast(SmatchResult, metric_detail(SmatchMetric(settings, side_names=names), preds, golds,
                                            terminal_progress("Smatch"), runner or IN_PROCESS))


def _fine_grained(args: argparse.Namespace) -> FineGrainedResult:
    """The fine-grained figures of the two files (the PMB 5 fine-grained script reads each line itself)."""
    from ..sbn.fine_grained_scores import fine_grained_scores

    with open_cli_runner(args) as runner:
        return fine_grained_scores(_texts(args, "pred"), _texts(args, "gold"),
                                   args.time_limit, runner)
