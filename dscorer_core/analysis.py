"""What a parser gets wrong across a corpus: per-label scores, confusions under COUNTER's mapping,
structural errors, and the k-grams most often missed or invented (docs/errors.md).

Every table is built from the same per-document comparisons the scores use (COUNTER's optimal
mapping and matched clauses, DSCORER's k-gram multisets), so its counts add up to the scores:
per-label clause counts sum to COUNTER's totals, per-label 1-gram counts to DSCORER's 1-grams once
each reverse edge is folded into its forward edge (a relation read both ways is one error, listed
once: ``undirected_kgrams``). Labels come worst first (F ascending), each with the documents where
it is wrong.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .clause_format import BOX_OPERATORS
from .clauses import Clause, Drs, is_constant
from .counter import CounterPair, CounterSettings, counter_pair
from .formula import prf
from .ngrams.engines import check_explosion, drs_name
from .ngrams.ngram_comparison import MAX_DISPLAY_PATHS
from .ngrams.senses import scored_graphs
from .ngrams.settings import ScoreSettings
from .undirected_kgrams import undirected_kgram_counts

#: What a graph too large for the k-gram lists is told (they hold every path, not only counts,
#: so their cap is the pair view's, ``ngram_comparison.MAX_DISPLAY_PATHS``).
PATHS_ADVICE = ("the k-gram lists keep every path; lower --kgram-orders, or score the pair with "
                "`dscorer score`, which counts without keeping paths")

#: The fewest occurrences (predicted plus gold) a label needs to be listed among the worst
#: (``worst_labels``; the CLI's ``--min-support``, the app's "Minimum occurrences").
MIN_SUPPORT = 10
#: Operators whose misplaced box is a scope error (negation and modality).
SCOPE_OPERATORS = frozenset({"NOT", "POS", "NEC"})


@dataclass(frozen=True)
class LabelRow:
    """One relation, operator or concept: predicted, gold and matched counts at one level
    (``clause``: COUNTER's clauses under the optimal mapping; ``1-gram``: DSCORER's 1-grams)."""

    level: str
    label: str
    kind: str
    pred: int
    gold: int
    matched: int
    #: the documents where the label is wrong: an unmatched occurrence on either side
    documents: tuple[int, ...]

    @property
    def support(self) -> int:
        """How often the label occurs, predicted plus gold."""
        return self.pred + self.gold

    @property
    def scores(self) -> tuple[float, float, float]:
        """P, R and F of this label (the project's one formula)."""
        p, r, f = prf(self.matched, self.pred, self.gold)
        return float(p), float(r), float(f)

    def as_dict(self) -> dict[str, object]:
        p, r, f = self.scores
        return {"level": self.level, "label": self.label, "kind": self.kind, "pred": self.pred, "gold": self.gold,
                "matched": self.matched, "P": p, "R": r, "F": f, "documents": list(self.documents)}


@dataclass(frozen=True)
class Confusion:
    """A predicted label standing where the gold has another, on the same (mapped) variables."""

    pred: str
    gold: str
    kind: str  # "concept", "sense" (same lemma, other sense), "role" or "operator"
    count: int
    documents: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {"pred": self.pred, "gold": self.gold, "kind": self.kind, "count": self.count,
                "documents": list(self.documents)}


@dataclass(frozen=True)
class StructuralRow:
    """One kind of structural error, how often it occurs and in which documents."""

    error: str
    count: int
    documents: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {"error": self.error, "count": self.count, "documents": list(self.documents)}


@dataclass(frozen=True)
class KgramError:
    """A k-gram that the parser misses (gold only) or invents (predicted only), summed over documents."""

    k: int
    text: str
    side: str  # "missed" or "invented"
    count: int
    documents: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {"k": self.k, "text": self.text, "side": self.side, "count": self.count,
                "documents": list(self.documents)}


@dataclass(frozen=True)
class ErrorAnalysis:
    """All error tables of a corpus, and the signatures of the scores they come from."""

    labels: tuple[LabelRow, ...]
    confusions: tuple[Confusion, ...]
    structure: tuple[StructuralRow, ...]
    kgrams: tuple[KgramError, ...]
    n_documents: int
    signatures: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, object]:
        return {"signatures": list(self.signatures), "n_documents": self.n_documents,
                "labels": [r.as_dict() for r in self.labels], "confusions": [c.as_dict() for c in self.confusions],
                "structure": [s.as_dict() for s in self.structure], "kgrams": [k.as_dict() for k in self.kgrams]}


def clause_label(clause: Clause) -> tuple[str, str]:
    """(label, kind) of a clause: ``male.n.02`` / ``concept:n``, ``Agent`` / ``role``, ``NOT`` / ``operator``."""
    if clause.kind == "concept":
        return clause.concept_label, f"concept:{clause.pos}"
    return clause.relation, clause.kind


def _edge_label(text: str) -> str:
    """The relation of a 1-gram's text ``B male.n.02~ X``: reversal mark and argument suffix removed."""
    label = text.split(" ")[1].rstrip("~")
    return label[:-3] if label.endswith(("-A1", "-A2")) else label


