"""The ``dscorer`` command line: one sub-command per module; a user's error (``DscorerError``) as one
paragraph and exit 2, anything else as an internal error (a bug) and exit 1."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import traceback
from collections.abc import Sequence

from ..errors import DscorerError
from ..text_checks import ESCAPE_ERRORS
from ..version import __version__
from .process_memory import keep_freed_memory

__all__ = ["main", "build_parser"]

#: Sub-commands and their modules (in ``dscorer_core.cli``); each module has ``register(subparsers)``
#: that sets ``func`` on its parser.  Only the module of the command run is imported, so that
#: ``dscorer smatch`` does not load what ``dscorer agreement`` needs (scipy.stats: a second).
COMMANDS = {"score": "score_command", "counter": "counter_command", "compare": "compare_command",
            "smatch": "smatch_command", "errors": "errors_command", "agreement": "agreement_command",
            "report": "report_command", "app": "app_command"}

#: Environment the command line sets before any sub-command imports numpy, unless the user set it:
#: one OpenBLAS thread. dscorer does no large linear algebra, and OpenBLAS starting a thread per
#: core cost 0.05 to 0.08 s of CPU in every process that imports numpy (docs/benchmarks.md, "Start-up").
THREAD_DEFAULTS = {"OPENBLAS_NUM_THREADS": "1"}


def build_parser(only: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered (or only those named in ``only``)."""
    parser = argparse.ArgumentParser(
        prog="dscorer", description="Compare Discourse Representation Structures: DSCORER and COUNTER scores.")
    parser.add_argument("--version", action="version", version=f"dscorer {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in COMMANDS.items():
        if only is None or name in only:
            importlib.import_module(f"{__name__}.{module}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 ok; 2 bad input, settings or usage (a ``DscorerError`` or argparse: one message on stderr
    naming file and line, no traceback unless --debug); 1 an internal error (any other
    exception is a bug: one line, --debug shows the traceback); 130 interrupted.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    _escape_unencodable_output()
    for name, value in THREAD_DEFAULTS.items():
        os.environ.setdefault(name, value)
    keep_freed_memory()  # a short process: numpy's freed arrays are reused, not faulted in again
    command = next((a for a in argv if not a.startswith("-")), None)
    # ``--version`` alone needs no sub-command module (importing all six takes a second)
    only = [command] if command in COMMANDS else [] if command is None and "--version" in argv else None
    parser = build_parser(only)
    # --debug is accepted anywhere before a "--" (``dscorer score a b --debug`` too)
    end = argv.index("--") if "--" in argv else len(argv)
    debug = "--debug" in argv[:end]
    argv = [a for a in argv[:end] if a != "--debug"] + argv[end:]
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: usage errors (2), --help and --version (0)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    args.debug = args.debug or debug
    try:
        return args.func(args) or 0
    except BrokenPipeError:  # ``dscorer score ... | head``: the reader left, say nothing
        _silence_stdout()
        return 1
    except DscorerError as exc:
        if args.debug:
            traceback.print_exc()
        print(f"dscorer {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    except Exception as exc:  # a bug: still no traceback unless asked for
        if args.debug:
            traceback.print_exc()
        print(f"dscorer {args.command}: internal error ({type(exc).__name__}: {exc}); "
              "this is a bug: please report it with the output of --debug", file=sys.stderr)
        return 1


def _escape_unencodable_output() -> None:
    """A file name that is not UTF-8 reaches Python with surrogates (U+DC80..U+DCFF): printed, it is
    written as ``\\xNN`` instead of failing to encode (an internal error) or writing the raw byte."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot change
                reconfigure(errors=ESCAPE_ERRORS)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
