"""The plain diff of two DRSs (dscorer_core.drs_diff): its lists add up to the official COUNTER's
per-DRS counts (clauses) and to Smatch's own (triples), and every item is in exactly one list."""

from __future__ import annotations

from collections import Counter

import pytest

from dscorer_core.drs_diff import clause_diff, drs_diff, triple_diff
from dscorer_core.errors import DscorerInputError
from dscorer_core.reading.clause_text import read_pair
from dscorer_core.reading.drs_files import read_sbn_texts


def test_clause_diff_adds_up_to_the_official_counter_counts(shared_path):
    """The first 40 documents of a BERT parser on PMB 3.0.0 dev: (matched, pred, gold) of the diff equal
    the official COUNTER's per-DRS counts, and each side's clauses are the matched ones plus its own."""
    preds, golds = read_pair(shared_path("pmb-3.0.0/bert_char_1enc_dev.clf"), shared_path("pmb-3.0.0/gold_dev.clf"))
    official = [tuple(int(v) for v in line.split()[:3])
                for line in shared_path("pmb-3.0.0/bert_char_1enc_dev.counter.prf").read_text().splitlines()
                if line.strip()]
    for i in range(40):
        diff = clause_diff(preds[i], golds[i])
        assert diff.unit == "clause" and diff.counts == official[i], i
        pred_side = Counter([p for p, _ in diff.matched] + list(diff.only_pred))
        assert pred_side <= Counter(c.text() for c in preds[i].clauses), i  # REF clauses may be left out
        assert sum(pred_side.values()) == official[i][1]


def test_triple_diff_adds_up_to_smatch_on_pmb5(shared_path):
    """PMB 5.0.0 Dutch test, Neural Boxer against gold, first 40 sentences: the diff's counts equal the
    corrected Smatch's (matched, pred, gold triples) wherever the prediction reads."""
    from dscorer_core.sbn.smatch_causes import compare_sbn_lines

    preds = read_sbn_texts(shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"))[:40]
    golds = read_sbn_texts(shared_path("pmb-5.0.0/gold_nl_test.sbn"))[:40]
    smatch = compare_sbn_lines(tuple(t.raw for t in preds), tuple(t.raw for t in golds)).corrected
    compared = 0
    for i, (p, g) in enumerate(zip(preds, golds)):
        doc = smatch.documents[i]
        if doc.ill_formed:
            continue
        diff = triple_diff(p.raw, g.raw)
        assert diff.unit == "triple"
        assert diff.counts == (doc.matched, doc.pred_triples, doc.gold_triples), i
        compared += 1
    assert compared >= 35


def test_a_sentence_against_itself_matches_everything_and_an_unreadable_sbn_is_an_error():
    sbn = 'male.n.02 Name "Tom" time.n.08 EQU now smile.v.01 Agent -3 Time -1'
    diff = triple_diff(sbn, sbn)
    assert diff.only_pred == diff.only_gold == () and diff.counts[0] == diff.counts[1] == diff.counts[2] > 0
    assert all(p == g for p, g in diff.matched)
    with pytest.raises(DscorerInputError):
        triple_diff("male.n.02 Name", sbn)


def test_drs_diff_adds_triples_only_for_sbn_pairs(sample_data):
    preds, golds = read_pair(sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    (only,) = drs_diff(preds[1], golds[1])
    # Figure 4: the released COUNTER matches 4 of 6 pred and 11 gold clauses (shared/docs/paper-facts.md)
    assert only.unit == "clause" and only.counts == (4, 6, 11)