def _arguments(clause: Clause) -> tuple[str, ...]:
    """The box and the argument positions of a clause (a concept's sense left out)."""
    return (clause.box,) + (clause.args[1:] if clause.kind == "concept" else clause.args)


def _same_place(pred: Clause, gold: Clause, mapping: dict[str, str], mapped_gold: set[str]) -> bool:
    """Whether two clauses stand on the same variables under the mapping: each predicted variable
    maps to the gold one, or both are outside the mapping (the search left them free); constants equal."""
    for p, g in zip(_arguments(pred), _arguments(gold)):
        if is_constant(p) or is_constant(g):
            if p != g:
                return False
        elif p in mapping:
            if mapping[p] != g:
                return False
        elif g in mapped_gold:
            return False
    return True


def _confusions(pair: CounterPair) -> list[tuple[str, str, str]]:
    """Unmatched predicted clauses that stand on the same variables as an unmatched gold clause of
    the same kind with another label: (pred label, gold label, kind)."""
    free_gold = list(pair.unmatched_gold)
    mapped_gold = set(pair.mapping.values())
    found = []
    for p in pair.unmatched_pred:
        for g in free_gold:
            if g.kind != p.kind or len(g.tokens) != len(p.tokens) or not _same_place(p, g, pair.mapping, mapped_gold):
                continue
            plabel, glabel = clause_label(p)[0], clause_label(g)[0]
            if plabel == glabel:
                continue
            kind = "sense" if p.kind == "concept" and p.relation == g.relation else p.kind
            found.append((plabel, glabel, kind))
            free_gold.remove(g)
            break
    return found


def _unbound_referents(drs: Drs) -> int:
    """Referents used in a condition that no ``REF`` clause introduces."""
    introduced = {c.args[0] for c in drs.clauses if c.relation == "REF" and c.args}
    boxes = {c.box for c in drs.clauses} | {a for c in drs.clauses if c.relation in BOX_OPERATORS for a in c.args}
    used = {a for c in drs.clauses if c.relation != "REF" for a in c.args
            if not is_constant(a) and a not in boxes and not (c.kind == "concept" and a == c.args[0])}
    return len(used - introduced)


def _structure(pairs: Sequence[CounterPair], preds: Sequence[Drs], golds: Sequence[Drs]) -> list[StructuralRow]:
    """Missing and extra boxes and box relations, scope errors of negation and modality, unbound referents."""
    rows: dict[str, tuple[int, list[int]]] = {}

    def add(error: str, count: int, doc: int) -> None:
        if count > 0:
            total, docs = rows.get(error, (0, []))
            rows[error] = (total + count, docs + [doc])

    for pair, pred, gold in zip(pairs, preds, golds):
        doc = pair.index
        p_boxes, g_boxes = len({c.box for c in pred.clauses}), len({c.box for c in gold.clauses})
        add("missing box", g_boxes - p_boxes, doc)
        add("extra box", p_boxes - g_boxes, doc)
        unmatched_p = Counter(c.relation for c in pair.unmatched_pred if c.relation in BOX_OPERATORS)
        unmatched_g = Counter(c.relation for c in pair.unmatched_gold if c.relation in BOX_OPERATORS)
        for op in set(unmatched_p) | set(unmatched_g):
            both = min(unmatched_p[op], unmatched_g[op])
            if op in SCOPE_OPERATORS:
                add(f"{op} scope on the wrong box", both, doc)
            else:
                add(f"{op} between the wrong boxes", both, doc)
            add(f"missing {op}", unmatched_g[op] - both, doc)
            add(f"extra {op}", unmatched_p[op] - both, doc)
        add("referent left unbound (no REF)", _unbound_referents(pred), doc)
    ordered = sorted(rows.items(), key=lambda item: (-item[1][0], item[0]))
    return [StructuralRow(error, total, tuple(docs)) for error, (total, docs) in ordered]


def _label_documents(counts: dict[tuple[str, str], list[int]], doc: int,
                     wrong: dict[tuple[str, str], set[int]]) -> None:
    """Add ``doc`` to every label of one document's counts [pred, gold, matched] that has an
    unmatched occurrence on either side there."""
    for key, (pred, gold, matched) in counts.items():
        if pred > matched or gold > matched:
            wrong[key].add(doc)


