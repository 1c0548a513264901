"""Fuzzing (issue 6): random text and near-valid clause files through the reader and the scorer.

The only exception allowed to escape is the project's own input error (DscorerInputError).
Set DSCORER_FUZZ_EXAMPLES (default 150) for a longer run.
"""

from __future__ import annotations

import math
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dscorer_core import ClfError, DscorerInputError
from dscorer_core.clauses import check_pair
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.decode import decode_bytes

FUZZ = settings(max_examples=int(os.environ.get("DSCORER_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

# --- random text -------------------------------------------------------------------------------

clf_alphabet = st.sampled_from(list('b1x2e"% \t\n\r.-~ø%\ufeff\u2028\x0cREFAgentn"'))


@FUZZ
@given(st.text(max_size=300) | st.text(clf_alphabet, max_size=300))
def test_random_text_reads_or_raises_clf_error(text):
    try:
        drss = parse_clf(text, "fuzz.clf")
    except ClfError as exc:
        assert exc.source == "fuzz.clf" and exc.total >= len(exc.problems) >= 1
        assert all(p.line >= 1 for p in exc.problems)
        assert str(exc)
        return
    for d in drss:
        assert d.clauses
        for c in d.clauses:
            assert len(c.tokens) in (3, 4) and '"' not in c.tokens[0] and '"' not in c.tokens[1]


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_decode_or_raise_clf_error(data):
    try:
        parse_clf(decode_bytes(data, "fuzz.clf"), "fuzz.clf")
    except ClfError as exc:
        assert exc.problems and exc.source == "fuzz.clf"


# --- near-valid clause files -----------------------------------------------------------------

BOXES = ["b0", "b1", "b2", "k0"]
REFS = ["x1", "x2", "e1", "t1", "s1", "p1", "b1"]
CONSTS = ['"now"', '"tom"', '"new york"', '""2:30""', '"50 %"', '"n.01"']
RELS = ["REF", "NOT", "POS", "PRP", "EQU", "TPR", "CONTRAST", "NEGATION", "DRS", "Agent", "Theme",
        "Name", "AttributeOf", "male", "time", "run", "happy"]
SENSES = ['"n.02"', '"v.01"', '"a.01"', '"r.01"', '"n.08"', '"s.01"']
JUNK = ['"', '"oops', 'a"b', '%', '% note', "\t", "ø", "REF", "~"]


@st.composite
def clause_line(draw):
    box = draw(st.sampled_from(BOXES))
    rel = draw(st.sampled_from(RELS))
    if rel.islower() and draw(st.booleans()):
        toks = [box, rel, draw(st.sampled_from(SENSES)), draw(st.sampled_from(REFS))]
    else:
        args = draw(st.lists(st.sampled_from(REFS + BOXES + CONSTS), min_size=1, max_size=2))
        toks = [box, rel, *args]
    if draw(st.integers(0, 9)) == 0:  # sometimes break it
        op = draw(st.sampled_from(["drop", "add", "junk"]))
        if op == "drop":
            toks.pop(draw(st.integers(0, len(toks) - 1)))
        elif op == "add":
            toks.append(draw(st.sampled_from(REFS + CONSTS)))
        else:
            toks.insert(draw(st.integers(0, len(toks))), draw(st.sampled_from(JUNK)))
    line = " ".join(toks)
    if draw(st.booleans()):
        line += "   % " + draw(st.sampled_from(["Tom [0...3]", "x", "%%"]))
    return line


@st.composite
def clause_file(draw):
    blocks = []
    for _ in range(draw(st.integers(0, 3))):
        lines = draw(st.lists(clause_line(), min_size=0, max_size=6))
        if draw(st.booleans()):
            lines.insert(0, "%%% " + draw(st.sampled_from(["Tom smiled .", "He did n't .", ""])))
        blocks.append("\n".join(lines))
    sep = draw(st.sampled_from(["\n\n", "\n \n\n", "\r\n\r\n", "\n% comment\n\n"]))
    return sep.join(blocks) + draw(st.sampled_from(["", "\n", "\n\n"]))


@FUZZ
@given(clause_file(), clause_file(), st.sampled_from(["released", "typed"]), st.integers(1, 4))
def test_near_valid_files_score_or_raise_input_error(pred_text, gold_text, preset, order):
    try:
        preds = parse_clf(pred_text, "pred.clf")
        golds = parse_clf(gold_text, "gold.clf")
        preds, golds = check_pair(preds, golds, "pred.clf", "gold.clf")
        result = score_corpus(preds, golds, preset=preset, order=order)
    except DscorerInputError as exc:
        assert str(exc)
        return
    assert len(result.documents) == len(golds) >= 1
    for s in [result.micro, result.macro] + [d.score for d in result.documents]:
        for v in (s.P, s.R, s.F):
            assert 0.0 <= v <= 1.0 and not math.isnan(v)
    self_result = score_corpus(golds, golds, preset=preset, order=order)
    assert (self_result.micro.P, self_result.micro.R, self_result.micro.F) == (1.0, 1.0, 1.0)
