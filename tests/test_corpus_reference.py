"""Figures on the real PMB files in ../shared/data (spec sections 3 and 6, data README)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dscorer_core import Clause, Drs
from dscorer_core.ngrams import score_corpus
from dscorer_core.ngrams.presets import PRESETS
from dscorer_core.reading.clause_text import read_clf, read_pair

pytestmark = pytest.mark.slow

# DRS counts from the shared data README
EXPECTED_COUNTS = {
    "pmb-2.2.0/gold_dev.clf": 682, "pmb-2.2.0/gold_test.clf": 650,
    "pmb-2.2.0/boxer_dev.clf": 682, "pmb-2.2.0/boxer_test.clf": 650,
    "pmb-2.2.0/spar_baseline.clf": 1,
    "pmb-3.0.0/gold_dev.clf": 885, "pmb-3.0.0/bert_char_1enc_dev.clf": 885, "pmb-4.0.0/gold_dev.clf": 1169,
    "pmb-2.1.0/gold_dev.clf": 557,
    **{f"pmb-2.1.0/{s}_dev.clf": 557
       for s in ("boxer", "amr2drs", "sim_spar", "spar", "seq2seq_word", "seq2seq_char")},
}
#: Real parser output that the strict reader refuses (quoted box variables): docs/ill-formed.md.
STRICTLY_REFUSED = {"pmb-3.0.0/boxer_dev.clf"}
#: The released code as the spec ran it (merged files, no sense dictionary): ``--no-wordnet``.
RELEASED_AS_WRITTEN = replace(PRESETS["released"], wordnet=False)
#: The clause form of the seven PMB 4.0.0 SBN examples: one DRS each.
SBN_CLAUSE_FILES = "sbn-4.0.0/"


@pytest.fixture(scope="module")
def dev22(shared_path):
    return read_pair(shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf"))


@pytest.fixture(scope="module")
def released_boxer_dev(dev22):
    boxer, gold = dev22
    return score_corpus(boxer, gold, preset=RELEASED_AS_WRITTEN)


@pytest.mark.parametrize("relative", sorted(EXPECTED_COUNTS))
def test_every_shared_file_is_read_with_the_documented_drs_count(shared_path, relative):
    drss = read_clf(shared_path(relative))
    assert len(drss) == EXPECTED_COUNTS[relative]
    assert all(len(d.clauses) > 0 for d in drss)


def test_no_clf_file_in_shared_data_is_left_out(shared_data):
    found = {p.relative_to(shared_data).as_posix() for p in shared_data.rglob("*.clf")}
    assert {f for f in found if not f.startswith(SBN_CLAUSE_FILES)} == set(EXPECTED_COUNTS) | STRICTLY_REFUSED


def test_each_sbn_example_clause_file_holds_one_drs(shared_data):
    files = sorted(shared_data.glob(SBN_CLAUSE_FILES + "*.clf"))
    assert len(files) == 7
    assert all(len(read_clf(f)) == 1 for f in files)


def test_pmb22_dev_sentences_align_and_boxer_has_eight_dummies(dev22):
    boxer, gold = dev22
    assert all(b.sentence and g.sentence for b, g in zip(boxer, gold))
    dummies = [b for b in boxer if any(c.relation == "alwayswrongconcept" for c in b.clauses)]
    assert len(dummies) == 8  # the data README: eight parse failures filled with a dummy


def test_released_boxer_dev_per_order_f_matches_the_spec(released_boxer_dev):
    f = [o.f for o in released_boxer_dev.micro.orders if o.k >= 1]
    assert f == pytest.approx([0.7774, 0.5869, 0.4191, 0.2975], abs=1e-4)
    assert released_boxer_dev.signature.startswith("dscorer|preset:released|n:4|w0:0.1|avg:micro|version")
    assert len(released_boxer_dev.documents) == 682


def test_released_corpus_swap_exchanges_p_and_r(dev22, released_boxer_dev):
    # at corpus level both sides have k-grams of every order, so the released weights agree
    # and swapping pred and gold swaps P and R and keeps F
    boxer, gold = dev22
    back = score_corpus(gold, boxer, preset=RELEASED_AS_WRITTEN).micro
    fwd = released_boxer_dev.micro
    assert pytest.approx((fwd.R, fwd.P, fwd.F), rel=1e-12) == (back.P, back.R, back.F)
    assert [(o.p, o.r) for o in back.orders] == [(o.r, o.p) for o in fwd.orders]


@pytest.mark.parametrize("preset", ["released", "typed"])
def test_gold_dev_against_itself_is_exactly_one(dev22, preset):
    _, gold = dev22
    res = score_corpus(gold, gold, preset=preset)
    for s in [res.micro, res.macro] + [d.score for d in res.documents]:
        assert (s.P, s.R, s.F) == (1.0, 1.0, 1.0)
    for s in [res.micro] + [d.score for d in res.documents]:
        assert all((o.p, o.r, o.f) == (1.0, 1.0, 1.0) for o in s.orders if o.weight)
    assert all(o.weight > 0 for o in res.micro.orders)


def test_typed_score_ignores_variable_names_on_real_output(dev22):
    # rename every variable of Boxer's output (boxes included) to x1, x2, ... per DRS
    boxer, gold = dev22
    boxer, gold = boxer[:120], gold[:120]

    def plain_names(d: Drs) -> Drs:
        names: dict[str, str] = {}
        out = []
        for c in d.clauses:
            toks = list(c.tokens)
            for i, t in enumerate(toks):
                if i != 1 and not (i == 2 and c.is_concept) and not t.startswith('"'):
                    toks[i] = names.setdefault(t, f"x{len(names) + 1}")
            out.append(Clause(tuple(toks), c.line))
        return Drs(tuple(out), d.index, d.sentence)

    renamed = [plain_names(d) for d in boxer]
    assert any(c.box.startswith("x") for d in renamed for c in d.clauses)
    before = score_corpus(boxer, gold, preset="typed")
    after = score_corpus(renamed, gold, preset="typed")
    assert (after.micro.P, after.micro.R, after.micro.F) == (before.micro.P, before.micro.R, before.micro.F)
    assert [d.score.F for d in after.documents] == [d.score.F for d in before.documents]
    # released reads names: every box now looks like a referent, so the score changes
    assert score_corpus(renamed, gold, preset="released").micro.F != \
        score_corpus(boxer, gold, preset="released").micro.F


def test_spar_baseline_is_scored_against_every_gold_drs(shared_path):
    preds, golds = read_pair(shared_path("pmb-2.2.0/spar_baseline.clf"),
                             shared_path("pmb-2.2.0/gold_dev.clf"), baseline=True)
    assert len(preds) == len(golds) == 682
    res = score_corpus(preds[:50], golds[:50], preset="released")
    assert 0.0 < res.micro.F < 1.0


@pytest.mark.parametrize("system", ["boxer", "amr2drs", "sim_spar", "spar", "seq2seq_word", "seq2seq_char"])
def test_pmb21_system_outputs_score_against_gold(shared_path, system):
    # real parser output with its oddities (k0 boxes, doubled quotes, duplicates) scores
    # end to end in both presets; no system output equals the gold, so F is strictly inside (0, 1)
    preds, golds = read_pair(shared_path(f"pmb-2.1.0/{system}_dev.clf"), shared_path("pmb-2.1.0/gold_dev.clf"))
    for preset in ("released", "typed"):
        res = score_corpus(preds, golds, preset=preset)
        assert len(res.documents) == 557
        assert 0.0 < res.micro.F < 1.0 and 0.0 < res.macro.F < 1.0
