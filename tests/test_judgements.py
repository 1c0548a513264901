"""Human judgements (dscorer_core.judgements): the model, the CSV format with its errors, and the
SQLite store (upserts, import/export, two processes writing at once)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dscorer_core.errors import DscorerInputError, JudgementError, JudgementStoreError
from dscorer_core.judgements import (
    HEADER,
    Judgement,
    JudgementStore,
    canonical_preference,
    judgements_to_csv,
    parse_judgements_csv,
    preference_system,
    read_judgements_csv,
    systems_of,
    validate,
)

HEAD = ",".join(HEADER) + "\n"


# --- the model -----------------------------------------------------------------------------------

def test_kinds_and_systems():
    accept = Judgement(3, "boxer", "unacceptable", "wrong scope", "ann")
    prefer = Judgement(3, preference_system("boxer", "seq2seq"), "B", annotator="ann")
    assert accept.kind == "acceptability" and prefer.kind == "preference"
    assert systems_of(accept) == ("boxer",)
    assert systems_of(prefer) == ("boxer", "seq2seq")
    assert prefer.system == "boxer|seq2seq"
    # the same verdict written with the pair the other way round
    assert canonical_preference(prefer) == canonical_preference(Judgement(3, "seq2seq|boxer", "A"))
    assert canonical_preference(Judgement(1, "b|a", "same")) == ("a", "b", 0)


@pytest.mark.parametrize("args, message", [
    ((-1, "boxer", "acceptable"), "document must be a whole number"),
    ((True, "boxer", "acceptable"), "document must be a whole number"),
    ((0, "boxer", "good"), "judgement must be one of"),
    ((0, "boxer", "A"), "needs two systems"),
    ((0, "boxer|boxer", "same"), "two different systems"),
    ((0, "a|b", "acceptable"), "names one system"),
    ((0, "", "acceptable"), "names one system"),
])
def test_model_refuses_bad_judgements(args, message):
    with pytest.raises(ValueError, match=message):
        Judgement(*args)


# --- CSV -----------------------------------------------------------------------------------------

def test_csv_reads_rows_with_their_lines():
    text = HEAD + "0,boxer,acceptable,,ann\n\n5,boxer|seq2seq,a,\"two\nlines\",ann\n7,boxer,Unacceptable,no,bob\n"
    js = parse_judgements_csv(text, "j.csv")
    assert [j.line for j in js] == [2, 4, 6]
    assert js[1] == Judgement(5, "boxer|seq2seq", "A", "two\nlines", "ann")
    assert js[2].judgement == "unacceptable"


def test_csv_round_trip_neutralises_and_restores_text():
    originals = (Judgement(0, "boxer", "acceptable", '=HYPERLINK("http://evil","x")', "ann"),
                 Judgement(1, "boxer", "unacceptable", 'comma, "quote"\nand a newline', "-bob"),
                 Judgement(2, "@sys|boxer", "same", "'=already quoted", "+carol"),
                 Judgement(3, "boxer", "acceptable", "'plain quote", ""))
    text = judgements_to_csv(originals)
    lines = text.splitlines()
    assert lines[0] == ",".join(HEADER)
    # a spreadsheet sees text, not formulas: every formula-like cell starts with a quote
    assert lines[1].startswith("0,boxer,acceptable,\"'=HYPERLINK(")
    assert ",'-bob" in text and ",'@sys|boxer," in text and ",'+carol" in text
    assert "\n3,boxer," in text.replace("\r\n", "\n")  # numbers stay numbers
    back = parse_judgements_csv(text)
    assert back == originals
    assert [j.rationale for j in back] == [j.rationale for j in originals]


def test_read_file_with_bom(tmp_path):
    path = tmp_path / "j.csv"
    path.write_bytes(("\ufeff" + HEAD + "4,boxer,acceptable,ok,ann\n").encode("utf-8"))
    assert read_judgements_csv(path) == (Judgement(4, "boxer", "acceptable", "ok", "ann"),)


@pytest.mark.parametrize("body, where, message", [
    ("x,boxer,acceptable,,a\n", "j.csv:2", "document must be a whole number"),
    ("-3,boxer,acceptable,,a\n", "j.csv:2", "document must be a whole number"),
    ("1,boxer,fine,,a\n", "j.csv:2", "judgement must be one of"),
    ("1,boxer,A,,a\n", "j.csv:2", "NAME_A|NAME_B"),
    ("1,boxer,acceptable,a\n", "j.csv:2", "expected 5 cells"),
    ("1,boxer,acceptable,,a\n1,boxer,unacceptable,,a\n", "j.csv:3", "already judged document 1 of 'boxer' at line 2"),
])
def test_bad_rows_name_the_line(body, where, message):
    with pytest.raises(JudgementError) as info:
        parse_judgements_csv(HEAD + body, "j.csv")
    assert isinstance(info.value, DscorerInputError)
    assert f"{where}: " in str(info.value) and message in str(info.value)


def test_every_bad_row_is_reported():
    body = "".join(f"{i},boxer,maybe,,a\n" for i in range(30)) + "31,boxer,acceptable,,a\n"
    with pytest.raises(JudgementError) as info:
        parse_judgements_csv(HEAD + body, "j.csv")
    assert info.value.total == 30 and info.value.line == 2
    assert "j.csv: 30 bad rows" in str(info.value) and "and 10 more bad row(s)" in str(info.value)


@pytest.mark.parametrize("text", ["", "\n\n  \n", "\ufeff"])
def test_empty_file_is_a_clear_message(tmp_path, text):
    path = tmp_path / "empty.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JudgementError, match=r"empty\.csv: is empty: a judgement file starts with the header"):
        read_judgements_csv(path)


def test_wrong_header():
    with pytest.raises(JudgementError, match=r"j\.csv:1: the header must be exactly "
                                             r"document,system,judgement,rationale,annotator"):
        parse_judgements_csv("doc,system,judgement,rationale,annotator\n1,boxer,acceptable,,a\n", "j.csv")
    with pytest.raises(JudgementError, match=r"j\.csv:1: the header"):
        parse_judgements_csv("1,boxer,acceptable,,a\n", "j.csv")


def test_header_only_is_no_judgements():
    assert parse_judgements_csv(HEAD) == ()


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes(HEAD.encode() + "1,boxer,acceptable,caf\xe9,a\n".encode("latin-1"))
    with pytest.raises(JudgementError, match="latin.csv: is not UTF-8 text"):
        read_judgements_csv(path)


def test_validate_names_lines_of_unknown_documents_and_systems():
    js = parse_judgements_csv(HEAD + "0,boxer,acceptable,,a\n682,boxer,acceptable,,a\n"
                                     "3,spar,unacceptable,,a\n4,boxer|neural,B,,a\n", "j.csv")
    validate(js[:1], 682, ["boxer"], "j.csv")
    with pytest.raises(JudgementError) as info:
        validate(js, 682, ["boxer"], "j.csv")
    text = str(info.value)
    assert info.value.total == 3
    assert "j.csv:3: document 682 does not exist: the gold file holds 682 documents (0 to 681)" in text
    assert "j.csv:4: unknown system 'spar'" in text
    assert "j.csv:5: unknown system 'neural'" in text


# --- the store -----------------------------------------------------------------------------------

def test_store_created_on_first_use(tmp_path):
    path = tmp_path / "new" / "judgements.sqlite"
    store = JudgementStore(path)
    assert store.all() == ()
    assert path.is_file()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_store_upsert_remove_and_progress(tmp_path):
    store = JudgementStore(tmp_path / "j.sqlite")
    store.record(Judgement(5, "boxer", "acceptable", "fine", "ann"))
    store.record(Judgement(2, "boxer", "unacceptable", "", "ann"))
    store.record(Judgement(5, "boxer", "acceptable", "", "bob"))
    store.record(Judgement(5, "boxer|neural", "A", "", "ann"))
    # a re-judgement replaces the earlier one and keeps its place
    store.record(Judgement(5, "boxer", "unacceptable", "missed the negation", "ann"))
    assert [(j.annotator, j.document, j.system, j.judgement) for j in store.all()] == [
        ("ann", 5, "boxer", "unacceptable"), ("ann", 2, "boxer", "unacceptable"),
        ("bob", 5, "boxer", "acceptable"), ("ann", 5, "boxer|neural", "A")]
    assert store.get("ann", 5, "boxer") == Judgement(5, "boxer", "unacceptable", "missed the negation", "ann")
    assert store.get("carol", 5, "boxer") is None
    assert store.judged_documents("ann", "boxer") == {2, 5}
    assert store.judged_documents("ann", "boxer|neural") == {5}
    assert store.annotators() == ("ann", "bob")
    assert len(store.for_annotator("ann")) == 3
    assert store.remove("ann", 2, "boxer") is True
    assert store.remove("ann", 2, "boxer") is False
    assert store.judged_documents("ann", "boxer") == {5}


def test_store_csv_round_trip(tmp_path):
    store = JudgementStore(tmp_path / "j.sqlite")
    originals = (Judgement(0, "boxer", "acceptable", "=1+1", "ann"),
                 Judgement(1, "boxer|neural", "same", 'a, "b"\nc', "bob"))
    store.record_many(originals)
    exported = store.export_csv()
    other = JudgementStore(tmp_path / "other.sqlite")
    assert other.import_csv_text(exported) == 2
    assert other.all() == originals
    path = tmp_path / "export.csv"
    path.write_text(exported, encoding="utf-8", newline="")
    third = JudgementStore(tmp_path / "third.sqlite")
    assert third.import_csv(path) == 2 and third.all() == originals
    assert read_judgements_csv(path) == originals


def test_store_import_is_all_or_nothing(tmp_path):
    store = JudgementStore(tmp_path / "j.sqlite")
    with pytest.raises(JudgementError, match=r"upload\.csv:3: judgement must be one of"):
        store.import_csv_text(HEAD + "0,boxer,acceptable,,a\n1,boxer,meh,,a\n", "upload.csv")
    assert store.all() == ()


def test_store_refuses_a_file_that_is_not_sqlite(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 20)
    with pytest.raises(JudgementStoreError, match=r"notes\.txt: cannot use it as a judgement store"):
        JudgementStore(path).all()


def test_store_reports_a_row_written_by_another_program(tmp_path):
    store = JudgementStore(tmp_path / "j.sqlite")
    store.record(Judgement(1, "boxer", "acceptable", annotator="ann"))
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT INTO judgements (annotator, document, system, judgement) VALUES ('x', 2, 'boxer', 'meh')")
    with pytest.raises(JudgementStoreError, match=r"row 2 of table judgements: judgement must be one of"):
        store.all()
    assert store.judged_documents("ann", "boxer") == {1}


def _write_many(path: str, annotator: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    store = JudgementStore(path)
    barrier.wait()
    for i in range(200):
        store.record(Judgement(i, "boxer", "acceptable" if i % 2 else "unacceptable", f"row {i}", annotator))


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_write_many, args=(path, name, barrier)) for name in ("ann", "bob")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert [w.exitcode for w in workers] == [0, 0]
    store = JudgementStore(path)
    everything = store.all()
    assert len(everything) == 400
    for name in ("ann", "bob"):
        assert store.judged_documents(name, "boxer") == set(range(200))
        assert store.get(name, 7, "boxer") == Judgement(7, "boxer", "acceptable", "row 7", name)


def test_store_path_can_be_a_string(tmp_path):
    store = JudgementStore(str(tmp_path / "s.sqlite"))
    store.record(Judgement(1, "x", "acceptable"))
    assert Path(store.path).is_file() and len(store.all()) == 1


def test_uploaded_text_is_never_taken_for_a_path(tmp_path):
    secret = tmp_path / "secret.csv"
    secret.write_text(HEAD + "0,boxer,acceptable,,a\n", encoding="utf-8")  # a readable judgement file
    store = JudgementStore(tmp_path / "j.sqlite")
    with pytest.raises(JudgementError) as raised:
        store.import_csv_text(str(secret), "upload.csv")  # an upload whose text is a path
    assert "upload.csv" in str(raised.value) and store.all() == ()


# ---------------------------------------------------------------- killed mid-write (issue 24)

#: A judging session in a process of its own, as the app's button callback does it: each judgement
#: is recorded (committed) and only then acknowledged ("ack N" on stdout); ``import`` adds a CSV file
#: of many rows in one go, saying "start" before and "imported" after.
_SESSION = """
import sys
from dscorer_core.judgements import Judgement, JudgementStore
store = JudgementStore(sys.argv[1])
if sys.argv[2] == "judge":
    for i in range(int(sys.argv[3]), 100_000):
        store.record(Judgement(i, "boxer", "acceptable" if i % 3 else "unacceptable", f"why {i}", "ann"))
        print("ack", i, flush=True)
