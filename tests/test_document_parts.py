"""Sentence parts of multi-sentence DRSs (dscorer_core.document_parts, sentence_scores) on real PMB files."""

from __future__ import annotations

import pytest
from document_pairs import join_drss

from dscorer_core.counter import counter_pair
from dscorer_core.document_parts import pair_parts, part_drs, sentence_parts, shared_names, split_sentences
from dscorer_core.ngrams import score_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.sentence_scores import sentence_scores, worst_first


def _tag(clause) -> int:
    """The sentence number make_documents renamed a clause's variables with (``x1_7`` -> 7)."""
    return next(int(t.rsplit("_", 1)[1]) for t in clause.tokens if "_" in t and t.rsplit("_", 1)[1].isdigit())


@pytest.mark.parametrize("relative", ["pmb-2.2.0/gold_dev.clf", "pmb-2.2.0/boxer_dev.clf",
                                      "pmb-3.0.0/gold_dev.clf", "pmb-3.0.0/boxer_dev.clf"])
def test_joined_documents_split_into_their_sentences(shared_path, relative):
    """Documents of 100 consecutive PMB DRSs (parse-failure dummies, sentences without a full stop and
    real two-sentence documents among them): every source DRS's clauses, and only they, make up its
    sentences."""
    drss = read_clf(shared_path(relative), lenient=True)
    checked = 0
    for start in range(0, len(drss) - 100, 100):
        sources = drss[start:start + 100]
        doc = join_drss(sources)
        parts = sentence_parts(doc)
        sizes = [len(split_sentences(d.sentence or "")) for d in sources]
        assert len(parts) == sum(sizes)
        first = 0
        for n, (source, size) in enumerate(zip(sources, sizes), start=1):
            got = sorted(ci for part in parts[first:first + size] for ci in part.clauses)
            assert got == [ci for ci, c in enumerate(doc.clauses) if _tag(c) == n], (relative, start, source.sentence)
            first += size
            checked += 1
    assert checked >= 600


def test_real_two_sentence_documents(shared_path):
    """PMB's own multi-sentence documents: each clause goes with the sentence of its token."""
    gold = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    pizza = next(d for d in gold if d.sentence and d.sentence.startswith("I do n't want ø pizza"))
    first, second = sentence_parts(pizza)
    assert (first.text, second.text) == ("I do n't want pizza .", "I 'm not hungry .")
    texts = [{pizza.clauses[ci].text() for ci in part.clauses} for part in (first, second)]
    assert 'b2 pizza "n.01" x1' in texts[0] and 'b4 hungry "a.01" s1' in texts[1]
    assert len(first.clauses) + len(second.clauses) == len(pizza.clauses)

    tom = next(d for d in gold if d.sentence and d.sentence.startswith("ø Tom ca n't speak ø French"))
    one, two = sentence_parts(tom)
    assert 'b4 french "n.01" x2' in {tom.clauses[ci].text() for ci in one.clauses}
    assert 'b7 spanish "n.01" x3' in {tom.clauses[ci].text() for ci in two.clauses}
    # Tom (x1) is introduced in the first sentence and speaks in the second: where they join
    assert "x1" in shared_names(tom, two) and "x2" not in shared_names(tom, two)

    quoted = next(d for d in read_clf(shared_path("pmb-3.0.0/gold_dev.clf"))
                  if d.sentence and "Whose examples" in d.sentence)
    a, b = sentence_parts(quoted)
    assert a.text == '" Whose examples are these ? "' and b.text == '" They are Meryem \'s . "'
    assert 'b4 example "n.01" x5' in {quoted.clauses[ci].text() for ci in b.clauses}


def test_the_sample_document_has_100_sentences(sample_data):
    pred = read_clf(sample_data / "document100_pred.clf")
    gold = read_clf(sample_data / "document100_gold.clf")
    assert len(pred) == len(gold) == 1
    for doc in (pred[0], gold[0]):
        parts = sentence_parts(doc)
        assert len(parts) == 100
        for part in parts:
            assert {_tag(doc.clauses[ci]) for ci in part.clauses} == {part.number}
    pairs = pair_parts(pred[0], gold[0])
    assert " ".join(g.text for _, g in pairs) == " ".join(t for t in gold[0].sentence.split() if t != "ø")
    assert pairs[56][1].text == "Tom was hiding behind a tree ."  # PMB 2.2.0 gold_dev.clf, DRS 56


def test_one_sentence_and_no_alignment(sample_data):
    """A DRS of one sentence is one part; Figure 1 (no alignments, two sentences, one box structure) too."""
    fig1 = read_clf(sample_data / "paper_gold.clf")[0]
    assert [p.clauses for p in sentence_parts(fig1)] == [tuple(range(len(fig1.clauses)))]
    smiled = read_clf(sample_data / "paper_pred.clf")[1]
    assert len(sentence_parts(smiled)) == 1


def test_sentence_scores_add_up_to_the_document(shared_path):
    """Under the document's COUNTER mapping the sentences' matched clauses add up to the document's;
    each sentence's DSCORER equals scoring its two parts alone."""
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    pred, gold = join_drss(preds[:6]), join_drss(golds[:6])
    document = counter_pair(pred, gold)
    scores = sentence_scores(pred, gold, counter=document)
    assert [s.number for s in scores] == list(range(1, 7))
    assert sum(s.counter_matched_gold for s in scores) == document.matched
    assert sum(s.counter_gold for s in scores) == document.gold_clauses
    alone = sentence_scores(pred, gold)
    for s in alone:
        single = counter_pair(preds[s.number - 1], golds[s.number - 1])
        assert s.counter_source == "sentence" and s.counter_F == pytest.approx(single.F)
    third = scores[2]
    expected = score_pair(preds[2], golds[2]).score.F
    assert pytest.approx(expected) == third.score.F
    parts_alone = score_pair(part_drs(pred, third.pred), part_drs(gold, third.gold)).score.F
    assert pytest.approx(parts_alone) == third.score.F
    ranked = worst_first(scores)
    assert [s.score.F for s in ranked] == sorted(s.score.F for s in scores)
