"""Ill-formed predicted DRSs: what a parser's output holds that is not a well-formed clause, and
what to score in its place (docs/ill-formed.md).

The official COUNTER offers ``-ill error|dummy|spar|score`` and official results use ``dummy``:
an ill-formed DRS counts as a failed parse. dscorer's policies:

- ``dummy`` (default): the DRS is replaced by the official tool's dummy DRS, so all its gold
  clauses and k-grams are unmatched;
- ``score``: the clauses are scored as read, as the released DSCORER code does (it splits lines on
  white space, so a quoted box or a constant relation is just a token);
- ``error``: the file is refused, naming every bad line (exit status 2).

Nothing is dropped: the number of DRSs never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .clauses import Clause, ClfProblem, Drs
from .errors import ClfError

__all__ = ["ILL_POLICIES", "IllPolicy", "DUMMY_CLAUSES", "IllFormed", "IllFormedReport", "apply_ill_policy"]

IllPolicy = Literal["dummy", "score", "error"]
ILL_POLICIES: tuple[IllPolicy, ...] = ("dummy", "score", "error")
#: The official COUNTER's dummy DRS, a concept no gold DRS has, without its ``b1 REF x1``: COUNTER
#: drops that REF as redundant anyway, and without it no k-gram of the dummy can match either
#: (``B REF X`` would), so every gold clause and k-gram stays unmatched under both metrics.
DUMMY_CLAUSES = (("b1", "alwayswrongconcept", '"n.01"', "x1"),)
#: How many ill-formed DRSs a report lists before it only counts the rest.
REPORT_LINES = 20


@dataclass(frozen=True)
class IllFormed:
    """One ill-formed DRS: where it is and why."""

    index: int
    source: str
    line: int
    problems: tuple[ClfProblem, ...]

    @property
    def why(self) -> str:
        first = self.problems[0]
        more = f" (and {len(self.problems) - 1} more line(s))" if len(self.problems) > 1 else ""
        return f"line {first.line}: {first.message}{more}"

    def as_dict(self) -> dict[str, object]:
        return {"index": self.index, "line": self.line,
                "reasons": [f"line {p.line}: {p.message}" for p in self.problems]}


@dataclass(frozen=True)
class IllFormedReport:
    """The ill-formed DRSs of one predicted file and the policy applied to them."""

    policy: IllPolicy
    entries: tuple[IllFormed, ...]

    def lines(self, limit: int = REPORT_LINES) -> list[str]:
        """``FILE:LINE: DRS N is ill-formed: why`` for the first ``limit``, then a count."""
        shown = [f"{e.source}:{e.line}: DRS {e.index} is ill-formed: {e.why}" for e in self.entries[:limit]]
        if len(self.entries) > limit:
            shown.append(f"... and {len(self.entries) - limit} more ill-formed DRS(s)")
        return shown

    def as_dict(self) -> dict[str, object]:
        return {"policy": self.policy, "count": len(self.entries), "documents": [e.as_dict() for e in self.entries]}


def _dummy(drs: Drs) -> Drs:
    clauses = tuple(Clause(tokens, drs.line) for tokens in DUMMY_CLAUSES)
    return replace(drs, clauses=clauses, duplicates=(), problems=())


def apply_ill_policy(drss: Sequence[Drs], policy: IllPolicy) -> tuple[list[Drs], IllFormedReport]:
    """The DRSs to score under ``policy`` (as many as given) and the report of the ill-formed ones;
    ``error`` raises ClfError listing every bad line instead."""
    if policy not in ILL_POLICIES:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(ILL_POLICIES)}")
    entries = tuple(IllFormed(d.index, d.source, d.line, d.problems) for d in drss if d.problems)
    if entries and policy == "error":
        problems = [p for e in entries for p in e.problems]
        raise ClfError(entries[0].source, problems[:20], len(problems))
    if policy == "dummy":
        out = [_dummy(d) if d.problems else d for d in drss]
    else:
        out = [replace(d, problems=()) if d.problems else d for d in drss]
    return out, IllFormedReport(policy, entries)
