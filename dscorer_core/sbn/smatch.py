"""Smatch over SBN graphs with exact alignments: per-document P/R/F, mean of per-sentence F1, micro F.

``pmb5`` (the default) scores the triples of the PMB 5 evaluation script (``sbn_smatch.py`` with
smatch 1.0.4's ``amr.py``, ``remove_top``), quirks included (``pmb5_triples.py``): its reader's
verdicts (what it refuses is ill-formed, F 0, with the script's message), concepts that carry
their depth, names cut at their first space, Smatch's comparison (lower case, final ``_``
stripped) and its way of counting duplicated triples.  Only the search differs: the alignment is
exact (``alignment.py``), not hill climbing, so a sentence's F is at least the script's.
``corrected`` scores the same graph without those bugs (dscorer's reader made strict by
``strict.py``, ``graph.py``, ``triples.py``); ``lenient`` is ``corrected`` without senses (ud-boxer's lenient encoding).
The papers report the mean of the per-sentence F1 (ill-formed ones counted as 0) and the
ill-formed ("ERR") rate; micro F (matched triples over the whole corpus) is given too.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from ..align.budget import WorkLimits
from ..batches import BatchPlan, run_batches
from ..errors import ClfProblem, DrsCountMismatch, NoDrsError, SbnError, SettingsError
from ..formula import prf_scalar
from ..notebook_methods import NotebookResult
from ..reading.sbn_text import MAX_PROBLEMS, SbnText, parse_sbn_line
from ..runner import IN_PROCESS, Runner, chunk_ranges
from ..setting_checks import check_choice, check_flag, check_seconds
from ..signature import Signature
from .alignment import SMATCH_WORK, Normalise, align_many
from .amr_line import smatch_normalise
from .fine_grained import FINE_GRAINED, FineGrained, fine_grained_reading
from .graph import build_graph
from .model import Sbn
from .pmb5_script import script_refusal
from .pmb5_triples import pmb5_reading
from .sbne import sbne_lenient_reading, top_triple
from .strict import strict_problems
from .triples import Triple, TripleStyle, graph_triples, normalise_value

#: ``pmb5``: the PMB 5 script's triples, quirks included (the published figures); ``corrected``:
#: the same graph without the script's bugs; ``lenient``: ``corrected`` without senses.
#: ``sbne-strict`` and ``sbne-lenient``: SBN-evaluation-tool's strict and lenient graphs (``sbne.py``).
SmatchTriples = Literal["pmb5", "corrected", "lenient", "sbne-strict", "sbne-lenient"]
SMATCH_TRIPLES: tuple[SmatchTriples, ...] = ("pmb5", "corrected", "lenient", "sbne-strict", "sbne-lenient")

#: The triples read from each SBN's line by a script's own reader (the others by dscorer's reader).
LINE_TRIPLES: tuple[SmatchTriples, ...] = ("pmb5", "sbne-lenient")


#: How an SBN the PMB 5 script refuses is reported (followed by the script's own message).
REFUSED = "the PMB 5 script refuses it"
#: What the corrected reader adds to its reason where the PMB 5 script refuses the SBN too.
ALSO_REFUSED = "the PMB 5 script refuses it too"
#: How many unreadable gold SBNs a result lists (it counts them all).
MAX_LISTED = 20

#: The triples soft Smatch grades (the others have no synset concepts to grade).
SOFT_TRIPLES: tuple[SmatchTriples, ...] = ("pmb5", "corrected")


@dataclass(frozen=True)
class SmatchSettings:
    """Which triples, and the exact search's limits.  ``lenient=True`` is short for ``triples="lenient"``;
    ``collapse_whitespace`` and ``whole_values`` switch single quirks of ``pmb5`` off (for ``explain``).
    ``work``: the counted limits of one document's search (``align.WorkLimits``; the same result on
    every machine, named in the signature); ``time_limit``: an opt-in wall-clock cap in seconds on each
    solver call (None, the default: none); a document it cuts is named, with its bound."""

    lenient: bool = False
    time_limit: float | None = None
    triples: SmatchTriples = "pmb5"
    collapse_whitespace: bool = False
    whole_values: bool = False
    #: Soft Smatch (``soft.py``): concepts match by Wu-Palmer similarity; with ``pmb5`` triples the
    #: authors' definition, quirks included, with ``corrected`` the definition without them.
    soft: bool = False
    #: A rewrite of the PMB 5 fine-grained script (``fine_grained.py``: ``role``, ``relation``,
    #: ``operator``, ``sense``), on its own Penman string; with ``pmb5`` triples only.
    rewrite: FineGrained | None = None
    work: WorkLimits = SMATCH_WORK

    def __post_init__(self) -> None:
        check_choice("Smatch triples", self.triples, SMATCH_TRIPLES)
        if self.time_limit is not None:
            check_seconds("time_limit", self.time_limit)
        for name in ("lenient", "collapse_whitespace", "whole_values", "soft"):
            check_flag(name, getattr(self, name))
        if self.soft and self.chosen not in SOFT_TRIPLES:
            raise SettingsError(f"soft Smatch grades concepts: use it with --triples {' or '.join(SOFT_TRIPLES)}, "
                                f"not {self.chosen}")
        if self.rewrite is not None and (self.chosen != "pmb5" or self.soft):
            raise SettingsError("the fine-grained rewrites are the PMB 5 fine-grained script's: hard Smatch with "
                                "--triples pmb5")
        if self.rewrite is not None and self.rewrite not in FINE_GRAINED:
            raise SettingsError(f"a fine-grained rewrite is one of {', '.join(FINE_GRAINED)}, not {self.rewrite!r}")

    @property
    def chosen(self) -> SmatchTriples:
        return "lenient" if self.lenient else self.triples

    @property
    def style(self) -> TripleStyle:
        return "lenient" if self.chosen == "lenient" else "corrected"


@dataclass(frozen=True, repr=False)
class SmatchDocument(NotebookResult):
    """One document pair: matched, predicted and gold triples, P/R/F, whether the alignment is proven
    best, why the prediction is ill-formed (None when it is not), and why a well-formed pair scores 0
    (``note``: the script cannot read the gold SBN, or ``amr.py`` cannot parse a Penman string), which
    gold SBN the script cannot read, what the corrected reader repaired.
    ``upper_bound``: no alignment matches more triples (``matched`` when proven optimal; None where
    nothing was aligned); ``stopped``: what cut an unproven search (``work limit`` or ``time limit``)."""

    index: int
    matched: float  # a whole number of triples, except under soft Smatch
    pred_triples: int
    gold_triples: int
    P: float
    R: float
    F: float
    optimal: bool
    method: str
    ill_formed: str | None = None
    gold_problems: tuple[str, ...] = ()
    note: str | None = None
    #: ``FILE:LINE: why`` when the PMB 5 script cannot read the gold SBN (``pmb5``: F 0, not ill-formed).
    gold_unreadable: str | None = None
    #: What the corrected reader left out of either SBN, as the script does (``FILE:LINE:COL: what``).
    repairs: tuple[str, ...] = ()
    upper_bound: float | None = None
    stopped: str | None = None

    @property
    def F_upper_bound(self) -> float:
        """The F this document would have at its ``upper_bound`` (its F when proven optimal)."""
        if self.upper_bound is None or self.upper_bound == self.matched:
            return self.F
        return prf_scalar(self.upper_bound, self.pred_triples, self.gold_triples)[2]

@dataclass(frozen=True, repr=False)
class SmatchResult(NotebookResult):
    """Corpus figures: micro P/R/F over all triples, the mean of per-sentence F1, the ill-formed rate."""

    documents: tuple[SmatchDocument, ...]
    P: float
    R: float
    F: float
    mean_F: float
    ill_formed: float
    signature: str
    #: How many documents, ill-formed ones and ones with an alignment proven optimal, when
    #: ``documents`` was not kept (a streamed corpus: ``SmatchTotals``).
    count: int | None = None
    ill_count: int | None = None
    optimal_count: int | None = None
    #: The gold SBNs the PMB 5 script cannot read (``FILE:LINE: why``, the first MAX_LISTED) and how many
    #: there are: their predictions score F 0 and are not counted as ill-formed, as in the script.
    gold_unreadable: tuple[str, ...] = ()
    gold_unreadable_count: int = 0
    #: The mean of per-sentence precision and recall (kept or streamed; ``mean_F`` is the F's).
    mean_P: float | None = None
    mean_R: float | None = None
    #: The documents whose alignment is not proven optimal (each with its bound and ``stopped``), kept
    #: even when ``documents`` is not.
    unproven: tuple[SmatchDocument, ...] = ()

    @property
    def n_documents(self) -> int:
        """How many documents the figures cover (kept in ``documents`` or not)."""
        return len(self.documents) if self.count is None else self.count

    @property
    def ill_formed_count(self) -> int:
        return sum(1 for d in self.documents if d.ill_formed) if self.ill_count is None else self.ill_count

    @property
    def optimal_documents(self) -> int:
        """How many documents have an alignment proven optimal."""
        return sum(1 for d in self.documents if d.optimal) if self.optimal_count is None else self.optimal_count

    @property
    def all_optimal(self) -> bool:
        return all(d.optimal for d in self.documents)

#: Named Smatch variants (``dscorer agreement --smatch NAME ...``): the triples, soft Smatch with and without
#: its authors' quirks, SBN-evaluation-tool's figures and the PMB 5 fine-grained script's rewrites.
SMATCH_VARIANTS: dict[str, SmatchSettings] = {
    "pmb5": SmatchSettings(), "corrected": SmatchSettings(triples="corrected"),
    "lenient": SmatchSettings(triples="lenient"), "soft": SmatchSettings(soft=True),
    "soft-corrected": SmatchSettings(triples="corrected", soft=True),
    "sbne-strict": SmatchSettings(triples="sbne-strict"), "sbne-lenient": SmatchSettings(triples="sbne-lenient"),
    "no-roles": SmatchSettings(rewrite="role"), "no-discourse": SmatchSettings(rewrite="relation"),
    "no-operators": SmatchSettings(rewrite="operator"), "no-senses": SmatchSettings(rewrite="sense"),
}


def smatch_signature_value(settings: SmatchSettings) -> Signature:
    """The reproducibility signature: metric, format, exact search, hard scoring, triples (and the
    quirks of ``pmb5`` switched off, for ``explain``), the search's work limits, an opt-in time limit, version."""
    triples: str = settings.chosen
    if triples == "pmb5" and (settings.collapse_whitespace or settings.whole_values):
        triples += "-" + "-".join(q for q, on in (("flat", settings.collapse_whitespace),
                                                  ("whole-names", settings.whole_values)) if on)
    time: tuple[tuple[str, str | None], ...] = (
        () if settings.time_limit is None else (("time", f"{settings.time_limit:g}"),))
    fields: tuple[tuple[str, str | None], ...] = (("sbn", None), ("exact", None),
                                                  ("soft" if settings.soft else "hard", None), ("triples", triples))
    if settings.rewrite is not None:
        fields += (("rewrite", settings.rewrite),)
    return Signature("smatch", (*fields, ("work", settings.work.text()), *time))


