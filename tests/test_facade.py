"""The package's face (``import dscorer_core``): a few dozen names a user needs, all listed by ``dir``
(so Jupyter completes them); the names it exported before, reachable one release with a
DeprecationWarning naming their new home; ``compare`` giving what ``dscorer compare`` prints."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import dscorer_core as dscorer

REPO_ROOT = Path(__file__).resolve().parent.parent

FACADE = {"load", "loads", "score", "compare", "make_metric", "metric_names",
          "Metric", "MetricResult", "MetricDocument", "Figures", "Comparison", "SystemComparison",
          "ScoreSettings", "CounterSettings", "SmatchSettings", "Clause", "Drs",
          "DscorerError", "DscorerInputError", "SettingsError", "OutputError", "ClfError", "ClfErrors", "ClfProblem",
          "SbnError", "DrsCountMismatch", "NoDrsError", "NgramExplosion", "CounterExplosion", "__version__"}


def test_the_facade_exports_a_few_dozen_names_and_dir_lists_them():
    assert set(dscorer.__all__) == FACADE
    assert dir(dscorer) == sorted(FACADE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of them is deprecated
        for name in FACADE:
            assert getattr(dscorer, name) is not None, name
    assert issubclass(dscorer.SbnError, dscorer.ClfError) and issubclass(dscorer.ClfError, dscorer.DscorerError)
    from dscorer_core.counter.settings import CounterSettings
    from dscorer_core.metrics.base import MetricResult
    assert dscorer.CounterSettings is CounterSettings and dscorer.MetricResult is MetricResult


@pytest.mark.parametrize(("name", "home"), [("score_pair", "dscorer_core.ngrams"),
                                            ("counter_pair", "dscorer_core.counter"),
                                            ("read_clf", "dscorer_core.reading.clause_text"),
                                            ("parse_clf", "dscorer_core.reading.clause_text"),
                                            ("induce_graph", "dscorer_core.ngrams")])
def test_an_old_name_works_one_release_with_a_warning_naming_its_home(name, home):
    import importlib

    with pytest.warns(DeprecationWarning, match=rf"dscorer_core\.{name} is deprecated.*{home}\.{name}"):
        value = getattr(dscorer, name)
    assert value is getattr(importlib.import_module(home), name)
    assert name not in dir(dscorer)


@pytest.mark.parametrize(("name", "metric"), [("score_corpus", "dscorer"), ("counter_corpus", "counter")])
def test_an_old_corpus_function_is_a_thin_alias_of_the_driver(shared_path, name, metric):
    """``score_corpus``/``counter_corpus`` warn, name the front door, and give the driver's own result for
    the metric (PMB 3.0.0 dev, first 60 documents): the same figures and documents as ``run_metric``."""
    from dscorer_core.metrics.driver import run_metric

    with pytest.warns(DeprecationWarning, match=rf"dscorer_core\.{name} is deprecated.*dscorer_core\.score\("):
        alias = getattr(dscorer, name)
    assert alias.__module__ == "dscorer_core.compat"
    preds = dscorer.load(shared_path("pmb-3.0.0/bert_char_1enc_dev.clf"))[:60]
    golds = dscorer.load(shared_path("pmb-3.0.0/gold_dev.clf"))[:60]
    old = alias(preds, golds)
    new = run_metric(dscorer.make_metric(metric), preds, golds)
    assert old == new.detail
    assert abs(new.micro.F - (old.micro.F if metric == "dscorer" else old.F)) <= 1e-12


def test_an_unknown_name_is_an_attribute_error_and_submodules_still_import():
    with pytest.raises(AttributeError, match="no_such_name"):
        dscorer.no_such_name  # noqa: B018
    assert dscorer.clauses.Drs is dscorer.Drs


def test_no_internal_module_uses_a_deprecated_name():
    """Run with DeprecationWarning as an error: importing the app's widgets and the CLI warns nothing."""
    code = ("import warnings; warnings.simplefilter('error', DeprecationWarning); "
            "import dscorer_core.cli, dscorer_core.interface, dscorer_core.stats")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_compare_gives_what_dscorer_compare_prints(shared_path):
    """Two PMB 2.1.0 systems against gold: the same figures, intervals, p-values and signature."""
    gold = shared_path("pmb-2.1.0/gold_dev.clf")
    systems = [shared_path("pmb-2.1.0/boxer_dev.clf"), shared_path("pmb-2.1.0/seq2seq_char_dev.clf")]
    done = subprocess.run([sys.executable, "-m", "dscorer_core", "compare", str(gold), *map(str, systems),
                           "--bootstrap", "200", "--ar", "200", "--json"],
                          cwd=REPO_ROOT, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    cli = json.loads(done.stdout)["metrics"]["dscorer"]
    found = dscorer.compare(systems, gold, bootstrap=200, ar=200)
    assert isinstance(found, dscorer.Comparison)
    library = found.as_dict()
    for key in ("signature", "bootstrap_signature", "ar_signature", "n_documents", "systems", "comparisons"):
        assert library[key] == cli[key], key
    assert [s.name for s in found.systems] == ["boxer_dev.clf", "seq2seq_char_dev.clf"]
    assert found.systems[1].p_value is not None and 0.0 < found.systems[1].p_value <= 1.0
    # each system's F is what ``score`` gives it alone
    alone = dscorer.score(systems[1], gold)
    assert abs(found.systems[1].F - alone.micro.F) < 1e-12
    with pytest.raises(dscorer.SettingsError, match="at least one system"):
        dscorer.compare([], gold)
