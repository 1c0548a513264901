"""The ``dscorer score`` command: output formats, exit status, error messages, determinism."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dscorer_core import __version__
from dscorer_core.cli import main
from dscorer_core.reading.decode import MAX_PROBLEMS

REPO_ROOT = Path(__file__).resolve().parent.parent
GOLD_TEXT = (REPO_ROOT / "sample_data" / "paper_gold.clf").read_text(encoding="utf-8")
#: The samples hold the paper's Figure 1 (b) and PMB 2.2.0 DRSs, written under the PMB 2.x signature:
#: COUNTER's current well-formedness check is off for them (wf:off, with one warning on stderr).
SIGNATURE = f"dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|wf:off|version:{__version__}"
OLDER_GOLD = "gold DRS(s) fail COUNTER's current well-formedness check"


@pytest.fixture
def pair(sample_data):
    return str(sample_data / "paper_pred.clf"), str(sample_data / "paper_gold.clf")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


# --- normal output -----------------------------------------------------------------------------


def test_text_output_has_signature_averages_and_per_order_table(capsys, pair):
    code, out, err = run(capsys, "score", *pair)
    assert code == 0 and len(err.splitlines()) == 1 and OLDER_GOLD in err
    lines = out.splitlines()
    assert lines[0] == SIGNATURE
    assert "documents: 2" in lines
    assert any(line.split()[:1] == ["micro"] for line in lines)
    assert any(line.split()[:1] == ["macro"] for line in lines)
    header = next(i for i, line in enumerate(lines) if line.split() == ["k", "matched", "pred", "gold",
                                                                         "p", "r", "f", "weight"])
    rows = [line.split() for line in lines[header + 1:header + 6]]
    assert [r[0] for r in rows] == ["0", "1", "2", "3", "4"]
    # k = 0 row by hand: doc 0 (Figure 1) has 14 nodes on both sides (b0..b5 x1..x3 e1 e2 t1 t2
    # "now"); doc 1 "He smiled" 6 nodes (b1 x1 b2 e1 t1 "now"), its gold 10 (b1 x1 "tom" b3 t1
    # "now" e1 x2 b2 x3): matched 14 + 6, pred 14 + 6, gold 14 + 10; p = mean of 14/14 and 6/10
    assert rows[0][1:4] == ["20", "20", "24"] and rows[0][4] == f"{(1 + 6 / 10) / 2:.4f}"


def test_json_schema(capsys, pair):
    code, out, _ = run(capsys, "score", *pair, "--json")
    assert code == 0
    data = json.loads(out)
    assert {"signature", "preset", "order", "micro", "macro"} <= set(data)
    assert "documents" not in data
    assert data["signature"] == SIGNATURE and data["preset"] == "released" and data["order"] == 4
    assert {"P", "R", "F", "orders"} <= set(data["micro"]) and {"P", "R", "F"} <= set(data["macro"])
    assert [o["k"] for o in data["micro"]["orders"]] == [0, 1, 2, 3, 4]
    for o in data["micro"]["orders"]:
        assert {"k", "matched", "pred", "gold", "p", "r", "f"} <= set(o)
    assert data["micro"]["orders"][0]["pred"] == 20 and data["micro"]["orders"][0]["gold"] == 24


def test_json_per_doc(capsys, pair):
    code, out, _ = run(capsys, "score", *pair, "--json", "--per-doc", "--preset", "typed")
    data = json.loads(out)
    assert data["preset"] == "typed" and data["signature"].startswith("dscorer|preset:typed|")
    docs = data["documents"]
    assert [d["index"] for d in docs] == [0, 1]
    for d in docs:
        assert {"index", "sentence", "P", "R", "F", "orders"} <= set(d)
    assert docs[0]["sentence"] == "He did n't play the piano . But she sang ."
    assert (docs[0]["P"], docs[0]["R"], docs[0]["F"]) == (1.0, 1.0, 1.0)  # the same DRS on both sides
    assert docs[1]["F"] < 1.0
    # macro is the mean of the documents
    assert data["macro"]["F"] == pytest.approx((docs[0]["F"] + docs[1]["F"]) / 2, abs=1e-15)


def test_csv_file(capsys, pair, tmp_path):
    target = tmp_path / "docs.csv"
    code, out, _ = run(capsys, "score", *pair, "--csv", target)
    assert code == 0 and out.startswith(SIGNATURE)
    with open(target, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 2 and rows[0]["index"] == "0" and float(rows[0]["F"]) == 1.0
    assert rows[1]["sentence"] == "ø Tom is putting the children to ø bed ."
    assert {"P", "R", "F", "f0", "f4"} <= set(rows[0])


def test_bom_crlf_and_tabs_change_nothing(capsys, pair, tmp_path):
    messy = "\ufeff" + GOLD_TEXT.replace("\n", "\r\n").replace("  ", "\t")
    path = write(tmp_path, "gold_dos.clf", messy)
    _, clean, _ = run(capsys, "score", pair[0], pair[1], "--json", "--per-doc")
    code, dos, err = run(capsys, "score", pair[0], path, "--json", "--per-doc")
    assert code == 0 and len(err.splitlines()) == 1 and OLDER_GOLD in err and dos == clean


def test_order_and_w0_reach_the_signature(capsys, pair):
    code, out, _ = run(capsys, "score", *pair, "--order", "2", "--w0", "0.2", "--json")
    data = json.loads(out)
    assert code == 0 and data["signature"].startswith("dscorer|preset:released|n:2|w0:0.2|")
    assert [o["k"] for o in data["micro"]["orders"]] == [0, 1, 2]


# --- bad input: exit status 2, one message naming file and line, never a traceback -----------

BAD_LINES = {
    "one_token": ("b1", "has 1"),
    "two_tokens": ("b1 REF", "has 2"),
    "five_tokens": ("b1 Agent e1 x1 x2", "has 5"),
    "unbalanced_quote": ('b1 Name x1 "tom', "unbalanced double quote"),
    "box_constant": ('"b1" REF x1', "box position"),
}


def assert_clean_error(code, out, err, *needles):
    assert code == 2, err
    assert out == ""
    assert "Traceback" not in err
    err = "\n".join(line for line in err.splitlines() if ": warning: " not in line)  # gold check warnings
    assert err.startswith("dscorer score: error: ")
    assert "\n\n" not in err.strip()  # one paragraph
    for n in needles:
        assert str(n) in err, (n, err)


@pytest.mark.parametrize("case", sorted(BAD_LINES))
def test_malformed_clause_exit_2_with_file_and_line(capsys, tmp_path, pair, case):
    line, message = BAD_LINES[case]
    pred = write(tmp_path, "pred.clf", f"%%% He smiled .\nb1 REF x1\n{line}\n")
    code, out, err = run(capsys, "score", pred, pair[1], "--ill", "error")
    assert_clean_error(code, out, err, f"{pred}:3", message, line)


def test_all_bad_lines_listed_and_capped(capsys, tmp_path, pair):
    n = MAX_PROBLEMS + 5
    pred = write(tmp_path, "pred.clf", "".join(f"b{i} REF\n\n" for i in range(n)))
    code, out, err = run(capsys, "score", pred, pair[1], "--ill", "error")
    assert_clean_error(code, out, err, f"{pred}: {n} bad lines", f"{pred}:1:", f"{pred}:3:",
                       "... and 5 more bad line(s)")


def test_non_utf8_exit_2(capsys, tmp_path, pair):
    pred = write(tmp_path, "pred.clf", b'b1 REF x1\nb1 Name x1 "caf\xe9"\n')
    code, out, err = run(capsys, "score", pred, pair[1], "--ill", "error")
    assert_clean_error(code, out, err, f"{pred}:2:16", "not UTF-8")


def test_count_mismatch_gives_both_counts(capsys, tmp_path, pair):
    pred = write(tmp_path, "pred.clf", GOLD_TEXT.split("\n\n")[0] + "\n")
    code, out, err = run(capsys, "score", pred, pair[1], "--ill", "error")
    assert_clean_error(code, out, err, f"{pred} holds 1 DRS(s)", f"{pair[1]} holds 2")


def test_empty_pred_against_gold_is_a_count_mismatch(capsys, tmp_path, pair):
    pred = write(tmp_path, "empty.clf", b"")
    code, out, err = run(capsys, "score", pred, pair[1], "--ill", "error")
    assert_clean_error(code, out, err, f"{pred} holds 0 DRS(s)", "holds 2", "holds no DRS")


@pytest.mark.parametrize("pred_text, gold_text", [("", ""), ("% c\n%%% s\n", "\n \n")])
def test_a_pair_without_drss_is_an_error_not_zero(capsys, tmp_path, pred_text, gold_text):
    pred, gold = write(tmp_path, "p.clf", pred_text), write(tmp_path, "g.clf", gold_text)
    code, out, err = run(capsys, "score", pred, gold, "--ill", "error")
    assert_clean_error(code, out, err, str(pred), str(gold), "no DRS")


def test_missing_file_and_directory(capsys, tmp_path, pair):
    code, out, err = run(capsys, "score", tmp_path / "nope.clf", pair[1])
    assert_clean_error(code, out, err, "nope.clf", "no such file")
    code, out, err = run(capsys, "score", pair[0], tmp_path)
    assert_clean_error(code, out, err, str(tmp_path), "not a regular file")


def test_unwritable_csv_target(capsys, pair, tmp_path):
    code, out, err = run(capsys, "score", *pair, "--csv", tmp_path / "no" / "such" / "dir.csv")
    assert code == 2 and "Traceback" not in err and "dir.csv" in err


@pytest.mark.parametrize("args", [["--order", "0"], ["--w0", "1.5"], ["--w0", "nan"],
                                  ["--preset", "paper"], ["--order", "two"], ["--bogus"],
                                  ["--jobs", "0"], ["--max-ngrams", "-1"], ["--max-ngrams", "1e6"]])
def test_bad_options_exit_2(capsys, pair, args):
    code, out, err = run(capsys, "score", *pair, *args)
    assert code == 2 and out == "" and "Traceback" not in err and err.strip()


def test_no_command_exit_2(capsys):
    code, _, err = run(capsys)
    assert code == 2 and "usage" in err


def test_ngram_explosion_exit_2_with_a_message(capsys, tmp_path):
    # 120 events x 120 agents, every pair linked (14,400 role clauses): the reversed role edges
    # make a complete bipartite graph with about 120^4 (200 million) simple paths of 4 edges
    # (released preset), above the default cap of 100 million
    hub = write(tmp_path, "hub.clf", "".join(f"b1 Agent e{i} x{j}\n" for i in range(120) for j in range(120)))
    code, out, err = run(capsys, "score", hub, hub)
    assert_clean_error(code, out, err, f"{hub}, DRS 0 (line 1)", "--max-ngrams")


def test_a_5000_clause_drs_scores(capsys, tmp_path, shared_path):
    # a long, realistic DRS: gold DRSs of PMB 2.2.0 dev with their variables renamed apart,
    # glued into one block of 5,000 clauses, scored against itself
    from dscorer_core.reading.clause_text import read_clf
    gold = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    lines: list[str] = []
    i = 0
    while len(lines) < 5000:
        for c in gold[i].clauses:
            lines.append(" ".join(t if j == 1 or (j == 2 and c.is_concept) or t.startswith('"')
                                  else f"{t}_{i}" for j, t in enumerate(c.tokens)))
        i += 1
    big = write(tmp_path, "big.clf", "\n".join(lines[:5000]) + "\n")
    code, out, err = run(capsys, "score", big, big, "--json")  # default cap
    assert code == 0, err
    data = json.loads(out)
    assert (data["micro"]["P"], data["micro"]["R"], data["micro"]["F"]) == (1.0, 1.0, 1.0)


# --- --debug --------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_a_traceback(capsys, tmp_path, pair, where):
    pred = write(tmp_path, "pred.clf", "b1 REF\n")
    argv = (["--debug", "score", pred, pair[1], "--ill", "error"] if where == "before"
            else ["score", pred, pair[1], "--ill", "error", "--debug"])
    code, out, err = run(capsys, *argv)
    assert code == 2 and "Traceback" in err and "ClfError" in err and f"{pred}:1" in err


def test_internal_error_is_one_line_without_debug(capsys, pair, monkeypatch):
    from dscorer_core.metrics import ngram_metric  # what ``dscorer score``'s batches run (metrics.driver)

    def broken(*a, **k):
        raise KeyError("boom")

    monkeypatch.setattr(ngram_metric, "score_documents", broken)
    code, out, err = run(capsys, "score", *pair)
    assert code == 1 and "Traceback" not in err and "internal error" in err and "--debug" in err
    code, out, err = run(capsys, "--debug", "score", *pair)
    assert code == 1 and "Traceback" in err


# --- determinism: byte-identical JSON across processes -----------------------------------------


def test_json_is_byte_identical_across_runs(pair):
    def once(seed: str) -> bytes:
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(REPO_ROOT))
        proc = subprocess.run([sys.executable, "-m", "dscorer_core.cli", "score", *pair, "--json",
                               "--per-doc", "--preset", "typed"], capture_output=True, env=env,
                              cwd=REPO_ROOT, check=True)
        return proc.stdout

    first = once("1")
    assert first and first == once("2") and first == once("12345")


def test_bad_lines_in_both_files_are_all_reported(capsys, tmp_path):
    pred = write(tmp_path, "pred.clf", "b1 REF x1\nb1\n")
    gold = write(tmp_path, "gold.clf", 'b1 REF x1\nb1 Name x1 "tom\n')
    code, out, err = run(capsys, "score", pred, gold, "--ill", "error")
    assert_clean_error(code, out, err, f"{pred}:2:", f"{gold}:2:12:", "unbalanced")


def test_an_absurd_order_scores_or_is_refused_cleanly(capsys, pair):
    # n = 1,000: no graph here has a simple path that long; the run must end with either
    # scores or a short NgramExplosion message (never a 300-digit bound or a traceback)
    code, out, err = run(capsys, "score", *pair, "--order", "1000")
    assert code in (0, 2) and "Traceback" not in err and len(err) < 600
    if code == 0:
        assert "n:1000" in out.splitlines()[0]


def test_explosion_message_shows_a_huge_bound_briefly():
    from dscorer_core.errors import NgramExplosion

    msg = str(NgramExplosion("big.clf, DRS 3 (line 40)", 4, 10**400, 20_000_000))
    assert "more than 10^15 paths of length 4 or shorter" in msg and "20,000,000" in msg and len(msg) < 250
    assert "up to 25,000,000 paths" in str(NgramExplosion("x", 4, 25_000_000, 20_000_000))


def test_a_hub_that_explodes_below_the_top_order_is_refused(capsys, tmp_path):
    # one event with 8,000 agents (released): no 3-gram at all, but b1 -> e1 -> x_j,
    # x_i -> e1 -> x_j and x_i -> e1 -> b1 give about 8,000 x 24,000 = 192 million 2-grams
    # (the 8,000 parallel Agent-A1 edges between b1 and e1 each count); the cap must
    # catch that before counting, not only the top order's bound (which is 0 here)
    hub = write(tmp_path, "star.clf", "".join(f"b1 Agent e1 x{i}\n" for i in range(8000)))
    code, out, err = run(capsys, "score", hub, hub)
    assert_clean_error(code, out, err, f"{hub}, DRS 0 (line 1)", "--max-ngrams")


def test_csv_onto_an_input_file_is_refused(capsys, tmp_path):
    gold = write(tmp_path, "gold.clf", GOLD_TEXT)
    code, out, err = run(capsys, "score", gold, gold, "--csv", gold)
    assert_clean_error(code, out, err, "refusing to overwrite")
    assert gold.read_text(encoding="utf-8") == GOLD_TEXT
