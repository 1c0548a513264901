"""Ill-formed predicted DRSs: what a parser's output holds that is not a well-formed clause, and
what to score in its place (docs/ill-formed.md).

The official COUNTER offers ``-ill error|dummy|spar|score`` and official results use ``dummy``:
an ill-formed DRS counts as a failed parse. dscorer's policies:

- ``dummy`` (default): the DRS is replaced by the official tool's dummy DRS, so all its gold
  clauses and k-grams are unmatched;
- ``score``: the clauses are scored as read, as the released DSCORER code does (it splits lines on
  white space, so a quoted box or a constant relation is just a token);
- ``error``: the file is refused, naming every bad line (exit status 2).

A DRS is ill-formed when a line does not read as a clause, or when it fails the official
well-formedness check (``referee.check_drs``: COUNTER's Referee with its signature). That check
follows the signature of PMB 3.0.0 and later, which rejects some older gold annotations (PMB 2.x
writes ``b DRS b`` and three-place discourse relations). So ``check_gold`` runs it on the gold
file first: ``auto`` (default) applies it to predicted DRSs only when every gold DRS passes,
``on`` always, ``off`` never. Gold DRSs that fail it are warnings, never a refusal.

Nothing is dropped: the number of DRSs never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .clauses import Clause, ClfProblem, Drs
from .errors import ClfError, SettingsError
from .referee import check_drs
from .signature import Field, Signature, fields_of

IllPolicy = Literal["dummy", "score", "error"]
ILL_POLICIES: tuple[IllPolicy, ...] = ("dummy", "score", "error")
#: When predicted DRSs go through the well-formedness check (``check_gold``).
WfMode = Literal["auto", "on", "off"]
WF_MODES: tuple[WfMode, ...] = ("auto", "on", "off")
#: The official COUNTER's dummy DRS, a concept no gold DRS has, without its ``b1 REF x1``: COUNTER
#: drops that REF as redundant anyway, and without it no k-gram of the dummy can match either
#: (``B REF X`` would), so every gold clause and k-gram stays unmatched under both metrics.
DUMMY_CLAUSES = (("b1", "alwayswrongconcept", '"n.01"', "x1"),)
#: How many ill-formed DRSs a report lists before it only counts the rest.
REPORT_LINES = 20
#: How many failing gold DRSs a report lists (they are warnings; the JSON lists them all).
GOLD_REPORT_LINES = 5


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
class GoldCheck:
    """The well-formedness check run on a gold file: the gold DRSs that fail it (warnings) and
    whether predicted DRSs are checked (``active``) under ``mode``."""

    mode: WfMode
    active: bool
    warnings: tuple[IllFormed, ...] = ()

    def lines(self, limit: int = GOLD_REPORT_LINES) -> list[str]:
        """``FILE:LINE: warning: gold DRS N fails the well-formedness check: why`` for the first
        ``limit``; one summary line instead when the failures turned the check off (``auto``)."""
        if not self.warnings:
            return []
        if not self.active:
            first = self.warnings[0]
            return [f"{first.source}:{first.line}: warning: {len(self.warnings)} gold DRS(s) fail COUNTER's current "
                    f"well-formedness check (DRS {first.index}: {first.problems[0].message}): an older PMB signature, "
                    "so predicted DRSs are not checked either (--wf-check on checks them)"]
        shown = [f"{e.source}:{e.line}: warning: gold DRS {e.index} fails the well-formedness check: {e.why}"
                 for e in self.warnings[:limit]]
        if len(self.warnings) > limit:
            shown.append(f"... and {len(self.warnings) - limit} more gold DRS(s) failing the check")
        return shown

    def as_dict(self) -> dict[str, object]:
        return {"mode": self.mode, "predicted_checked": self.active, "gold_failing": len(self.warnings),
                "gold_documents": [e.as_dict() for e in self.warnings]}


@dataclass(frozen=True)
class IllFormedReport:
    """The ill-formed DRSs of one predicted file, the policy applied to them, and the gold check
    that decided whether the well-formedness check applied (None: lines that do not read only)."""

    policy: IllPolicy
    entries: tuple[IllFormed, ...]
    gold: GoldCheck | None = None

    def lines(self, limit: int = REPORT_LINES, with_gold: bool = True) -> list[str]:
        """``FILE:LINE: DRS N is ill-formed: why`` for the first ``limit``, then a count; the gold
        check's warnings after (``with_gold``)."""
        shown = [f"{e.source}:{e.line}: DRS {e.index} is ill-formed: {e.why}" for e in self.entries[:limit]]
        if len(self.entries) > limit:
            shown.append(f"... and {len(self.entries) - limit} more ill-formed DRS(s)")
        return shown + (self.gold.lines() if self.gold is not None and with_gold else [])

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"policy": self.policy, "count": len(self.entries),
                                   "documents": [e.as_dict() for e in self.entries]}
        if self.gold is not None:
            data["well_formedness"] = self.gold.as_dict()
        return data


