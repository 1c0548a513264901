"""``dscorer agreement JUDGEMENTS.csv GOLD SYSTEM...``: each metric against human judgements
(docs/judgements.md)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from ..errors import DscorerInputError
from ..ill_formed import signature_extras, with_extras
from ..judgements.csv_io import read_judgements_csv, validate
from ..judgements.model import Judgement
from ..metrics.registry import metric_names
from ..sbn.smatch import SMATCH_VARIANTS
from ..stats.human_agreement import (
    AnnotatorPair,
    MetricAgreement,
    agreement_signature,
    agreement_with_people,
    annotator_agreement,
    metric_scores,
    metric_variants,
    scored_metrics,
)
from .arg_types import non_negative_int, positive_int
from .compare_command import read_systems
from .input_format import add_format_option, add_ill_option
from .output import format_table, write_json

#: The presets every run compares.
PRESETS = ("released", "typed")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "agreement", help="how well each metric agrees with human judgements (AUC, pairwise accuracy, tau)",
        description="Score every SYSTEM against GOLD with COUNTER and DSCORER (combined and per order, "
                    "released and typed presets), and Smatch where the files are SBN, and compare each metric "
                    "with the human judgements in "
                    "JUDGEMENTS.csv (header document,system,judgement,rationale,annotator): ROC AUC of "
                    "acceptable against unacceptable parses with a bootstrap interval, pairwise accuracy "
                    "and Kendall's tau against preferences (A, B, same), and Cohen's kappa between annotators. "
                    "A system is named by its file's name without extension.")
    p.add_argument("judgements", metavar="JUDGEMENTS.csv", help="judgement CSV file")
    p.add_argument("gold", metavar="GOLD", help="gold clause or SBN file")
    p.add_argument("systems", nargs="+", metavar="SYSTEM", help="system files, aligned with GOLD")
    add_format_option(p)
    add_ill_option(p)
    p.add_argument("--metric", nargs="+", choices=metric_names(), default=None, metavar="METRIC",
                   help=f"the metrics to set beside people ({', '.join(metric_names())}); default counter and "
                        "dscorer, and smatch where every file is SBN")
    p.add_argument("--smatch", nargs="+", choices=tuple(SMATCH_VARIANTS), default=["pmb5"], metavar="VARIANT",
                   help="the Smatch variants to set beside people where the files are SBN (default pmb5, the PMB 5 "
                        f"figure; also {', '.join(v for v in SMATCH_VARIANTS if v != 'pmb5')}): each is a row "
                        "smatch:VARIANT, so the one that agrees best with people can be read off")
    p.add_argument("-n", "--order", type=positive_int, default=4, metavar="N",
                   help="DSCORER's highest order (default 4)")
    p.add_argument("--samples", type=non_negative_int, default=1000, metavar="B",
                   help="bootstrap samples of the AUC interval (default 1000; 0: no interval)")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap (default 0)")
    p.add_argument("--no-wordnet", action="store_true",
                   help="compare concepts as written, not by their WordNet synset's name (COUNTER) or "
                        "sense (DSCORER's released preset)")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.set_defaults(func=run)


def system_name(path: str) -> str:
    """A system's name in a judgement file: its file's name without the (last) extension."""
    name = os.path.basename(path)
    stem, _ = os.path.splitext(name)
    return stem or name


def _names(paths: Sequence[str]) -> list[str]:
    names = [system_name(p) for p in paths]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise DscorerInputError(f"{paths[names.index(name)]} and {paths[i]} are both named {name!r}: "
                                    "the judgement file names systems by file name without extension, "
                                    "so every SYSTEM needs a different one")
    return names


class _Missing:
    """A figure that does not apply: printed as ``-``, right-aligned like a number."""

    def __str__(self) -> str:
        return "-"


def _cell(value: float | None) -> object:
    return _Missing() if value is None else value


def format_agreement(rows: Sequence[MetricAgreement], pairs: Sequence[AnnotatorPair], level: float = 0.95) -> str:
    """The metric table, then the annotator table (if two annotators share items)."""
    header = ["metric", "AUC", f"{level:.0%} low", f"{level:.0%} high", "pairwise acc", "Kendall tau",
              "n accept", "n pref"]
    table = format_table(header, [[r.metric, _cell(r.auc), _cell(r.auc_low), _cell(r.auc_high),
                                   _cell(r.pairwise_accuracy), _cell(r.kendall_tau), r.n_acceptability,
                                   r.n_preference] for r in rows])
    parts = [table]
    if pairs:
        parts += ["", "annotators (items both judged):",
                  format_table(["first", "second", "kind", "n", "observed", "kappa"],
                               [[p.first, p.second, p.kind, p.n, p.observed, _cell(p.kappa)] for p in pairs])]
    return "\n".join(line.rstrip() for line in "\n".join(parts).splitlines())


def _read_systems(args: argparse.Namespace, names: Sequence[str]) -> tuple[list, dict, str]:
    """GOLD, every system's aligned DRSs by its name (ill-formed ones under ``--ill`` and
    ``--wf-check``, as ``compare`` reads them), and what the signatures add for them."""
    golds, systems, reports = read_systems(args.gold, args.systems, False, args.format, args.ill, args.wf_check)
    return golds, {name: list(s.preds) for name, s in zip(names, systems)}, signature_extras(reports)


def run(args: argparse.Namespace) -> int:
    if args.samples < 0:
        raise DscorerInputError("--samples cannot be negative")
    if args.order < 1:
        raise DscorerInputError("-n must be at least 1")
    judgements: tuple[Judgement, ...] = read_judgements_csv(args.judgements)
    if not judgements:
        raise DscorerInputError(f"{args.judgements}: holds a header but no judgements: there is nothing to compare")
    names = _names(args.systems)
    golds, systems, extra = _read_systems(args, names)
    validate(judgements, len(golds), names, args.judgements)
    chosen = scored_metrics(golds, systems, args.metric)
    scores = metric_scores(golds, systems, n=args.order, presets=PRESETS, wordnet=not args.no_wordnet, metrics=chosen,
                           smatch=args.smatch)
    rows = agreement_with_people(judgements, scores, samples=args.samples, seed=args.seed, source=args.judgements)
    pairs = annotator_agreement(judgements)
    signatures = [agreement_signature(args.samples, args.seed),
                  *(with_extras(m.get_signature().text(), extra) if m.scores_clauses else m.get_signature().text()
                    for _, m in metric_variants(args.order, PRESETS, not args.no_wordnet, chosen, args.smatch))]
    if args.json:
        write_json({"signature": signatures[0], "metric_signatures": signatures[1:],
                    "judgements": args.judgements, "gold": args.gold, "n_documents": len(golds),
                    "systems": [{"name": n, "path": p} for n, p in zip(names, args.systems)],
                    "samples": args.samples, "seed": args.seed,
                    "metrics": {r.metric: {k: v for k, v in r.as_dict().items() if k != "metric"} for r in rows},
                    "annotators": [p.as_dict() for p in pairs]})
        return 0
    annotators = sorted({j.annotator for j in judgements})
    n_accept = sum(j.kind == "acceptability" for j in judgements)
    print("\n".join(signatures))
    print(f"judgements: {n_accept} acceptability, {len(judgements) - n_accept} preference, by "
          f"{len(annotators)} annotator(s); {len(golds)} documents; systems: {', '.join(names)}")
    print()
    print(format_agreement(rows, pairs))
    return 0
