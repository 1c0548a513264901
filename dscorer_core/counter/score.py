"""COUNTER-compatible scores: per-document matches, mapping and clause lists, and micro-averaged corpus P/R/F.

Spec section 4, step 6-7: P = matched / pred clauses, R = matched / gold clauses, corpus figures
sum the counts over all pairs; breakdowns by clause kind as COUNTER's detailed output gives them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from .. import formula
from ..align import matched_candidates
from ..batches import run_batches
from ..clauses import Clause, Drs
from ..errors import CounterExplosion, DrsCountMismatch
from ..notebook_methods import NotebookResult, SettledCorpus
from ..runner import Runner, runner_for
from .chunks import counter_plan
from .direct import BYTES_PER_CANDIDATE, DIRECT_FROM, direct_outcome, estimated_candidates
from .normalise import CounterClause, CounterDrs, prepare_drs
from .problem import MatchProblem, build_problem
from .search import SearchOutcome, find_mapping, find_mappings
from .settings import CounterSettings

#: Breakdown rows, in COUNTER's order: operators, roles, concepts, then concepts by part of speech
#: (``s`` counts as ``a``) and events (verb and adjective concepts, as COUNTER counts them).
KINDS = ("operators", "roles", "concepts", "nouns", "verbs", "adjectives", "adverbs", "events")

_POS_KIND = {"n": "nouns", "v": "verbs", "a": "adjectives", "s": "adjectives", "r": "adverbs"}


def prf(matched: int, pred: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall and F of clause counts (0 where undefined): ``formula.prf_scalar``."""
    return formula.prf_scalar(matched, pred, gold)


class _ClauseScores:
    """P, R and F (see prf) of the clause counts that ``_counts`` gives: (matched, pred, gold)."""

    matched: int
    pred_clauses: int
    gold_clauses: int

    def _counts(self) -> tuple[int, int, int]:
        return self.matched, self.pred_clauses, self.gold_clauses

    @property
    def P(self) -> float:
        return prf(*self._counts())[0]

    @property
    def R(self) -> float:
        return prf(*self._counts())[1]

    @property
    def F(self) -> float:
        return prf(*self._counts())[2]


def clause_kinds(clause: CounterClause | Clause) -> tuple[str, ...]:
    """The breakdown rows a clause counts in (e.g. ``concepts``, ``verbs``, ``events``)."""
    kind = clause.kind
    if kind == "operator":
        return ("operators",)
    if kind == "role":
        return ("roles",)
    pos = _POS_KIND.get(clause.source.tokens[2][1] if isinstance(clause, CounterClause) else clause.pos or "")
    kinds = ("concepts",) + ((pos,) if pos else ())
    return kinds + (("events",) if pos in ("verbs", "adjectives") else ())


@dataclass(frozen=True)
class KindScore(_ClauseScores):
    """Matched, predicted and gold clauses of one kind, with P/R/F."""

    kind: str
    matched: int
    pred: int
    gold: int

    def _counts(self) -> tuple[int, int, int]:
        return self.matched, self.pred, self.gold

    def as_dict(self) -> dict:
        return {"kind": self.kind, "matched": self.matched, "pred": self.pred, "gold": self.gold,
                "P": self.P, "R": self.R, "F": self.F}


def _breakdown(matched: Sequence[CounterClause], pred: Sequence[CounterClause],
               gold: Sequence[CounterClause]) -> tuple[KindScore, ...]:
    counts = {k: [0, 0, 0] for k in KINDS}
    for slot, clauses in enumerate((matched, pred, gold)):
        for c in clauses:
            for kind in clause_kinds(c):
                counts[kind][slot] += 1
    return tuple(KindScore(k, *counts[k]) for k in KINDS)


