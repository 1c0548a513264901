"""A binary file given as a DRS file (issue 19, item 7): one error line naming the file and what it
seems to be, exit status 2, in the CLI and in the app's file loading; text in another encoding is
still reported line by line."""

from __future__ import annotations

import gzip
import random
import re

import pytest

from dscorer_core.cli import main
from dscorer_core.reading.binary import binary_kind, binary_position

ROOT_PNG = "docs/box_view.png"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def binaries(tmp_path, shared_path, sample_data):
    """Real binary files: the PMB 2.2.0 dev gold gzipped, a PNG of the docs, random bytes, and a
    clause file saved as UTF-16 without a byte order mark."""
    gold = shared_path("pmb-2.2.0/gold_dev.clf")
    files = {"gzip": tmp_path / "gold_dev.clf.gz", "png": tmp_path / "gold.clf",
             "random": tmp_path / "random.clf", "utf16": tmp_path / "utf16.clf"}
    files["gzip"].write_bytes(gzip.compress(gold.read_bytes()))
    files["png"].write_bytes((sample_data.parent / ROOT_PNG).read_bytes())
    files["random"].write_bytes(random.Random(0).randbytes(20_000))
    files["utf16"].write_bytes((sample_data / "paper_gold.clf").read_text(encoding="utf-8").encode("utf-16-le"))
    return files


@pytest.mark.parametrize("which,kind", [("gzip", "is a gzip-compressed file"), ("png", "is a PNG image"),
                                        ("random", "is a binary file"), ("utf16", "holds NUL bytes")])
def test_score_on_a_binary_gold_file_is_one_line_naming_it(capsys, binaries, shared_path, which, kind):
    code, out, err = run(capsys, "score", shared_path("pmb-2.2.0/boxer_dev.clf"), binaries[which])
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert re.match(rf"dscorer score: error: {re.escape(str(binaries[which]))}:\d+:\d+: ", lines[0]), lines[0]
    assert kind in lines[0]
    assert "not UTF-8" not in err and "\\x" not in err  # no bytes quoted
    if which == "gzip":
        assert "decompress it first" in err


def test_a_binary_predicted_file_is_refused_the_same_way_by_every_reader(capsys, binaries, shared_path):
    gold = shared_path("pmb-2.2.0/gold_dev.clf")
    for command in ("score", "counter", "errors"):
        code, _, err = run(capsys, command, binaries["gzip"], gold)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "gzip-compressed" in err, (command, err)
    code, _, err = run(capsys, "smatch", binaries["png"], binaries["png"])
    assert code == 2 and "PNG image" in err and len(err.strip().splitlines()) == 1


def test_text_in_another_encoding_is_still_reported_line_by_line(capsys, tmp_path, shared_path):
    gold = shared_path("pmb-2.2.0/gold_dev.clf")
    latin1 = tmp_path / "latin1.clf"
    latin1.write_bytes(gold.read_text(encoding="utf-8").replace("tom", "tom\u00e9").encode("latin-1"))
    assert binary_kind(latin1.read_bytes()) is None
    code, _, err = run(capsys, "score", latin1, gold, "--ill", "error")
    assert code == 2 and "not UTF-8 (byte 0xe9)" in err and f"{latin1}:" in err


def test_real_text_files_are_text(shared_data, sample_data):
    for path in [*sorted(shared_data.glob("pmb-*/*.clf")), *sorted(shared_data.glob("pmb-5.0.0/*.sbn")),
                 *sorted(shared_data.glob("sbn-4.0.0/*.sbn")), *sorted(sample_data.glob("*.clf"))]:
        assert binary_kind(path.read_bytes()) is None, path


def test_the_app_names_an_uploaded_binary_gold_file_in_one_line(binaries):
    pytest.importorskip("streamlit")
    from app_helpers import new_app, no_errors

    at = new_app().run()
    at.radio(key="src_gold").set_value("Upload").run()
    at.file_uploader(key="upload_gold").set_value(("gold_dev.clf.gz", binaries["gzip"].read_bytes(),
                                                   "application/gzip")).run()
    no_errors(at)
    [error] = at.error
    text = error.value.replace("\\", "")
    assert "gold_dev.clf.gz:1:1: is a gzip-compressed file" in text and "not UTF-8" not in text
    assert len([line for line in text.splitlines() if line.strip()]) == 2  # the heading and one line


def test_a_binary_file_is_placed_at_the_byte_that_shows_it():
    """FILE:LINE:COL of a binary file: its signature at 1:1, else its first NUL byte or odd byte."""
    assert binary_position(b"\x1f\x8b\x08 rest") == (1, 1)
    assert binary_position(b"b1 REF x1\nb1 R\x00EF x2\n") == (2, 5)
    assert binary_position("b1 REF x1\nb1 Name x1 \"\u00e9\"\x01\x02\n".encode()) == (2, 15)
    assert binary_position(b"plain text\n") == (1, 1)