def smatch_signature(settings: SmatchSettings) -> str:
    """``smatch|sbn|exact|hard|triples:pmb5|work:bnb4000-moves1000000-lp500-mip20000|version:0.1.0``:
    ``smatch_signature_value``'s text."""
    return smatch_signature_value(settings).text()


@dataclass(frozen=True)
class _Side:
    """One SBN ready to score: its triples, why it is ill-formed, why it scores 0, its graph's problems."""

    triples: tuple[Triple, ...] = ()
    ill_formed: str | None = None
    note: str | None = None
    problems: tuple[str, ...] = ()
    unreadable: str | None = None  # the PMB 5 script cannot read this SBN (FILE:LINE: why)
    repairs: tuple[str, ...] = ()


#: A predicted SBN: read (``Sbn``), unreadable (``SbnError``), or only split off its file (``SbnText``,
#: enough for the PMB 5 script's reader; the corrected triples read it as one line).
PredictedSbn = Sbn | SbnError | SbnText


def _raw(sbn: PredictedSbn) -> str:
    return sbn.one_line() if isinstance(sbn, Sbn) else sbn.raw


def _prepared(sbn: PredictedSbn, settings: SmatchSettings, side: str) -> _Side:
    if settings.chosen in LINE_TRIPLES:
        if settings.rewrite is not None:
            reading = fine_grained_reading(_raw(sbn), settings.rewrite)
            refused, tool = REFUSED, "the PMB 5 script"
        elif settings.chosen == "pmb5":
            reading = pmb5_reading(_raw(sbn), settings.collapse_whitespace, settings.whole_values, settings.soft)
            refused, tool = REFUSED, "the PMB 5 script"
        else:
            reading = sbne_lenient_reading(_raw(sbn))
            refused, tool = "SBN-evaluation-tool refuses it", "SBN-evaluation-tool"
        if reading.refusal is not None:
            where = f"{sbn.source}:{sbn.line}"
            return _Side(ill_formed=f"{where}: {refused}: {reading.refusal}",
                         note=f"{where}: {tool} cannot read the {side} SBN: {reading.refusal}",
                         problems=(f"{where}: {refused}: {reading.refusal}",),
                         unreadable=f"{where}: {reading.refusal}")
        return _Side(reading.triples, note=reading.failure)
    if isinstance(sbn, SbnText):
        sbn = parse_sbn_line(sbn.raw, sbn.source, sbn.line, repair=True, column=sbn.column) if sbn.raw else _empty(sbn)
        if side == "gold" and isinstance(sbn, SbnError):
            raise with_script_reasons(sbn)
    if isinstance(sbn, SbnError):
        return _Side(ill_formed=str(with_script_reasons(sbn)))
    graph = build_graph(sbn)
    problems = strict_problems(sbn) + graph.problems
    ill = "; ".join(problems) or None
    if ill is not None and (reason := script_refusal(sbn.one_line())) is not None:
        ill += f"; {ALSO_REFUSED}: {reason}"
    triples = graph_triples(graph, settings.style)
    if settings.chosen == "sbne-strict" and triples:
        triples += (top_triple("b0"),)
    return _Side(triples, ill, None, problems, repairs=sbn.repairs)


