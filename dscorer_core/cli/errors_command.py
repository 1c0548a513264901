"""``dscorer errors PRED GOLD``: what a parser gets wrong across a corpus (docs/errors.md)."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ..analysis import MIN_SUPPORT, ErrorAnalysis, analyse_errors, worst_labels
from ..ill_formed import signed
from .arg_types import non_negative_int, positive_int
from .counter_command import add_counter_options, counter_settings_from_args
from .input_format import add_format_option, add_ill_option, read_predictions
from .output import format_table, write_csv, write_json
from .scale_options import refuse_overwriting
from .score_command import add_dscorer_options, settings_from_args


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("errors", help="error analysis: per-label scores, confusions, structural errors, k-grams",
                       description="Per label (relation, operator, concept, concept by part of speech): "
                                   "predicted, gold and matched counts and P/R/F at COUNTER's clause level "
                                   "(optimal mapping) and at DSCORER's 1-gram level, worst F first, with the "
                                   "documents where the label is wrong; the labels the parser "
                                   "confuses under COUNTER's mapping; missing and extra boxes, box relations "
                                   "and scope errors; the k-grams most often missed and invented (a path and "
                                   "its reverse, ~, counted once).")
    p.add_argument("pred", help="predicted clause or SBN file")
    p.add_argument("gold", help="gold clause or SBN file")
    add_format_option(p)
    add_ill_option(p)
    p.add_argument("--top", type=non_negative_int, default=20, metavar="N",
                   help="rows of the label, confusion and k-gram lists (20)")
    p.add_argument("--min-support", type=non_negative_int, default=MIN_SUPPORT, metavar="N",
                   help=f"list a label among the worst only if it occurs at least N times, predicted plus gold "
                        f"({MIN_SUPPORT}; --csv and --json hold every label)")
    p.add_argument("--kgram-orders", type=positive_int, nargs="+", default=[1, 2, 3], metavar="K",
                   help="orders of the missed/invented k-gram lists (default 1 2 3)")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--csv", metavar="FILE", help="write the per-label table to FILE")
    add_dscorer_options(p)
    add_counter_options(p)
    p.set_defaults(func=run)


def label_table(analysis: ErrorAnalysis) -> tuple[list[str], list[list[object]]]:
    """Header and rows of the per-label table (the text output and --csv)."""
    header = ["level", "label", "kind", "pred", "gold", "matched", "P", "R", "F", "wrong_in"]
    rows: list[list[object]] = []
    for r in analysis.labels:
        p, rec, f = r.scores
        rows.append([r.level, r.label, r.kind, r.pred, r.gold, r.matched, p, rec, f, len(r.documents)])
    return header, rows


def format_errors(analysis: ErrorAnalysis, top: int, min_support: int = MIN_SUPPORT) -> str:
    """The text report: signatures, then the four tables (labels: the ``top`` worst of at least
    ``min_support`` occurrences, at the clause level)."""
    header, rows = label_table(analysis)
    worst = [rows[analysis.labels.index(r)] for r in worst_labels(analysis, "clause", min_support)[:top]]
    parts = list(analysis.signatures) + [f"documents: {analysis.n_documents}", "",
                                          f"labels with the lowest F (clause level, at least {min_support} "
                                          f"occurrences, top {top}; wrong_in: documents where the label is "
                                          "wrong; --csv for all):",
                                          format_table(header, worst) if worst else "(none)", "",
                                          "confusions under COUNTER's mapping:"]
    parts.append(format_table(["pred", "gold", "kind", "count", "documents"],
                              [[c.pred, c.gold, c.kind, c.count, " ".join(map(str, c.documents[:8]))]
                               for c in analysis.confusions]) if analysis.confusions else "(none)")
    parts += ["", "structural errors:"]
    parts.append(format_table(["error", "count", "documents"],
                              [[s.error, s.count, " ".join(map(str, s.documents[:8]))] for s in analysis.structure])
                 if analysis.structure else "(none)")
    for k in sorted({e.k for e in analysis.kgrams}):
        for side in ("missed", "invented"):
            chosen = [e for e in analysis.kgrams if e.k == k and e.side == side]
            parts += ["", f"{k}-grams most often {side}:",
                      format_table(["count", "k-gram", "documents"],
                                   [[e.count, e.text, " ".join(map(str, e.documents[:8]))] for e in chosen])]
    return "\n".join(line.rstrip() for line in "\n".join(parts).splitlines())


def run(args: argparse.Namespace) -> int:
    refuse_overwriting("--csv", args.csv, args.pred, args.gold)
    preds, golds, report = read_predictions(args)
    analysis = analyse_errors(preds, golds, counter=counter_settings_from_args(args),
                              dscorer=settings_from_args(args), orders=args.kgram_orders, top=args.top)
    analysis = replace(analysis, signatures=tuple(signed(s, [report]) for s in analysis.signatures))
    if args.csv:
        write_csv(args.csv, *label_table(analysis))
    if args.json:
        write_json(analysis.as_dict())
    else:
        print(format_errors(analysis, args.top, args.min_support))
    return 0
