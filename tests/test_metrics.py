"""The metric layer: signatures as values (their text exactly as published), the registry of DSCORER,
COUNTER and Smatch, the one formula, and one corpus result type whose figures are the metrics' own."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dscorer_core import CounterSettings, ScoreSettings
from dscorer_core.counter import counter_corpus
from dscorer_core.errors import DscorerInputError
from dscorer_core.formula import mean_rows, prf, prf_scalar, sum_rows
from dscorer_core.ill_formed import IllFormedReport, extra_fields, signed, with_extras
from dscorer_core.metrics import (
    CounterMetric,
    DscorerMetric,
    Metric,
    MetricResult,
    SmatchMetric,
    make_metric,
    make_metrics,
    metric_names,
    usable_metrics,
)
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.reading.drs_files import read_drs_file, read_sbn_texts
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus, smatch_signature
from dscorer_core.signature import Signature
from dscorer_core.stats import metric_table
from dscorer_core.stats.human_agreement import agreement_signature
from dscorer_core.stats.human_agreement import metric_names as agreement_names
from dscorer_core.stats.resampling import stats_signature
from dscorer_core.version import __version__

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
PMB2 = DATA / "pmb-2.2.0"
PMB5 = DATA / "pmb-5.0.0"
V = __version__

SMATCH_WORK = "bnb4000-moves1000000-lp500-mip20000"  # the default work limits (signatures)
COUNTER_WORK = "bnb5000-moves1000000-lp500-mip20000"


def _needs(*paths: Path) -> None:
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        pytest.skip(f"needs the shared PMB data: {', '.join(missing)} not found")


# ---------------------------------------------------------------- signatures

PUBLISHED = [  # the signatures the guides quote, as the six places printed them before they were values
    (ScoreSettings().signature(), f"dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|version:{V}"),
    (ScoreSettings(preset="typed", order=3, w0=0.25, average="macro").signature(),
     f"dscorer|preset:typed|n:3|w0:0.25|avg:macro|version:{V}"),
    (CounterSettings().signature(),
     f"counter|restarts:20|seed:1|ref:drop|search:exact+hill|wn:3.0|work:{COUNTER_WORK}|version:{V}"),
    (CounterSettings(keep_ref=True, wordnet=False, search="hill", seed=7).signature(),
     f"counter|restarts:20|seed:7|ref:keep|search:hill|wn:off|work:{COUNTER_WORK}|version:{V}"),
    (smatch_signature(SmatchSettings()), f"smatch|sbn|exact|hard|triples:pmb5|work:{SMATCH_WORK}|version:{V}"),
    (smatch_signature(SmatchSettings(lenient=True)),
     f"smatch|sbn|exact|hard|triples:lenient|work:{SMATCH_WORK}|version:{V}"),
    (smatch_signature(SmatchSettings(collapse_whitespace=True, whole_values=True)),
     f"smatch|sbn|exact|hard|triples:pmb5-flat-whole-names|work:{SMATCH_WORK}|version:{V}"),
    (stats_signature(CounterSettings().signature(), "bs", 1000, 1),
     f"counter|restarts:20|seed:1|ref:drop|search:exact+hill|wn:3.0|work:{COUNTER_WORK}|version:{V}|bs:1000|seed:1"),
    (agreement_signature(1000, 0), f"agreement|auc-bs:1000|seed:0|level:0.95|version:{V}"),
    (with_extras(stats_signature(ScoreSettings().signature(), "ar", 10000, 1), "|ill:dummy|wf:off"),
     f"dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|ill:dummy|wf:off|version:{V}|ar:10000|seed:1"),
]


@pytest.mark.parametrize(("made", "published"), PUBLISHED)
def test_every_signature_reads_as_published_and_parses_back(made, published):
    assert made == published
    assert Signature.parse(published).text() == published


def test_a_signature_is_fields_not_text():
    sig = ScoreSettings(preset="typed").get_signature()
    assert sig.name == "dscorer" and sig.get("preset") == "typed" and sig.get("n") == "4" and sig.get("wn") is None
    assert sig.with_fields([("ill", "score")]).text().endswith(f"|avg:micro|ill:score|version:{V}")
    assert sig.resampled("bs", 200, 3).get("bs") == "200"
    assert Signature.parse("smatch|sbn|exact").fields == (("sbn", None), ("exact", None))
    assert with_extras("plain|a:1", "|wf:off") == "plain|a:1|wf:off"  # no version field: the extras go last


def test_the_ill_formed_fields_are_named_in_the_signature_by_fields():
    from dscorer_core.ill_formed import GoldCheck, IllFormed

    report = IllFormedReport("dummy", (IllFormed(0, "f.clf", 1, ()),), GoldCheck("auto", False))
    assert extra_fields([report]) == (("ill", "dummy"), ("wf", "off"))
    assert signed(CounterSettings().signature(), [report]) == \
        f"counter|restarts:20|seed:1|ref:drop|search:exact+hill|wn:3.0|work:{COUNTER_WORK}|ill:dummy|wf:off|version:{V}"


# ---------------------------------------------------------------- the one formula

def test_the_scalar_prf_is_the_array_prf_bit_for_bit():
    grid = np.array([(m, p, g) for m in range(0, 9) for p in range(0, 9) for g in range(0, 9)], dtype=float)
    arrays = prf(grid[:, 0], grid[:, 1], grid[:, 2])
    for row, *found in zip(grid.tolist(), *arrays):
        assert prf_scalar(*row) == tuple(float(x) for x in found)
    assert prf_scalar(7, 5, 5)[2] == pytest.approx(1.4)  # Smatch 1.0.4 counts duplicated triples twice over


def test_sums_and_means_are_taken_in_document_order_as_python_sums():
    rng = np.random.default_rng(3)
    values = rng.random((500, 3))
    means = mean_rows(values)[0]
    assert means.tolist() == [sum(values[:, j].tolist()) / 500 for j in range(3)]
    features = np.column_stack([rng.integers(0, 50, 500), values[:, 0]])
    assert sum_rows(features)[0].tolist() == [float(features[:, 0].sum()), sum(values[:, 0].tolist())]


def test_the_smatch_command_still_starts_without_numpy():
    code = "import sys, dscorer_core.sbn.smatch, dscorer_core.cli.smatch_command; print('numpy' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert found.stdout.strip() == "False"


# ---------------------------------------------------------------- the registry

def test_the_registry_holds_the_three_metrics_and_each_is_a_metric():
    assert metric_names()[:3] == ("dscorer", "counter", "smatch")
    for name in metric_names():
        metric = make_metric(name)
        assert isinstance(metric, Metric) and metric.name == name and metric.average in metric.averages
    assert make_metric("smatch").averages[0] == "macro"  # the PMB 5 figure: the mean of per-sentence F1
    with pytest.raises(ValueError, match="unknown metric 'bleu'"):
        make_metric("bleu")


def test_make_metrics_gives_the_average_to_the_metrics_that_offer_it():
    dscorer, counter, smatch = make_metrics(["dscorer", "counter", "smatch"], average="macro")
    assert (dscorer.average, counter.average, smatch.average) == ("macro", "micro", "macro")
    assert make_metrics(["smatch"], average="micro")[0].get_signature().text() == \
        f"smatch|sbn|exact|hard|triples:pmb5|work:{SMATCH_WORK}|avg:micro|version:{V}"


def test_smatch_is_usable_only_where_every_file_is_sbn():
    clauses = read_clf(ROOT / "sample_data" / "paper_gold.clf")
    assert [m.name for m in usable_metrics(make_metrics(metric_names()), clauses)] == ["dscorer", "counter"]
    with pytest.raises(DscorerInputError, match=r"paper_gold\.clf:\d+: the gold file is not SBN"):
        make_metric("smatch").score(clauses, clauses)


# ---------------------------------------------------------------- one result type, the metrics' own figures

@pytest.fixture(scope="module")
def pmb2():
    _needs(PMB2 / "boxer_dev.clf", PMB2 / "gold_dev.clf")
    return read_clf(PMB2 / "boxer_dev.clf"), read_clf(PMB2 / "gold_dev.clf")


def test_dscorer_through_the_registry_gives_score_corpus_figures_exactly(pmb2):
    preds, golds = pmb2
    for settings in (ScoreSettings(), ScoreSettings(preset="typed", order=3)):
        corpus = score_corpus(preds, golds, settings)
        result = DscorerMetric(settings).score(preds, golds)
        assert isinstance(result, MetricResult) and result.detail is not None
        assert [d.F for d in result.documents] == [d.score.F for d in corpus.documents]
        assert [d.P for d in result.documents] == [d.score.P for d in corpus.documents]
        assert (result.micro.P, result.micro.R, result.micro.F) == (corpus.micro.P, corpus.micro.R, corpus.micro.F)
        assert (result.macro.P, result.macro.R, result.macro.F) == (corpus.macro.P, corpus.macro.R, corpus.macro.F)
        assert result.orders == corpus.micro.orders and str(result.signature) == corpus.signature
        f2 = [next(o.f for o in d.score.orders if o.k == 2) for d in corpus.documents]
        assert result.metric.document_scores(result)["k2"] == f2
    assert round(DscorerMetric().score(preds, golds).F, 4) == 0.5218  # the README's figure


def test_counter_through_the_registry_gives_counter_corpus_figures_exactly(pmb2):
    preds, golds = pmb2[0][:150], pmb2[1][:150]
    corpus = counter_corpus(preds, golds)
    result = CounterMetric().score(preds, golds)
    assert (result.P, result.R, result.F) == (corpus.P, corpus.R, corpus.F)
    assert [d.F for d in result.documents] == [d.F for d in corpus.documents]
    assert result.breakdown == corpus.by_kind and result.optimal_documents == corpus.optimal_documents
    assert [d.counts[0] for d in result.documents] == [(d.matched, d.pred_clauses, d.gold_clauses)
                                                       for d in corpus.documents]
    table = metric_table(result)
    assert table.full_scores().tolist() == [corpus.P, corpus.R, corpus.F]


@pytest.fixture(scope="module")
def dutch():
    _needs(PMB5 / "gold_nl_test.sbn", PMB5 / "neuralboxer_nl_test.sbn")
    return (read_drs_file(PMB5 / "neuralboxer_nl_test.sbn", lenient=True), read_drs_file(PMB5 / "gold_nl_test.sbn"))


def test_smatch_through_the_registry_is_the_pmb5_figure_exactly(dutch):
    preds, golds = dutch
    own = smatch_corpus(read_sbn_texts(PMB5 / "neuralboxer_nl_test.sbn"), read_sbn_texts(PMB5 / "gold_nl_test.sbn"))
    result = SmatchMetric().score(preds, golds)
    assert result.average == "macro" and own.mean_F == result.F and round(result.F, 4) == 0.7333
    assert (result.micro.P, result.micro.R, result.micro.F) == (own.P, own.R, own.F)
    assert result.ill_formed == own.ill_formed and round(result.ill_formed, 4) == 0.0851
    assert [d.F for d in result.documents] == [d.F for d in own.documents]
    assert sum(d.note is not None and "refuses" in d.note for d in result.documents) == 37
    assert result.optimal_documents == 435
    assert metric_table(result).full_scores()[2] == own.mean_F  # the table's macro figure, bit for bit
    assert metric_table(result, "micro").full_scores()[2] == own.F


def test_agreement_sets_smatch_beside_people_where_the_files_are_sbn(dutch):
    from dscorer_core.stats.human_agreement import metric_scores

    preds, golds = dutch
    scores = metric_scores(golds[:40], {"neuralboxer": preds[:40]}, n=2)
    assert list(scores) == list(agreement_names(2, metrics=("counter", "dscorer", "smatch")))
    assert scores["smatch"]["neuralboxer"] == [d.F for d in SmatchMetric().score(preds[:40], golds[:40]).documents]


# ---------------------------------------------------------------- dscorer compare --metric smatch

SENSE = re.compile(r"\.([nvar])\.(\d\d)\b")


def _perturbed(path: Path, out: Path, seed: int) -> Path:
    """The gold SBNs with senses changed at random (a fixed seed): a plausible, slightly worse system."""
    rng = random.Random(seed)

    def change(match: re.Match[str]) -> str:
        sense = int(match.group(2))
        return f".{match.group(1)}.{sense % 3 + 1:02d}" if rng.random() < 0.2 else match.group(0)

    lines = path.read_text(encoding="utf-8").splitlines()
    out.write_text("".join(f"{SENSE.sub(change, line)}\n" for line in lines), encoding="utf-8")
    return out


def _mean_f(path: Path, gold: Path) -> np.ndarray:
    """Per-sentence Smatch F by ``dscorer smatch``'s own path (the sbn module), not the metric layer."""
    return np.array([d.F for d in smatch_corpus(read_sbn_texts(path), read_sbn_texts(gold)).documents])


