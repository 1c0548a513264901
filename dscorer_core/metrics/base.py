"""What every metric is: a ``Metric`` turns pairs into count rows, and one corpus result type holds them.

A metric names its components and counts, for each document, (matched, predicted, gold) per
component (DSCORER: nodes and the k-grams of each order; COUNTER: clauses; Smatch: triples). Its
``figures`` turns summed rows into P, R, F through ``dscorer_core.formula``; applied to one
document's row it gives that document's figures, to the column sums the micro corpus figures, to
resampled sums a bootstrap sample. The macro figures are the mean of the documents' figures
(``formula.mean_rows``). ``MetricResult`` is the one corpus result: every metric's documents, rows,
micro and macro figures and signature, with the metric's own extras as typed fields.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

import numpy as np

from ..batches import BatchPlan as BatchPlan  # how a metric cuts a corpus (the one batch loop's plan)
from ..formula import mean_rows, prf, sum_rows
from ..notebook_methods import Brief, NotebookResult
from ..signature import Signature

if TYPE_CHECKING:
    from ..clauses import Drs
    from ..counter.score import CounterResult, KindScore
    from ..ill_formed import IllFormedReport
    from ..ngrams.scoring import CorpusResult, OrderScore
    from ..runner import Runner
    from ..sbn.smatch import SmatchResult


#: A corpus figure from summed counts (micro) or the mean of the documents' figures (macro).
Average = Literal["micro", "macro"]
#: ``progress(done, total)``, called as documents are scored.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Figures:
    """Precision, recall and F."""

    P: float
    R: float
    F: float

    def as_dict(self) -> dict[str, float]:
        return {"P": self.P, "R": self.R, "F": self.F}


@dataclass(frozen=True, eq=False)
class CountRows:
    """Every document's counts: ``counts[d, c]`` is (matched, predicted, gold) of component ``c``
    in document ``d``; ``extra`` holds further columns a metric's formula needs (DSCORER: the
    document's 0-gram ratio and a 1, so that their sum over documents gives the mean ratio)."""

    components: tuple[str, ...]
    counts: np.ndarray
    extra_names: tuple[str, ...] = ()
    extra: np.ndarray | None = None

    @property
    def n_documents(self) -> int:
        return int(self.counts.shape[0])

    def features(self) -> np.ndarray:
        """One row per document: the counts, component by component, then the extra columns."""
        flat = self.counts.reshape(self.n_documents, 3 * len(self.components)).astype(np.float64)
        if self.extra is None or not self.extra_names:
            return flat
        return np.hstack([flat, np.asarray(self.extra, dtype=np.float64).reshape(self.n_documents, -1)])


def stack_rows(parts: Sequence[CountRows]) -> CountRows:
    """The rows of consecutive batches as one corpus's rows, in the order given (at least one part)."""
    first = parts[0]
    counts = np.concatenate([p.counts for p in parts]) if len(parts) > 1 else first.counts
    extra = first.extra
    if extra is not None and len(parts) > 1:
        extra = np.concatenate([np.asarray(p.extra).reshape(p.n_documents, -1) for p in parts])
    return CountRows(first.components, counts, first.extra_names, extra)


@dataclass(frozen=True, eq=False)
class CountedBatch:
    """What a metric's ``count_batch`` gives for consecutive pairs: their count rows, and its own
    per-document detail (``DocumentScore``, ``CounterPair``, ``SmatchDocument``) in the same order."""

    rows: CountRows
    documents: tuple[Any, ...]


@dataclass(frozen=True, repr=False)
class MetricDocument(Brief):
    """One document's figures under a metric: its counts per component and P, R, F; ``optimal``
    says whether its alignment is proven best (COUNTER, Smatch; None where no search is involved),
    ``note`` why it scored as it did (Smatch: the prediction is ill-formed, or a side cannot be read)."""

    index: int
    sentence: str | None
    #: (matched, predicted, gold) per component; matched is graded (not whole) under soft Smatch
    counts: tuple[tuple[float, int, int], ...]
    P: float
    R: float
    F: float
    optimal: bool | None = None
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "sentence": self.sentence, "P": self.P, "R": self.R, "F": self.F,
                "counts": [list(c) for c in self.counts], "optimal": self.optimal, "note": self.note}

