"""The Unix habits every scoring command shares: ``-`` for standard input, ``-b``/``--score-only`` for
the one headline number, ``--quiet`` for no warnings and ``--strict`` for warnings that stop the run.

A warning is what a person should check but that does not stop scoring: files that look swapped,
gold DRSs that fail COUNTER's well-formedness check, the list of ill-formed predictions. ``--strict``
makes the first two an error (exit 2), as a pipeline that must not publish a doubtful figure wants.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import DscorerInputError, SettingsError


def add_habit_options(p: argparse.ArgumentParser) -> None:
    """Add ``-b/--score-only``, ``-q/--quiet`` and ``--strict``."""
    p.add_argument("-b", "--score-only", action="store_true",
                   help="print only the headline figure (the F the signature stands for), nothing else on stdout")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no warnings on stderr (swapped files, gold well-formedness, ill-formed predictions)")
    p.add_argument("--strict", action="store_true",
                   help="a warning about the input (files that look swapped, gold DRSs failing the well-formedness "
                        "check) is an error: exit 2")


def check_stdin_sides(*sides: str) -> None:
    """Standard input (``-``) can stand for one file only."""
    if sum(1 for side in sides if str(side) == "-") > 1:
        raise SettingsError("only one file can be read from standard input ('-')")


def refuse_warnings(args: argparse.Namespace, lines: Sequence[str]) -> None:
    """Under ``--strict``, a warning about the input is an error (exit 2) naming the first of them."""
    if getattr(args, "strict", False) and lines:
        more = f" (and {len(lines) - 1} more warning(s))" if len(lines) > 1 else ""
        raise DscorerInputError(f"{lines[0]}{more}; --strict makes warnings errors")


def say(args: argparse.Namespace, lines: Sequence[str]) -> None:
    """Warning lines on stderr, unless ``--quiet``."""
    if getattr(args, "quiet", False):
        return
    for line in lines:
        print(line, file=sys.stderr)


def headline(args: argparse.Namespace, figure: float) -> bool:
    """Under ``-b``, print the headline figure alone (4 decimals, as the tables) and say it was printed."""
    if not getattr(args, "score_only", False):
        return False
    print(f"{figure:.4f}")
    return True
