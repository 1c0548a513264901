"""The project's own errors, one tree under ``DscorerError``: what the user gave (an input file,
a setting, an output path) is wrong.  The command line reports these as the user's mistake
(exit 2, one paragraph) and anything else as a bug (exit 1).

``DscorerInputError`` (a file's content: they name the file, the line and the text),
``SettingsError`` (a setting: unknown preset, engine, order, policy...) and ``OutputError`` (a file
that cannot be written) all derive from ``ValueError`` as well, as before the tree had a root.
"""

from __future__ import annotations

from dataclasses import dataclass

#: How many characters of a bad line ``ClfError.brief`` quotes.
BRIEF_QUOTE_CHARS = 12


class DscorerError(Exception):
    """The root of the project's errors: something the user gave is wrong (exit status 2).

    Subclasses keep the arguments they were made with in ``_init_args`` so that an error
    pickles (it crosses process boundaries under ``--jobs``) and comes back equal.
    """

    _init_args: tuple[object, ...] = ()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), self._init_args or tuple(self.args))


class SettingsError(DscorerError, ValueError):
    """A setting that cannot be used (an unknown preset, engine or policy, an order below 1...);
    the message names the setting, the value given and what is allowed."""


class OutputError(DscorerError, ValueError):
    """A file the user asked for that cannot be written (``--csv`` onto an input file, a
    directory that does not exist)."""


class DscorerInputError(DscorerError, ValueError):
    """Base class of every error in what the user gave to read: a file's content, judgements."""


@dataclass(frozen=True)
class ClfProblem:
    """One bad line: its number (1-based, 0 for the whole file), what is wrong, its text,
    and (where it helps) the 1-based column of the offending token."""

    line: int
    message: str
    text: str = ""
    column: int | None = None

    def format(self, source: str, quote_chars: int | None = None) -> str:
        """``FILE:LINE:COL: message: 'text'``; ``quote_chars`` cuts the quoted text (a hosted app
        quotes only a few characters of a file that may not be a clause file)."""
        where = f"{source}:{self.line}" if self.line else source
        if self.line and self.column:
            where += f":{self.column}"
        text = self.text
        if quote_chars is not None and len(text) > quote_chars:
            text = text[:quote_chars] + "..." if quote_chars else ""
        return f"{where}: {self.message}" + (f": {text!r}" if text else "")


class ClfError(DscorerInputError):
    """A clause file that cannot be read; lists every bad line (up to a cap)."""

    def __init__(self, source: str, problems: list[ClfProblem], total: int | None = None):
        self._init_args = (source, list(problems), total)
        self.source = source
        self.problems = list(problems)
        self.total = total if total is not None else len(problems)
        super().__init__(self._message())

    def _message(self) -> str:
        lines = [p.format(self.source) for p in self.problems]
        rest = self.total - len(self.problems)
        if rest > 0:
            lines.append(f"... and {rest} more bad line(s) in {self.source}")
        if self.total > 1:
            lines.insert(0, f"{self.source}: {self.total} bad lines")
        return "\n".join(lines)

    @property
    def line(self) -> int:
        """The first bad line (0 for a problem with the whole file)."""
        return self.problems[0].line if self.problems else 0

    def brief(self, quote_chars: int = BRIEF_QUOTE_CHARS) -> str:
        """The first problem only, quoting at most ``quote_chars`` characters of its line, and how
        many bad lines there are: what a hosted app shows, so that a file which is not a clause
        file (a key, a password file) is never echoed back (docs/hosting.md)."""
        if not self.problems:
            return f"{self.source}: cannot be read"
        first = self.problems[0]
        quote = first.text[:quote_chars] + ("..." if len(first.text) > quote_chars else "")
        shown = ClfProblem(first.line, first.message, quote, first.column).format(self.source)
        return shown + (f" (and {self.total - 1} more bad line(s))" if self.total > 1 else "")


class ClfErrors(DscorerInputError):
    """Both files of a pair have bad lines: every file's ClfError, reported together."""

    def __init__(self, errors: list[ClfError]):
        self._init_args = (list(errors),)
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    @property
    def problems(self) -> list[ClfProblem]:
        return [p for e in self.errors for p in e.problems]


