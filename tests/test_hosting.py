"""Safe to host (issue 15): loopback by default, local paths only where the operator allows,
CSV that cannot attack a spreadsheet, and nothing of a refused or foreign file echoed."""

from __future__ import annotations

import csv
import io
import os
import re
import sys
from pathlib import Path

import pandas as pd
import pytest
import tomllib
from streamlit.testing.v1 import AppTest

from app_widgets.file_access import (
    ALLOWED_DIRS_VARIABLE,
    PathNotAllowed,
    allowed_roots,
    resolve_allowed,
    resolve_writable,
    serves_only_this_machine,
)
from app_widgets.server import SWITCH_INTERVAL
from dscorer_core.cli import main
from dscorer_core.csv_safety import csv_text, safe_cell
from dscorer_core.errors import ClfError, DscorerInputError

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+2", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]


# ---------------------------------------------------------------- the bind address

def test_the_app_answers_this_machine_only_by_default():
    config = (ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8")
    server = config.split("[server]", 1)[1].split("\n[", 1)[0]  # the [server] table
    address = re.search(r'^address\s*=\s*"([^"]*)"', server, re.M)
    assert address and serves_only_this_machine(address.group(1))
    assert not serves_only_this_machine("0.0.0.0") and not serves_only_this_machine("192.0.2.7")
    assert serves_only_this_machine("[::1]") and serves_only_this_machine("localhost")


def test_a_served_run_shares_the_interpreter_and_skips_the_full_collection():
    """What keeps a class's light steps cheap on one server process (docs/hosting.md, "Load test"):
    no gc.collect() after every run (it took 0.12 s a run with PMB dev loaded), and a page lowers
    the thread switch interval, so a run's messages do not wait 5 ms each behind other sessions."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)  # Python's default
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
        assert not at.exception
        assert sys.getswitchinterval() <= SWITCH_INTERVAL < 0.005
    finally:
        sys.setswitchinterval(before)


# ---------------------------------------------------------------- allowed directories

@pytest.fixture
def tree(tmp_path):
    """start/ (the app's directory) with a clause file, shared/data beside it, and a secret outside."""
    start = tmp_path / "start"
    (start / "data").mkdir(parents=True)
    (tmp_path / "shared" / "data").mkdir(parents=True)
    inside = start / "data" / "pred.clf"
    inside.write_bytes((ROOT / "sample_data" / "paper_pred.clf").read_bytes())
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root /root /bin/bash is the secret line\n", encoding="utf-8")
    return start, inside, secret


def test_default_roots_are_the_start_directory_and_shared_data_when_local(tree):
    start, _, _ = tree
    assert allowed_roots({}, start, local_only=True) == (start.resolve(), (start.parent / "shared" / "data").resolve())
    assert allowed_roots({}, start, local_only=False) == ()  # serving others: none unless listed


def test_the_operator_lists_directories_and_an_empty_list_allows_none(tree, tmp_path):
    start, _, _ = tree
    listed = {ALLOWED_DIRS_VARIABLE: os.pathsep.join([str(tmp_path / "shared"), "data", "/no/such/dir"])}
    assert allowed_roots(listed, start, local_only=False) == ((tmp_path / "shared").resolve(),
                                                              (start / "data").resolve())
    assert allowed_roots({ALLOWED_DIRS_VARIABLE: ""}, start, local_only=True) == ()


def test_a_file_inside_is_resolved_and_one_outside_is_refused_naming_the_roots(tree):
    start, inside, secret = tree
    roots = allowed_roots({}, start, local_only=True)
    assert resolve_allowed("data/pred.clf", roots, start) == inside.resolve()
    assert resolve_allowed(str(inside), roots, start) == inside.resolve()
    with pytest.raises(PathNotAllowed) as refused:
        resolve_allowed(str(secret), roots, start)
    message = str(refused.value)
    assert str(start.resolve()) in message and "secret line" not in message


def test_dot_dot_symlinks_and_tilde_are_resolved_before_the_check(tree, monkeypatch):
    start, _, secret = tree
    roots = allowed_roots({}, start, local_only=True)
    with pytest.raises(PathNotAllowed):
        resolve_allowed("data/../../secret.txt", roots, start)
    link = start / "data" / "innocent.clf"
    link.symlink_to(secret)
    with pytest.raises(PathNotAllowed):
        resolve_allowed(str(link), roots, start)
    monkeypatch.setenv("HOME", str(secret.parent))
    with pytest.raises(PathNotAllowed):
        resolve_allowed("~/secret.txt", roots, start)
    with pytest.raises(PathNotAllowed, match="no directory is allowed"):
        resolve_allowed(str(secret), (), start)


def test_a_judgement_file_is_written_only_inside_and_only_as_a_database(tree, monkeypatch):
    start, _, secret = tree
    roots = allowed_roots({}, start, local_only=True)
    assert resolve_writable("data/j.sqlite", roots, start) == (start / "data" / "j.sqlite").resolve()
    for outside in ("data/../../j.sqlite", str(secret.parent / "j.sqlite"), "~/j.sqlite"):
        monkeypatch.setenv("HOME", str(secret.parent))
        with pytest.raises(PathNotAllowed):
            resolve_writable(outside, roots, start)
    link = start / "data" / "link.sqlite"
    link.symlink_to(secret.parent / "target.sqlite")  # a link inside to a file outside
    with pytest.raises(PathNotAllowed):
        resolve_writable(str(link), roots, start)
    with pytest.raises(DscorerInputError, match="ends with .sqlite or .db"):
        resolve_writable("data/pred.clf", roots, start)  # never overwrites another kind of file
    with pytest.raises(DscorerInputError, match="no such folder"):
        resolve_writable("data/new/j.sqlite", roots, start)
    with pytest.raises(PathNotAllowed, match="no directory is allowed"):
        resolve_writable(str(start / "j.sqlite"), (), start)


def test_existence_is_only_said_inside_the_allowed_directories(tree):
    start, _, _ = tree
    roots = allowed_roots({}, start, local_only=True)
    with pytest.raises(PathNotAllowed):
        resolve_allowed("/etc/no-such-file", roots, start)  # outside: not "no such file"
    with pytest.raises(DscorerInputError, match="no such file"):
        resolve_allowed("data/missing.clf", roots, start)


def test_a_foreign_file_is_echoed_by_a_few_characters_of_its_first_bad_line_only(tree):
    _, _, secret = tree
    from dscorer_core.reading.clause_text import read_clf

    with pytest.raises(ClfError) as bad:
        read_clf(secret)
    brief = bad.value.brief()
    assert "root:x:0:0:r" in brief and "secret line" not in brief and str(secret) in brief


def test_the_app_refuses_a_path_outside_and_quotes_nothing(tree, monkeypatch):
    start, _, secret = tree
    monkeypatch.setenv(ALLOWED_DIRS_VARIABLE, str(start))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.radio(key="src_pred").set_value("Local path").run()
    at.text_input(key="path_pred").set_value(str(secret)).run()
    shown = " ".join(e.value for e in at.error).replace("\\", "")
    assert "not an allowed path" in shown and str(start.resolve()) in shown
    assert "root:x" not in shown and "secret line" not in shown
    not_clauses = start / "data" / "notes.clf"
    not_clauses.write_text("line one of a private note that is long\nline two\n", encoding="utf-8")
    at.text_input(key="path_pred").set_value(str(not_clauses)).run()
    # a predicted file that is not a clause file: its bad lines are listed, a few characters each
    shown = " ".join(e.value for e in list(at.error) + list(at.warning)).replace("\\", "")
    assert "line one o" in shown and "private note" not in shown and "line two" not in shown


# ---------------------------------------------------------------- CSV

def test_formula_cells_are_neutralised_and_numbers_stay_numbers():
    assert [safe_cell(v) for v in HOSTILE] == ["'" + v for v in HOSTILE]
    assert [safe_cell(v) for v in (0.25, -3, 7, None, "Tom is here", "")] == [0.25, -3, 7, None, "Tom is here", ""]
    text = csv_text(["index", "F", "sentence"], [[i, -0.5 + i, s] for i, s in enumerate(HOSTILE)])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [r[2] for r in rows[1:]] == ["'" + s for s in HOSTILE]
    frame = pd.read_csv(io.StringIO(text))
    assert frame["F"].tolist() == [-0.5 + i for i in range(len(HOSTILE))]  # numbers read back as numbers


def test_cli_csv_neutralises_sentences_from_the_clause_file(tmp_path, capsys):
    clause_text = "%%% =HYPERLINK(\"http://evil.example\",\"click\")\nb1 REF x1\nb1 male \"n.02\" x1\n"
    pred, gold, out = tmp_path / "p.clf", tmp_path / "g.clf", tmp_path / "docs.csv"
    pred.write_text(clause_text, encoding="utf-8")
    gold.write_text(clause_text, encoding="utf-8")
    assert main(["score", str(pred), str(gold), "--csv", str(out)]) == 0
    with open(out, newline="", encoding="utf-8") as fh:
        row = next(csv.DictReader(fh))
    assert row["sentence"] == "'=HYPERLINK(\"http://evil.example\",\"click\")" and float(row["F"]) == 1.0


@pytest.mark.slow
def test_started_as_the_quick_start_says_the_server_listens_on_loopback_only(tmp_path):
    """`streamlit run app.py` with the project's config: the listening socket is 127.0.0.1 (read
    from /proc/net/tcp) and the log offers no Network URL."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    tcp = Path("/proc/net/tcp")
    if not tcp.exists():
        pytest.skip("no /proc/net/tcp on this system")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "streamlit.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                                 "--server.fileWatcherType", "none"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.time() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                        if r.read().strip() == b"ok":
                            break
                except OSError:
                    pass
                assert proc.poll() is None and time.time() < deadline, "the app did not start"
                time.sleep(0.3)
            listening = [line.split()[1] for line in tcp.read_text().splitlines()[1:]
                         if line.split()[3] == "0A" and line.split()[1].endswith(f":{port:04X}")]
            assert listening == [f"0100007F:{port:04X}"]  # 127.0.0.1, never 0.0.0.0
        finally:
            proc.terminate()
            proc.wait(10)
    assert "Network URL" not in log.read_text()


# ---------------------------------------------------------------- per-request limits

def test_a_pasted_drs_is_capped_and_a_longer_one_gets_a_clear_message():
    from app_widgets import MAX_PASTED_CHARS, check_pasted

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("pages/2_Graph_conversion.py").run()
    at.radio(key="conv_source").set_value("Paste").run()
    at.text_area(key="conv_text").set_value("b1 REF x1\n" * (MAX_PASTED_CHARS // 10 + 50)).run()
    assert len(at.text_area(key="conv_text").value) == MAX_PASTED_CHARS and not at.exception
    with pytest.raises(DscorerInputError, match=f"at most {MAX_PASTED_CHARS:,}.*dscorer score"):
        check_pasted("x" * (MAX_PASTED_CHARS + 1))  # what the server says if a client sends more
    assert check_pasted("b1 REF x1") == "b1 REF x1"


def test_the_app_runs_counter_as_the_command_line_does():
    """One signature for one pair: the app's COUNTER has the command line's settings, no clock (its
    search stops on counted work, the same on a busy server), and refuses DRSs over COUNTER_MAX_CLAUSES."""
    from app_widgets import COUNTER_MAX_CLAUSES, app_counter_settings
    from dscorer_core import CounterSettings

    settings = app_counter_settings(restarts=5)
    assert settings.time_limit is None and settings == CounterSettings(restarts=5)
    assert app_counter_settings().signature() == CounterSettings().signature()
    assert "|time:" not in settings.signature() and "|work:" in settings.signature()
    assert 0 < COUNTER_MAX_CLAUSES <= 1000


# --- shared work: a result one session computes is waited for by the others (issue 15) --------


def _concurrently(call, n: int = 6) -> list:
    """Run ``call()`` in n threads started together; their results."""
    import threading

    results: list = [None] * n
    start = threading.Barrier(n)

    def run(i: int) -> None:
        start.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_a_value_being_computed_is_computed_once_for_all_sessions(sample_data):
    import time

    from app_widgets.state import shared_cache
    from dscorer_core.ngrams import score_pair
    from dscorer_core.reading.clause_text import read_pair

    preds, golds = read_pair(sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    calls: list[int] = []

    @shared_cache(maxsize=2)
    def slow_score(i: int):
        calls.append(i)
        time.sleep(0.3)  # long enough for every thread to ask while the first computes
        return score_pair(preds[i], golds[i])

    results = _concurrently(lambda: slow_score(1))
    assert calls == [1] and all(r is results[0] for r in results)
    assert results[0].score == score_pair(preds[1], golds[1]).score
    slow_score(0)
    slow_score(1)
    assert calls == [1, 0]  # both kept (two entries), each computed once


def test_a_call_the_shared_store_cannot_key_is_computed_and_not_kept():
    """An argument that cannot be hashed (a dict) is computed each time rather than failing the call;
    a TypeError the function itself raises still reaches the caller."""
    from app_widgets.state import shared_cache

    calls: list[object] = []

    @shared_cache(maxsize=4)
    def size(options):
        calls.append(options)
        if options is None:
            raise TypeError("the function's own error")
        return len(options)

    assert size({"focus": [1]}) == 1 and size({"focus": [1]}) == 1
    assert size(("a", "b")) == 2 and size(("a", "b")) == 2
    assert len(calls) == 3 and len(size.results.values) == 1
    with pytest.raises(TypeError, match="own error"):
        size(None)


def test_a_corpus_result_is_shared_while_computed_and_bounded_in_bytes(sample_data):
    import time

    from app_widgets import state
    from dscorer_core.ngrams import score_corpus
    from dscorer_core.reading.clause_text import read_pair

    preds, golds = read_pair(sample_data / "paper_pred.clf", sample_data / "paper_gold.clf")
    calls: list[str] = []

    def work(progress):
        calls.append("scored")
        time.sleep(0.3)
        return score_corpus(preds, golds, progress=progress)

    key = ("test-shared", time.time())
    results = _concurrently(lambda: state.cached_run(key, "Scoring...", work, store="test"))
    assert calls == ["scored"] and all(r is results[0] for r in results)
    size = state.result_size(results[0])
    assert size > 1000
    # a store whose byte cap is below one result keeps nothing: the next call computes again
    small = ("test-small", time.time())
    state.cached_run(small, "Scoring...", work, store="tiny", max_bytes=size // 2)
    state.cached_run(small, "Scoring...", work, store="tiny", max_bytes=size // 2)
    assert calls == ["scored"] * 3


def test_the_comparison_cache_estimates_its_entries_within_a_factor_of_two_of_their_pickle():
    """cached_comparison is bounded in bytes by an estimate (pickling each result cost a quarter of
    building it): on the 100-sentence sample it stays within a factor of two of the pickle."""
    import pickle

    from app_widgets.state import comparison_size
    from dscorer_core.ngrams import score_pair
    from dscorer_core.reading.clause_text import read_pair
    from dscorer_core.render import compare_ngrams

    preds, golds = read_pair(ROOT / "sample_data" / "document100_pred.clf",
                             ROOT / "sample_data" / "document100_gold.clf")
    scored = score_pair(preds[0], golds[0])
    for k in (1, 2, 3):
        comparison = compare_ngrams(scored.pred_graph, scored.gold_graph, k)
        pickled = len(pickle.dumps(comparison, protocol=pickle.HIGHEST_PROTOCOL))
        assert pickled / 2 <= comparison_size(comparison) <= 2 * pickled, k
