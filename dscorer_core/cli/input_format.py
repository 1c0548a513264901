"""The options every command that reads DRS files shares: ``--format`` and ``--ill``."""

from __future__ import annotations

import argparse
import sys

from ..clauses import Drs
from ..formats import FORMATS, read_drs_pair
from ..ill_formed import ILL_POLICIES, IllFormedReport, apply_ill_policy

__all__ = ["add_format_option", "add_ill_option", "read_predictions", "signed"]


def add_format_option(p: argparse.ArgumentParser) -> None:
    """Add ``--format auto|clf|sbn|sbn-lines`` (default auto: by extension, then by content)."""
    p.add_argument("--format", choices=FORMATS, default="auto",
                   help="notation of the input files: clf (clauses), sbn (multi-line SBN), sbn-lines "
                        "(one SBN per line); default auto: by extension (.clf, .sbn), then by content")


def add_ill_option(p: argparse.ArgumentParser) -> None:
    """Add ``--ill dummy|score|error``: what to score for an ill-formed predicted DRS."""
    p.add_argument("--ill", choices=ILL_POLICIES, default="dummy",
                   help="an ill-formed predicted DRS: 'dummy' (default, as official results) scores it as a "
                        "failed parse; 'score' scores the clauses as read (as the released DSCORER code); "
                        "'error' refuses the file (COUNTER's -ill)")


def read_predictions(args: argparse.Namespace) -> tuple[list[Drs], list[Drs], IllFormedReport]:
    """The predicted and gold DRSs of a command, the ill-formed policy applied to the predicted
    side and reported on stderr (``FILE:LINE: DRS N is ill-formed: why``, the first 20)."""
    lenient = args.ill != "error"  # 'error' reads strictly: every bad line of both files, as before
    preds, golds = read_drs_pair(args.pred, args.gold, args.format, baseline=args.baseline, lenient_pred=lenient)
    preds, report = apply_ill_policy(preds, args.ill)
    for line in report.lines():
        print(line, file=sys.stderr)
    return preds, golds, report


def signed(signature: str, report: IllFormedReport) -> str:
    """The signature with ``|ill:POLICY`` before the version when the policy changed what was scored."""
    if not report.entries:
        return signature
    head, sep, version = signature.rpartition("|version:")
    return f"{head}|ill:{report.policy}{sep}{version}" if sep else f"{signature}|ill:{report.policy}"
