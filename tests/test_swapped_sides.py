"""Swapped predicted and gold files are warned about (issue 19, item 7): the PMB 2.2.0 dev files
the wrong way round (Boxer's output, with its eight `alwayswrongconcept` parse failures, as gold)
give a warning in the command line and in the app; every real pair the right way round gives none."""

from __future__ import annotations

import pytest

from dscorer_core.cli import main
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.reading.drs_files import read_drs_file
from dscorer_core.swapped_sides import DUMMY_CONCEPT, suspect_swapped


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def dev(shared_data):
    pmb = shared_data / "pmb-2.2.0"
    return pmb / "boxer_dev.clf", pmb / "gold_dev.clf"


def test_boxer_output_as_gold_is_suspected_by_its_dummies_and_names(dev):
    boxer_path, gold_path = dev
    boxer, gold = read_clf(boxer_path), read_clf(gold_path)
    dummies = [d.index for d in boxer if any(DUMMY_CONCEPT in c.tokens for c in d.clauses)]
    assert len(dummies) == 8  # the shared data's README: eight Boxer dev DRSs are parse failures
    found = suspect_swapped(gold, boxer, str(gold_path), str(boxer_path))
    assert found is not None and found.line == boxer[dummies[0]].line
    assert f"in 8 DRS(s) (DRS {', '.join(map(str, dummies[:5]))}, ...)" in found.reasons[0]
    assert any("gold_dev.clf" in r for r in found.reasons)
    assert suspect_swapped(boxer, gold, str(boxer_path), str(gold_path)) is None
    # the dummies alone are enough, whatever the files are called
    assert suspect_swapped(gold, boxer, "a.clf", "b.clf").reasons == found.reasons[:1]


def test_a_gold_side_without_sentences_against_sentences_is_suspected(shared_path):
    # PMB 5 Dutch SBN: the gold file gives every sentence, NeuralBoxer's output none (and no dummy)
    gold = read_drs_file(shared_path("pmb-5.0.0/gold_nl_test.sbn"))
    parser = read_drs_file(shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"), lenient=True)
    found = suspect_swapped(gold, parser, "a.sbn", "b.sbn")
    assert found is not None and found.reasons == ("has no sentence while every predicted DRS has one",)
    # PMB 3.0.0: a neural parser's output, no sentence and two dummies
    gold = read_clf(shared_path("pmb-3.0.0/gold_dev.clf"))
    bert = read_clf(shared_path("pmb-3.0.0/bert_char_1enc_dev.clf"), lenient=True)
    found = suspect_swapped(gold, bert, "a.clf", "b.clf")
    assert found is not None and "in 2 DRS(s)" in found.reasons[0] and len(found.reasons) == 2


def test_no_real_pair_the_right_way_round_is_suspected(shared_data, sample_data):
    pairs = [(f"pmb-2.1.0/{s}_dev.clf", "pmb-2.1.0/gold_dev.clf")
             for s in ("boxer", "amr2drs", "sim_spar", "spar", "seq2seq_word", "seq2seq_char")]
    pairs += [("pmb-2.2.0/boxer_dev.clf", "pmb-2.2.0/gold_dev.clf"),
              ("pmb-2.2.0/boxer_test.clf", "pmb-2.2.0/gold_test.clf"),
              ("pmb-3.0.0/boxer_dev.clf", "pmb-3.0.0/gold_dev.clf"),
              ("pmb-3.0.0/bert_char_1enc_dev.clf", "pmb-3.0.0/gold_dev.clf"),
              ("pmb-5.0.0/neuralboxer_nl_test.sbn", "pmb-5.0.0/gold_nl_test.sbn")]
    for pred, gold in pairs:
        preds = read_drs_file(shared_data / pred, lenient=True)
        assert suspect_swapped(preds, read_drs_file(shared_data / gold), pred, gold) is None, pred
    sample = [read_clf(sample_data / n) for n in ("paper_pred.clf", "paper_gold.clf")]
    assert suspect_swapped(*sample, "paper_pred.clf", "paper_gold.clf") is None


def test_the_cli_warns_on_stderr_and_still_scores(capsys, dev):
    boxer, gold = dev
    code, out, err = run(capsys, "score", gold, boxer)
    assert code == 0 and "documents: 682" in out
    warnings = [line for line in err.splitlines() if "swapped" in line]
    assert len(warnings) == 1 and warnings[0].startswith(f"{boxer}:") and ": warning: " in warnings[0]
    assert "alwayswrongconcept" in warnings[0] and "dscorer score PRED GOLD" in warnings[0]
    for command in ("counter", "errors"):
        _, _, err = run(capsys, command, gold, boxer, *(["--kgram-orders", "1"] if command == "errors" else []))
        assert sum("swapped" in line for line in err.splitlines()) == 1, command
    _, _, err = run(capsys, "score", boxer, gold)
    assert "swapped" not in err


def test_compare_warns_once_for_several_systems(capsys, dev, shared_path):
    boxer, gold = dev
    code, _, err = run(capsys, "compare", boxer, gold, gold, "--bootstrap", "0", "--ar", "0")
    assert code == 0 and sum("swapped" in line for line in err.splitlines()) == 1
    _, _, err = run(capsys, "compare", gold, boxer, boxer, "--bootstrap", "0", "--ar", "0")
    assert "swapped" not in err


def test_the_app_warns_on_swapped_files_and_not_on_the_right_order(dev):
    pytest.importorskip("streamlit")
    from app_helpers import no_errors, open_by_path

    boxer, gold = dev
    at = open_by_path(gold, boxer, timeout=180)
    no_errors(at)
    shown = [w.value.replace("\\", "") for w in at.warning if "swapped" in w.value]
    assert len(shown) == 1 and "alwayswrongconcept" in shown[0] and "boxer_dev.clf" in shown[0]
    at = open_by_path(boxer, gold, timeout=180)
    assert not [w.value for w in at.warning if "swapped" in w.value]
