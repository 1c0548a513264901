"""The options every command that reads DRS files shares: ``--format``, ``--ill`` and ``--wf-check``."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..reading.detect import FORMATS
from ..reading.drs_files import read_drs_sides

if TYPE_CHECKING:
    from ..clauses import Drs
    from ..ill_formed import IllFormedReport
    from ..interface import PreparedPair


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
    """The predicted and gold DRSs of a command, paired and the ill-formed policy applied to the
    predicted side as the library's ``score`` does (``interface.prepare_pair``), reported on stderr
    (``FILE:LINE: DRS N is ill-formed: why``, the first 20); a gold file that looks like a parser's
    output (``swapped_sides``) is a warning on stderr."""
    pair = prepared_pair(args)
    assert pair.report is not None
    return list(pair.preds), list(pair.golds), pair.report


def prepared_pair(args: argparse.Namespace) -> PreparedPair:
    """The files of a command read (both before an error is raised; ``--ill error`` reads strictly;
    ``-`` is standard input) and prepared by ``interface.prepare_pair``; its warnings and ill-formed
    report on stderr (none under ``--quiet``; ``--strict`` makes the warnings an error)."""
    from ..interface import prepare_pair
    from .habits import check_stdin_sides, refuse_warnings, say

    check_stdin_sides(args.pred, args.gold)
    preds, golds = read_drs_sides(args.pred, args.gold, args.format, lenient_pred=args.ill != "error")
    names = tuple("<stdin>" if str(side) == "-" else str(side) for side in (args.pred, args.gold))
    pair = prepare_pair(preds, golds, ill=args.ill, wf_check=args.wf_check, baseline=args.baseline,
                        names=names)  # type: ignore[arg-type]
    gold_lines = pair.report.gold.lines() if pair.report is not None and pair.report.gold is not None else []
    refuse_warnings(args, [*pair.warnings, *gold_lines])
    say(args, pair.warnings)
    if pair.report is not None:
        say(args, pair.report.lines())
    return pair


def print_warning(line: str) -> None:
    """A warning line on stderr."""
    print(line, file=sys.stderr)


def print_report(report: IllFormedReport) -> None:
    """The ill-formed DRSs of a report and the gold check's warnings, on stderr."""
    for line in report.lines():
        print(line, file=sys.stderr)


def streams_clauses(args: argparse.Namespace) -> bool:
    """Whether both files of a command are clause files, which ``--cluster`` and ``--per-doc-out`` read
    as streams (``reading.chunks``); SBN files are read whole."""
    from ..reading.chunks import stream_format

    return all(stream_format(path, args.format) == "clf" for path in (args.pred, args.gold))