def test_compare_smatch_gives_intervals_and_paired_tests_that_an_independent_computation_confirms(tmp_path, capsys):
    from dscorer_core.cli import main

    gold, neural = PMB5 / "gold_nl_test.sbn", PMB5 / "neuralboxer_nl_test.sbn"
    _needs(gold, neural)
    perturbed = _perturbed(gold, tmp_path / "perturbed.sbn", seed=11)
    boot, trials, seed = 1000, 2000, 5
    assert main(["compare", str(gold), str(gold), str(neural), str(perturbed), "--metric", "smatch",
                 "--bootstrap", str(boot), "--ar", str(trials), "--seed", str(seed), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["metrics"]["smatch"]
    smatch = f"smatch|sbn|exact|hard|triples:pmb5|work:{SMATCH_WORK}|version:{V}"
    assert data["signature"] == smatch and data["average"] == "macro"
    assert data["bootstrap_signature"] == f"{smatch}|bs:{boot}|seed:{seed}"
    f = {"gold": np.ones(435), "neural": _mean_f(neural, gold), "perturbed": _mean_f(perturbed, gold)}
    assert f["perturbed"].mean() < 1.0 and f["neural"].mean() < f["perturbed"].mean()
    systems = {s["name"]: s for s in data["systems"]}
    assert systems["gold_nl_test.sbn"]["F"] == 1.0 and systems["gold_nl_test.sbn"]["ci"]["F"] == [1.0, 1.0]
    assert round(systems["neuralboxer_nl_test.sbn"]["F"], 4) == 0.7333  # the PMB 5 figure
    # independently: documents drawn with replacement from numpy's seeded generator, the mean of their F
    picks = np.random.default_rng(seed).integers(0, 435, size=(boot, 435))
    masks = np.random.default_rng(seed).integers(0, 2, size=(trials, 435), dtype=np.int8).astype(bool)
    for name, key in (("neuralboxer_nl_test.sbn", "neural"), ("perturbed.sbn", "perturbed")):
        found = systems[name]
        assert found["F"] == pytest.approx(f[key].mean(), abs=1e-12)
        samples = f[key][picks].mean(axis=1)
        assert found["ci"]["F"] == pytest.approx([np.percentile(samples, 2.5), np.percentile(samples, 97.5)],
                                                 abs=1e-12)
        comparison = next(c for c in data["comparisons"] if c["system"] == name)
        d = f[key].mean() - 1.0
        assert comparison["difference"] == pytest.approx(d, abs=1e-12)
        not_winning = np.count_nonzero(np.sign(d) * (samples - f["gold"][picks].mean(axis=1)) <= 0)
        assert comparison["p_value_bootstrap"] == pytest.approx((1 + not_winning) / (boot + 1))
        a, b = np.where(masks, 1.0, f[key]), np.where(masks, f[key], 1.0)
        at_least = np.count_nonzero(np.abs(a.mean(axis=1) - b.mean(axis=1)) >= abs(d) - 1e-12)
        assert comparison["p_value_ar"] == pytest.approx((1 + at_least) / (trials + 1), abs=2 / (trials + 1))
    # neural against perturbed: a real comparison, with its own numbers
    assert main(["compare", str(gold), str(perturbed), str(neural), "--metric", "smatch", "--bootstrap", "500",
                 "--ar", "1000", "--seed", "2", "--json"]) == 0
    pair = json.loads(capsys.readouterr().out)["metrics"]["smatch"]["comparisons"][0]
    assert pair["difference"] == pytest.approx(f["neural"].mean() - f["perturbed"].mean(), abs=1e-12)
    assert pair["p_value_ar"] < 0.01  # NeuralBoxer is clearly worse than gold with some senses changed


def test_compare_smatch_refuses_clause_files_naming_the_file(capsys):
    from dscorer_core.cli import main

    sample = ROOT / "sample_data"
    assert main(["compare", str(sample / "paper_gold.clf"), str(sample / "paper_pred.clf"),
                 str(sample / "paper_pred.clf"), "--metric", "smatch"]) == 2
    err = capsys.readouterr().err
    assert "paper_gold.clf" in err and "is not SBN: Smatch scores SBN files" in err


def test_compare_text_names_smatch_and_its_average(capsys):
    from dscorer_core.cli import main

    gold, neural = PMB5 / "gold_nl_test.sbn", PMB5 / "neuralboxer_nl_test.sbn"
    _needs(gold, neural)
    assert main(["compare", str(gold), str(gold), str(neural), "--metric", "smatch", "counter",
                 "--bootstrap", "100", "--ar", "100"]) == 0
    out = capsys.readouterr().out
    assert "Smatch (mean of per-document F) on 435 documents" in out and "COUNTER on 435 documents" in out
    # ill-formed policy fields are not Smatch's
    assert f"smatch|sbn|exact|hard|triples:pmb5|work:{SMATCH_WORK}|version:{V}\n" in out


def test_the_metrics_example_of_the_python_api_guide_prints_what_the_guide_says(monkeypatch, capsys):
    guide = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Metrics: one kind, three metrics"):]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    printed = section.split("prints\n\n```\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "python-api.md", "exec"), {})
    assert capsys.readouterr().out == printed


def test_a_pairs_rows_are_its_row_in_the_corpus(dutch):
    preds, golds = dutch
    for metric in (DscorerMetric(), CounterMetric(), SmatchMetric()):
        result = metric.score(preds[:12], golds[:12])
        for i in (0, 2, 11):
            rows = metric.pair_rows(preds[i], golds[i])
            assert rows.components == metric.components and rows.n_documents == 1
            assert rows.counts[0].tolist() == result.rows.counts[i].tolist(), (metric.name, i)
            assert metric.figures(rows.features())[0].tolist() == \
                [result.documents[i].P, result.documents[i].R, result.documents[i].F]


def test_agreement_with_judgements_made_up_from_smatch_puts_smatch_at_one(dutch, tmp_path, capsys):
    from dscorer_core.cli import main

    preds, golds = dutch
    f = [d.F for d in SmatchMetric().score(preds, golds).documents]
    median = float(np.median(f))
    rows = [f"{i},neuralboxer_nl_test,{'acceptable' if x > median else 'unacceptable'},,ann"
            for i, x in enumerate(f) if x != median]
    csv = tmp_path / "judgements.csv"
    csv.write_text("document,system,judgement,rationale,annotator\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert main(["agreement", str(csv), str(PMB5 / "gold_nl_test.sbn"), str(PMB5 / "neuralboxer_nl_test.sbn"),
                 "--samples", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["metrics"])[:2] == ["counter", "dscorer:released"] and "smatch" in data["metrics"]
    assert data["metrics"]["smatch"]["auc"] == 1.0 and data["metrics"]["counter"]["auc"] < 1.0
    assert f"smatch|sbn|exact|hard|triples:pmb5|work:{SMATCH_WORK}|version:{V}" in (
        data["metric_signatures"])
    assert main(["agreement", str(csv), str(PMB5 / "gold_nl_test.sbn"), str(PMB5 / "neuralboxer_nl_test.sbn"),
                 "--samples", "0", "--metric", "smatch", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["metrics"]) == ["smatch"]