def with_script_reasons(error: SbnError) -> SbnError:
    """An SbnError of one SBN (its ``raw`` set) with the PMB 5 script's reason added where the script
    refuses that SBN too (item by item, the script's words after dscorer's)."""
    reason = script_refusal(error.raw)
    if reason is None:
        return error
    problems = [ClfProblem(p.line, f"{p.message} ({ALSO_REFUSED}: {reason})", p.text, p.column)
                for p in error.problems]
    out = SbnError(error.source, problems, error.total)
    out.raw = error.raw
    return out


def checked_golds(found: Sequence[Sbn | SbnError], source: str) -> list[Sbn]:
    """Gold SBNs read tolerantly, or one SbnError naming every gold SBN dscorer's reader cannot read
    (``FILE:LINE:COL``, with the PMB 5 script's reason where it refuses it too)."""
    bad = [p for e in found if isinstance(e, SbnError) for p in with_script_reasons(e).problems]
    if bad:
        raise SbnError(source, bad[:MAX_PROBLEMS], len(bad))
    return [s for s in found if isinstance(s, Sbn)]


def _normaliser(settings: SmatchSettings) -> Normalise:
    return smatch_normalise if settings.chosen == "pmb5" else normalise_value


#: One SBN ready to score (``smatch_side``): its triples, why it is ill-formed, why it scores 0.
SmatchSide = _Side


