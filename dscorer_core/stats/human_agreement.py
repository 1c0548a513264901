"""How well each metric agrees with people (docs/judgements.md), after Opitz and Frank's "Better
Smatch = Better Parser?" (2022): acceptability and pairwise preference judgements of parses.

- ``cohen_kappa`` / ``annotator_agreement``: how far annotators agree with each other;
- ``metric_scores``: every metric's per-document score of every system (COUNTER, DSCORER
  combined and per order, for each preset), computed by the core's corpus scorers;
- ``agreement_with_people``: per metric, ROC AUC of acceptable against unacceptable parses (with a
  bootstrap interval), pairwise accuracy and Kendall's tau against human preferences;
- ``people_vs_metric_disagreements``: the judged documents where a metric and people disagree most.

Several annotators: every judgement is one item (an item judged by three people counts three
times, and split votes pull a metric towards chance, as they should); nothing is averaged away.
"""

from __future__ import annotations

import math
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

import numpy as np

from ..clauses import Drs
from ..counter import CounterSettings
from ..errors import SettingsError
from ..judgements.csv_io import validate
from ..judgements.model import ACCEPTABILITY, Judgement, canonical_preference, systems_of
from ..metrics.base import Metric
from ..metrics.registry import make_metric, usable_metrics
from ..ngrams.presets import get_preset
from ..ngrams.settings import ScoreSettings
from ..signature import Signature
from .resampling import bootstrap_weights

#: metric name -> system name -> score of each document (0-based index).
Scores = Mapping[str, Mapping[str, Sequence[float]]]
#: The judgements ``people_vs_metric_disagreements`` looks at.
DISAGREEMENT_KINDS = ("acceptability", "preference")
_VERDICT = {"A": 1, "B": -1, "same": 0}


@dataclass(frozen=True)
class AnnotatorPair:
    """Two annotators on the items both judged, for one kind of judgement (``acceptability``
    or ``preference``): ``n`` items, the share they agree on, and Cohen's kappa (None when
    undefined: both gave one and the same label throughout)."""

    first: str
    second: str
    kind: str
    n: int
    observed: float
    kappa: float | None

    def as_dict(self) -> dict:
        """The figures as plain data."""
        return {"first": self.first, "second": self.second, "kind": self.kind, "n": self.n,
                "observed": self.observed, "kappa": self.kappa}


@dataclass(frozen=True)
class MetricAgreement:
    """One metric against people; a figure is None where it does not apply (no judgements of
    that kind) or is undefined (e.g. AUC without both acceptable and unacceptable parses).

    ``auc``: ROC AUC of the metric's score separating acceptable (positive) from unacceptable
    parses, ``auc_low``/``auc_high`` its percentile bootstrap interval; ``pairwise_accuracy``: the
    share of A/B preferences where the metric scores the preferred parse higher (a metric tie
    counts as wrong; ``same`` is left out); ``kendall_tau``: tau-b between the human verdict
    (A +1, same 0, B -1) and the metric's score difference A - B, over all preferences.
    """

    metric: str
    auc: float | None
    auc_low: float | None
    auc_high: float | None
    pairwise_accuracy: float | None
    kendall_tau: float | None
    n_acceptability: int
    n_preference: int

    def as_dict(self) -> dict:
        """The figures as plain data, under the names of the JSON output."""
        return {"metric": self.metric, "auc": self.auc, "auc_low": self.auc_low, "auc_high": self.auc_high,
                "pairwise_accuracy": self.pairwise_accuracy, "kendall_tau": self.kendall_tau,
                "n_acceptability": self.n_acceptability, "n_preference": self.n_preference}