def check_gold(golds: Sequence[Drs], mode: WfMode = "auto") -> GoldCheck:
    """Run the well-formedness check on the gold DRSs and decide whether predicted DRSs get it:
    ``auto`` when every gold DRS passes, ``on`` always, ``off`` never (then gold is not checked)."""
    if mode not in WF_MODES:
        raise SettingsError(f"unknown well-formedness mode {mode!r}; choose one of {', '.join(WF_MODES)}")
    if mode == "off":
        return GoldCheck(mode, False)
    warnings = tuple(IllFormed(d.index, d.source, d.line, found) for d in golds if (found := check_drs(d)))
    return GoldCheck(mode, mode == "on" or not warnings, warnings)


def _dummy(drs: Drs) -> Drs:
    clauses = tuple(Clause(tokens, drs.line) for tokens in DUMMY_CLAUSES)
    return replace(drs, clauses=clauses, duplicates=(), problems=())


def apply_ill_policy(drss: Sequence[Drs], policy: IllPolicy,
                     gold: GoldCheck | None = None) -> tuple[list[Drs], IllFormedReport]:
    """The DRSs to score under ``policy`` (as many as given) and the report of the ill-formed ones;
    ``error`` raises ClfError listing every bad line instead. A DRS is ill-formed when a line did
    not read (a lenient read keeps them in ``Drs.problems``) or, when ``gold`` says the check
    applies (``check_gold``), when it fails the well-formedness check."""
    if policy not in ILL_POLICIES:
        raise SettingsError(f"unknown policy {policy!r}; choose one of {', '.join(ILL_POLICIES)}")
    checked = gold is not None and gold.active
    found = [d.problems or (check_drs(d) if checked else ()) for d in drss]
    entries = tuple(IllFormed(d.index, d.source, d.line, why) for d, why in zip(drss, found) if why)
    if entries and policy == "error":
        problems = [p for e in entries for p in e.problems]
        raise ClfError(entries[0].source, problems[:20], len(problems))
    if policy == "dummy":
        out = [_dummy(d) if why else d for d, why in zip(drss, found)]
    else:
        out = [replace(d, problems=()) if d.problems else d for d in drss]
    return out, IllFormedReport(policy, entries, gold)


def extra_fields(reports: Sequence[IllFormedReport]) -> tuple[Field, ...]:
    """``ill:POLICY`` when a policy changed what was scored in any of ``reports``, and ``wf:off``
    when predicted DRSs were not put through the well-formedness check."""
    fields: list[Field] = [("ill", reports[0].policy)] if any(r.entries for r in reports) else []
    if any(r.gold is not None and not r.gold.active for r in reports):
        fields.append(("wf", "off"))
    return tuple(fields)


def signature_extras(reports: Sequence[IllFormedReport]) -> str:
    """``extra_fields`` as text: ``|ill:POLICY|wf:off`` (or a part of it, or nothing)."""
    return "".join(f"|{key}:{value}" for key, value in extra_fields(reports))


def with_extras(signature: str, extra: str | Sequence[Field]) -> str:
    """``signature`` with ``extra`` fields (``|ill:dummy``, or ``extra_fields``) put before its version
    field, so resampling fields stay last (``Signature.with_fields``)."""
    fields = fields_of(extra) if isinstance(extra, str) else tuple(extra)
    return Signature.parse(signature).with_fields(fields).text() if fields else signature


def signed(signature: str, reports: Sequence[IllFormedReport]) -> str:
    """A score's signature naming how the predicted files' ill-formed DRSs were handled."""
    return with_extras(signature, extra_fields(reports))
