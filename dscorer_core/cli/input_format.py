"""The ``--format`` option every command that reads DRS files shares."""

from __future__ import annotations

import argparse

from ..formats import FORMATS

__all__ = ["add_format_option"]


def add_format_option(p: argparse.ArgumentParser) -> None:
    """Add ``--format auto|clf|sbn|sbn-lines`` (default auto: by extension, then by content)."""
    p.add_argument("--format", choices=FORMATS, default="auto",
                   help="notation of the input files: clf (clauses), sbn (multi-line SBN), sbn-lines "
                        "(one SBN per line); default auto: by extension (.clf, .sbn), then by content")
