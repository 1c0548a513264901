"""How the app's server process runs its sessions' scripts: one interpreter lock shared by every
session's script thread and by the event loop that sends their messages."""

from __future__ import annotations

import sys

__all__ = ["SWITCH_INTERVAL", "share_the_interpreter"]

#: Seconds a thread may hold the interpreter lock while others wait for it (Python's default: 0.005).
#: A script run hands the lock to the event loop for every element it sends (about 120 on the pair
#: view), and each hand-back waits up to this long while another session's script computes: with ten
#: sessions that convoy, not the work, made a 0.05 s rerun take 0.9 s (docs/hosting.md, "Load test").
SWITCH_INTERVAL = 0.001


def share_the_interpreter() -> None:
    """Let a waiting thread have the interpreter lock after SWITCH_INTERVAL (every page calls this
    first; it only ever lowers the interval, so a server tuned lower keeps its own)."""
    if sys.getswitchinterval() > SWITCH_INTERVAL:
        sys.setswitchinterval(SWITCH_INTERVAL)
