"""Metrics against people (dscorer_core.stats.human_agreement) and ``dscorer agreement``, with
synthetic judgements whose answer is known: judged by COUNTER F on real PMB output, so COUNTER
must separate acceptable from unacceptable parses perfectly and agree with every preference."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dscorer_core.cli import main
from dscorer_core.counter import counter_corpus
from dscorer_core.errors import JudgementError
from dscorer_core.judgements import HEADER, Judgement
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.stats.human_agreement import (
    agreement_with_people,
    annotator_agreement,
    cohen_kappa,
    metric_names,
    metric_scores,
    people_vs_metric_disagreements,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
JSON_FIELDS = {"auc", "auc_low", "auc_high", "pairwise_accuracy", "kendall_tau", "n_acceptability", "n_preference"}


def acceptability_from(f_scores, system, annotator="synthetic"):
    """Acceptable iff F is above the median; documents at the median are left out."""
    median = float(np.median(f_scores))
    return [Judgement(i, system, "acceptable" if f > median else "unacceptable", annotator=annotator)
            for i, f in enumerate(f_scores) if f != median]


def preferences_from(f_a, f_b, system_a, system_b, annotator="synthetic"):
    """A when A's F is higher, B when lower, same when equal."""
    return [Judgement(i, f"{system_a}|{system_b}", "A" if a > b else "B" if a < b else "same", annotator=annotator)
            for i, (a, b) in enumerate(zip(f_a, f_b))]


def write_csv(path, judgements):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(HEADER)
        for j in judgements:
            writer.writerow([j.document, j.system, j.judgement, j.rationale, j.annotator])
    return path


# --- kappa ---------------------------------------------------------------------------------------

def wikipedia_table():
    """Wikipedia's "Cohen's kappa" example: 50 proposals, A and B both yes 20, A yes B no 5,
    A no B yes 10, both no 15: p_o = 0.7, p_e = 0.5, kappa = 0.4."""
    return (["yes"] * 20 + ["yes"] * 5 + ["no"] * 10 + ["no"] * 15,
            ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15)


def test_cohen_kappa_textbook_example():
    a, b = wikipedia_table()
    assert cohen_kappa(a, b) == pytest.approx(0.4)
    assert cohen_kappa(a, a) == pytest.approx(1.0)
    assert cohen_kappa(["x"] * 5, ["x"] * 5) is None  # one label throughout: undefined
    assert cohen_kappa([], []) is None
    with pytest.raises(ValueError, match="same length"):
        cohen_kappa(["x"], [])


def test_annotator_agreement_on_the_textbook_example():
    a, b = wikipedia_table()
    word = {"yes": "acceptable", "no": "unacceptable"}
    js = [Judgement(i, "boxer", word[x], annotator="ann") for i, x in enumerate(a)]
    js += [Judgement(i, "boxer", word[x], annotator="bob") for i, x in enumerate(b)]
    js += [Judgement(60, "boxer", "acceptable", annotator="carol")]  # shares no item: no pair
    js += [Judgement(0, "boxer|neural", "A", annotator="ann"), Judgement(0, "neural|boxer", "B", annotator="bob"),
           Judgement(1, "boxer|neural", "same", annotator="ann"), Judgement(1, "boxer|neural", "A", annotator="bob")]
    pairs = annotator_agreement(js)
    assert [(p.first, p.second, p.kind, p.n) for p in pairs] == [
        ("ann", "bob", "acceptability", 50), ("ann", "bob", "preference", 2)]
    assert pairs[0].observed == pytest.approx(0.7) and pairs[0].kappa == pytest.approx(0.4)
    # x|y A and y|x B are the same verdict
    assert pairs[1].observed == pytest.approx(0.5)


# --- synthetic judgements on real data -------------------------------------------------------------

@pytest.fixture(scope="module")
def dev22(shared_path):
    """Boxer on PMB 2.2.0 dev: gold, predictions, COUNTER F per document (counter_corpus) and every metric."""
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    counter_f = [d.F for d in counter_corpus(preds, golds).documents]
    return golds, preds, counter_f, metric_scores(golds, {"boxer_dev": preds})