@dataclass(frozen=True, repr=False)
class CounterPair(_ClauseScores, NotebookResult):
    """COUNTER's comparison of one DRS pair: counts, P/R/F, the mapping and the clauses on each side.

    ``mapping`` holds the variable pairs the matched clauses use (pred -> gold); clause lists hold
    the original Clause objects (with line numbers); ``dropped_*`` are the redundant REF clauses left out;
    ``upper_bound``: no mapping matches more clauses (``matched`` when ``optimal``; otherwise the best bound
    the search proved, so the best mapping matches between ``matched`` and it);
    ``sentence`` is the gold DRS's sentence (else the predicted one's), if the file gives it.
    """

    index: int
    matched: int
    pred_clauses: int
    gold_clauses: int
    mapping: dict[str, str]
    matched_clauses: tuple[tuple[Clause, Clause], ...]
    unmatched_pred: tuple[Clause, ...]
    unmatched_gold: tuple[Clause, ...]
    dropped_pred: tuple[Clause, ...]
    dropped_gold: tuple[Clause, ...]
    optimal: bool
    method: str
    upper_bound: int
    by_kind: tuple[KindScore, ...]
    signature: str
    sentence: str | None = None
    #: What left an unproven mapping open: "work limit" or "time limit" (the opt-in cap); None when proven.
    stopped: str | None = None

    def as_dict(self, clauses: bool = False) -> dict:
        """The figures as plain data; with ``clauses`` also the mapping and clause lists (as text)."""
        data = {"index": self.index, "P": self.P, "R": self.R, "F": self.F, "matched": self.matched,
                "pred_clauses": self.pred_clauses, "gold_clauses": self.gold_clauses,
                "optimal": self.optimal, "upper_bound": self.upper_bound, "method": self.method,
                "stopped": self.stopped, "sentence": self.sentence}
        if clauses:
            data["mapping"] = dict(self.mapping)
            data["matched_clauses"] = [[p.text(), g.text()] for p, g in self.matched_clauses]
            data["unmatched_pred"] = [c.text() for c in self.unmatched_pred]
            data["unmatched_gold"] = [c.text() for c in self.unmatched_gold]
        return data

@dataclass(frozen=True, repr=False)
class CounterResult(_ClauseScores, SettledCorpus):
    """Micro-averaged COUNTER scores of a corpus, its documents and its breakdown by clause kind."""

    documents: tuple[CounterPair, ...]
    settings: CounterSettings
    matched: int
    pred_clauses: int
    gold_clauses: int
    by_kind: tuple[KindScore, ...]
    #: How many documents, and how many with a mapping proven optimal, when ``documents`` was not
    #: kept (a streamed corpus: ``CounterTotals``).
    count: int | None = None
    optimal_count: int | None = None
    #: The sum of the documents' upper bounds when ``documents`` was not kept.
    bound_count: int | None = None
    #: The sums of the documents' P, R and F in corpus order (kept or streamed): the macro figures.
    macro_sums: tuple[float, float, float] = (0.0, 0.0, 0.0)
    #: The documents whose mapping is not proven optimal (each with its bound and ``stopped``), kept
    #: even when ``documents`` is not.
    unproven: tuple[CounterPair, ...] = ()

    @property
    def macro(self) -> tuple[float, float, float] | None:
        """The mean of the documents' P, R and F (None for an empty corpus), whether or not the
        documents were kept."""
        n = self.n_documents
        return (self.macro_sums[0] / n, self.macro_sums[1] / n, self.macro_sums[2] / n) if n else None

    @property
    def upper_bound(self) -> int:
        """No mappings match more clauses in all: the sum of the documents' proven bounds (``matched``
        when every document is proven optimal)."""
        return sum(d.upper_bound for d in self.documents) if self.bound_count is None else self.bound_count

    @property
    def F_bound(self) -> float:
        """The highest F the best mappings could give (``F`` when every document is proven optimal)."""
        return prf(self.upper_bound, self.pred_clauses, self.gold_clauses)[2]

    @property
    def optimal_documents(self) -> int:
        """How many documents have a mapping proven optimal."""
        return sum(d.optimal for d in self.documents) if self.optimal_count is None else self.optimal_count

    def as_dict(self, per_doc: bool = False, by_kind: bool = True) -> dict:
        data = {"signature": self.signature, "P": self.P, "R": self.R, "F": self.F,
                "matched": self.matched, "pred_clauses": self.pred_clauses,
                "gold_clauses": self.gold_clauses, "documents_total": self.n_documents,
                "optimal_documents": self.optimal_documents, "matched_upper_bound": self.upper_bound,
                "F_upper_bound": self.F_bound}
        if by_kind:
            data["by_kind"] = [k.as_dict() for k in self.by_kind]
        if per_doc:
            data["documents"] = [d.as_dict() for d in self.documents]
        return data

