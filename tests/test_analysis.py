"""Error analysis across a corpus (issue 14, first part): the tables add up to the scores they
come from, confusions and structural errors are found where they are, and the CLI prints them."""

from __future__ import annotations

import csv
import json

import pytest

from dscorer_core import counter_corpus, parse_clf, read_pair, score_corpus
from dscorer_core.analysis import analyse_errors
from dscorer_core.cli import main


@pytest.fixture(scope="module")
def dev(shared_path):
    return read_pair(shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf"))


@pytest.fixture(scope="module")
def analysis(dev):
    return analyse_errors(*dev, orders=(1, 2))


@pytest.mark.slow
def test_per_label_counts_add_up_to_counter_and_to_dscorer_1grams(dev, analysis):
    counter = counter_corpus(*dev)
    clause = [r for r in analysis.labels if r.level == "clause"]
    assert (sum(r.matched for r in clause), sum(r.pred for r in clause), sum(r.gold for r in clause)) == \
        (counter.matched, counter.pred_clauses, counter.gold_clauses)
    one = score_corpus(*dev).micro.orders[1]
    grams = [r for r in analysis.labels if r.level == "1-gram"]
    assert (sum(r.matched for r in grams), sum(r.pred for r in grams), sum(r.gold for r in grams)) == \
        (one.matched, one.pred, one.gold)
    theme = next(r for r in clause if r.label == "Theme")
    assert theme.matched <= min(theme.pred, theme.gold) and 0 < theme.scores[2] < 1
    assert all(r.documents for r in analysis.labels)


@pytest.mark.slow
def test_the_dummy_parses_show_as_concept_confusions_and_kgrams_are_listed(analysis):
    kinds = {c.kind for c in analysis.confusions}
    assert {"role", "concept", "sense"} <= kinds  # e.g. Patient for Theme, be.v.01 for be.v.03
    assert all(c.count >= len(c.documents) > 0 for c in analysis.confusions)
    missed = [e for e in analysis.kgrams if e.k == 1 and e.side == "missed"]
    assert missed and missed == sorted(missed, key=lambda e: -e.count)
    assert all(e.count >= len(e.documents) > 0 for e in missed)


def test_concept_sense_and_role_confusions_on_a_hand_made_pair():
    # kid.n.01 is child.n.01's synset (WordNet), so the concept confusion is cat/dog
    [gold] = parse_clf('b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 play "v.01" e1\nb1 Agent e1 x1\n'
                       'b0 NOT b1\n')
    [pred] = parse_clf('b1 REF x1\nb1 cat "n.01" x1\nb1 REF e1\nb1 play "v.02" e1\nb1 Theme e1 x1\n'
                       'b2 NOT b1\nb2 REF x9\n')
    result = analyse_errors([pred], [gold], orders=(1,))
    found = {(c.pred, c.gold, c.kind) for c in result.confusions}
    assert ("cat.n.01", "dog.n.01", "concept") in found
    assert ("play.v.02", "play.v.01", "sense") in found
    assert ("Theme", "Agent", "role") in found


def test_cli_json_and_csv(tmp_path, capsys, sample_data):
    out = tmp_path / "labels.csv"
    pred, gold = sample_data / "paper_pred.clf", sample_data / "paper_gold.clf"
    assert main(["errors", str(pred), str(gold), "--json", "--csv", str(out), "--kgram-orders", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["n_documents"] == 2 and data["signatures"][0].startswith("counter|")
    assert {"labels", "confusions", "structure", "kgrams"} <= set(data)
    with open(out, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["level"] for r in rows} == {"clause", "1-gram"} and all(float(r["F"]) <= 1 for r in rows)
    assert main(["errors", str(pred), str(gold), "--kgram-orders", "1"]) == 0
    text = capsys.readouterr().out
    assert "confusions under COUNTER's mapping" in text and "1-grams most often missed" in text
