"""What one click may cost in the app, in one place (docs/hosting.md, "What each page may cost").

A class shares one server: these bounds keep one user's request from starving the others.
The command line has no such bounds; the app says which limit a request met and how to go
past it (the CLI, or a local copy of the app).
"""

from __future__ import annotations

from collections.abc import Sequence

from dscorer_core import CounterSettings, Drs
from dscorer_core.errors import DscorerInputError

__all__ = ["MAX_ORDER", "MAX_SYSTEMS", "MAX_BOOTSTRAP", "MAX_AR", "MAX_RESTARTS",
           "COUNTER_MAX_CLAUSES", "MAX_PASTED_CHARS", "app_counter_settings", "check_pasted", "counter_refusal"]

#: Largest n-gram order n the settings offer.
MAX_ORDER = 8
#: System files on the compare page.
MAX_SYSTEMS = 8
#: Bootstrap samples and approximate-randomisation trials on the compare page.
MAX_BOOTSTRAP = 10_000
MAX_AR = 100_000
#: COUNTER's hill-climbing starts per document on the compare page.
MAX_RESTARTS = 100
#: COUNTER is not run on single DRSs larger than this in the pair and compare views.
COUNTER_MAX_CLAUSES = 300
#: Characters of a pasted DRS (the teaching view).
MAX_PASTED_CHARS = 20_000


def app_counter_settings(**changes: object) -> CounterSettings:
    """COUNTER settings of the app: the command line's defaults (or ``changes``). No clock: the search
    stops on counted work (``CounterSettings.work``) and a DRS over COUNTER_MAX_CLAUSES is not run, so
    the app gives the command line's figure and signature on an idle or a busy server."""
    return CounterSettings().replace(**changes)


def counter_refusal(*files: Sequence[Drs]) -> str | None:
    """Why COUNTER is not run on these files in the app (the first DRS of more than
    COUNTER_MAX_CLAUSES clauses: its file, index, line and size), or None."""
    for drss in files:
        for drs in drss:
            if len(drs.clauses) > COUNTER_MAX_CLAUSES:
                return (f"COUNTER is not run on these files here: {drs.source}, DRS {drs.index} (line {drs.line}) "
                        f"has {len(drs.clauses):,} clauses, above the app's limit of {COUNTER_MAX_CLAUSES} per DRS "
                        "(score them with the command line, `dscorer counter`, or a local copy of the app)")
    return None


def check_pasted(text: str) -> str:
    """The pasted text, or DscorerInputError naming the limit when it is longer than MAX_PASTED_CHARS."""
    if len(text) > MAX_PASTED_CHARS:
        raise DscorerInputError(f"the pasted text has {len(text):,} characters; the app takes at most "
                                f"{MAX_PASTED_CHARS:,} here (score longer files with the command line, "
                                "`dscorer score`, or load them as files)")
    return text
