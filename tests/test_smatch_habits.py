"""``dscorer smatch`` has the Unix habits of ``score`` and ``counter``: ``-`` reads PRED or GOLD from
standard input, ``-b`` prints the headline figure alone, ``--quiet`` silences the warnings and
``--strict`` makes them an error (exit 2). On real PMB 5 files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def _cli(*argv: object, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "dscorer_core", "smatch", *map(str, argv)], input=stdin,
                          capture_output=True, cwd=REPO_ROOT, timeout=300)


@pytest.fixture(scope="module")
def nl_pair(shared_path) -> tuple[Path, Path]:
    """PMB 5.0.0 Dutch test: NeuralBoxer's output and gold (435 SBNs, one per line)."""
    return shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"), shared_path("pmb-5.0.0/gold_nl_test.sbn")


@pytest.fixture(scope="module")
def nl_json(nl_pair) -> dict:
    done = _cli(*nl_pair, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_either_side_can_be_standard_input(nl_pair, nl_json):
    pred, gold = nl_pair
    for argv, stdin in (((("-", gold)), pred), (((pred, "-")), gold)):
        done = _cli(*argv, "--json", stdin=stdin.read_bytes())
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        assert (data["signature"], data["micro"], data["macro"]) == (
            nl_json["signature"], nl_json["micro"], nl_json["macro"])
    both = _cli("-", "-", stdin=b"")
    assert both.returncode == 2 and b"standard input" in both.stderr
    scaled = _cli("-", gold, "--per-doc-out", REPO_ROOT / "never-written.jsonl", stdin=pred.read_bytes())
    assert scaled.returncode == 2 and b"standard input" in scaled.stderr
    assert not (REPO_ROOT / "never-written.jsonl").exists()


def test_score_only_prints_the_pmb5_figure_alone(nl_pair, nl_json):
    only = _cli(*nl_pair, "-b")
    assert only.returncode == 0
    assert only.stdout.decode() == f"{nl_json['macro']['F']:.4f}\n"  # the mean of per-sentence F (PMB 5 papers)
    # the official script's mean F on this pair is .7332 (neuralboxer_nl_test.official.json); exact alignment
    # can only match as much or more
    assert float(only.stdout) >= 0.7332


def test_quiet_and_strict_on_gold_the_pmb5_script_cannot_read(shared_path):
    """PMB 5.1.0 English gold holds an SBN the PMB 5 script cannot read (a cyclic graph, line 481): a
    warning on stderr, nothing under --quiet, an error under --strict."""
    pred, gold = shared_path("pmb-5.1.0/byt5_en_test.sbn"), shared_path("pmb-5.1.0/gold_en_test.sbn")
    loud = _cli(pred, gold, "-b")
    assert loud.returncode == 0 and b"warning" in loud.stderr and f"{gold}:481".encode() in loud.stderr
    quiet = _cli(pred, gold, "-b", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == b"" and quiet.stdout == loud.stdout
    strict = _cli(pred, gold, "-b", "--strict")
    assert strict.returncode == 2 and b"--strict" in strict.stderr and strict.stdout == b""


def test_strict_stops_on_files_that_look_swapped_before_scoring(nl_pair):
    pred, gold = nl_pair
    strict = _cli(gold, pred, "--strict")
    assert strict.returncode == 2 and b"swapped" in strict.stderr and strict.stdout == b""
    clean = _cli(pred, gold, "--strict", "-b")
    assert clean.returncode == 0 and clean.stderr == b""
