"""The options every command that reads DRS files shares: ``--format``, ``--ill`` and ``--wf-check``."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..formats import FORMATS, read_drs_pair

if TYPE_CHECKING:
    from ..clauses import Drs
    from ..ill_formed import IllFormedReport

__all__ = ["add_format_option", "add_ill_option", "read_predictions", "print_report", "print_warning",
           "streams_clauses"]


def add_format_option(p: argparse.ArgumentParser) -> None:
    """Add ``--format auto|clf|sbn|sbn-lines`` (default auto: by extension, then by content)."""
    p.add_argument("--format", choices=FORMATS, default="auto",
                   help="notation of the input files: clf (clauses), sbn (multi-line SBN), sbn-lines "
                        "(one SBN per line); default auto: by extension (.clf, .sbn), then by content")


def add_ill_option(p: argparse.ArgumentParser) -> None:
    """Add ``--ill dummy|score|error`` (what to score for an ill-formed predicted DRS) and
    ``--wf-check auto|on|off`` (whether failing COUNTER's well-formedness check makes it ill-formed)."""
    from ..ill_formed import ILL_POLICIES, WF_MODES  # here: ``dscorer smatch`` never needs them

    p.add_argument("--ill", choices=ILL_POLICIES, default="dummy",
                   help="an ill-formed predicted DRS: 'dummy' (default, as official results) scores it as a "
                        "failed parse; 'score' scores the clauses as read (as the released DSCORER code); "
                        "'error' refuses the file (COUNTER's -ill)")
    p.add_argument("--wf-check", choices=WF_MODES, default="auto",
                   help="COUNTER's well-formedness check (its Referee and signature) on predicted DRSs: 'auto' "
                        "(default) when every gold DRS passes it (PMB 3.0.0 and later), 'on', 'off'; gold DRSs "
                        "that fail it are warnings")


def read_predictions(args: argparse.Namespace) -> tuple[list[Drs], list[Drs], IllFormedReport]:
    """The predicted and gold DRSs of a command, the ill-formed policy applied to the predicted
    side and reported on stderr (``FILE:LINE: DRS N is ill-formed: why``, the first 20); a gold
    file that looks like a parser's output (``swapped_sides``) is a warning on stderr."""
    lenient = args.ill != "error"  # 'error' reads strictly: every bad line of both files, as before
    from ..ill_formed import apply_ill_policy, check_gold
    from ..swapped_sides import suspect_swapped

    preds, golds = read_drs_pair(args.pred, args.gold, args.format, baseline=args.baseline, lenient_pred=lenient)
    swapped = suspect_swapped(preds, golds, str(args.pred), str(args.gold))
    if swapped is not None:
        print(swapped.warning_line(), file=sys.stderr)
    preds, report = apply_ill_policy(preds, args.ill, check_gold(golds, args.wf_check))
    print_report(report)
    return preds, golds, report


def print_warning(line: str) -> None:
    """A warning line on stderr."""
    print(line, file=sys.stderr)


def print_report(report: IllFormedReport) -> None:
    """The ill-formed DRSs of a report and the gold check's warnings, on stderr."""
    for line in report.lines():
        print(line, file=sys.stderr)


def streams_clauses(args: argparse.Namespace) -> bool:
    """Whether both files of a command are clause files, which ``--cluster`` and ``--per-doc-out`` read
    as streams (``chunked.py``); SBN files are read whole."""
    from ..chunked import stream_format

    return all(stream_format(path, args.format) == "clf" for path in (args.pred, args.gold))
