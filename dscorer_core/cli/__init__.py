"""The ``dscorer`` command line: one sub-command per module, errors as one paragraph and exit 2."""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import Sequence

from ..errors import DscorerInputError
from ..version import __version__
from . import counter_command, score_command

__all__ = ["main", "build_parser"]

#: Sub-command modules; each has ``register(subparsers)`` that sets ``func`` on its parser.
COMMANDS = [score_command, counter_command]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="dscorer", description="Compare Discourse Representation Structures: DSCORER and COUNTER scores.")
    parser.add_argument("--version", action="version", version=f"dscorer {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input or usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.func(args) or 0
    except (DscorerInputError, ValueError, OSError) as exc:
        if args.debug:
            traceback.print_exc()
        print(f"dscorer {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # pragma: no cover
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
