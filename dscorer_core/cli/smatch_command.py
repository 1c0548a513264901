"""``dscorer smatch PRED GOLD``: Smatch on SBN files with exact alignments (PMB 5 conventions)."""

from __future__ import annotations

import argparse

from ..formats import read_sbn_file, read_sbn_file_tolerant
from ..sbn.smatch import SmatchResult, SmatchSettings, smatch_corpus
from .input_format import add_format_option
from .output import format_table, write_json

__all__ = ["format_smatch", "register", "run", "smatch_json"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("smatch", help="Smatch on SBN files (exact alignment, PMB 5 conventions)",
                       description="Smatch F of predicted against gold SBN, with the triples, top handling and "
                                   "hard scoring of the PMB 5 evaluation script, and an exact alignment. A "
                                   "predicted SBN that cannot be read is ill-formed (F 0); a gold one is an error.")
    p.add_argument("pred", help="predicted SBN file (multi-line blocks or one SBN per line)")
    p.add_argument("gold", help="gold SBN file")
    add_format_option(p)
    p.add_argument("--lenient", action="store_true", help="leave senses out (ud-boxer's lenient triples)")
    p.add_argument("--per-doc", action="store_true", help="add one row per document")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.add_argument("--time-limit", type=float, default=30.0, metavar="S",
                   help="seconds per solver call before a document keeps its best mapping unproven (default 30)")
    p.set_defaults(func=run)


def smatch_json(result: SmatchResult, per_doc: bool = False) -> dict:
    """The JSON of a result: corpus figures first, then (with per_doc) one entry per document."""
    data: dict = {"signature": result.signature, "P": result.P, "R": result.R, "F": result.F,
                  "mean_F": result.mean_F, "ill_formed": result.ill_formed,
                  "documents_count": len(result.documents), "ill_formed_count": result.ill_formed_count,
                  "optimal_count": sum(1 for d in result.documents if d.optimal)}
    if per_doc:
        data["documents"] = [
            {"index": d.index, "P": d.P, "R": d.R, "F": d.F, "optimal": d.optimal, "matched": d.matched,
             "pred_triples": d.pred_triples, "gold_triples": d.gold_triples, "ill_formed": d.ill_formed}
            for d in result.documents]
    return data


def format_smatch(result: SmatchResult, per_doc: bool = False) -> str:
    """The tables a person reads: corpus figures (both averages labelled), then documents on request."""
    docs = result.documents
    optimal = sum(1 for d in docs if d.optimal)
    lines = [result.signature,
             (f"documents: {len(docs)} (ill-formed {result.ill_formed_count} = {result.ill_formed:.4f}; "
             f"alignment proven optimal for {optimal})"),
             format_table(["average", "P", "R", "F"], [
                 ["micro (all triples)", result.P, result.R, result.F],
                 ["mean of per-sentence F1 (PMB 5 papers)", None, None, result.mean_F]])]
    if per_doc:
        rows = [[d.index, d.matched, d.pred_triples, d.gold_triples, d.P, d.R, d.F,
                 "yes" if d.optimal else "no", d.ill_formed or ""] for d in docs]
        lines += ["", format_table(["doc", "matched", "pred", "gold", "P", "R", "F", "optimal", "ill-formed"], rows)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    golds = read_sbn_file(args.gold, args.format)
    preds = read_sbn_file_tolerant(args.pred, args.format)
    result = smatch_corpus(preds, golds, SmatchSettings(lenient=args.lenient, time_limit=args.time_limit),  # type: ignore[arg-type]
                           str(args.pred), str(args.gold))
    if args.json:
        write_json(smatch_json(result, args.per_doc))
        return 0
    print(format_smatch(result, args.per_doc))
    return 0
