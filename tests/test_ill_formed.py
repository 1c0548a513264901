"""Ill-formed predicted DRSs (issue 11): real parser output is scored under a policy, never
refused by default, and the number of DRSs never changes."""

from __future__ import annotations

import json

import pytest

from dscorer_core.cli import main
from dscorer_core.counter import counter_corpus
from dscorer_core.errors import ClfError
from dscorer_core.ill_formed import DUMMY_CLAUSES, apply_ill_policy
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import parse_clf, read_clf

BOXER = "pmb-3.0.0/boxer_dev.clf"
GOLD = "pmb-3.0.0/gold_dev.clf"


@pytest.fixture(scope="module")
def lenient(shared_path):
    return read_clf(shared_path(BOXER), lenient=True)


def test_a_lenient_read_keeps_every_drs_and_records_its_bad_lines(shared_path, lenient):
    with pytest.raises(ClfError):
        read_clf(shared_path(BOXER))  # the strict read refuses the file, as before
    assert len(lenient) == len(read_clf(shared_path(GOLD))) == 885
    bad = [d for d in lenient if d.problems]
    assert [(d.index, d.line) for d in bad] == [(773, 15446), (851, 16952)]
    assert all(p.message == "the box position (first token) holds a constant" for d in bad for p in d.problems)
    assert len(bad[0].problems) == 6 and any(c.box == '"b4"' for c in bad[0].clauses)  # kept as read


def test_the_three_policies(lenient):
    dummy, report = apply_ill_policy(lenient, "dummy")
    assert len(dummy) == 885 and [e.index for e in report.entries] == [773, 851]
    assert tuple(c.tokens for c in dummy[773].clauses) == DUMMY_CLAUSES and dummy[772] is lenient[772]
    scored, _ = apply_ill_policy(lenient, "score")
    assert scored[773].clauses == lenient[773].clauses and not scored[773].problems
    with pytest.raises(ClfError, match="box position"):
        apply_ill_policy(lenient, "error")
    assert report.lines()[0].endswith("DRS 773 is ill-formed: line 15456: the box position (first token) holds "
                                      "a constant (and 5 more line(s))")


def test_a_dummy_drs_leaves_all_gold_clauses_and_kgrams_unmatched(lenient, shared_path):
    golds = read_clf(shared_path(GOLD))
    dummy, _ = apply_ill_policy(lenient, "dummy")
    one = counter_corpus([dummy[773]], [golds[773]])
    assert one.matched == 0 and one.gold_clauses == one.documents[0].gold_clauses > 0
    scored = score_corpus([dummy[773]], [golds[773]])
    assert all(o.matched == 0 for o in scored.micro.orders[1:])


def test_a_block_of_bad_lines_only_is_still_a_drs():
    drss = parse_clf("b1 REF x1\n\nonly one bad line here ok\n\nb2 REF x2\n", "p.clf", lenient=True)
    assert len(drss) == 3 and drss[1].clauses == () and drss[1].problems[0].line == 3


@pytest.mark.parametrize("policy, code", [("dummy", 0), ("score", 0), ("error", 2)])
def test_cli_on_real_boxer_output(shared_path, capsys, policy, code):
    argv = ["score", str(shared_path(BOXER)), str(shared_path(GOLD)), "--ill", policy, "--json"]
    assert main(argv) == code
    captured = capsys.readouterr()
    if code:
        assert "15456:1: the box position (first token) holds a constant" in captured.err
        return
    data = json.loads(captured.out)
    assert data["n_documents"] == 885 and f"|ill:{policy}|" in data["signature"]
    assert [d["index"] for d in data["ill_formed"]["documents"]] == [773, 851]
    assert captured.err.count("is ill-formed") == 2


def test_counter_cli_reports_the_policy_in_its_signature(shared_path, capsys):
    assert main(["counter", str(shared_path(BOXER)), str(shared_path(GOLD))]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("|wn:3.0|work:bnb5000-moves1000000-lp500-mip20000|ill:dummy|version:0.1.0")


def test_the_app_scores_ill_formed_predictions_and_lists_them(shared_path):
    from app_helpers import no_errors, open_by_path

    at = open_by_path(shared_path(BOXER), shared_path(GOLD))
    no_errors(at)
    notice = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "2 predicted DRS(s)" in notice and "DRS 773: " in notice
    assert "DRS 773: line 15456:1: the box position" in notice and notice.count("boxer_dev.clf") == 1
    assert "Quantity" not in notice  # a few characters of a bad line only (docs/hosting.md)
