"""Exact Smatch on SBN: hand-counted scores, ill-formed predictions, exactness against brute force."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from dscorer_core.errors import DrsCountMismatch
from dscorer_core.reading.drs_files import read_sbn_file
from dscorer_core.reading.sbn_text import parse_sbn, parse_sbn_tolerant
from dscorer_core.sbn.alignment import align, build_pairing, count_matched
from dscorer_core.sbn.graph import build_graph
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus
from dscorer_core.sbn.triples import graph_triples

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sbn-4.0.0"


def sbns(text: str):
    return parse_sbn_tolerant(text, "t.sbn", "sbn-lines")


def test_a_wrong_sense_costs_one_triple_of_three_and_nothing_when_lenient():
    # official: b0 box, s0 dog.n.0X, b0 member s0 -> 2 of 3 match; lenient: box, sense, lemma, pos, member
    pred, gold = sbns("dog.n.01\n"), parse_sbn("dog.n.02\n", "g", "sbn-lines")
    doc = smatch_corpus(pred, gold).documents[0]
    assert (doc.matched, doc.pred_triples, doc.gold_triples) == (2, 3, 3)
    assert pytest.approx(2 / 3) == doc.F and doc.optimal
    lenient = smatch_corpus(pred, gold, SmatchSettings(lenient=True)).documents[0]
    assert (lenient.matched, lenient.pred_triples, lenient.F) == (5, 5, 1.0)


def test_the_seven_examples_against_themselves_score_one_and_are_proven_optimal():
    files = sorted(EXAMPLES.glob("*.drs.sbn"))
    if len(files) != 7:
        pytest.skip(f"the seven SBN examples are not at {EXAMPLES}")
    gold = [read_sbn_file(p, "sbn")[0] for p in files]
    result = smatch_corpus(list(gold), gold)
    assert result.F == result.mean_F == 1.0 and result.ill_formed == 0.0 and result.all_optimal
    rotated = smatch_corpus(gold[1:] + gold[:1], gold)
    assert 0 < rotated.mean_F < 1 and rotated.all_optimal


@pytest.mark.parametrize("bad", ["dog.n.01 Agent", "dog.n.01 Agent +0", "dog.n.01 Theme +4", ""])
def test_an_ill_formed_prediction_scores_zero_and_counts_in_the_err_rate(bad):
    """Parse errors, cycles, offsets outside the SBN and empty outputs: hand counts, 3 triples each."""
    pred = sbns(f"dog.n.01\n{bad}\ncat.n.01\n")
    gold = parse_sbn("dog.n.01\nbird.n.01\ncat.n.01\n", "g", "sbn-lines")
    result = smatch_corpus(pred, gold)
    assert [d.F for d in result.documents] == [1.0, 0.0, 1.0]
    assert result.documents[1].ill_formed
    assert result.ill_formed == pytest.approx(1 / 3) and result.mean_F == pytest.approx(2 / 3)
    # micro: 6 matched of 6 predicted and 9 gold triples
    assert (1.0, pytest.approx(6 / 9)) == (result.P, result.R)


def test_a_gold_sbn_with_an_offset_outside_it_scores_zero_and_the_prediction_is_not_counted_ill_formed():
    # the PMB 5 script reads the gold line first: "original sbn 0 error", F 0, the prediction not looked at
    gold = parse_sbn("temperature.n.01 Value -1\n", "g", "sbn-lines")
    result = smatch_corpus(sbns("temperature.n.01 Value -1\n"), gold)
    doc = result.documents[0]
    assert doc.F == 0.0 and doc.ill_formed is None and result.ill_formed == 0.0
    assert doc.gold_unreadable == "g:1: Strict evaluation mode, possibly ill-formed graph not exported."
    assert result.gold_unreadable == (doc.gold_unreadable,) and result.gold_unreadable_count == 1
    assert gold and build_graph(gold[0]).problems


def test_files_of_different_lengths_are_an_input_error():
    with pytest.raises(DrsCountMismatch):
        smatch_corpus(sbns("dog.n.01\n"), parse_sbn("dog.n.01\ncat.n.01\n", "g", "sbn-lines"))


def test_signature_names_metric_search_scoring_and_triples():
    assert smatch_corpus(sbns("dog.n.01\n"), parse_sbn("dog.n.01\n", "g", "sbn-lines")).signature.startswith(
        "smatch|sbn|exact|hard|triples:pmb5|work:bnb4000-moves1000000-lp500-mip20000|version:")
    corrected = smatch_corpus(sbns("dog.n.01\n"), parse_sbn("dog.n.01\n", "g", "sbn-lines"),
                              SmatchSettings(triples="corrected"))
    assert "|triples:corrected|" in corrected.signature
    lenient = smatch_corpus(sbns("dog.n.01\n"), parse_sbn("dog.n.01\n", "g", "sbn-lines"), SmatchSettings(lenient=True))
    assert "|triples:lenient|" in lenient.signature


VOCAB = ["dog.n.01", "dog.n.02", "cat.n.01", "run.v.01", "time.n.08"]
ROLES = ["Agent", "Theme", "Time"]


def random_sbn(rng: random.Random) -> str:
    n = rng.randint(2, 4)
    parts = []
    for i in range(n):
        parts.append(rng.choice(VOCAB))
        for _ in range(rng.randint(0, 2)):
            j = rng.randrange(n)
            if j != i:
                parts.append(f"{rng.choice(ROLES)} {j - i:+d}")
        if rng.random() < 0.3:
            parts.append(f"EQU {rng.choice(['now', 'speaker'])}")
        if i == 1 and rng.random() < 0.3:
            parts.append("NEGATION <1")
    return " ".join(parts)


def brute_force(pred, gold) -> int:
    """The best number of matched triples over every one-to-one partial mapping (independent of alignment.py)."""
    pnodes = sorted({t.source for t in pred} | {t.target for t in pred if t.is_relation})
    gnodes = sorted({t.source for t in gold} | {t.target for t in gold if t.is_relation})
    gold_set = {(t.relation, t.source, t.target.lower(), t.is_relation) for t in gold}
    best = 0
    options = gnodes + [None] * len(pnodes)
    for image in set(itertools.permutations(options, len(pnodes))):
        m = dict(zip(pnodes, image))
        count = 0
        for t in pred:
            target = m.get(t.target) if t.is_relation else t.target.lower()
            if m.get(t.source) is not None and target is not None and \
                    (t.relation, m[t.source], target, t.is_relation) in gold_set:
                count += 1
        best = max(best, count)
    return best


def test_the_alignment_is_exact_against_brute_force_on_small_random_sbns():
    rng = random.Random(7)
    checked = 0
    while checked < 25:
        p = parse_sbn(random_sbn(rng) + "\n", "p", "sbn-lines")[0]
        g = parse_sbn(random_sbn(rng) + "\n", "g", "sbn-lines")[0]
        pg, gg = build_graph(p), build_graph(g)
        if pg.problems or gg.problems or len(pg.reachable) > 5 or len(gg.reachable) > 5:
            continue
        pt, gt = graph_triples(pg), graph_triples(gg)
        found = align(pt, gt)
        assert found.optimal
        assert found.matched == brute_force(pt, gt) == count_matched(build_pairing(pt, gt), found.mapping)
        checked += 1


def test_the_alignment_is_deterministic():
    files = sorted(EXAMPLES.glob("*.drs.sbn"))
    if len(files) != 7:
        pytest.skip(f"the seven SBN examples are not at {EXAMPLES}")
    a, b = (graph_triples(build_graph(read_sbn_file(p, "sbn")[0])) for p in files[:2])
    assert align(a, b) == align(a, b)
