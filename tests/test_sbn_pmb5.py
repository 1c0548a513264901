"""The PMB 5 figure: dscorer smatch against the official script's answer for every Dutch test sentence,
and one test per quirk of the script (each checked against the script by hand, see docs/sbn.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dscorer_core.reading.drs_files import read_sbn_file, read_sbn_file_tolerant
from dscorer_core.reading.sbn_text import parse_sbn, parse_sbn_tolerant
from dscorer_core.sbn.amr_line import read_amr_line, smatch_normalise
from dscorer_core.sbn.pmb5_script import script_penman
from dscorer_core.sbn.smatch import SmatchResult, SmatchSettings, smatch_corpus
from dscorer_core.sbn.smatch_causes import compare_pmb5_corrected

PMB5 = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pmb-5.0.0"
GOLD, PRED, OFFICIAL = (PMB5 / "gold_nl_test.sbn", PMB5 / "neuralboxer_nl_test.sbn",
                        PMB5 / "neuralboxer_nl_test.official.json")

#: Sentences whose F is more than .02 above the official one, and why: the script's hill climbing
#: (one smart start and four random ones, ``random.seed()`` unseeded) stops short of the best mapping.
SEARCH_STOPS_SHORT_AS_IS = {279: "hill climbing found 9 matched triples; the best mapping matches 10"}
SEARCH_STOPS_SHORT_FLAT = {426: "hill climbing found 15 matched triples; the best mapping matches 16"}


@pytest.fixture(scope="module")
def dutch():
    if not all(p.is_file() for p in (GOLD, PRED, OFFICIAL)):
        pytest.skip(f"the PMB 5.0.0 Dutch test files are not in {PMB5}")
    official = json.loads(OFFICIAL.read_text(encoding="utf-8"))
    return read_sbn_file_tolerant(PRED), read_sbn_file(GOLD), official


@pytest.fixture(scope="module")
def as_is(dutch) -> SmatchResult:
    preds, golds, _ = dutch
    return smatch_corpus(preds, golds)


def test_every_verdict_is_the_scripts_with_its_reason(dutch, as_is):
    _, _, official = dutch
    assert len(as_is.documents) == len(official["sentences"]) == 435
    for doc, answer in zip(as_is.documents, official["sentences"]):
        if "ill_formed" in answer:
            assert doc.ill_formed is not None and doc.ill_formed.endswith(": " + answer["ill_formed"]), doc.index
            assert doc.F == 0.0
        else:
            assert doc.ill_formed is None and doc.note is None, doc.index
    assert as_is.ill_formed == pytest.approx(official["ill_formed_rate_as_is"])


def _compare(result: SmatchResult, official: dict, key: str) -> tuple[dict[int, tuple[int, int]], dict[int, float]]:
    """Sentences where the match count differs (ours, theirs) and where F is more than .02 apart."""
    counts, far = {}, {}
    for doc, answer in zip(result.documents, official["sentences"]):
        if "ill_formed" in answer:
            continue
        matched, pred, gold, f = answer[key]
        assert (doc.pred_triples, doc.gold_triples) == (pred, gold), doc.index
        assert f - 1e-12 <= doc.F, doc.index  # an exact alignment never does worse than hill climbing
        assert doc.optimal
        if doc.matched != matched:
            counts[doc.index] = (doc.matched, matched)
        if doc.F - f > 0.02:
            far[doc.index] = doc.F - f
    return counts, far


def test_every_f_is_at_least_the_official_one_and_within_02_but_where_the_search_stops_short(dutch, as_is):
    counts, far = _compare(as_is, dutch[2], "as_is")
    assert set(far) == set(SEARCH_STOPS_SHORT_AS_IS)
    assert counts == {279: (10, 9)}


def test_with_whitespace_collapsed_the_counts_are_the_officials_wherever_its_search_is_optimal(dutch):
    preds, golds, official = dutch
    flat = smatch_corpus(preds, golds, SmatchSettings(collapse_whitespace=True))
    counts, far = _compare(flat, official, "whitespace_collapsed")
    assert set(far) == set(SEARCH_STOPS_SHORT_FLAT) and counts == {426: (16, 15)}
    assert "triples:pmb5-flat|" in flat.signature


def test_the_mean_f_lies_just_above_the_published_figure(dutch, as_is):
    assert 0.7332 <= as_is.mean_F <= 0.7432
    assert as_is.mean_F >= dutch[2]["mean_F_as_is"]
    assert as_is.signature.startswith("smatch|sbn|exact|hard|triples:pmb5|")


def test_explain_names_the_issues_examples_and_every_difference_has_a_cause(dutch):
    preds, golds, _ = dutch
    found = compare_pmb5_corrected(preds, golds)
    assert found.cause_of(2) == "depth"  # official 8/11, 9/11 once the depth is gone
    assert found.cause_of(338) == "name cut"  # gold "Nancy Ianiero" matches predicted "Nancy"
    assert all(d.causes for d in found.differences)
    assert found.corrected.mean_F > found.pmb5.mean_F
    # the corrected reader is strict: it refuses what the script refuses here, with its own words
    assert [bool(d.ill_formed) for d in found.corrected.documents] == [bool(d.ill_formed) for d in found.pmb5.documents]


def pair(pred: str, gold: str, triples: str = "pmb5"):
    p = parse_sbn_tolerant(pred + "\n", "pred.sbn", "sbn-lines")
    g = parse_sbn(gold + "\n", "gold.sbn", "sbn-lines")
    return smatch_corpus(p, g, SmatchSettings(triples=triples)).documents[0]  # type: ignore[arg-type]


def test_quirk_depth_a_concept_with_roles_matches_only_at_the_same_depth_of_the_penman_tree():
    gold, pred = 'sleep.v.01 Agent +1 male.n.02 Name "Tom"', 'male.n.02 Name "Tom" sleep.v.01 Agent -1'
    assert "(s1 / \"male.n.02\" \t\t\t:Name" in script_penman(gold)  # nested under sleep.v.01: three tabs
    assert "(s0 / \"male.n.02\" \t\t:Name" in script_penman(pred)
    doc = pair(pred, gold)
    assert (doc.matched, doc.pred_triples, doc.gold_triples) == (6, 7, 7)  # the official script: F .8571
    assert pair(pred, gold, "corrected").F == 1.0


def test_quirk_name_cut_a_quoted_value_is_its_first_word_and_the_final_underscore_is_stripped():
    reading = read_amr_line('(b0 / "box" \t:member (s0 / "person.n.01" \t\t:Name "Nancy Ianiero"))')
    assert ("Name", "Nancy") in {(t.relation, t.target) for t in reading.attributes}
    assert smatch_normalise("Nancy_") == smatch_normalise("Nancy") == "nancy"
    gold = 'person.n.01 Name "Nancy Ianiero"'
    assert pair('person.n.01 Name "Nancy"', gold).F == 1.0
    assert pair('person.n.01 Name "Nancy Smith"', gold).F == 1.0
    # box, person.n.01, member, Name: all but the name match once it is whole
    assert pytest.approx(3 / 4) == pair('person.n.01 Name "Nancy"', gold, "corrected").F


def test_quirk_depth_is_in_the_concept_label_amr_py_reads():
    reading = read_amr_line('(b0 / "box" \t:member (s0 / "lie.v.05" \t\t:Agent (s1 / "person.n.01")))')
    assert [t.target for t in reading.instances] == ["box_\t", "lie.v.05_\t\t", "person.n.01_"]
    flat = read_amr_line('(b0 / "box" \t:member (s0 / "lie.v.05" \t\t:Agent (s1 / "person.n.01")))', True)
    assert [smatch_normalise(t.target) for t in flat.instances] == ["box", "lie.v.05", "person.n.01"]


@pytest.mark.parametrize(("pred", "reason"), [
    ("female.n.02 Name sing.v.03 run.v.01 Theme -1", "Missing target for 'Name' in line female.n.02 Name"),
    ("person.n.01 Co-Ame +1 dog.n.01", "Invalid token found 'Co-Ame' in line: person.n.01 Co-Ame +1"),
    ('male.n.02 Name "Le bakery.n.01 country.n.02 Name "Verenigde Staten"', "pop from empty list"),
    ("dog.n.01 Theme +4", "Strict evaluation mode, possibly ill-formed graph not exported."),
    ("dog.n.01 Agent +0", "Exporting a cyclic SBN graph to Penman is not possible."),
    ("dog.n.01 Proposition >1", "'type'"),
])
def test_quirk_reader_the_scripts_refusals_are_ill_formed_with_its_reason(pred, reason):
    doc = pair(pred, "dog.n.01")
    assert doc.F == 0.0 and doc.ill_formed == f"pred.sbn:1: the PMB 5 script refuses it: {reason}"


@pytest.mark.parametrize(("pred", "problem"), [
    ("female.n.02 Name sing.v.03 run.v.01 Theme -1", "role Name has no value (sing.v.03 starts the next line)"),
    ("person.n.01 Co-Ame +1 dog.n.01", "Co-Ame is not a PMB 5 role or DRS operator"),
    ('male.n.02 Name "Le bakery.n.01 country.n.02 Name "Verenigde Staten"', "closed by a later quote"),
])
def test_the_corrected_reader_refuses_them_too_naming_file_line_and_column(pred, problem):
    doc = pair(pred, "dog.n.01", "corrected")
    assert doc.F == 0.0 and doc.ill_formed is not None and doc.ill_formed.startswith("pred.sbn:1:")
    assert problem in doc.ill_formed


def test_quirk_duplicated_triples_are_counted_as_smatch_counts_them():
    # smatch 1.0.4 matches every pair of equal attributes: 2 x 2 = 4 for "EQU now" twice; the script says F 1.4
    doc = pair("time.n.08 EQU now EQU now", "time.n.08 EQU now EQU now")
    assert (doc.matched, doc.pred_triples, doc.gold_triples) == (7, 5, 5) and pytest.approx(1.4) == doc.F
    assert pair("time.n.08 EQU now EQU now", "time.n.08 EQU now EQU now", "corrected").F == 1.0


def test_quirk_an_inverse_role_with_a_constant_is_lost():
    penman = script_penman("car.n.01 blue.a.01 ColourOf -1 SubOf now")
    assert ':Colour-of s0 \t\t:Sub-of "now"' in penman
    triples = read_amr_line(penman).triples
    assert ("Colour", "s0", "s1") in {(t.relation, t.source, t.target) for t in triples}
    assert not any(t.relation.startswith("Sub") for t in triples)


def test_the_direct_triples_are_what_amr_py_reads_from_the_string_on_every_dutch_line(dutch):
    from dscorer_core.sbn.pmb5_script import ScriptRefusal, script_graph
    from dscorer_core.sbn.pmb5_triples import direct_triples, penman_reading
    compared = 0
    for path in (GOLD, PRED):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.split("\t")[-1].strip()
            try:
                graph = script_graph(text)
            except ScriptRefusal:
                continue
            for flat in (False, True):
                for whole in (False, True):
                    direct = direct_triples(graph, flat, whole)
                    assert direct is not None
                    slow = penman_reading(script_penman(text), flat, whole).triples
                    assert sorted(direct, key=repr) == sorted(slow, key=repr), text
                    compared += 1
    assert compared == 4 * (435 + 435 - 37)


def test_a_label_with_a_quote_inside_or_a_name_like_a_variable_is_read_character_by_character():
    from dscorer_core.sbn.pmb5_script import script_graph
    from dscorer_core.sbn.pmb5_triples import direct_triples, pmb5_reading
    assert direct_triples(script_graph('person.n.01 Name "b0 x"')) is None
    # amr.py takes the cut name b0 for the variable b0: a relation, not an attribute
    triples = pmb5_reading('person.n.01 Name "b0 x"').triples
    assert ("Name", "s0", "b0", True) in {(t.relation, t.source, t.target, t.is_relation) for t in triples}