def smatch_side(sbn: PredictedSbn, settings: SmatchSettings, side: str = "predicted") -> SmatchSide:
    """One SBN as ``smatch_documents`` scores it (``side``: "predicted" or "gold"): its triples under
    ``settings`` or why it is ill-formed; the triple-level view (``triple_match``) starts here too."""
    return _prepared(sbn, settings, side)


def smatch_normaliser(settings: SmatchSettings) -> Normalise:
    """How ``settings`` compares names and values (the script's ``amr.py`` way, or ``normalise_value``)."""
    return _normaliser(settings)


def _empty(text: SbnText) -> SbnError:
    return SbnError(text.source, [ClfProblem(text.line, "empty SBN (no concept at all)")])


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (scoring makes many small containers and no cycles; the
    collector, run every few hundred of them, cost a third of the time); it runs again afterwards."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def smatch_corpus(preds: Sequence[PredictedSbn], golds: Sequence[Sbn | SbnText], settings: SmatchSettings | None = None,
                  pred_name: str = "pred", gold_name: str = "gold",
                  progress: Callable[[int, int], None] | None = None, runner: Runner | None = None) -> SmatchResult:
    """Score predicted SBNs (an SbnError stands for one that could not be read; an SbnText for one that
    was only split off its file) against gold SBNs (an SbnText: only split off, for the script's reader,
    which reads it itself; the corrected triples read it as one line and raise SbnError if they cannot).
    ``runner`` (``runner.Processes(N)``, a cluster's ``DaskRunner``; docs/scale.md) scores batches
    of pairs when it has several workers: the same figures."""
    with collector_paused():
        return _smatch_corpus(preds, golds, settings or SmatchSettings(), pred_name, gold_name, progress,
                              runner or IN_PROCESS)