@pytest.fixture(scope="module")
def dev21(shared_path):
    """Boxer and the character seq2seq parser on PMB 2.1.0 dev, scored by every metric."""
    golds = read_clf(shared_path("pmb-2.1.0/gold_dev.clf"))
    systems = {name: read_clf(shared_path(f"pmb-2.1.0/{name}.clf")) for name in ("boxer_dev", "seq2seq_char_dev")}
    return golds, systems, metric_scores(golds, systems)


def test_metric_scores_come_from_the_corpus_scorers(dev22):
    golds, preds, counter_f, scores = dev22
    assert tuple(scores) == metric_names() and len(scores) == 11
    assert scores["counter"]["boxer_dev"] == pytest.approx(counter_f)
    typed = score_corpus(preds, golds, preset="typed")
    released = score_corpus(preds, golds, preset="released")
    assert scores["dscorer:released"]["boxer_dev"] == pytest.approx([d.score.F for d in released.documents])
    assert scores["dscorer:typed"]["boxer_dev"] == pytest.approx([d.score.F for d in typed.documents])
    assert scores["dscorer:typed:k3"]["boxer_dev"] == pytest.approx([d.score.orders[3].f for d in typed.documents])
    # the corpus figure published for these files (data README): COUNTER F .7220
    assert abs(counter_corpus(preds, golds).F - 0.7220) < 5e-4


def brute_force_auc(positive, negative):
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def test_counter_separates_judgements_made_from_counter(dev22):
    _, _, counter_f, scores = dev22
    js = acceptability_from(counter_f, "boxer_dev")
    assert 600 < len(js) < 682 and {j.judgement for j in js} == {"acceptable", "unacceptable"}
    rows = {r.metric: r for r in agreement_with_people(js, scores, samples=300, seed=3)}
    counter = rows["counter"]
    assert counter.auc == 1.0
    assert 0.0 <= counter.auc_low <= counter.auc_high <= 1.0
    assert counter.n_acceptability == len(js) and counter.n_preference == 0
    assert counter.pairwise_accuracy is None and counter.kendall_tau is None
    # the other metrics: the AUC of the Mann-Whitney definition, an interval around it
    typed = rows["dscorer:typed:k4"]
    values = scores["dscorer:typed:k4"]["boxer_dev"]
    positive = [values[j.document] for j in js if j.judgement == "acceptable"]
    negative = [values[j.document] for j in js if j.judgement == "unacceptable"]
    assert typed.auc == pytest.approx(brute_force_auc(positive, negative), abs=1e-12)
    assert typed.auc < 1.0
    assert 0.0 <= typed.auc_low < typed.auc < typed.auc_high <= 1.0
    assert set(typed.as_dict()) == JSON_FIELDS | {"metric"}


def test_bootstrap_is_seeded(dev22):
    _, _, counter_f, scores = dev22
    js = acceptability_from(counter_f, "boxer_dev")
    one = {"dscorer:released": scores["dscorer:released"]}
    first = agreement_with_people(js, one, samples=200, seed=7)
    assert agreement_with_people(js, one, samples=200, seed=7) == first
    other = agreement_with_people(js, one, samples=200, seed=8)[0]
    assert other.auc == first[0].auc and (other.auc_low, other.auc_high) != (first[0].auc_low, first[0].auc_high)
    none = agreement_with_people(js, one, samples=0)[0]
    assert none.auc == first[0].auc and none.auc_low is None and none.auc_high is None


