"""The front door (``dscorer_core.load``, ``loads``, ``score``) gives what the command line prints: the
same figure and, character for character, the same signature, from paths, loaded DRSs and strings,
with the command line's policies for ill-formed predictions; and the command line's Unix habits
(``-`` for standard input, ``-b``, ``--quiet``, ``--strict``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import dscorer_core as dscorer
from dscorer_core.cli import main
from dscorer_core.errors import ClfError, SettingsError

REPO_ROOT = Path(__file__).resolve().parent.parent
#: Documents of PMB 3.0.0 dev taken for the ill-formed pair (COUNTER on all 885 takes a minute).
DOCUMENTS = 60


def _first_blocks(path: Path, n: int) -> str:
    """The first ``n`` DRSs of a clause file (blocks separated by blank lines), as text."""
    blocks, current = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
            if len(blocks) == n:
                break
    if current and len(blocks) < n:
        blocks.append("\n".join(current))
    return "\n\n".join(blocks) + "\n"


@pytest.fixture(scope="module")
def ill_pair(tmp_path_factory, shared_data):
    """PMB 3.0.0 dev (the first DOCUMENTS DRSs): the neural system's output with one predicted role
    misspelt (``Agent`` -> ``Agnet``, so the DRS fails the well-formedness check) and one line that
    does not read, beside gold."""
    folder = shared_data / "pmb-3.0.0"
    pred_text = _first_blocks(folder / "bert_char_1enc_dev.clf", DOCUMENTS)
    gold_text = _first_blocks(folder / "gold_dev.clf", DOCUMENTS)
    assert " Agent " in pred_text
    pred_text = pred_text.replace(" Agent ", " Agnet ", 1)
    lines = pred_text.splitlines()
    bad = next(i for i, line in enumerate(lines) if i > len(lines) // 2 and line.startswith("b"))
    lines[bad] = "b3 REF"  # too few tokens: does not read as a clause
    out = tmp_path_factory.mktemp("ill_pair")
    pred, gold = out / "pred.clf", out / "gold.clf"
    pred.write_text("\n".join(lines) + "\n", encoding="utf-8")
    gold.write_text(gold_text, encoding="utf-8")
    return pred, gold


def _run_json(capsys, *argv: object) -> dict:
    code = main([str(a) for a in argv] + ["--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    return json.loads(out)


@pytest.mark.parametrize("metric", ["dscorer", "counter"])
def test_library_equals_command_line_on_ill_formed_predictions(capsys, ill_pair, metric):
    pred, gold = ill_pair
    cli = _run_json(capsys, "score" if metric == "dscorer" else "counter", pred, gold)
    cli_f = cli["micro"]["F"] if metric == "dscorer" else cli["F"]
    assert cli["ill_formed"]["count"] == 2 and "|ill:dummy|" in cli["signature"]
    from_paths = dscorer.score(str(pred), str(gold), metric=metric)
    from_loaded = dscorer.score(dscorer.load(pred), dscorer.load(gold), metric=metric)
    from_strings = dscorer.score(dscorer.loads(pred.read_text(), source=str(pred)),
                                 dscorer.loads(gold.read_text(), source=str(gold)), metric=metric)
    for result in (from_paths, from_loaded, from_strings):
        assert str(result.signature) == cli["signature"]
        assert abs(result.micro.F - cli_f) < 1e-12
        assert result.report is not None and len(result.report.entries) == 2
    # scored as read (the released code's way) the figure moves, and so does the signature
    as_read = dscorer.score(pred, gold, metric=metric, ill="score")
    assert as_read.micro.F != from_paths.micro.F and "|ill:score|" in str(as_read.signature)


def test_smatch_from_the_library_equals_the_command_line(capsys, shared_data):
    folder = shared_data / "pmb-5.0.0"
    pred, gold = folder / "neuralboxer_nl_test.sbn", folder / "gold_nl_test.sbn"
    cli = _run_json(capsys, "smatch", pred, gold)
    for result in (dscorer.score(pred, gold, metric="smatch"),
                   dscorer.score(dscorer.load(pred), dscorer.load(gold), metric="smatch")):
        assert str(result.signature) == cli["signature"]
        assert abs(result.macro.F - cli["mean_F"]) < 1e-12


def test_settings_as_keywords_and_their_errors(sample_data):
    pred, gold = sample_data / "paper_pred.clf", sample_data / "paper_gold.clf"
    typed = dscorer.score(pred, gold, preset="typed", order=2)
    assert str(typed.signature).startswith("dscorer|preset:typed|n:2|")
    with pytest.raises(SettingsError, match="no setting 'ordr'"):
        dscorer.score(pred, gold, ordr=2)
    with pytest.raises(SettingsError, match="unknown metric"):
        dscorer.score(pred, gold, metric="bleu")


def test_an_unreadable_gold_drs_is_an_error_naming_file_line_and_column(tmp_path, sample_data):
    gold = tmp_path / "gold.clf"
    gold.write_text((sample_data / "paper_gold.clf").read_text() + "\nb1 REF\n", encoding="utf-8")
    with pytest.raises(ClfError) as caught:
        dscorer.score(dscorer.loads("b1 REF x1\n\nb1 REF x1\n\nb1 REF x1\n"), dscorer.load(gold))
    assert f"{gold}:" in str(caught.value)


def test_the_facade_lists_its_names():
    names = dir(dscorer)
    for name in ("load", "loads", "score", "make_metric", "metric_names", "MetricResult"):
        assert name in names and getattr(dscorer, name) is not None


def _cli(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "dscorer_core", *argv], input=stdin, capture_output=True,
                          cwd=REPO_ROOT, timeout=300)


def test_standard_input_score_only_quiet_and_strict(shared_data, tmp_path):
    # the first 100 DRSs of PMB 2.2.0 dev: gold DRS 83 fails the current well-formedness check
    pred, gold = tmp_path / "boxer_dev.clf", tmp_path / "gold_dev.clf"
    pred.write_text(_first_blocks(shared_data / "pmb-2.2.0" / "boxer_dev.clf", 100), encoding="utf-8")
    gold.write_text(_first_blocks(shared_data / "pmb-2.2.0" / "gold_dev.clf", 100), encoding="utf-8")
    whole = json.loads(_cli("score", str(pred), str(gold), "--json").stdout)
    from_stdin = json.loads(_cli("score", "-", str(gold), "--json", stdin=pred.read_bytes()).stdout)
    assert from_stdin["micro"] == whole["micro"] and from_stdin["signature"] == whole["signature"]
    only = _cli("score", str(pred), str(gold), "-b")
    assert only.stdout.decode().strip() == f"{whole['micro']['F']:.4f}"
    assert b"warning" in only.stderr  # PMB 2.2.0 gold fails the current well-formedness check
    quiet = _cli("score", str(pred), str(gold), "-b", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == b"" and quiet.stdout == only.stdout
    strict = _cli("score", str(pred), str(gold), "--strict")
    assert strict.returncode == 2 and b"--strict" in strict.stderr and strict.stdout == b""
    both = _cli("counter", "-", "-", stdin=b"")
    assert both.returncode == 2 and b"standard input" in both.stderr


def test_one_json_schema_for_score_counter_and_smatch(capsys, sample_data, shared_data):
    """The three commands' JSON start alike (schema 2): the library's figures under the same keys."""
    clf = (sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    sbn = (shared_data / "pmb-5.0.0" / "neuralboxer_nl_test.sbn", shared_data / "pmb-5.0.0" / "gold_nl_test.sbn")
    for command, metric, pair in (("score", "dscorer", clf), ("counter", "counter", clf), ("smatch", "smatch", sbn)):
        data = _run_json(capsys, command, *pair)
        assert list(data)[:7] == ["schema_version", "metric", "signature", "n_documents", "micro", "macro",
                                  "ill_formed_rate"]
        assert data["schema_version"] == 2 and data["metric"] == metric
        library = dscorer.score(*pair, metric=metric)
        assert data["signature"] == str(library.signature) and data["n_documents"] == len(library.documents)
        for average in ("micro", "macro"):
            for key in "PRF":
                assert abs(data[average][key] - getattr(getattr(library, average), key)) < 1e-12, (metric, average)
        assert 0.0 <= data["ill_formed_rate"] <= 1.0
