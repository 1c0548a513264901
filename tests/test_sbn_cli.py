"""The command line on SBN files: dscorer smatch, and --format on score, counter and compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dscorer_core.cli import main
from dscorer_core.reading.detect import detect_format
from dscorer_core.reading.drs_files import parse_drs_text

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sbn-4.0.0"


@pytest.fixture(scope="module")
def seven() -> list[Path]:
    files = sorted(EXAMPLES.glob("*.drs.sbn"))
    if len(files) != 7:
        pytest.skip(f"the seven SBN examples are not at {EXAMPLES}")
    return files


@pytest.fixture
def gold_file(seven, tmp_path) -> Path:
    """The seven examples as one multi-line SBN file (blocks separated by blank lines)."""
    path = tmp_path / "gold.sbn"
    path.write_text("\n\n".join(p.read_text(encoding="utf-8") for p in seven) + "\n", encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_smatch_json_has_the_corpus_fields_and_documents(capsys, gold_file):
    code, out, err = run(capsys, "smatch", gold_file, gold_file, "--json", "--per-doc")
    assert code == 0 and not err
    data = json.loads(out)
    assert (data["P"], data["R"], data["F"], data["mean_F"], data["ill_formed"]) == (1.0, 1.0, 1.0, 1.0, 0.0)
    assert data["signature"].startswith("smatch|sbn|exact|hard|triples:pmb5|")
    assert [d["index"] for d in data["documents"]] == list(range(7))
    assert all(set(d) >= {"index", "P", "R", "F", "optimal"} and d["optimal"] for d in data["documents"])


def test_smatch_text_starts_with_the_signature_and_labels_both_averages(capsys, gold_file):
    code, out, _ = run(capsys, "smatch", gold_file, gold_file, "--lenient")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("smatch|sbn|exact|hard|triples:lenient|")
    assert "micro (all triples)" in out and "mean of per-sentence F1 (PMB 5 papers)" in out


def test_smatch_errors_name_the_files_as_given(capsys, monkeypatch, gold_file, tmp_path):
    """The metric's checks (no SBN; unequal counts) name the files as the user gave them (``-``,
    standard input as <stdin>), not a name of the metric's own choosing."""
    import io

    first = gold_file.read_text(encoding="utf-8").split("\n\n")[0] + "\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(first.encode())))
    code, out, err = run(capsys, "smatch", "-", gold_file)
    assert code == 2 and not out
    assert "<stdin> holds 1 DRS(s)" in err and f"{gold_file} holds 7" in err
    empty = tmp_path / "empty.sbn"
    empty.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "smatch", empty, empty)
    assert code == 2 and f"{empty} and {empty} hold no SBN" in err


def test_a_predicted_sbn_that_does_not_parse_is_ill_formed_not_a_crash(capsys, tmp_path):
    pred = tmp_path / "pred.txt"
    gold = tmp_path / "gold.txt"
    pred.write_text('sent 1\tdog.n.01\nsent 2\tcat.n.01 Name "Tom\nsent 3\t\n', encoding="utf-8")
    gold.write_text("sent 1\tdog.n.01\nsent 2\tcat.n.01\nsent 3\tcow.n.01\n", encoding="utf-8")
    code, out, err = run(capsys, "smatch", pred, gold, "--json", "--per-doc")
    assert code == 0, err
    data = json.loads(out)
    assert data["ill_formed"] == pytest.approx(2 / 3) and data["mean_F"] == pytest.approx(1 / 3)
    assert "pred.txt:2:" in data["documents"][1]["ill_formed"]


def test_a_gold_sbn_that_does_not_parse_is_an_error_naming_file_line_and_column(capsys, tmp_path):
    pred, gold = tmp_path / "p.sbn", tmp_path / "g.sbn"
    pred.write_text("dog.n.01\n", encoding="utf-8")
    gold.write_text("dog.n.01 Agent\n", encoding="utf-8")
    code, out, err = run(capsys, "smatch", pred, gold)
    assert code == 2 and not out
    assert f"{gold}:1:10: role Agent has no value" in err


def test_smatch_refuses_clause_files(capsys, seven):
    clf = seven[0].with_name(seven[0].name.replace(".sbn", ".clf"))
    code, _, err = run(capsys, "smatch", clf, clf)
    assert code == 2 and "is a clause file, not SBN" in err


def test_counter_and_score_read_sbn_by_detection_and_by_format(capsys, seven, gold_file):
    code, out, _ = run(capsys, "counter", gold_file, gold_file, "--json")
    assert code == 0 and json.loads(out)["F"] == 1.0
    code, out, _ = run(capsys, "score", seven[0], seven[0].with_name(seven[0].name.replace(".sbn", ".clf")), "--json")
    assert code == 0 and 0 < json.loads(out)["micro"]["F"] < 1
    code, _, err = run(capsys, "counter", gold_file, gold_file, "--format", "clf")
    assert code == 2 and f"{gold_file}:" in err


def test_compare_ranks_sbn_systems(capsys, seven, gold_file, tmp_path):
    rotated = tmp_path / "rotated.sbn"
    texts = [p.read_text(encoding="utf-8") for p in seven]
    rotated.write_text("\n\n".join(texts[1:] + texts[:1]) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "compare", gold_file, rotated, gold_file, "--bootstrap", "50", "--ar", "50", "--json")
    assert code == 0, err
    assert "rotated.sbn" in out


def test_format_detection_by_extension_and_content(seven):
    sbn_text = seven[0].read_text(encoding="utf-8")
    assert detect_format(sbn_text, "x.sbn") == "sbn"
    assert detect_format(sbn_text) == "sbn"
    assert detect_format("A room.\tevent.v.01 Participant +1 room.n.01\n") == "sbn-lines"
    assert detect_format("person.n.01 EQU speaker NEGATION <1 lie.v.05 Agent -1\n", "x.sbn") == "sbn-lines"
    assert detect_format("b1 REF x1\nb1 dog \"n.01\" x1\n") == "clf"
    assert detect_format(sbn_text, "x.clf") == "clf"
    (drs,) = parse_drs_text("dog.n.01 Colour +1 black.a.01\n", "t", "sbn-lines")
    assert 'b1 Colour x1 s1' in {c.text() for c in drs.clauses}


def test_smatch_explain_gives_both_figures_and_names_the_cause_per_document(capsys, tmp_path):
    gold, pred = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text('s1\tsleep.v.01 Agent +1 male.n.02 Name "Tom"\ns2\tperson.n.01 Name "Nancy Ianiero"\n'
                    "s3\tdog.n.01\n", encoding="utf-8")
    pred.write_text('male.n.02 Name "Tom" sleep.v.01 Agent -1\nperson.n.01 Name "Nancy"\ndog.n.01\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "smatch", pred, gold, "--explain", "--per-doc", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["signature"].startswith("smatch|sbn|exact|hard|triples:pmb5|")
    assert data["corrected"]["signature"].startswith("smatch|sbn|exact|hard|triples:corrected|")
    assert [d["cause"] for d in data["documents"]] == ["depth", "name cut", ""]
    assert [d["causes"] for d in data["differences"]] == [["depth"], ["name cut"]]
    code, out, _ = run(capsys, "smatch", pred, gold, "--explain")
    assert "pmb5 (the published figure)" in out and "2 sentence(s) differ: depth 1, name cut 1" in out
    code, out, _ = run(capsys, "smatch", pred, gold, "--triples", "corrected")
    assert out.startswith("smatch|sbn|exact|hard|triples:corrected|")
