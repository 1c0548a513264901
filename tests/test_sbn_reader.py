"""Reading SBN: both layouts, the seven PMB 4.0.0 examples, and a hand-written test per trap."""

from __future__ import annotations

import io

import pytest
from sbn_helpers import EXAMPLES, examples

from dscorer_core.errors import ClfError, DscorerInputError, SbnError
from dscorer_core.reading.drs_files import read_sbn_file
from dscorer_core.reading.sbn_text import parse_sbn, parse_sbn_tolerant
from dscorer_core.sbn.model import SbnBoxOperator, SbnConcept


def test_the_seven_examples_read_with_their_lines_roles_and_comments():
    lengths = {}
    for path in examples():
        (sbn,) = read_sbn_file(path, "sbn")
        lengths[path.name.split(".")[0]] = len(sbn.items)
        assert sbn.items[0].line > 2  # after the two %%% header lines
    assert lengths == {"p00_d0004": 8, "p00_d0801": 8, "p00_d1593": 5, "p00_d2719": 6,
                       "p03_d2003": 5, "p04_d0778": 8, "p04_d1646": 4}
    (sbn,) = read_sbn_file(EXAMPLES / "p00_d1593.drs.sbn", "sbn")
    neg = sbn.items[1]
    assert isinstance(neg, SbnBoxOperator) and neg.operator == "NEGATION" and neg.target.offset == -1
    lie = sbn.items[3]
    assert isinstance(lie, SbnConcept) and (lie.lemma, lie.pos, lie.sense) == ("lie", "v", "05")
    assert [(r.role, r.target.kind, r.target.offset) for r in lie.roles] == [
        ("Agent", "synset", -2), ("Time", "synset", -1), ("Recipient", "synset", 1)]
    assert lie.comment == "lie     [11-14]"


def test_multi_line_blocks_are_separated_by_blank_lines():
    text = "%%% header\ndog.n.01  % dog\n\ncat.n.01 Colour +1 % cat\nblack.a.01\n"
    first, second = parse_sbn(text, "two.sbn")
    assert [c.synset for c in first.concepts] == ["dog.n.01"]
    assert [c.synset for c in second.concepts] == ["cat.n.01", "black.a.01"]
    assert second.line == 4 and first.index == 0 and second.index == 1


def test_one_sbn_per_line_with_id_and_sentence_columns_and_pmb5_box_references():
    text = ("p1/d1\tI think she's forty.\tperson.n.01 EQU speaker think.v.01 Proposition >1 Agent -1 "
            "CONTINUATION <0 female.n.02\n"
            "Look out!\tperson.n.01 EQU hearer look_out.v.01 Experiencer -1\n"
            "person.n.01 NEGATION <1 be.v.01 Theme -1\n")
    a, b, c = parse_sbn(text, "x.sbn", "sbn-lines")
    assert (a.doc_id, a.sentence) == ("p1/d1", "I think she's forty.")
    assert (b.doc_id, b.sentence) == (None, "Look out!")
    assert (c.doc_id, c.sentence) == (None, None)
    think = a.items[1]
    assert isinstance(think, SbnConcept)
    assert think.roles[0].target.kind == "box" and think.roles[0].target.offset == 1
    cont = a.items[2]
    assert isinstance(cont, SbnBoxOperator) and cont.target.offset == 0
    assert isinstance(c.items[1], SbnBoxOperator) and c.items[1].target.offset == -1


def test_indices_of_two_or_more_digits_are_offsets():
    line = " ".join(f"thing{i}.n.01" for i in range(11)) + " see.v.01 Agent -11 Theme -10 Time +100"
    (sbn,) = parse_sbn(line + "\n", "long.sbn", "sbn-lines")
    roles = sbn.concepts[-1].roles
    assert [(r.target.kind, r.target.offset) for r in roles] == [("synset", -11), ("synset", -10), ("synset", 100)]


def test_constants_that_look_like_indices_are_kept_as_written():
    (sbn,) = parse_sbn("quantity.n.01 EQU -1 Quantity 2010 Value ?\n", "c.sbn", "sbn-lines")
    roles = sbn.concepts[0].roles
    assert [(r.target.kind, r.target.text) for r in roles] == [
        ("synset", "-1"), ("constant", "2010"), ("constant", "?")]


def test_names_with_spaces_are_one_token_in_both_layouts_and_percent_inside_a_name_is_not_a_comment():
    (one,) = parse_sbn('musical_organization.n.01 Name "Steve Miller Band" release.v.04 Agent -1\n', "n", "sbn-lines")
    assert one.concepts[0].roles[0].target.text == '"Steve Miller Band"'
    assert one.concepts[1].roles[0].target.offset == -1
    (multi,) = parse_sbn('company.n.01 Name "100 % Pure Co" % the company [0-10]\n', "m.sbn")
    assert multi.concepts[0].roles[0].target.text == '"100 % Pure Co"'
    assert multi.concepts[0].comment == "the company [0-10]"