class DrsCountMismatch(DscorerInputError):
    """A predicted and a gold file that do not hold the same number of DRSs (``baseline``: a
    ``--baseline`` predicted file that does not hold exactly one)."""

    def __init__(self, pred: str, gold: str, pred_count: int, gold_count: int,
                 note: str | None = None, baseline: bool = False):
        self._init_args = (pred, gold, pred_count, gold_count, note, baseline)
        self.pred, self.gold = pred, gold
        self.pred_count, self.gold_count = pred_count, gold_count
        if baseline:  # the counts may well be equal: what is wrong is the predicted file's count
            msg = (f"{pred} holds {pred_count} DRS(s): --baseline needs a predicted file with exactly one DRS, "
                   f"which is compared with each of the {gold_count} DRS(s) of {gold}")
        else:
            msg = (f"{pred} holds {pred_count} DRS(s) but {gold} holds {gold_count}: "
                   "a predicted and a gold file must hold the same number")
        if note:
            msg += f"; {note}"
        super().__init__(msg)


class NoDrsError(DscorerInputError):
    """Files that hold no DRS at all (empty, or only comments and blank lines)."""

    def __init__(self, names: list[str], message: str | None = None):
        self._init_args = (list(names), message)
        self.names = list(names)
        listed = " and ".join(self.names)
        super().__init__(message or (
            f"{listed} hold{'s' if len(self.names) == 1 else ''} no DRS (empty, or only comments "
            "and blank lines): there is nothing to score"))


class NgramExplosion(DscorerInputError):
    """A graph whose number of k-grams would exceed the configured cap."""

    def __init__(self, where: str, order: int, bound: int, cap: int,
                 advice: str = "raise it with --max-ngrams, or lower --order"):
        self._init_args = (where, order, bound, cap, advice)
        self.where, self.order, self.bound, self.cap = where, order, bound, cap
        shown = f"up to {bound:,}" if bound < 10**15 else "more than 10^15"
        super().__init__(
            f"{where}: {shown} paths of length {order} or shorter could be enumerated at one length, "
            f"above the cap of {cap:,} ({advice})")


class CounterExplosion(DscorerInputError):
    """A DRS pair whose COUNTER problem would hold more candidate clause pairs than the cap."""

    def __init__(self, pred: str, gold: str, candidates: int, cap: int, bytes_each: int):
        self._init_args = (pred, gold, candidates, cap, bytes_each)
        self.pred, self.gold, self.candidates, self.cap = pred, gold, candidates, cap
        super().__init__(
            f"{pred} against {gold}: COUNTER would weigh up to {candidates:,} candidate clause pairs "
            f"(about {candidates * bytes_each / 2**30:.1f} GB), above the cap of {cap:,} "
            f"(about {cap * bytes_each / 2**30:.1f} GB), and no mapping read off the two DRSs proves the best "
            "(raise the cap with --max-candidates if you have the memory, or score the pair with DSCORER)")


class SbnError(ClfError):
    """An SBN (Simple Box Notation) file that cannot be read; lists every bad line like ClfError.
    ``raw``: for one predicted SBN read tolerantly, its text on one line (what the PMB 5 script reads)."""

    raw: str = ""


class JudgementError(DscorerInputError):
    """A human judgement file (or judgements) that cannot be used: every bad row as
    ``FILE:LINE: what`` (up to a cap), like ClfError; line 0 names the whole file."""

    def __init__(self, source: str, problems: list[ClfProblem], total: int | None = None):
        self._init_args = (source, list(problems), total)
        self.source = source
        self.problems = list(problems)
        self.total = total if total is not None else len(problems)
        lines = [p.format(source) for p in self.problems]
        if self.total > len(self.problems):
            lines.append(f"... and {self.total - len(self.problems)} more bad row(s) in {source}")
        if self.total > 1:
            lines.insert(0, f"{source}: {self.total} bad rows")
        super().__init__("\n".join(lines))

    @property
    def line(self) -> int:
        """The first bad line (0 for a problem with the whole file)."""
        return self.problems[0].line if self.problems else 0


class JudgementStoreError(DscorerInputError):
    """A judgement store (SQLite file) that cannot be opened, read or written."""

    def __init__(self, path: str, reason: str):
        self._init_args = (path, reason)
        self.path, self.reason = path, reason
        super().__init__(f"{path}: cannot use it as a judgement store: {reason}")
