"""Each triple's Smatch verdict (dscorer_core.sbn.triple_match) against the Smatch figure itself: on
every Dutch PMB 5.0.0 test sentence, in both triple sets, the verdicts add up to the matched count
``smatch_corpus`` scores, and the drawing (render.sbn_drawing) colours exactly those triples."""

from __future__ import annotations

from pathlib import Path

import pytest

from dscorer_core.reading.drs_files import read_sbn_file, read_sbn_file_tolerant
from dscorer_core.reading.sbn_text import parse_sbn
from dscorer_core.render.sbn_drawing import shown_value, smatch_drawings
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus
from dscorer_core.sbn.triple_match import readable_sbn, triple_match, triple_match_text

PMB5 = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-5.0.0"
GOLD, PRED = PMB5 / "gold_nl_test.sbn", PMB5 / "neuralboxer_nl_test.sbn"


@pytest.fixture(scope="module")
def dutch():
    if not (GOLD.is_file() and PRED.is_file()):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    return read_sbn_file_tolerant(PRED), read_sbn_file(GOLD)


@pytest.mark.parametrize("mode", ["pmb5", "corrected"])
def test_the_verdicts_add_up_to_the_matched_count_smatch_scores_on_every_dutch_sentence(dutch, mode):
    preds, golds = dutch
    settings = SmatchSettings(triples=mode)
    scored = smatch_corpus(preds, golds, settings).documents
    ill = 0
    for pred, gold, doc in zip(preds, golds, scored):
        match = triple_match(pred, gold, settings)
        assert (len(match.pred), len(match.gold)) == (doc.pred_triples, doc.gold_triples), doc.index
        assert sum(v.weight for v in match.pred) == sum(v.weight for v in match.gold) == doc.matched, doc.index
        assert match.matched == doc.matched and pytest.approx(doc.F, abs=1e-12) == match.F, doc.index
        assert bool(match.ill_formed) == bool(doc.ill_formed), doc.index
        ill += bool(match.ill_formed)
        # one-to-one: no gold node is the partner of two predicted ones
        assert len(set(match.aligned.values())) == len(match.aligned), doc.index
        # no triple is written twice on the Dutch test set: a matched triple counts once
        assert sum(v.matched for v in match.pred) == doc.matched, doc.index
        # the drawing colours exactly those triples: a concept's node, or one edge per other triple
        for drawing, verdicts in zip(smatch_drawings(match), (match.pred, match.gold)):
            instances = [v for v in verdicts if not v.triple.is_relation and v.triple.relation == "instance"]
            assert len(drawing.edges) == len(verdicts) - len(instances), doc.index
            assert sum(e.matched for e in drawing.edges) + sum(
                n.matched for n in drawing.nodes if n.kind != "constant") == sum(v.matched for v in verdicts)
    assert ill == sum(1 for d in scored if d.ill_formed) and ill > 0  # ill-formed predictions are among them


def test_a_triple_written_twice_counts_as_smatch_counts_it():
    # smatch 1.0.4 matches every pair of equal attributes: "EQU now" twice on both sides counts 2 x 2 = 4
    gold = parse_sbn("time.n.08 EQU now EQU now", "gold.sbn", "sbn-lines")[0]
    match = triple_match(gold, gold)
    assert (match.matched, len(match.pred), len(match.gold)) == (7, 5, 5)
    assert [v.weight for v in match.pred if v.triple.relation == "EQU"] == [2, 2]
    assert triple_match(gold, gold, SmatchSettings(triples="corrected")).F == 1.0


def test_nl_sentence_2_time_is_aligned_to_time_and_the_depth_quirk_leaves_it_unmatched(dutch):
    preds, golds = dutch
    pmb5, corrected = (triple_match(preds[2], golds[2], SmatchSettings(triples=m)) for m in ("pmb5", "corrected"))
    # pred: person Sub speaker, time EQU now, hurt Patient -2 Time -1; gold: person, sow Agent -1 Time +1, time
    assert corrected.aligned["s1"] == "s2" and corrected.matched == 9
    assert pmb5.matched == 8  # time.n.08 sits at depth 2 in the prediction's Penman tree, at depth 3 in gold's
    times = [v for v in pmb5.pred if v.triple.relation == "instance" and "time" in v.triple.target]
    assert [shown_value(v.triple.target) for v in times] == ["time.n.08 ⟨depth 2⟩"] and not times[0].matched


def test_sbn_text_is_read_as_the_smatch_figure_reads_it():
    match = triple_match_text("male.n.02 Name \"Tom\" nod.v.02 Agent -1", "male.n.02 Name \"Tom\" nod.v.02 Agent -1")
    assert match.F == 1.0 and match.aligned == {"b0": "b0", "s0": "s0", "s1": "s1"}
    assert triple_match_text("", "male.n.02").ill_formed is not None
    assert readable_sbn("male.n.02 Name \"Tom\" nod.v.02 Agent -1") == "male.n.02 Name \"Tom\"\nnod.v.02 Agent -1"
    assert readable_sbn("not an sbn ((") == "not an sbn (("
