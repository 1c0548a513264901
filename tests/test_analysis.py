"""Error analysis across a corpus (issue 14, first part): the tables add up to the scores they
come from, confusions and structural errors are found where they are, and the CLI prints them."""

from __future__ import annotations

import csv
import json

import pytest

from dscorer_core.analysis import MIN_SUPPORT, analyse_errors, worst_labels
from dscorer_core.cli import main
from dscorer_core.counter import counter_corpus, counter_pair
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import parse_clf, read_pair


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
    # each relation is listed once: its reverse edge (released: every relation that is not all upper-case,
    # docs/metric.md) is folded into it, so DSCORER's 1-grams count it twice
    for field, total in (("matched", one.matched), ("pred", one.pred), ("gold", one.gold)):
        once = sum(getattr(r, field) for r in grams)
        twice = sum(getattr(r, field) for r in grams if not r.label.isupper())
        assert once + twice == total, field
    assert len({r.label for r in grams}) == len(grams)
    theme = next(r for r in clause if r.label == "Theme")
    assert theme.matched <= min(theme.pred, theme.gold) and 0 < theme.scores[2] < 1


@pytest.mark.slow
def test_labels_come_worst_first_with_the_documents_where_they_are_wrong(dev, analysis):
    for level in ("clause", "1-gram"):
        rows = [r for r in analysis.labels if r.level == level]
        keys = [(r.scores[2], -r.support) for r in rows]
        assert keys == sorted(keys) and rows[0].scores[2] == 0 and rows[-1].scores[2] == 1
        assert all(not r.documents for r in rows if r.matched == r.pred == r.gold)  # never wrong: no document
        worst = worst_labels(analysis, level, MIN_SUPPORT)
        assert worst == tuple(r for r in rows if r.support >= MIN_SUPPORT) and worst[0].support >= MIN_SUPPORT
    # Theme's documents are exactly those where COUNTER leaves a Theme clause unmatched on either side
    preds, golds = dev
    theme = next(r for r in analysis.labels if r.level == "clause" and r.label == "Theme")
    with_theme = [i for i, (p, g) in enumerate(zip(preds, golds))
                  if any(c.relation == "Theme" for c in p.clauses + g.clauses)]
    assert len(theme.documents) < len(with_theme)  # fewer than every document that has a Theme
    for i in with_theme[:120]:
        pair = counter_pair(preds[i], golds[i], index=i)
        wrong = any(c.relation == "Theme" for c in pair.unmatched_pred + pair.unmatched_gold)
        assert (i in theme.documents) == wrong, i


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


def test_a_relation_read_both_ways_is_one_error_and_only_wrong_documents_are_listed():
    gold = parse_clf('b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Agent e1 x1\n\n'
                     'b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Agent e1 x1\n')
    pred = parse_clf('b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Agent e1 x1\n\n'
                     'b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Theme e1 x1\n')
    result = analyse_errors(pred, gold, orders=(1, 2))
    agent = next(r for r in result.labels if r.level == "clause" and r.label == "Agent")
    assert (agent.pred, agent.gold, agent.matched, agent.documents) == (1, 2, 1, (1,))  # document 0 is right
    dog = next(r for r in result.labels if r.level == "clause" and r.label == "dog.n.01")
    assert dog.documents == () and dog.scores[2] == 1
    assert result.labels[0].scores[2] == 0  # Theme (invented) and Agent's lone miss come first
    missed = {e.text: e.count for e in result.kgrams if e.k == 1 and e.side == "missed"}
    assert missed == {"B Agent-A1 X": 1, "X Agent-A2 X": 1}  # not also "X Agent-A1~ B" and "X Agent-A2~ X"
    invented2 = [e.text for e in result.kgrams if e.k == 2 and e.side == "invented"]
    # B -Theme-A1-> e1 -Theme-A2-> x1 once, not again as x1 -Theme-A2~-> e1 -Theme-A1~-> B
    assert "B Theme-A1 X Theme-A2 X" in invented2 and "X Theme-A2~ X Theme-A1~ B" not in invented2
    one = next(r for r in result.labels if r.level == "1-gram" and r.label == "Agent")
    assert (one.pred, one.gold, one.matched) == (2, 4, 2)  # two edges per Agent clause, each counted once


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
    assert "labels with the lowest F (clause level, at least 10 occurrences" in text


def test_cli_min_support_and_top_choose_the_worst_labels(capsys, shared_path):
    pred, gold = shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")
    assert main(["errors", str(pred), str(gold), "--kgram-orders", "1", "--top", "3", "--min-support", "100"]) == 0
    out = capsys.readouterr().out
    table = out.split("labels with the lowest F")[1].split("confusions under")[0].strip().splitlines()[2:]
    rows = [line.split() for line in table]
    assert len(rows) == 3 and all(int(r[3]) + int(r[4]) >= 100 for r in rows)
    assert [float(r[8]) for r in rows] == sorted(float(r[8]) for r in rows)
    one_grams = out.split("1-grams most often missed:")[1].split("1-grams most often invented")[0]
    assert "~" not in one_grams
