"""Hostile input, round 2 (issue 33): every case ends with a result or a clear error (exit 2, naming
the file, line and limit) within 10 s of CPU and 2 GB, counted by RLIMIT_CPU and RLIMIT_AS in a
subprocess (hostile_cases.py's CASES, never a timed assertion); outputs are written only onto
a new path or a regular file; every setting is checked where it is built; the library refuses text
with lone surrogates and the n-gram engines stay within their memory."""

from __future__ import annotations

import math
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_cases import CASE_CPU_SECONDS, CASE_MEMORY, CASES, run_case

from dscorer_core import ClfError
from dscorer_core.counter import CounterSettings
from dscorer_core.errors import DrsCountMismatch, DscorerError, JudgementError, OutputError, SettingsError
from dscorer_core.judgements import JudgementStore
from dscorer_core.judgements.csv_io import parse_judgements_csv, read_judgements_csv
from dscorer_core.output_files import atomic_text_file
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.files import MAX_FILE_BYTES
from dscorer_core.reading.sbn_text import parse_sbn
from dscorer_core.sbn.smatch import SmatchSettings
from dscorer_core.text_checks import MAX_LINE_CHARS, escape_surrogates
from dscorer_core.wordnet import synset_of

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- every command line case, bounded

@pytest.mark.parametrize("name", list(CASES))
def test_each_hostile_command_line_ends_as_expected_within_the_ceilings(name, tmp_path):
    make, status, text = CASES[name]
    done = run_case(make(tmp_path))  # RLIMIT_AS 2 GB and RLIMIT_CPU 10 s inside the child
    assert done.status == status, done.stderr[-1500:]
    assert text in done.stderr, done.stderr[-1500:]
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert done.cpu < CASE_CPU_SECONDS  # counted CPU seconds, not wall time


def test_the_ceilings_are_what_the_issue_allows():
    assert CASE_MEMORY == 2 * 2**30 and CASE_CPU_SECONDS == 10


def test_a_file_name_that_is_not_utf8_is_escaped_in_text_and_json(tmp_path):
    make, _, _ = CASES["compare-non-utf8-name"]
    args = make(tmp_path)
    done = run_case(args)
    assert done.status == 0 and '"name": "caf\\\\xe9.clf"' in done.stdout  # JSON: a backslash, escaped
    import json
    names = [s["name"] for s in json.loads(done.stdout)["systems"]]
    assert names[-1] == "caf\\xe9.clf"
    text = run_case([a for a in args if a != "--json"])
    assert text.status == 0 and "caf\\xe9.clf" in text.stdout


def test_the_hub_at_order_one_is_scored_in_full(tmp_path):
    make, _, _ = CASES["hub-order-1"]
    done = run_case(make(tmp_path))
    assert done.status == 0
    row = next(line.split() for line in done.stdout.splitlines() if line.startswith("1 "))
    assert row[1] == row[2] == row[3] and int(row[1]) > 30_000  # every 1-gram matched, none lost


# ---------------------------------------------------------------- outputs: a new path or a regular file only

def _pair(tmp_path: Path) -> tuple[Path, Path]:
    text = '%%% Tom .\nb1 REF x1\nb1 person "n.01" x1\nb1 Name x1 "tom"\n'
    gold, system = tmp_path / "gold.clf", tmp_path / "system.clf"
    gold.write_text(text)
    system.write_text(text)
    return gold, system


def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    elif kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a /dev/null of our own
        except PermissionError:
            pytest.skip("making a device needs root")
    elif kind == "link-to-fifo":
        os.mkfifo(tmp_path / "target-fifo")
        path.symlink_to(tmp_path / "target-fifo")
    return path


@pytest.mark.parametrize("kind", ["fifo", "directory", "socket", "device", "link-to-fifo"])
@pytest.mark.parametrize("option", ["--csv", "--per-doc-out"])
def test_an_output_onto_anything_but_a_regular_file_is_refused_and_left_as_it_was(tmp_path, kind, option):
    gold, system = _pair(tmp_path)
    target = _special(tmp_path, kind)
    before = os.lstat(target)
    done = run_case(["counter", str(system), str(gold), option, str(target)])
    assert done.status == 2, done.stderr
    assert f"dscorer counter: error: {target}: is " in done.stderr and "not a regular file" in done.stderr
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)  # the same thing, untouched
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_a_regular_file_and_a_link_to_one_are_replaced_whole_the_link_kept(tmp_path):
    gold, system = _pair(tmp_path)
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    done = run_case(["score", "--per-doc", str(system), str(gold), "--csv", str(link)])
    assert done.status == 0, done.stderr
    assert link.is_symlink() and real.read_text().startswith("index,")
    done = run_case(["counter", str(system), str(gold), "--per-doc-out", str(tmp_path / "new.jsonl")])
    assert done.status == 0 and (tmp_path / "new.jsonl").read_text().count("\n") == 1


