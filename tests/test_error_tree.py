"""One error tree: every user error is a DscorerError (exit 2, one paragraph), anything else is a bug
(exit 1, "internal error"), and bad settings raise SettingsError, not a bare ValueError."""

from __future__ import annotations

import pytest

from dscorer_core.cli import main
from dscorer_core.counter import CounterSettings
from dscorer_core.errors import (
    ClfError,
    DscorerError,
    DscorerInputError,
    JudgementError,
    NgramExplosion,
    OutputError,
    SbnError,
    SettingsError,
)
from dscorer_core.ill_formed import apply_ill_policy, check_gold
from dscorer_core.judgements.csv_io import read_judgements_csv
from dscorer_core.ngrams import ScoreSettings, count_ngrams, get_preset, induce_graph
from dscorer_core.stats.resampling import bootstrap_weights


@pytest.fixture
def pair(sample_data):
    return str(sample_data / "paper_pred.clf"), str(sample_data / "paper_gold.clf")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_tree_has_one_root_and_stays_a_value_error():
    for cls in (DscorerInputError, ClfError, SbnError, NgramExplosion, JudgementError, SettingsError, OutputError):
        assert issubclass(cls, DscorerError) and issubclass(cls, ValueError), cls
    assert not issubclass(DscorerError, ValueError)  # the root is the project's, not Python's


@pytest.mark.parametrize("make", [
    lambda: get_preset("paper"),
    lambda: ScoreSettings(order=0),
    lambda: ScoreSettings(w0=1.5),
    lambda: ScoreSettings(average="median"),
    lambda: ScoreSettings(engine="gpu"),
    lambda: ScoreSettings(max_ngrams=0),
    lambda: CounterSettings(restarts=0),
    lambda: CounterSettings(search="anneal"),
    lambda: apply_ill_policy([], "ignore"),
    lambda: check_gold([], "sometimes"),
], ids=["preset", "order", "w0", "average", "engine", "max_ngrams", "restarts", "search", "policy", "wf-mode"])
def test_a_bad_setting_is_a_settings_error_naming_the_value(make):
    with pytest.raises(SettingsError) as found:
        make()
    assert "not" in str(found.value) or "unknown" in str(found.value)


def test_an_unknown_engine_is_a_settings_error(sample_data):
    from dscorer_core.reading.clause_text import read_clf

    graph = induce_graph(read_clf(sample_data / "paper_gold.clf")[0])
    with pytest.raises(SettingsError, match="unknown engine 'gpu'"):
        count_ngrams(graph, 2, "gpu")


def test_a_bad_statistics_setting_is_a_settings_error():
    with pytest.raises(SettingsError, match="at least one document and one sample"):
        bootstrap_weights(10, 0, 1)


def test_an_unreadable_judgement_file_names_the_file(tmp_path):
    with pytest.raises(JudgementError, match="nope.csv: no such file"):
        read_judgements_csv(tmp_path / "nope.csv")


def test_a_settings_error_from_the_core_is_a_user_error_at_the_command_line(capsys, pair, monkeypatch):
    from dscorer_core.metrics import ngram_metric  # what ``dscorer score``'s batches run (metrics.driver)

    def refuse(*a, **k):
        raise SettingsError("unknown preset 'paper'; choose one of released, typed")

    monkeypatch.setattr(ngram_metric, "score_documents", refuse)
    code, out, err = run(capsys, "score", *pair)
    err = "\n".join(line for line in err.splitlines() if ": warning: " not in line)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err == "dscorer score: error: unknown preset 'paper'; choose one of released, typed"


@pytest.mark.parametrize("bug", [ValueError("bad shape"), OSError("disk on fire"), KeyError("boom")],
                         ids=["ValueError", "OSError", "KeyError"])
def test_any_other_exception_is_an_internal_error(capsys, pair, monkeypatch, bug):
    """A bare ValueError (or OSError) inside the core is a bug, not the user's mistake: exit 1."""
    from dscorer_core.metrics import ngram_metric  # what ``dscorer score``'s batches run (metrics.driver)

    def broken(*a, **k):
        raise bug

    monkeypatch.setattr(ngram_metric, "score_documents", broken)
    code, out, err = run(capsys, "score", *pair)
    lines = [line for line in err.splitlines() if ": warning: " not in line]
    assert code == 1 and "Traceback" not in err and len(lines) == 1
    assert lines[0].startswith(f"dscorer score: internal error ({type(bug).__name__}") and "--debug" in lines[0]


def test_csv_onto_an_input_file_is_an_output_error(capsys, pair):
    code, out, err = run(capsys, "score", *pair, "--csv", pair[1])
    assert code == 2 and "refusing to overwrite it" in err and "internal error" not in err


def test_an_unwritable_csv_is_a_user_error_naming_the_path(capsys, pair, tmp_path):
    target = tmp_path / "no" / "such" / "dir.csv"
    code, out, err = run(capsys, "counter", *pair, "--csv", target)
    assert code == 2 and f"{target}: cannot write the CSV file" in err and "internal error" not in err