def test_unclosed_name_gets_file_line_and_column():
    with pytest.raises(SbnError) as err:
        parse_sbn('dog.n.01\nperson.n.01 Name "Tom\n', "bad.sbn")
    assert str(err.value) == "bad.sbn:2:18: a quoted name is never closed: '\"Tom'"
    assert isinstance(err.value, ClfError) and isinstance(err.value, DscorerInputError)


@pytest.mark.parametrize(("text", "message"), [
    ("dog.n.01 Agent\n", "x.sbn:1:10: role Agent has no value: 'Agent'"),
    ("dog.n.01 agent -1\n", "x.sbn:1:10: expected a role (Agent, EQU, ...): 'agent'"),
    ("dog.n.01 NEGATION\n", "x.sbn:1:10: box operator NEGATION needs a box offset (<1, >1, -1 or +1)"),
    ("dog Agent -1\n", "x.sbn:1:1: expected a synset (lemma.pos.NN) or a box operator: 'dog'"),
])
def test_malformed_sbn_gets_file_line_col_what(text, message):
    with pytest.raises(SbnError) as err:
        parse_sbn(text, "x.sbn", "sbn-lines")
    assert str(err.value) == message


def test_a_role_on_a_line_of_its_own_is_an_error_in_the_multi_line_layout():
    with pytest.raises(SbnError, match=r"m.sbn:2:3: expected a synset"):
        parse_sbn("dog.n.01\n  Colour -1\n", "m.sbn")


def test_empty_outputs_are_empty_sbns_in_the_one_per_line_layout():
    text = "dog.n.01\n\ncat.n.01\n\n\n"
    found = parse_sbn_tolerant(text, "p.sbn", "sbn-lines")
    # the lines the PMB 5 script reads (readlines): the empty ones at the end are outputs too
    assert len(found) == len(io.StringIO(text).readlines()) == 5
    assert isinstance(found[1], SbnError) and str(found[1]) == "p.sbn:2: empty SBN (no concept at all)"
    assert [str(e) for e in found[3:]] == ["p.sbn:4: empty SBN (no concept at all)",
                                           "p.sbn:5: empty SBN (no concept at all)"]
    assert len(parse_sbn_tolerant("dog.n.01\ncat.n.01", "p.sbn", "sbn-lines")) == 2  # no final line end
    with pytest.raises(SbnError, match=r"^p.sbn: 3 bad lines") as err:
        parse_sbn(text, "p.sbn", "sbn-lines")
    assert "p.sbn:2: empty SBN" in str(err.value)


def test_every_bad_sbn_of_a_file_is_listed():
    text = "dog.n.01 Agent\nok.n.01\nbad\n"
    with pytest.raises(SbnError) as err:
        parse_sbn(text, "p.sbn", "sbn-lines")
    assert err.value.total == 2 and [p.line for p in err.value.problems] == [1, 3]


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(SbnError, match="no such file"):
        read_sbn_file(tmp_path / "nope.sbn", "sbn")


def test_each_example_reads_its_sentence_from_the_alignment_comments():
    # issue 19: the pair view said "no sentence"; the `%` comments carry the words and their offsets,
    # in SBN order (p00_d1593's "not" comes before "will"), and the .raw file beside each is the text
    for path in examples():
        (sbn,) = read_sbn_file(path, "sbn")
        raw = path.with_name(path.name.replace(".drs.sbn", ".raw")).read_text(encoding="utf-8").strip()
        assert sbn.sentence == raw, path.name


def test_alignment_pieces_join_by_their_offsets():
    from dscorer_core.sbn.token_alignment import sentence_from_alignment

    assert sentence_from_alignment(["I [0-1]", "not [7-10]", "will [2-6]", "lie [11-14]"]) == "I will not lie"
    assert sentence_from_alignment(["I    [0-1]", "'m [1-3]", "calling [4-11]"]) == "I'm calling"
    # the clause files' form, one piece on several lines, comments that are no alignment
    assert sentence_from_alignment(["is [30...32]", "is [30...32]", "three [33...38]", "a note", "  [5-7]"]) \
        == "is three"
    assert sentence_from_alignment(["no alignment here", ""]) is None
    text = 'female.n.02 Name "Tracy" % Tracy [0-5]\n% lost [6-10]\nlose.v.05 Agent -1 % [6-10]\n'
    (sbn,) = parse_sbn(text)
    assert sbn.sentence == "Tracy lost"  # a comment-only line of the block counts too
    (sbn,) = parse_sbn('female.n.02 Name "Tracy"\n')
    assert sbn.sentence is None