else:
    text = open(sys.argv[3], encoding="utf-8").read()
    print("start", flush=True)
    store.import_csv_text(text, sys.argv[3])
    print("imported", flush=True)
"""


def _session(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", _SESSION, *args], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})


def _integrity(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def test_a_killed_judging_session_loses_no_acknowledged_judgement(tmp_path):
    path = tmp_path / "class.sqlite"
    acked: list[int] = []
    for stop_after in (40, 170, 333):  # killed three times, restarted where it stopped
        session = _session(str(path), "judge", str(acked[-1] + 1 if acked else 0))
        assert session.stdout is not None
        for line in session.stdout:
            acked.append(int(line.split()[1]))
            if len(acked) >= stop_after:
                session.send_signal(signal.SIGKILL)  # mid-write: the next record is under way
                break
        session.wait(30)
        assert session.returncode == -signal.SIGKILL
        assert _integrity(path) == "ok"
        store = JudgementStore(path)
        for i in acked:
            assert store.get("ann", i, "boxer") == Judgement(i, "boxer", "acceptable" if i % 3 else "unacceptable",
                                                            f"why {i}", "ann")
    assert acked == list(range(len(acked)))


def test_a_csv_import_killed_midway_adds_all_rows_or_none(tmp_path):
    path = tmp_path / "class.sqlite"
    JudgementStore(path).record(Judgement(0, "boxer", "acceptable", "before", "ann"))
    rows = 40_000
    csv_file = tmp_path / "many.csv"
    csv_file.write_text(HEAD + "".join(f"{i},spar,unacceptable,row {i},bob\n" for i in range(rows)), encoding="utf-8")
    outcomes = set()
    for delay in (0.0, 0.05, 0.2, 0.5, None):  # None: left to finish (not a wait that a busy machine outlasts)
        JudgementStore(path).clear()
        JudgementStore(path).record(Judgement(0, "boxer", "acceptable", "before", "ann"))
        session = _session(str(path), "import", str(csv_file))
        assert session.stdout is not None
        assert session.stdout.readline().strip() == "start"
        if delay is not None:
            time.sleep(delay)
            session.send_signal(signal.SIGKILL)
        finished = "imported" in session.stdout.read()
        session.wait(120)
        assert _integrity(path) == "ok"
        store = JudgementStore(path)
        imported = len(store.for_annotator("bob"))
        assert imported in (0, rows) and (imported == rows or not finished)
        assert store.get("ann", 0, "boxer") == Judgement(0, "boxer", "acceptable", "before", "ann")
        outcomes.add(imported)
    assert outcomes == {0, rows}  # killed mid-import: nothing added; left alone, it finishes whole