def test_an_atomic_write_that_fails_leaves_the_old_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_text_file(target, "the test output") as out:
        out.write("half")
        raise RuntimeError("stopped")
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    with pytest.raises(OutputError, match="missing/out.txt: cannot write the test output"), \
            atomic_text_file(tmp_path / "missing" / "out.txt", "the test output") as out:
        out.write("x")


def test_the_judgement_store_refuses_a_fifo_and_a_directory(tmp_path):
    for kind in ("fifo", "directory"):
        target = _special(tmp_path, kind)
        with pytest.raises(DscorerError, match="not a regular file; it was left as it was"):
            JudgementStore(target).all()
        assert os.lstat(target).st_mode == os.lstat(target).st_mode


# ---------------------------------------------------------------- settings are checked where they are built

@pytest.mark.parametrize("make, name", [
    (lambda: SmatchSettings(triples="x"), "Smatch triples"),
    (lambda: SmatchSettings(time_limit=math.nan), "time_limit"),
    (lambda: SmatchSettings(time_limit=-1), "time_limit"),
    (lambda: SmatchSettings(lenient="yes"), "lenient"),
    (lambda: CounterSettings(max_moves=-1), "max_moves"),
    (lambda: CounterSettings(time_limit=math.nan), "time_limit"),
    (lambda: CounterSettings(max_candidates=-1), "max_candidates"),
    (lambda: CounterSettings(node_limit=0), "node_limit"),
    (lambda: CounterSettings(restarts=0), "restarts"),
    (lambda: CounterSettings(search="greedy"), "search"),
])
def test_a_bad_setting_is_a_settings_error_naming_it(make, name):
    with pytest.raises(SettingsError, match=name) as caught:
        make()
    assert isinstance(caught.value, DscorerError) and isinstance(caught.value, ValueError)


def test_count_ngrams_refuses_order_zero_and_an_unknown_engine():
    from dscorer_core.ngrams.engines import count_ngrams
    from dscorer_core.ngrams.induction import induce_graph

    graph = induce_graph(parse_clf('b1 REF x1\nb1 person "n.01" x1\n')[0])
    with pytest.raises(SettingsError, match="order must be a whole number >= 1, not 0"):
        count_ngrams(graph, 0)
    with pytest.raises(SettingsError, match="unknown engine 'turbo'"):
        count_ngrams(graph, 2, "turbo")
    assert count_ngrams(graph, 1).total(1) == len(graph.edges)


@pytest.mark.parametrize("args, option", [
    (["smatch", "--time-limit", "nan"], "--time-limit"), (["counter", "--restarts", "0"], "--restarts"),
    (["compare", "--bootstrap", "-5"], "--bootstrap"), (["errors", "--kgram-orders", "0"], "--kgram-orders"),
    (["agreement", "--samples", "-1"], "--samples"), (["score", "--order", "-1"], "--order"),
])
def test_a_bad_number_on_the_command_line_is_exit_2_naming_the_option(args, option):
    done = subprocess.run([sys.executable, "-m", "dscorer_core", *args, "a.clf", "b.clf"], capture_output=True,
                          text=True, cwd=REPO, timeout=60)
    assert done.returncode == 2 and f"argument {option}:" in done.stderr, done.stderr


# ---------------------------------------------------------------- text: lone surrogates, long lines, NULs

def test_a_lone_surrogate_in_clause_text_is_refused_with_its_position():
    with pytest.raises(ClfError) as caught:
        parse_clf('b1 REF x1\nb1 d\ud800g "n.01" x1\n', "lib.clf")
    assert str(caught.value).startswith("lib.clf:2:5: lone surrogate U+D800")
    with pytest.raises(ClfError, match="lib.clf:1:6: lone surrogate"):
        parse_clf("%%% s\udce9\nb1 REF x1\n", "lib.clf")  # a sentence line too
    with pytest.raises(ClfError, match="lib.sbn:1:20: lone surrogate"):
        parse_sbn('entity.n.01 Name "d\ud800g"\n', "lib.sbn")
    assert synset_of("d\ud800g.n.01") is None and synset_of("tyre.n.02") == "tire.n.01"