def test_counter_agrees_with_preferences_made_from_counter(dev21):
    _, systems, scores = dev21
    counter = scores["counter"]
    js = preferences_from(counter["boxer_dev"], counter["seq2seq_char_dev"], "boxer_dev", "seq2seq_char_dev")
    decided = [j for j in js if j.judgement != "same"]
    assert len(decided) > 300
    rows = {r.metric: r for r in agreement_with_people(js, scores, samples=0)}
    assert rows["counter"].pairwise_accuracy == 1.0
    assert rows["counter"].n_preference == 557 and rows["counter"].auc is None
    assert rows["counter"].kendall_tau > 0.8
    # DSCORER sees the same parses differently on some documents
    assert rows["dscorer:released"].pairwise_accuracy < 1.0
    # the same preferences with the pair written the other way round give the same figures
    flipped = [Judgement(j.document, "seq2seq_char_dev|boxer_dev", {"A": "B", "B": "A"}.get(j.judgement, "same"),
                         annotator=j.annotator) for j in js]
    again = {r.metric: r for r in agreement_with_people(flipped, scores, samples=0)}
    assert again["counter"].pairwise_accuracy == 1.0
    assert again["dscorer:typed"].kendall_tau == pytest.approx(rows["dscorer:typed"].kendall_tau)


def test_accuracy_counts_metric_ties_as_wrong_and_leaves_out_same():
    scores = {"m": {"a": [0.5, 0.9, 0.2, 0.4], "b": [0.5, 0.1, 0.3, 0.4]}}
    js = [Judgement(0, "a|b", "A"), Judgement(1, "a|b", "A"), Judgement(2, "a|b", "B"), Judgement(3, "a|b", "same")]
    row = agreement_with_people(js, scores, samples=0)[0]
    assert row.pairwise_accuracy == pytest.approx(2 / 3)  # document 0: the metric ties, counted wrong
    assert row.n_preference == 4


def test_judgements_outside_the_scores_name_their_line():
    scores = {"m": {"a": [0.5, 0.9]}}
    js = [Judgement(0, "a", "acceptable", line=2), Judgement(2, "a", "acceptable", line=3),
          Judgement(1, "zzz", "unacceptable", line=4)]
    with pytest.raises(JudgementError) as info:
        agreement_with_people(js, scores, source="j.csv")
    assert "j.csv:3: document 2 does not exist" in str(info.value)
    assert "j.csv:4: unknown system 'zzz'" in str(info.value)


def test_disagreements_by_hand():
    scores = {"m": {"s": [0.9, 0.1, 0.5, 0.8], "t": [0.9, 0.5, 0.5, 0.1]}}
    js = [Judgement(0, "s", "unacceptable"), Judgement(1, "s", "acceptable", "fine"), Judgement(2, "s", "acceptable"),
          Judgement(3, "s", "acceptable")]
    rows = people_vs_metric_disagreements(js, scores, "m")
    # fractional ranks 1, 0, 1/3, 2/3: the unacceptable top parse and the acceptable bottom one first
    assert [(r.document, r.judgement, r.disagreement) for r in rows] == [
        (0, "unacceptable", 1.0), (1, "acceptable", 1.0), (2, "acceptable", pytest.approx(2 / 3))]
    assert rows[1].rationale == "fine" and rows[1].score == 0.1
    assert people_vs_metric_disagreements(js, scores, "m", limit=1) == rows[:1]
    prefs = [Judgement(1, "s|t", "A"), Judgement(2, "s|t", "same"), Judgement(3, "s|t", "B"),
             Judgement(0, "s|t", "A")]
    flipped = people_vs_metric_disagreements(prefs, scores, "m", kind="preference")
    assert [(r.document, r.score) for r in flipped] == [(3, pytest.approx(0.7)), (1, pytest.approx(-0.4)),
                                                         (0, 0.0)]
    with pytest.raises(ValueError, match="unknown metric"):
        people_vs_metric_disagreements(js, scores, "bleu")


def test_disagreements_on_real_data(dev22):
    _, _, counter_f, scores = dev22
    js = acceptability_from(counter_f, "boxer_dev")
    rows = people_vs_metric_disagreements(js, scores, "dscorer:typed:k4", limit=10)
    assert len(rows) == 10
    assert all(r.disagreement > 0.5 for r in rows)
    assert [r.disagreement for r in rows] == sorted((r.disagreement for r in rows), reverse=True)
    values = scores["dscorer:typed:k4"]["boxer_dev"]
    for r in rows:
        assert r.score == values[r.document]
        if r.judgement == "acceptable":  # an acceptable parse that DSCORER scores near the bottom
            assert r.score <= float(np.median(values))


