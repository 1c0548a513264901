"""COUNTER's well-formedness check (its Referee with clf_signature.yaml, issue 11): the check on
hand-made and real DRSs, the signature against the official YAML, every gold file of
../shared/data passing or listed, and the ``--wf-check`` policy end to end."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from dscorer_core.cli import main
from dscorer_core.ill_formed import DUMMY_CLAUSES, apply_ill_policy, check_gold
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.referee import SIGNATURE, check_drs

WELL_FORMED = """\
b1 REF x1
b1 male "n.02" x1
b1 Name x1 "tom"
b2 REF e1
b2 smile "v.01" e1
b2 Agent e1 x1
b1 NOT b2
"""


def problems(text: str) -> list[str]:
    return [p.message for p in check_drs(parse_clf(text)[0])]


def test_a_well_formed_drs_passes():
    assert problems(WELL_FORMED) == []


@pytest.mark.parametrize(("edit", "reason"), [
    (lambda t: t.replace("b1 REF x1\n", ""), "unbound referent(s) x1"),
    (lambda t: t.replace("b2 REF e1\n", "b1 REF e1\n").replace("b1 NOT b2", "b2 NOT b1"), "loop"),
    (lambda t: t.replace("b1 NOT b2\n", "b3 REF x9\n"), "not connected"),
    (lambda t: t.replace("Agent", "Agentt"), "unknown operator or role 'Agentt'"),
    (lambda t: t.replace('Name x1 "tom"', "Name x1 tom"), "tom stands where a constant (in quotes) must"),
    (lambda t: t.replace("b1 NOT b2", 'b1 NOT "b2"'), '"b2" stands where a box must'),
    (lambda t: t.replace("b2 Agent e1 x1", "b2 Agent e1 b1"), "b1 is used both as a box and as a referent or constant"),
    (lambda t: t.replace("b1 NOT b2", "b1 NOT b2 b2"), "NOT takes 1 argument(s), not 2"),
])
def test_each_kind_of_ill_formed_drs_is_named(edit, reason):
    found = problems(edit(WELL_FORMED))
    assert len(found) == 1 and reason in found[0]


def test_roles_may_be_inverted_and_every_signature_operator_is_known():
    assert problems(WELL_FORMED.replace("b2 Agent e1 x1", "b2 AgentOf x1 e1")) == []
    assert problems(WELL_FORMED.replace("b1 NOT b2", "b1 CONTINUATION b2")) == []
    assert len(SIGNATURE) > 100 and SIGNATURE["Agent"].types == "btt" and SIGNATURE["REF"].types == "bx"


def test_the_signature_is_the_official_yaml(shared_path):
    yaml = pytest.importorskip("yaml", reason="PyYAML reads the official signature file")
    with open(shared_path("clf_signature.yaml"), encoding="utf-8") as f:
        official = yaml.load(f, Loader=yaml.BaseLoader)
    expected = {op: (kind, types) for types in official for kind in official[types] for op in official[types][kind]}
    assert {op: (t.kind, t.types) for op, t in SIGNATURE.items()} == expected


#: The gold files and why their failing DRSs fail: PMB 2.x writes ``b DRS b`` and three-place
#: discourse relations, which the current signature (PMB 3.0.0 on) no longer has.
GOLD_FILES = {
    "pmb-2.1.0/gold_dev.clf": {"unknown operator or role 'DRS'", "CONTINUATION takes 1 argument(s), not 2"},
    "pmb-2.2.0/gold_dev.clf": {"unknown operator or role 'DRS'"},
    "pmb-2.2.0/gold_test.clf": {"unknown operator or role 'DRS'"},
    "pmb-3.0.0/gold_dev.clf": set(),
    "pmb-4.0.0/gold_dev.clf": set(),
}


@pytest.mark.parametrize("name", sorted(GOLD_FILES))
def test_every_gold_drs_passes_or_is_listed_with_its_reason(shared_path, name):
    golds = read_clf(shared_path(name))
    check = check_gold(golds)
    failing = {e.index for e in check.warnings}
    assert failing == {d.index for d in golds if check_drs(d)}  # listed: every failing DRS, nothing else
    assert {p.message for e in check.warnings for p in e.problems} == GOLD_FILES[name]
    assert check.active == (not GOLD_FILES[name])  # auto: predicted DRSs checked only under the right signature
    lines = check.lines()
    assert len(lines) == (1 if failing else 0)  # older gold: one summary line, not a wall of warnings
    for line in lines:
        assert line.startswith(f"{shared_path(name)}:") and f"warning: {len(failing)} gold DRS(s) fail" in line


def test_parser_output_that_fails_the_check_is_a_failed_parse(shared_path):
    golds = read_clf(shared_path("pmb-3.0.0/gold_dev.clf"))
    preds = list(golds)
    broken = preds[5]
    keep = tuple(c for c in broken.clauses if c.relation != "REF")  # every referent unbound
    preds[5] = replace(broken, clauses=keep)
    scored, report = apply_ill_policy(preds, "dummy", check_gold(golds))
    assert len(scored) == len(preds) and [e.index for e in report.entries] == [5]
    assert "unbound referent" in report.entries[0].why
    assert tuple(c.tokens for c in scored[5].clauses) == DUMMY_CLAUSES and scored[6] is preds[6]
    as_read, report = apply_ill_policy(preds, "score", check_gold(golds))
    assert as_read[5].clauses == keep and [e.index for e in report.entries] == [5]
    untouched, report = apply_ill_policy(preds, "dummy", check_gold(golds, "off"))
    assert untouched[5].clauses == keep and not report.entries


def test_cli_reports_checks_and_signs(shared_path, tmp_path, capsys):
    gold = str(shared_path("pmb-3.0.0/gold_dev.clf"))
    text = Path(gold).read_text(encoding="utf-8")
    blocks = text.split("\n\n")
    target = next(i for i, b in enumerate(blocks) if " REF " in b and "Agent" in b)
    blocks[target] = "\n".join(line for line in blocks[target].splitlines() if " REF " not in line)
    pred = tmp_path / "pred.clf"
    pred.write_text("\n\n".join(blocks), encoding="utf-8")
    assert main(["counter", str(pred), gold, "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["ill_formed"]["count"] == 1 and "|ill:dummy|" in data["signature"]
    assert data["ill_formed"]["well_formedness"]["predicted_checked"] is True
    assert "is ill-formed: line" in captured.err and "unbound referent" in captured.err
    assert main(["counter", str(pred), gold, "--json", "--wf-check", "off"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ill_formed"]["count"] == 0 and "|wf:off|" in data["signature"]


def test_older_gold_turns_the_check_off_with_warnings(shared_path, capsys):
    pred, gold = str(shared_path("pmb-2.2.0/boxer_dev.clf")), str(shared_path("pmb-2.2.0/gold_dev.clf"))
    assert main(["counter", pred, gold, "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert "|wf:off|" in data["signature"] and data["ill_formed"]["well_formedness"]["gold_failing"] == 17
    assert "warning: 17 gold DRS(s) fail COUNTER's current well-formedness check (DRS 83:" in captured.err
    assert "(--wf-check on checks them)" in captured.err
    assert main(["counter", pred, gold, "--json", "--wf-check", "on"]) == 0
    captured = capsys.readouterr()
    forced = json.loads(captured.out)
    assert "warning: gold DRS 83 fails the well-formedness check" in captured.err  # listed one by one
    assert forced["ill_formed"]["count"] == 15  # Boxer writes b DRS b as its gold does
    assert forced["F"] < data["F"]


def test_a_clause_outside_the_signature_is_located():
    drs = parse_clf(WELL_FORMED + "b1 Colour x1 x2\n")[0]
    found = check_drs(drs)
    assert found and "unbound referent(s) x2" in found[0].message
    bad_role = check_drs(parse_clf(WELL_FORMED + "b1 Colourr x1 x1\n")[0])
    assert bad_role[0].line == 8 and bad_role[0].text == "b1 Colourr x1 x1"


def test_the_app_lists_a_prediction_that_fails_the_check(shared_path, tmp_path, monkeypatch):
    from app_helpers import no_errors, open_by_path

    gold = Path(shared_path("pmb-3.0.0/gold_dev.clf"))
    blocks = gold.read_text(encoding="utf-8").split("\n\n")
    target = next(i for i, b in enumerate(blocks) if " REF " in b and "Agent" in b)
    blocks[target] = "\n".join(line for line in blocks[target].splitlines() if " REF " not in line)
    pred = tmp_path / "pred.clf"
    pred.write_text("\n\n".join(blocks), encoding="utf-8")
    monkeypatch.setenv("DSCORER_ALLOWED_DIRS", f"{tmp_path}{os.pathsep}{gold.parent}")
    at = open_by_path(pred, gold)
    no_errors(at)
    notice = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "1 predicted DRS(s)" in notice and "unbound referent" in notice
    assert "scored as failed parses" in notice