@runtime_checkable
class Metric(Protocol):
    """A metric of the registry (``dscorer_core.metrics.registry``): DSCORER, COUNTER, Smatch, ...

    ``name`` is its registry name (``--metric NAME``), ``title`` how people read it, ``averages``
    the corpus averages it offers (the first is its default figure).
    """

    @property
    def name(self) -> str:
        """Its registry name."""
        ...

    @property
    def title(self) -> str:
        """Its name as people read it."""
        ...

    @property
    def averages(self) -> tuple[Average, ...]:
        """The corpus averages it offers."""
        ...

    @property
    def average(self) -> Average:
        """The corpus average of its headline figure (one of ``averages``)."""
        ...

    @property
    def scores_clauses(self) -> bool:
        """Whether it scores the DRSs' clauses, so that the ``--ill`` policy and COUNTER's well-formedness
        check change its figures (and its signature names them); Smatch scores the SBN as read."""
        ...

    @property
    def components(self) -> tuple[str, ...]:
        """The names of the components it counts, in row order."""
        ...

    def get_signature(self, average: Average | None = None) -> Signature:
        """What its figures depend on (for ``average``, default its default average)."""
        ...

    def refusal(self, drss: Sequence[Drs], name: str) -> str | None:
        """Why it cannot score the DRSs of the file ``name`` (Smatch: they are not SBN), or None."""
        ...

    def pair_rows(self, pred: Drs, gold: Drs) -> CountRows:
        """The count rows of one pair (one document)."""
        ...

    def score(self, preds: Sequence[Drs], golds: Sequence[Drs], progress: Progress | None = None,
              runner: Runner | None = None) -> MetricResult:
        """Score aligned predicted and gold DRSs: the corpus result (``runner``: where the batches run,
        handed down by the caller; None: the metric's own ``jobs``, or this process). Every metric's
        is ``driver.run_metric``."""
        ...

    def plan_batches(self, preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
        """How to cut this corpus for ``workers`` workers; raises where the metric cannot score it."""
        ...

    def count_batch(self, preds: Sequence[Drs], golds: Sequence[Drs], first_index: int,
                    progress: Progress | None = None) -> CountedBatch:
        """Count consecutive pairs (numbered from ``first_index``) into rows; picklable with the metric,
        so a worker process or a cluster runs it. ``progress(done, len(preds))`` as pairs are counted."""
        ...

    def result_of_batches(self, rows: CountRows, documents: Sequence[Any], golds: Sequence[Drs]) -> MetricResult:
        """The corpus result of a whole corpus's rows and documents (in corpus order), its own
        corpus result as ``detail``."""
        ...

    def figures(self, sums: np.ndarray) -> np.ndarray:
        """P, R, F (samples x 3) of summed feature rows (samples x features, ``CountRows.features``)."""
        ...

    @property
    def sub_scores(self) -> tuple[str, ...]:
        """The names of the per-document sub-scores worth a look of their own (DSCORER: ``k1`` ... ``kn``,
        the F of each order; none for the others)."""
        ...

    def document_scores(self, result: MetricResult) -> dict[str, list[float]]:
        """Each document's scores to set beside human judgements: ``""`` its F, then each of ``sub_scores``."""
        ...

    def add_batch(self, preds: Sequence[Drs], golds: Sequence[Drs]) -> None:
        """Keep a batch of aligned pairs for ``compute`` (``Batches``)."""
        ...

    def compute(self, progress: Progress | None = None) -> MetricResult:
        """Score every pair added since the last ``compute``, as one corpus (``Batches``)."""
        ...


@dataclass(frozen=True, eq=False, repr=False)
class MetricResult(NotebookResult):
    """A metric's corpus result: per-document rows and figures, micro and macro figures, the signature.

    The metric's extras are typed fields, empty for the others: ``orders`` (DSCORER's per-order
    micro table), ``breakdown`` (COUNTER's clause kinds), ``ill_formed`` (Smatch's ill-formed rate;
    the documents' ``optimal`` flags and ``note``s hold the proofs and reasons), and ``detail``, the
    metric's own result (``CorpusResult``, ``CounterResult``, ``SmatchResult``) for what only it has.
    ``report`` holds the ill-formed predicted DRSs and the policy applied to them (``interface.score``),
    which the signature names where it changed what was scored; ``warnings`` what a person should see.
    """

    metric: Metric
    average: Average
    rows: CountRows
    documents: tuple[MetricDocument, ...]
    micro: Figures
    macro: Figures
    orders: tuple[OrderScore, ...] = ()
    breakdown: tuple[KindScore, ...] = ()
    ill_formed: float | None = None
    detail: CorpusResult | CounterResult | SmatchResult | None = None
    report: IllFormedReport | None = None
    warnings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.metric.name

    @property
    def signature(self) -> Signature:
        """The signature of the headline figure (``str()`` gives its text), naming the ill-formed policy
        (``|ill:dummy``) and an unchecked well-formedness (``|wf:off``) where they apply."""
        signature = self.metric.get_signature(self.average)
        if self.report is None:
            return signature
        from ..ill_formed import extra_fields

        return signature.with_fields(extra_fields([self.report]))

    @property
    def headline(self) -> Figures:
        """The figures of the result's average: the one a paper reports."""
        return self.micro if self.average == "micro" else self.macro

    @property
    def P(self) -> float:
        return self.headline.P

    @property
    def R(self) -> float:
        return self.headline.R

    @property
    def F(self) -> float:
        return self.headline.F

    @property
    def optimal_documents(self) -> int | None:
        """How many documents have an alignment proven best (None for a metric without a search)."""
        flags = [d.optimal for d in self.documents]
        return None if any(f is None for f in flags) else sum(bool(f) for f in flags)

    def as_dict(self, per_doc: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"metric": self.name, "signature": str(self.signature), "average": self.average,
                                "P": self.P, "R": self.R, "F": self.F, "micro": self.micro.as_dict(),
                                "macro": self.macro.as_dict(), "n_documents": len(self.documents),
                                "optimal_documents": self.optimal_documents}
        if self.orders:
            data["orders"] = [o.as_dict() for o in self.orders]
        if self.breakdown:
            data["by_kind"] = [k.as_dict() for k in self.breakdown]
        if self.ill_formed is not None:
            data["ill_formed"] = self.ill_formed
        if per_doc:
            data["documents"] = [d.as_dict() for d in self.documents]
        return data

def result_from_rows(metric: Metric, rows: CountRows, sentences: Sequence[str | None],
                     optimal: Sequence[bool | None] | None = None, notes: Sequence[str | None] | None = None,
                     **extras: Any) -> MetricResult:
    """The corpus result of count rows, all figures from ``metric.figures``: each document's from its
    own row, micro from the column sums (``formula.sum_rows``), macro the mean of the documents'."""
    features = rows.features()
    n = rows.n_documents
    per_doc = metric.figures(features) if n else np.zeros((0, 3))
    micro = metric.figures(sum_rows(features))[0] if n else np.zeros(3)
    macro = mean_rows(per_doc)[0] if n else np.zeros(3)
    graded = rows.counts.dtype.kind == "f" and not np.all(np.mod(rows.counts[..., 0], 1) == 0)
    counts = (rows.counts if graded else rows.counts.astype(np.int64)).tolist()
    figs = per_doc.tolist()
    optimal = list(optimal) if optimal is not None else [None] * n
    notes = list(notes) if notes is not None else [None] * n
    docs = tuple(MetricDocument(i, sentences[i],
                                tuple((m if graded else int(m), int(p), int(g)) for m, p, g in counts[i]),
                                figs[i][0], figs[i][1], figs[i][2], optimal[i], notes[i]) for i in range(n))
    return MetricResult(metric, metric.average, rows, docs, Figures(*(float(x) for x in micro)),
                        Figures(*(float(x) for x in macro)), **extras)


def component_f(rows: CountRows, component: str) -> list[float]:
    """Each document's F of one component's counts (``formula.prf``): DSCORER's f_k of order k."""
    at = rows.components.index(component)
    counts = rows.counts[:, at, :].astype(np.float64)
    f: list[float] = prf(counts[:, 0], counts[:, 1], counts[:, 2])[2].tolist()
    return f