# --- the command line ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cli_files(shared_path, dev21, tmp_path_factory):
    golds, _, scores = dev21
    counter = scores["counter"]
    js = acceptability_from(counter["boxer_dev"], "boxer_dev", "ann")
    js += preferences_from(counter["boxer_dev"], counter["seq2seq_char_dev"], "boxer_dev", "seq2seq_char_dev", "ann")
    js += [Judgement(j.document, j.system, j.judgement, annotator="bob") for j in js[:40]]
    folder = tmp_path_factory.mktemp("agreement")
    return (write_csv(folder / "judgements.csv", js), shared_path("pmb-2.1.0/gold_dev.clf"),
            shared_path("pmb-2.1.0/boxer_dev.clf"), shared_path("pmb-2.1.0/seq2seq_char_dev.clf"), folder)


def test_cli_json(cli_files, capsys):
    judgements, gold, boxer, seq2seq, _ = cli_files
    code = main(["agreement", str(judgements), str(gold), str(boxer), str(seq2seq), "--json", "--samples", "100"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["signature"].startswith("agreement|auc-bs:100|seed:0|")
    assert data["n_documents"] == 557 and [s["name"] for s in data["systems"]] == ["boxer_dev", "seq2seq_char_dev"]
    assert set(data["metrics"]) == set(metric_names())
    for fields in data["metrics"].values():
        assert set(fields) == JSON_FIELDS
    assert data["metrics"]["counter"]["auc"] == 1.0
    assert data["metrics"]["counter"]["pairwise_accuracy"] == 1.0
    assert data["annotators"][0]["first"] == "ann" and data["annotators"][0]["kappa"] == 1.0


def test_cli_text_through_python_m(cli_files):
    judgements, gold, boxer, seq2seq, _ = cli_files
    done = subprocess.run([sys.executable, "-m", "dscorer_core", "agreement", str(judgements), str(gold), str(boxer),
                           str(seq2seq), "--samples", "50", "-n", "2", "--no-wordnet"],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("agreement|auc-bs:50|seed:0|")
    assert lines[1].startswith("counter|") and "|wn:off|" in lines[1]
    assert lines[2].startswith("dscorer|preset:released|n:2|")
    assert "|wn:" not in lines[2] and "|wn:" not in lines[3]
    table = "\n".join(lines)
    assert "dscorer:typed:k2" in table and "dscorer:typed:k3" not in table
    assert "annotators (items both judged):" in table


@pytest.mark.parametrize("body, message", [
    ("3,boxer_dev,acceptable,,a\n600,boxer_dev,acceptable,,a\n",
     "judgements.csv:3: document 600 does not exist: the gold file holds 557 documents"),
    ("3,boxer_dev|amr2drs,A,,a\n", "judgements.csv:2: unknown system 'amr2drs'"),
    ("3,boxer_dev,perfect,,a\n", "judgements.csv:2: judgement must be one of"),
    ("", "judgements.csv: holds a header but no judgements"),
])
def test_cli_bad_judgements_exit_2(cli_files, capsys, body, message):
    _, gold, boxer, seq2seq, folder = cli_files
    path = folder / "judgements.csv"
    bad = folder / "bad" / path.name
    bad.parent.mkdir(exist_ok=True)
    bad.write_text(",".join(HEADER) + "\n" + body, encoding="utf-8")
    code = main(["agreement", str(bad), str(gold), str(boxer), str(seq2seq)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    err = "\n".join(line for line in err.splitlines() if ": warning: " not in line)  # PMB 2.x gold: wf:off
    assert err.startswith("dscorer agreement: error: ") and message in err


def test_cli_empty_file_exit_2(cli_files, capsys):
    _, gold, boxer, _, folder = cli_files
    empty = folder / "empty.csv"
    empty.write_text("", encoding="utf-8")
    code = main(["agreement", str(empty), str(gold), str(boxer)])
    assert code == 2 and "empty.csv: is empty" in capsys.readouterr().err
