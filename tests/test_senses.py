"""WordNet sense normalisation in DSCORER's released preset (issue 11): a predicted concept that
names a gold concept's synset counts as that concept; names are otherwise kept as written."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dscorer_core import parse_clf, read_clf, score_corpus, score_pair
from dscorer_core.cli import main
from dscorer_core.dscorer.induction import concept_of
from dscorer_core.dscorer.presets import PRESETS
from dscorer_core.dscorer.senses import align_senses
from dscorer_core.wordnet import canonical_concept

AS_WRITTEN = replace(PRESETS["released"], wordnet=False)

GOLD = """\
b1 REF x1
b1 tire "n.01" x1
b1 REF t1
b1 time "n.08" t1
b1 REF x2
b1 measure "n.02" x2
b1 quantity "n.01" x2
"""


def canon(label: str) -> tuple[str, str]:
    lemma, pos, number = label.rsplit(".", 2)
    return canonical_concept(lemma, f"{pos}.{number}")


def concepts(drs):
    return [concept_of(c.tokens, "lower-case")[0] for c in drs.clauses if concept_of(c.tokens, "lower-case")]


def test_a_synonym_takes_the_gold_name_and_everything_else_stays_as_written():
    gold = parse_clf(GOLD)[0]
    pred = parse_clf(GOLD.replace('tire "n.01"', 'tyre "n.02"'))[0]
    aligned = align_senses(pred, gold)
    assert concepts(aligned) == ["tire.n.01", "time.n.08", "measure.n.02", "quantity.n.01"]  # both synonyms kept
    assert concepts(align_senses(gold, gold)) == concepts(gold)  # never renamed to fourth_dimension.n.01
    assert align_senses(gold, gold) is gold


def test_merged_concepts_are_aligned_too():
    gold = parse_clf("b1 REF x1\nb1 tire.n.01 x1\n")[0]
    pred = parse_clf("b1 REF x1\nb1 tyre.n.02 x1\n")[0]
    assert [c.tokens for c in align_senses(pred, gold).clauses][1] == ("b1", "tire.n.01", "x1")


def test_the_released_preset_matches_synonyms_and_no_wordnet_does_not():
    gold = parse_clf(GOLD)[0]
    pred = parse_clf(GOLD.replace('tire "n.01"', 'tyre "n.02"'))[0]
    assert canonical_concept("tyre", "n.02") == canonical_concept("tire", "n.01")
    assert score_pair(pred, gold).score.F == pytest.approx(1.0)
    assert score_pair(pred, gold, preset=AS_WRITTEN).score.F < 1.0
    assert "|wn:3.0|" in score_pair(pred, gold).signature
    assert "|wn:" not in score_pair(pred, gold, preset=AS_WRITTEN).signature


def test_on_pmb_dev_only_documents_with_a_synonym_move_and_by_two_edges_each(shared_path):
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    with_wn = score_corpus(preds, golds).documents
    without = score_corpus(preds, golds, preset=AS_WRITTEN).documents
    for i, (p, g) in enumerate(zip(preds, golds)):
        written = set(concepts(g))
        synsets = {canon(w) for w in written}
        synonyms = [c for c in concepts(p) if c not in written and canon(c) in synsets]
        gained = with_wn[i].counts[1].matched - without[i].counts[1].matched
        # a concept edge and its reverse edge match once the synonym counts
        assert gained == 2 * len(synonyms), i
        if not synonyms:
            assert with_wn[i].counts == without[i].counts, i
    assert sum(w.counts[1].matched for w in with_wn) > sum(w.counts[1].matched for w in without)


def test_cli_no_wordnet_reproduces_the_released_code_run(shared_path, capsys):
    pred, gold = str(shared_path("pmb-2.2.0/boxer_dev.clf")), str(shared_path("pmb-2.2.0/gold_dev.clf"))
    assert main(["score", pred, gold, "--no-wordnet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("dscorer|preset:released|n:4|w0:0.1|avg:micro|wf:off|version:")
    assert "0.7774  0.7774  0.7774" in out  # the spec's per-order F of the released code
