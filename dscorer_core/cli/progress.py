"""A progress bar on stderr for long commands, drawn only when stderr is a terminal.

Piped or redirected output (``2>/dev/null``, a log file, a test's capture) gets nothing, so what
scripts read never changes; a person at a terminal sees ``label [#####     ] 341/682``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO

#: Width of the bar in characters, and the least time between two redraws (seconds).
BAR_WIDTH = 30
REDRAW_EVERY = 0.1


class TerminalProgress:
    """``progress(done, total)`` for the core's corpus functions: redraws one line on ``stream`` at
    most every REDRAW_EVERY seconds, and clears it when the work is done."""

    def __init__(self, label: str, stream: IO[str]):
        self.label, self.stream = label, stream
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < REDRAW_EVERY:
            return
        self.last = now
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        line = f"{self.label} [{'#' * filled}{' ' * (BAR_WIDTH - filled)}] {done}/{total}"
        if done >= total:  # finished: wipe the line, so the results start on a clean one
            if self.shown:
                self.stream.write("\r" + " " * len(line) + "\r")
                self.stream.flush()
            self.shown = False
            return
        self.stream.write("\r" + line)
        self.stream.flush()
        self.shown = True


def terminal_progress(label: str, stream: IO[str] | None = None) -> Callable[[int, int], None] | None:
    """A progress callback that draws on ``stream`` (stderr by default) when it is a terminal, else None."""
    stream = stream if stream is not None else sys.stderr
    isatty = getattr(stream, "isatty", None)
    if not (callable(isatty) and isatty()):
        return None
    return TerminalProgress(label, stream)