def _smatch_corpus(preds: Sequence[PredictedSbn], golds: Sequence[Sbn | SbnText], settings: SmatchSettings,
                   pred_name: str, gold_name: str,
                   progress: Callable[[int, int], None] | None, runner: Runner) -> SmatchResult:
    if not preds and not golds:
        raise NoDrsError([pred_name, gold_name], f"{pred_name} and {gold_name} hold no SBN: there is nothing to score")
    if len(preds) != len(golds):
        raise DrsCountMismatch(pred_name, gold_name, len(preds), len(golds))
    totals = SmatchTotals(settings)
    for docs in run_batches(partial(smatch_batch, settings=settings), preds, golds, runner,
                            partial(smatch_plan, len(preds)), "smatch", progress):
        totals.add(docs)
    return totals.result()


def smatch_plan(n_documents: int, workers: int) -> BatchPlan:
    """How Smatch cuts a corpus of ``n_documents``: one batch in one process, else four per worker."""
    if workers <= 1:
        return BatchPlan(((0, n_documents),), spread=False)
    most = -(-n_documents // (4 * workers))
    return BatchPlan(tuple(chunk_ranges([1] * n_documents, most)))


def smatch_batch(preds: Sequence[PredictedSbn], golds: Sequence[Sbn | SbnText], settings: SmatchSettings,
                 first_index: int, progress: Callable[[int, int], None] | None = None) -> list[SmatchDocument]:
    """The documents of a batch of a corpus (a worker's task), the garbage collector paused."""
    with collector_paused():
        return smatch_documents(preds, golds, settings, first_index, progress)


def smatch_documents(preds: Sequence[PredictedSbn], golds: Sequence[Sbn | SbnText], settings: SmatchSettings,
                     first_index: int = 0, progress: Callable[[int, int], None] | None = None
                     ) -> list[SmatchDocument]:
    """Every document pair's Smatch (document indices from ``first_index``: a piece of a corpus);
    ``progress(done, total)`` as pairs are settled."""
    pmb5 = settings.chosen in LINE_TRIPLES
    pred_side = [_prepared(p, settings, "predicted") for p in preds]
    gold_side = [_prepared(g, settings, "gold") for g in golds]
    todo = [i for i, (p, g) in enumerate(zip(pred_side, gold_side))
            if p.ill_formed is None and p.note is None and (g.note is None or not pmb5)]
    skipped = len(preds) - len(todo)  # ill-formed or not scored: settled before any alignment

    def report(done: int, total: int) -> None:
        if progress is not None:
            progress(done + skipped, total + skipped)

    pairs = [(pred_side[i].triples, gold_side[i].triples) for i in todo]
    cut: list[int] = []
    if settings.soft:
        from .soft import SoftComparison, soft_align_many

        comparison: SoftComparison = "script" if settings.chosen == "pmb5" else "clean"
        found: dict[int, Any] = dict(zip(todo, soft_align_many(pairs, comparison, settings.time_limit, report,
                                                                settings.work)))
    else:
        found = dict(zip(todo, align_many(pairs, settings.work, _normaliser(settings), report, settings.time_limit,
                                          cut)))
    timed_out = {todo[k] for k in cut}
    docs = []
    for i, (ps, gs) in enumerate(zip(pred_side, gold_side)):
        golds_n = len(gs.triples)
        index = first_index + i
        repairs = ps.repairs + gs.repairs
        if gs.unreadable is not None:  # the script reads the gold line first: F 0, not ill-formed
            docs.append(SmatchDocument(index, 0, len(ps.triples), golds_n, 0.0, 0.0, 0.0, True, "not scored", None,
                                       gs.problems, gs.note, gs.unreadable))
        elif ps.ill_formed is not None:
            docs.append(SmatchDocument(index, 0, 0, golds_n, 0.0, 0.0, 0.0, True, "ill-formed", ps.ill_formed,
                                       gs.problems, repairs=repairs))
        elif i not in found:
            docs.append(SmatchDocument(index, 0, len(ps.triples), golds_n, 0.0, 0.0, 0.0, True, "not scored", None,
                                       gs.problems, ps.note or gs.note, repairs=repairs))
        else:
            a = found[i]
            p, r, f = prf_scalar(a.matched, len(ps.triples), golds_n)
            stopped = None if a.optimal else "time limit" if i in timed_out else "work limit"
            docs.append(SmatchDocument(index, a.matched, len(ps.triples), golds_n, p, r, f, a.optimal, a.method,
                                       None, gs.problems, repairs=repairs,
                                       upper_bound=max(getattr(a, "upper_bound", a.matched), a.matched),
                                       stopped=stopped))
    return docs


class SmatchTotals:
    """The sums a Smatch corpus figure is made of, fed documents batch by batch in corpus order: what
    ``smatch_corpus`` sums, without keeping the documents (``keep=False``: a streamed corpus)."""

    def __init__(self, settings: SmatchSettings, keep: bool = True):
        self.settings = settings
        self.keep = keep
        self.documents: list[SmatchDocument] = []
        self.count = self.ill = self.optimal = self.pred = self.gold = self.unreadable = 0
        self.matched: float = 0
        self._f: float = 0  # as ``sum`` starts: an int 0
        self._p: float = 0
        self._r: float = 0
        self.unreadable_listed: list[str] = []
        self._open: list[SmatchDocument] = []

    def add(self, docs: Sequence[SmatchDocument]) -> None:
        """Add the next documents of the corpus (in order)."""
        for d in docs:
            self.matched += d.matched
            self.pred += d.pred_triples
            self.gold += d.gold_triples
            self._f += d.F
            self._p += d.P
            self._r += d.R
            self.ill += 1 if d.ill_formed else 0
            self.optimal += 1 if d.optimal else 0
            if not d.optimal:
                self._open.append(d)
            if d.gold_unreadable is not None:
                self.unreadable += 1
                if len(self.unreadable_listed) < MAX_LISTED:
                    self.unreadable_listed.append(d.gold_unreadable)
        self.count += len(docs)
        if self.keep:
            self.documents.extend(docs)

    def result(self) -> SmatchResult:
        """The corpus figures of the documents added so far (at least one)."""
        n = self.count
        p, r, f = prf_scalar(self.matched, self.pred, self.gold)
        streamed = not self.keep
        return SmatchResult(tuple(self.documents), p, r, f, self._f / n, self.ill / n, smatch_signature(self.settings),
                            n if streamed else None, self.ill if streamed else None,
                            self.optimal if streamed else None, tuple(self.unreadable_listed), self.unreadable,
                            self._p / n, self._r / n, tuple(self._open))