@dataclass(frozen=True)
class PeopleDisagreement:
    """One judged document on which a metric and a person disagree.

    Acceptability: ``score`` is the metric's score and ``disagreement`` how far on the wrong
    side of the judged parses it ranks (1 - fractional rank for an acceptable parse, the rank
    for an unacceptable one; above 0.5 only). Preference: ``score`` is the difference A - B and
    ``disagreement`` its size, for a metric preferring the other parse (or tied), or, when the
    person said ``same``, telling the two apart.
    """

    document: int
    system: str
    judgement: str
    annotator: str
    rationale: str
    score: float
    disagreement: float

    def as_dict(self) -> dict:
        """The figures as plain data."""
        return {"document": self.document, "system": self.system, "judgement": self.judgement,
                "annotator": self.annotator, "rationale": self.rationale, "score": self.score,
                "disagreement": self.disagreement}


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float | None:
    """Cohen's kappa of two annotators' labels of the same items, (p_o - p_e) / (1 - p_e);
    None for no items or when chance agreement p_e is 1 (both used one and the same label)."""
    if len(a) != len(b):
        raise ValueError(f"need two label lists of the same length, not {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b)) / n
    count_a, count_b = Counter(a), Counter(b)
    expected = sum(count_a[label] * count_b[label] for label in count_a) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def _labels_by_annotator(judgements: Sequence[Judgement], kind: str) -> dict[str, dict[Hashable, Hashable]]:
    """annotator -> item -> label, preferences keyed by their sorted pair (``x|y: A`` = ``y|x: B``)."""
    out: dict[str, dict[Hashable, Hashable]] = defaultdict(dict)
    for j in judgements:
        if j.kind != kind:
            continue
        if kind == "acceptability":
            out[j.annotator][(j.document, j.system)] = j.judgement
        else:
            a, b, verdict = canonical_preference(j)
            out[j.annotator][(j.document, a, b)] = verdict
    return out


def annotator_agreement(judgements: Sequence[Judgement]) -> tuple[AnnotatorPair, ...]:
    """For every two annotators and each kind of judgement, their agreement on the items both
    judged (pairs sharing no item are left out), sorted by the names."""
    pairs = []
    for kind in ("acceptability", "preference"):
        labels = _labels_by_annotator(judgements, kind)
        for first, second in combinations(sorted(labels), 2):
            shared = sorted(set(labels[first]) & set(labels[second]), key=repr)
            if not shared:
                continue
            a = [labels[first][item] for item in shared]
            b = [labels[second][item] for item in shared]
            observed = sum(x == y for x, y in zip(a, b)) / len(shared)
            pairs.append(AnnotatorPair(first, second, kind, len(shared), observed, cohen_kappa(a, b)))
    return tuple(sorted(pairs, key=lambda p: (p.first, p.second, p.kind)))


#: The metrics ``metric_scores`` compares by default, in the order they are listed (Smatch only where
#: the files are SBN).
AGREEMENT_METRICS = ("counter", "dscorer", "smatch")


def metric_variants(n: int = 4, presets: Sequence[str] = ("released", "typed"), wordnet: bool = True,
                    metrics: Sequence[str] = ("counter", "dscorer"),
                    smatch: Sequence[str] = ("pmb5",)) -> list[tuple[str, Metric]]:
    """The metrics of the registry to set beside people, each under a label: ``counter``; per preset
    ``dscorer:PRESET``; ``smatch`` (the PMB 5 figure) and ``smatch:VARIANT`` for each other variant in
    ``smatch`` (``sbn.smatch.SMATCH_VARIANTS``: soft, sbne-strict, no-roles, ...); any other registered
    metric under its name, with its default settings. ``wordnet=False`` compares concepts as written in
    COUNTER and DSCORER."""
    from ..sbn.smatch import SMATCH_VARIANTS

    unknown = [v for v in smatch if v not in SMATCH_VARIANTS]
    if unknown:
        raise ValueError(f"unknown Smatch variant {unknown[0]!r}; choose from {', '.join(SMATCH_VARIANTS)}")
    settings: dict[str, list[tuple[str, Any]]] = {
        "counter": [("counter", CounterSettings(wordnet=wordnet))],
        "dscorer": [(f"dscorer:{p}", dscorer_settings(p, n, wordnet)) for p in presets],
        "smatch": [("smatch" if v == "pmb5" else f"smatch:{v}", SMATCH_VARIANTS[v]) for v in smatch]}
    return [(label, make_metric(name, chosen)) for name in metrics
            for label, chosen in settings.get(name, [(name, None)])]


def metric_names(n: int = 4, presets: Sequence[str] = ("released", "typed"),
                 metrics: Sequence[str] = ("counter", "dscorer"), smatch: Sequence[str] = ("pmb5",)) -> tuple[str, ...]:
    """The metrics ``metric_scores`` gives: ``counter``, then per preset ``dscorer:PRESET``
    (combined F) and ``dscorer:PRESET:kK`` (the F of order K = 1..n), then the others named in ``metrics``."""
    names = []
    for label, metric in metric_variants(n, presets, True, metrics, smatch):
        names += [label] + [f"{label}:{key}" for key in metric.sub_scores]
    return tuple(names)


def dscorer_settings(preset: str, n: int = 4, wordnet: bool = True) -> ScoreSettings:
    """DSCORER's settings for a preset and order; ``wordnet=False`` turns off the preset's WordNet
    sense normalisation (as ``--no-wordnet`` does for ``dscorer score``)."""
    spec = get_preset(preset)
    return ScoreSettings(preset=spec if wordnet else replace(spec, wordnet=False), order=n)


def metric_signatures(n: int = 4, presets: Sequence[str] = ("released", "typed"),
                      wordnet: bool = True, metrics: Sequence[str] = ("counter", "dscorer"),
                      smatch: Sequence[str] = ("pmb5",)) -> tuple[str, ...]:
    """The reproducibility signatures of the metrics ``metric_scores`` computes (COUNTER's first)."""
    return tuple(m.get_signature().text() for _, m in metric_variants(n, presets, wordnet, metrics, smatch))


def scored_metrics(gold: Sequence[Drs], systems: Mapping[str, Sequence[Drs]],
                   metrics: Sequence[str] | None = None) -> tuple[str, ...]:
    """``metrics``, or by default those of ``AGREEMENT_METRICS`` that can score the files (Smatch: SBN)."""
    if metrics is not None:
        return tuple(metrics)
    usable = usable_metrics([make_metric(name) for name in AGREEMENT_METRICS], gold, list(systems.values()))
    return tuple(m.name for m in usable)


def metric_scores(gold: Sequence[Drs], systems: Mapping[str, Sequence[Drs]], n: int = 4,
                  presets: Sequence[str] = ("released", "typed"), wordnet: bool = True,
                  progress: Callable[[int, int], None] | None = None,
                  metrics: Sequence[str] | None = None,
                  smatch: Sequence[str] = ("pmb5",)) -> dict[str, dict[str, list[float]]]:
    """Per metric (``metric_names``), per system, each document's F: every metric of the registry named
    in ``metrics`` (default: COUNTER, DSCORER, and Smatch where the files are SBN) scores each system's
    DRSs (aligned with ``gold``); ``wordnet=False`` compares concepts as written in COUNTER and DSCORER;
    ``progress(done, total)`` is called after each corpus scored; ``smatch`` names the Smatch variants."""
    variants = metric_variants(n, presets, wordnet, scored_metrics(gold, systems, metrics), smatch)
    out: dict[str, dict[str, list[float]]] = {}
    total, done = len(systems) * len(variants), 0
    for system, preds in systems.items():
        for label, metric in variants:
            for key, values in metric.document_scores(metric.score(preds, gold)).items():
                out.setdefault(label + (f":{key}" if key else ""), {})[system] = [float(x) for x in values]
            done += 1
            if progress:
                progress(done, total)
    return out


def agreement_signature(samples: int = 1000, seed: int = 0, level: float = 0.95) -> str:
    """``agreement|auc-bs:1000|seed:0|level:0.95|version:...``: how the intervals were drawn."""
    return Signature("agreement", (("auc-bs", str(samples)), ("seed", str(seed)), ("level", f"{level:g}"))).text()


def _check_scores(judgements: Sequence[Judgement], scores: Scores, source: str) -> None:
    """Every metric covers the same systems with the same number of documents, and every
    judgement names one of them (JudgementError with the judgement's line otherwise)."""
    if not scores:
        raise ValueError("no metric scores given")
    first = next(iter(scores.values()))
    systems = list(first)
    lengths = {len(v) for per_system in scores.values() for v in per_system.values()}
    if any(list(per_system) != systems for per_system in scores.values()) or len(lengths) > 1:
        raise ValueError("every metric must score the same systems on the same number of documents")
    validate(judgements, lengths.pop() if lengths else 0, systems, source)


def _weighted_auc(positive: np.ndarray, negative: np.ndarray, w_pos: np.ndarray, w_neg: np.ndarray) -> np.ndarray:
    """AUC (Mann-Whitney, ties 1/2) of each row of weights (samples x items); NaN where a row
    holds no positive or no negative weight."""
    beats = (positive[:, None] > negative[None, :]) + 0.5 * (positive[:, None] == negative[None, :])
    pairs = w_pos.sum(axis=1) * w_neg.sum(axis=1)
    wins = np.einsum("sp,pn,sn->s", w_pos, beats, w_neg)
    with np.errstate(invalid="ignore", divide="ignore"):
        result: np.ndarray = np.where(pairs > 0, wins / np.where(pairs > 0, pairs, 1.0), np.nan)
    return result


def _auc(labels: np.ndarray, values: np.ndarray, weights: np.ndarray | None,
         level: float) -> tuple[float | None, float | None, float | None]:
    """AUC of acceptable (labels 1) against unacceptable parses, and its bootstrap interval."""
    pos, neg = values[labels == 1], values[labels == 0]
    if len(pos) == 0 or len(neg) == 0:
        return None, None, None
    full = float(_weighted_auc(pos, neg, np.ones((1, len(pos))), np.ones((1, len(neg))))[0])
    if weights is None:
        return full, None, None
    dist = _weighted_auc(pos, neg, weights[:, labels == 1], weights[:, labels == 0])
    dist = dist[~np.isnan(dist)]
    if len(dist) == 0:
        return full, None, None
    low, high = np.percentile(dist, [100 * (1 - level) / 2, 100 * (1 + level) / 2])
    return full, float(low), float(high)


def _tau(verdicts: np.ndarray, differences: np.ndarray) -> float | None:
    if len(verdicts) < 2 or np.all(verdicts == verdicts[0]) or np.all(differences == differences[0]):
        return None
    from scipy import stats  # scipy.stats (0.7 s) when a tau is computed, not at start-up

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tau = float(stats.kendalltau(verdicts, differences).statistic)
    return None if math.isnan(tau) else tau


def agreement_with_people(judgements: Sequence[Judgement], scores: Scores, samples: int = 1000,
                          seed: int = 0, level: float = 0.95,
                          source: str = "<judgements>") -> tuple[MetricAgreement, ...]:
    """Each metric of ``scores`` (from ``metric_scores``) against the judgements, in the order of
    ``scores``. The AUC interval resamples acceptability judgements with replacement (``samples``
    times from ``seed``; 0 samples: no interval), the same resample for every metric. A
    judgement naming a document or system the scores do not cover raises JudgementError with its
    line (``source`` names the file)."""
    if not 0.0 < level < 1.0:
        raise SettingsError(f"confidence level must be in (0, 1), not {level!r}")
    if samples < 0:
        raise SettingsError(f"samples cannot be negative, not {samples}")
    _check_scores(judgements, scores, source)
    accept = [j for j in judgements if j.kind == "acceptability"]
    prefer = [j for j in judgements if j.kind == "preference"]
    labels = np.array([j.judgement == ACCEPTABILITY[0] for j in accept], dtype=int)
    verdicts = np.array([_VERDICT[j.judgement] for j in prefer], dtype=float)
    weights = bootstrap_weights(len(accept), samples, seed) if accept and samples else None
    out = []
    for metric, per_system in scores.items():
        values = np.array([per_system[j.system][j.document] for j in accept], dtype=float)
        auc, low, high = _auc(labels, values, weights, level)
        differences = np.array([per_system[a][j.document] - per_system[b][j.document]
                                for j in prefer for a, b in [systems_of(j)]], dtype=float)
        decided = verdicts != 0
        accuracy = (float(np.mean(np.sign(differences[decided]) == verdicts[decided]))
                    if decided.any() else None)
        out.append(MetricAgreement(metric, auc, low, high, accuracy, _tau(verdicts, differences),
                                   len(accept), len(prefer)))
    return tuple(out)


def people_vs_metric_disagreements(judgements: Sequence[Judgement], scores: Scores, metric: str,
                                   limit: int | None = 20, kind: str = "acceptability",
                                   source: str = "<judgements>") -> tuple[PeopleDisagreement, ...]:
    """The judged documents where ``metric`` and people disagree most, largest first (then by
    document): acceptable parses with the lowest scores and unacceptable ones with the highest
    (``kind="acceptability"``), or preferences the metric turns around (``kind="preference"``)."""
    if kind not in DISAGREEMENT_KINDS:
        raise SettingsError(f"unknown kind {kind!r}; choose one of {', '.join(DISAGREEMENT_KINDS)}")
    if metric not in scores:
        raise SettingsError(f"unknown metric {metric!r}; the scores hold {', '.join(scores)}")
    if limit is not None and limit < 0:
        raise SettingsError(f"limit must be >= 0, not {limit}")
    _check_scores(judgements, scores, source)
    per_system = scores[metric]
    chosen = [j for j in judgements if j.kind == kind]
    rows: list[PeopleDisagreement] = []
    if kind == "acceptability" and chosen:
        from scipy import stats

        values = np.array([per_system[j.system][j.document] for j in chosen], dtype=float)
        ranks = ((stats.rankdata(values, method="average") - 1) / (len(values) - 1)
                 if len(values) > 1 else np.full(1, 0.5))
        for j, value, rank in zip(chosen, values, ranks):
            size = 1.0 - rank if j.judgement == ACCEPTABILITY[0] else rank
            if size > 0.5:
                rows.append(PeopleDisagreement(j.document, j.system, j.judgement, j.annotator, j.rationale,
                                               float(value), float(size)))
    for j in chosen if kind == "preference" else ():
        a, b = systems_of(j)
        difference = per_system[a][j.document] - per_system[b][j.document]
        verdict = _VERDICT[j.judgement]
        if (verdict == 0 and difference != 0) or (verdict != 0 and np.sign(difference) != verdict):
            rows.append(PeopleDisagreement(j.document, j.system, j.judgement, j.annotator, j.rationale,
                                           float(difference), float(abs(difference))))
    rows.sort(key=lambda r: (-r.disagreement, r.document, r.system, r.annotator))
    return tuple(rows[:limit] if limit is not None else rows)