def test_a_line_above_the_limit_is_refused_before_it_is_tokenised_and_one_below_is_read():
    constant = "a" * (MAX_LINE_CHARS - 40)
    drs = parse_clf(f'b1 REF x1\nb1 Name x1 "{constant}"\n')[0]
    assert len(drs.clauses[1].tokens[3]) == MAX_LINE_CHARS - 38  # a 1 MB constant is a valid token
    with pytest.raises(ClfError, match=r"f.clf:2: the line holds 1,048,578 characters, above the limit"):
        parse_clf("b1 REF x1\n" + "a " * (MAX_LINE_CHARS // 2 + 1) + "\n", "f.clf")
    lenient = parse_clf("b1 REF x1\n" + "a " * (MAX_LINE_CHARS // 2 + 1) + "\n", "f.clf", lenient=True)
    assert "MAX_LINE_CHARS" in lenient[0].problems[0].message  # ill-formed, not an error


def test_bytes_that_are_not_utf8_after_lone_crs_name_the_line_parse_clf_counts(tmp_path):
    from dscorer_core.reading.clause_text import read_clf

    path = tmp_path / "cr.clf"
    path.write_bytes(b"b1 REF x1\rb1 person \"n.01\" x1\r\rb1 REF x2\rb1 Name x2 \"caf\xe9\"\r")
    with pytest.raises(ClfError) as caught:
        read_clf(path)
    assert caught.value.problems[0].line == 5 and caught.value.problems[0].column == 16


def test_surrogates_are_escaped_as_bytes_or_code_points():
    assert escape_surrogates("caf\udce9.clf") == "caf\\xe9.clf"
    assert escape_surrogates("a\ud800b") == "a\\ud800b" and escape_surrogates("plain é") == "plain é"


# ---------------------------------------------------------------- judgements: the DRS readers' file checks

def test_the_judgements_reader_checks_the_file_as_the_drs_readers_do(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(JudgementError, match="fifo: not a regular file \\(it is a FIFO"):
        read_judgements_csv(fifo)  # would block for ever
    with pytest.raises(JudgementError, match="/dev/zero: not a regular file"):
        read_judgements_csv("/dev/zero")  # would read until memory runs out
    big = tmp_path / "big.csv"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse
    with pytest.raises(JudgementError, match="above the limit of 67,108,864 bytes"):
        read_judgements_csv(big)


def test_a_nul_or_a_lone_surrogate_in_a_judgement_cell_is_refused():
    header = "document,system,judgement,rationale,annotator\n"
    with pytest.raises(JudgementError, match=":2: the rationale cell holds a NUL character"):
        parse_judgements_csv(header + "0,sys,acceptable,ok\x00no,ann\n", "j.csv")
    with pytest.raises(JudgementError, match=":2: the annotator cell holds a lone surrogate U\\+DCE9"):
        parse_judgements_csv(header + "0,sys,acceptable,ok,an\udce9n\n", "j.csv")


def test_the_baseline_message_says_what_is_wrong_once():
    from dscorer_core.clauses import check_pair

    two = parse_clf("b1 REF x1\n\nb1 REF x2\n")
    with pytest.raises(DrsCountMismatch) as caught:
        check_pair(two, two, "p.clf", "g.clf", baseline=True)
    message = str(caught.value)
    assert message == ("p.clf holds 2 DRS(s): --baseline needs a predicted file with exactly one DRS, which is "
                       "compared with each of the 2 DRS(s) of g.clf")


# ---------------------------------------------------------------- n-gram memory: every order, every engine

_COUNT = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.ngrams.engines import count_ngrams
from dscorer_core.ngrams.induction import induce_graph
from dscorer_core.errors import NgramExplosion
from hostile_cases import hub
lines = hub({clauses})
graph = induce_graph(parse_clf("\\n".join(lines) + "\\n", "hub.clf")[0], "typed")
try:
    counts = count_ngrams(graph, {order}, {engine!r})
    print("counted", counts.total({order}))
except NgramExplosion as exc:
    print("refused", exc)
"""


@pytest.mark.parametrize("engine, expected", [("fast", "counted 91805710"), ("walks", "counted 91805710"),
                                              ("reference", "refused")])
def test_count_ngrams_under_the_cap_stays_within_two_gigabytes_with_every_engine(engine, expected):
    # a hub of 8,999 clauses: 91.8 million 2-grams, under the default cap; enumerated, more than 3 GB
    code = _COUNT.format(memory=CASE_MEMORY, clauses=8_999, order=2, engine=engine)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'tests'}"})
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.startswith(expected), done.stdout
    if engine == "reference":
        assert "the reference engine enumerates every path in Python" in done.stdout