def analyse_errors(preds: Sequence[Drs], golds: Sequence[Drs], *, counter: CounterSettings | None = None,
                   dscorer: ScoreSettings | None = None, orders: Sequence[int] = (1, 2, 3),
                   top: int = 20, progress: Callable[[int, int], None] | None = None) -> ErrorAnalysis:
    """Every error table of aligned predicted and gold DRSs (one COUNTER matching and one k-gram
    enumeration per document). ``orders`` are the k of the missed/invented k-gram lists, ``top``
    their length and that of the confusion list; ``progress(done, total)`` follows the documents.

    Labels are ordered worst first (F ascending, then the most occurrences), each with the
    documents where it is wrong (an unmatched occurrence on either side). k-grams, and the
    1-gram level of the labels, count a path and its reverse once (``undirected_kgrams``)."""
    counter = counter or CounterSettings()
    dscorer = dscorer or ScoreSettings()
    cap = min(dscorer.max_ngrams or MAX_DISPLAY_PATHS, MAX_DISPLAY_PATHS)
    clause_rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    gram_rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    clause_docs: dict[tuple[str, str], set[int]] = defaultdict(set)
    gram_docs: dict[tuple[str, str], set[int]] = defaultdict(set)
    confusions: Counter[tuple[str, str, str]] = Counter()
    confusion_docs: dict[tuple[str, str, str], set[int]] = defaultdict(set)
    kgram_counts: Counter[tuple[int, str, str]] = Counter()
    kgram_docs: dict[tuple[int, str, str], set[int]] = defaultdict(set)
    pairs = []
    for i, (pred, gold) in enumerate(zip(preds, golds)):
        pair = counter_pair(pred, gold, counter, index=i)
        pairs.append(pair)
        here: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
        for p, _g in pair.matched_clauses:
            here[clause_label(p)][2] += 1
        for column, clauses in ((0, [p for p, _ in pair.matched_clauses] + list(pair.unmatched_pred)),
                                (1, [g for _, g in pair.matched_clauses] + list(pair.unmatched_gold))):
            for c in clauses:
                here[clause_label(c)][column] += 1
        for key, counts in here.items():
            total = clause_rows[key]
            for column in range(3):
                total[column] += counts[column]
        _label_documents(here, i, clause_docs)
        for plabel, glabel, kind in _confusions(pair):
            confusions[(plabel, glabel, kind)] += 1
            confusion_docs[(plabel, glabel, kind)].add(i)
        pg, gg = scored_graphs(pred, gold, dscorer.preset)  # WordNet senses as scored (senses.py)
        ks = sorted(set(orders) | {1})
        for graph, side in ((pg, "predicted"), (gg, "gold")):  # refused before any work above the cap
            check_explosion(graph, ks[-1], cap, where=f"{drs_name(graph.drs)}, {side} graph", advice=PATHS_ADVICE)
        pred_grams, gold_grams = undirected_kgram_counts(pg, ks), undirected_kgram_counts(gg, ks)
        for k in ks:
            on_pred, on_gold = pred_grams[k], gold_grams[k]
            grams: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
            for text in on_pred.keys() | on_gold.keys():
                n_pred, n_gold = on_pred[text], on_gold[text]
                matched = min(n_pred, n_gold)
                if k == 1:
                    counts = grams[(_edge_label(text), "relation")]
                    counts[0] += n_pred
                    counts[1] += n_gold
                    counts[2] += matched
                if k in orders:
                    for side, extra in (("missed", n_gold - matched), ("invented", n_pred - matched)):
                        if extra:
                            kgram_counts[(k, text, side)] += extra
                            kgram_docs[(k, text, side)].add(i)
            for key, counts in grams.items():
                total = gram_rows[key]
                for column in range(3):
                    total[column] += counts[column]
            _label_documents(grams, i, gram_docs)
        if progress is not None:
            progress(i + 1, len(golds))

    def label_rows(level: str, rows: dict[tuple[str, str], list[int]],
                   docs: dict[tuple[str, str], set[int]]) -> list[LabelRow]:
        made = [LabelRow(level, label, kind, c[0], c[1], c[2], tuple(sorted(docs[(label, kind)])))
                for (label, kind), c in rows.items()]
        return sorted(made, key=lambda r: (r.scores[2], -r.support, r.label, r.kind))

    kgrams: list[KgramError] = []
    for k in orders:
        for side in ("missed", "invented"):
            chosen = sorted(((key[1], count) for key, count in kgram_counts.items()
                             if key[0] == k and key[2] == side), key=lambda item: (-item[1], item[0]))[:top]
            kgrams += [KgramError(k, text, side, count, tuple(sorted(kgram_docs[(k, text, side)])))
                       for text, count in chosen]
    return ErrorAnalysis(
        labels=tuple(label_rows("clause", clause_rows, clause_docs) + label_rows("1-gram", gram_rows, gram_docs)),
        confusions=tuple(Confusion(p, g, kind, n, tuple(sorted(confusion_docs[(p, g, kind)])))
                         for (p, g, kind), n in sorted(confusions.items(), key=lambda item: (-item[1], item[0]))[:top]),
        structure=tuple(_structure(pairs, preds, golds)),
        kgrams=tuple(kgrams), n_documents=len(pairs),
        signatures=(counter.signature(), dscorer.signature()))


def worst_labels(analysis: ErrorAnalysis, level: str, min_support: int = MIN_SUPPORT) -> tuple[LabelRow, ...]:
    """The labels of one level (``clause`` or ``1-gram``) that occur at least ``min_support`` times
    (predicted plus gold), worst first (F ascending, then the most occurrences): a label seen once
    and missed has F 0 but says little, so the lists a person reads start at a minimum support."""
    return tuple(r for r in analysis.labels if r.level == level and r.support >= min_support)