def _pair_result(index: int, problem: MatchProblem, outcome: SearchOutcome,
                 settings: CounterSettings) -> CounterPair:
    p, g = problem.pred, problem.gold
    chosen = sorted(matched_candidates(problem, outcome.mapping), key=lambda c: c.gold)
    used = {pv: gv for c in chosen for pv, gv in c.needs}
    pred_hit = {c.pred for c in chosen}
    gold_hit = {c.gold for c in chosen}
    matched = [p.clauses[c.pred] for c in chosen]
    return CounterPair(
        index=index, matched=len(chosen), pred_clauses=len(p), gold_clauses=len(g),
        mapping=dict(sorted(used.items())),
        matched_clauses=tuple((p.clauses[c.pred].source, g.clauses[c.gold].source) for c in chosen),
        unmatched_pred=tuple(c.source for i, c in enumerate(p.clauses) if i not in pred_hit),
        unmatched_gold=tuple(c.source for j, c in enumerate(g.clauses) if j not in gold_hit),
        dropped_pred=p.dropped, dropped_gold=g.dropped,
        optimal=outcome.optimal, method=outcome.method,
        upper_bound=len(chosen) if outcome.optimal else max(outcome.upper_bound, len(chosen)),
        by_kind=_breakdown(matched, p.clauses, g.clauses), signature=settings.signature(),
        sentence=g.source.sentence or p.source.sentence,
        stopped=None if outcome.optimal else outcome.stopped or "work limit")


def _where(drs: CounterDrs) -> str:
    source = drs.source
    return f"{source.source}, DRS {source.index} (line {source.line})"


def _problem(pred: Drs, gold: Drs, settings: CounterSettings) -> tuple[MatchProblem, SearchOutcome | None]:
    """The pair's problem, with its outcome when a direct mapping settles it (large pairs only, see
    counter.direct); CounterExplosion for a pair above ``settings.max_candidates`` that it does not."""
    p = prepare_drs(pred, settings.keep_ref, settings.wordnet)
    g = prepare_drs(gold, settings.keep_ref, settings.wordnet)
    size = estimated_candidates(p, g)
    if size >= DIRECT_FROM:
        direct = direct_outcome(p, g)
        if direct is not None:
            return direct
        if settings.max_candidates and size > settings.max_candidates:
            raise CounterExplosion(_where(p), _where(g), size, settings.max_candidates, BYTES_PER_CANDIDATE)
    return build_problem(p, g), None


def counter_pair(pred: Drs, gold: Drs, settings: CounterSettings | None = None,
                 index: int | None = None) -> CounterPair:
    """Compare two DRSs the way COUNTER does, under the best variable mapping found.

    ``index`` (default: the gold DRS's index) seeds the random restarts, so a pair scores the
    same here as inside ``counter_corpus``.
    """
    settings = settings or CounterSettings()
    index = gold.index if index is None else index
    problem, outcome = _problem(pred, gold, settings)
    if outcome is None:
        outcome = find_mapping(problem, settings, index)
    return _pair_result(index, problem, outcome, settings)


def score_chunk(preds: Sequence[Drs], golds: Sequence[Drs], settings: CounterSettings,
                first_index: int = 0, progress: Callable[[int, int], None] | None = None) -> list[CounterPair]:
    """The documents of one chunk (consecutive pairs numbered from ``first_index``), their small
    integer programs sharing solver calls; a worker process of ``--jobs`` runs this too.
    ``progress(len(preds), len(preds))`` once the chunk is scored."""
    prepared = [_problem(p, g, settings) for p, g in zip(preds, golds)]
    problems = [pr for pr, _ in prepared]
    open_ = [k for k, (_, o) in enumerate(prepared) if o is None]
    searched = iter(find_mappings([problems[k] for k in open_], settings, [first_index + k for k in open_]))
    outcomes = [o if o is not None else next(searched) for _, o in prepared]
    docs = [_pair_result(first_index + i, pr, o, settings) for i, (pr, o) in enumerate(zip(problems, outcomes))]
    if progress:
        progress(len(docs), len(preds))
    return docs


def counter_corpus(preds: Sequence[Drs], golds: Sequence[Drs], settings: CounterSettings | None = None,
                   progress: Callable[[int, int], None] | None = None, first_index: int = 0,
                   runner: Runner | None = None, jobs: int = 1) -> CounterResult:
    """COUNTER scores of aligned predicted and gold DRSs, micro-averaged over all pairs.

    Documents are scored in chunks (``chunks.counter_chunks``: CHUNK documents, fewer when they are
    long); ``progress``, if given, is called as progress(done, total) after each chunk. ``first_index``
    numbers the documents of a piece of a corpus (a multiple of CHUNK) as the whole corpus would: the
    same seeds, the same chunks. ``runner`` (``runner.Processes(N)``, a cluster's ``DaskRunner``;
    ``jobs`` N is short for ``Processes(N)``) scores the chunks when the work is large enough to pay
    for several workers (``chunks.worth_processes``): the same documents either way.
    """
    settings = settings or CounterSettings()
    if len(preds) != len(golds):
        raise DrsCountMismatch("predicted DRSs", "gold DRSs", len(preds), len(golds))
    parts = run_batches(partial(score_chunk, settings=settings), preds, golds, runner or runner_for(jobs),
                        partial(counter_plan, preds, golds), "counter", progress, first_index)
    totals = CounterTotals(settings)
    for docs in parts:
        totals.add(docs)
    return totals.result()


class CounterTotals:
    """The clause counts a COUNTER corpus figure is made of, fed documents batch by batch in corpus
    order: what ``counter_corpus`` sums, without keeping the documents (``keep=False``: a streamed
    corpus of any size)."""

    def __init__(self, settings: CounterSettings, keep: bool = True):
        self.settings = settings
        self.keep = keep
        self.documents: list[CounterPair] = []
        self.count = self.optimal = self.matched = self.pred = self.gold = self.bound = 0
        self._kinds = {k: [0, 0, 0] for k in KINDS}
        self._macro: list[float] = [0, 0, 0]  # as ``sum`` starts: int 0s
        self._open: list[CounterPair] = []

    def add(self, docs: Sequence[CounterPair]) -> None:
        """Add the next documents of the corpus (in order)."""
        for d in docs:
            self.matched += d.matched
            self.pred += d.pred_clauses
            self.gold += d.gold_clauses
            self.optimal += d.optimal
            self.bound += d.upper_bound
            self._macro[0] += d.P
            self._macro[1] += d.R
            self._macro[2] += d.F
            if not d.optimal:
                self._open.append(d)
            for ks in d.by_kind:
                t = self._kinds[ks.kind]
                t[0] += ks.matched
                t[1] += ks.pred
                t[2] += ks.gold
        self.count += len(docs)
        if self.keep:
            self.documents.extend(docs)

    def result(self) -> CounterResult:
        """The corpus figures of the documents added so far."""
        kinds = tuple(KindScore(k, *self._kinds[k]) for k in KINDS)
        streamed = not self.keep
        return CounterResult(tuple(self.documents), self.settings, self.matched, self.pred, self.gold, kinds,
                             self.count if streamed else None, self.optimal if streamed else None,
                             self.bound if streamed else None, (self._macro[0], self._macro[1], self._macro[2]),
                             tuple(self._open))
