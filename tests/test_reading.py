"""One reader (issue 30, item 4): ``load``, ``loads``, the app's file loading and the cluster's reading in
pieces give the same DRSs and the same errors (FILE:LINE:COL) on the shared data's real files."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

import dscorer_core as dscorer
from dscorer_core.errors import ClfError
from dscorer_core.reading.chunks import clf_chunks, sbn_line_chunks
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.drs_files import read_drs_bytes, read_drs_file, read_sbn_file_tolerant
from dscorer_core.reading.sbn_text import parse_sbn_line

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

#: Real clause files: two PMB releases' gold, and Boxer's output with ill-formed DRSs (quoted boxes).
CLAUSE_FILES = ("pmb-2.2.0/gold_dev.clf", "pmb-3.0.0/gold_dev.clf", "pmb-3.0.0/boxer_dev.clf")
#: Real SBN files: one per line (PMB 5 gold, and NeuralBoxer's output with malformed SBNs) and multi-line.
SBN_FILES = ("pmb-5.0.0/gold_nl_test.sbn", "pmb-5.0.0/neuralboxer_nl_test.sbn", "sbn-4.0.0/p04_d1646.drs.sbn")


def _shared(name: str) -> Path:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is absent (the shared data)")
    return path


def _app_loader():
    """The app's reading of an upload (``app_widgets.files._parse``), or a skip without streamlit."""
    pytest.importorskip("streamlit")
    from app_widgets.files import _parse

    return _parse


def _key(drss) -> list[tuple]:
    """What a DRS is, read: its clauses (tokens, line, comment), place, sentence, SBN and problems."""
    return [(d.index, d.source, d.line, d.sentence, d.sbn, tuple((c.tokens, c.line, c.comment) for c in d.clauses),
             d.duplicates, d.problems) for d in drss]


def _chunked(path: Path, lenient: bool, size: int = 37) -> list:
    """A clause file read as the cluster reads it: in pieces (``clf_chunks``), each parsed on its own."""
    return [d for c in clf_chunks(path, size)
            for d in parse_clf(c.text, c.source, lenient, c.first_line, c.first_index)]


@pytest.mark.parametrize("name", CLAUSE_FILES + SBN_FILES)
def test_load_loads_and_the_app_read_the_same_drss(name):
    path = _shared(name)
    loaded = dscorer.load(path)
    assert loaded and _key(loaded) == _key(dscorer.loads(path.read_text(encoding="utf-8"), source=str(path)))
    with path.open(encoding="utf-8") as f:
        assert _key(dscorer.load(f)) == _key(loaded)
    notation, app = _app_loader()(path.read_bytes(), str(path), True)
    assert _key(app) == _key(loaded)
    assert notation == read_drs_bytes(path.read_bytes(), str(path), lenient=True).format
    assert notation == ("clf" if name.endswith(".clf") else "sbn" if name.endswith(".drs.sbn") else "sbn-lines")


@pytest.mark.parametrize("name", CLAUSE_FILES)
def test_the_cluster_reads_a_clause_file_in_pieces_as_load_reads_it(name):
    path = _shared(name)
    assert _key(_chunked(path, lenient=True)) == _key(dscorer.load(path))


def test_an_ill_formed_drs_is_the_same_error_at_the_same_place_on_every_door():
    path = _shared("pmb-3.0.0/boxer_dev.clf")
    kept = [p for d in dscorer.load(path) for p in d.problems]
    assert kept, "Boxer's 3.0.0 dev output holds ill-formed DRSs (shared data README)"
    # the strict whole-file read, the strict read in pieces and the app's strict read raise the same error
    errors = []
    for read in (lambda: read_drs_file(path, lenient=False), lambda: _chunked(path, lenient=False, size=len(kept)),
                 lambda: _app_loader()(path.read_bytes(), str(path), False)):
        with pytest.raises(ClfError) as err:
            read()
        errors.append(err.value)
    whole = errors[0]
    assert whole.total == len(kept) and whole.problems == kept[:len(whole.problems)]
    # the pieces raise at their first bad piece: its problems are the whole read's first ones
    assert errors[1].problems == whole.problems[:len(errors[1].problems)]
    assert str(errors[2]) == str(whole)
    first = kept[0]
    assert f"{path}:{first.line}:{first.column}" in str(whole)  # FILE:LINE:COL
    line = path.read_text(encoding="utf-8").splitlines()[first.line - 1]
    assert line[first.column - 1] == '"'  # the column points at the quoted box variable


@pytest.mark.parametrize("name", ("pmb-5.0.0/gold_nl_test.sbn", "pmb-5.0.0/neuralboxer_nl_test.sbn"))
def test_the_cluster_reads_one_sbn_per_line_in_pieces_as_load_reads_it(name):
    path = _shared(name)
    pieces = [t for piece in sbn_line_chunks(path, 50) for t in piece]
    whole = read_sbn_file_tolerant(path, "sbn-lines")
    loaded = dscorer.load(path)
    assert len(pieces) == len(whole) == len(loaded)
    assert [(t.line, t.raw) for t in pieces] == [(d.line, d.sbn) for d in loaded]
    assert [(t.line, t.raw) for t in pieces] == [(s.line if not isinstance(s, ClfError) else s.problems[0].line,
                                                   s.raw if isinstance(s, ClfError) else s.one_line()) for s in whole]


def _sbn_key(read) -> tuple:
    """An SBN as read: its items, or, when it cannot be read, its problems (LINE, COL, message)."""
    if isinstance(read, ClfError):
        return tuple((p.line, p.column, p.message) for p in read.problems)
    return read.items


def test_an_sbn_read_from_its_piece_has_the_whole_files_errors_at_the_same_columns(tmp_path):
    # NeuralBoxer's real output (malformed SBNs) after its gold sentence and a tab, as PMB 5 files are
    # written: the pieces' SBNs, read one by one as the cluster's Smatch reads them, name the columns
    # the whole-file reader names (the SBN starts after the sentence's column)
    gold = _shared("pmb-5.0.0/gold_nl_test.sbn").read_text(encoding="utf-8").splitlines()
    pred = _shared("pmb-5.0.0/neuralboxer_nl_test.sbn").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "pred.sbn"
    path.write_text("".join(f"{g.split(chr(9))[0]}\t{p}\n" for g, p in zip(gold, pred)), encoding="utf-8")
    whole = read_sbn_file_tolerant(path, "sbn-lines")
    pieces = [parse_sbn_line(t.raw, t.source, t.line, column=t.column) for c in sbn_line_chunks(path, 50) for t in c]
    assert len(pieces) == len(whole) == len(pred)
    bad = [i for i, w in enumerate(whole) if isinstance(w, ClfError)]
    assert bad and all(whole[i].problems[0].column > 1 for i in bad if whole[i].problems[0].column)
    assert [_sbn_key(s) for s in pieces] == [_sbn_key(s) for s in whole]


def test_a_binary_file_is_one_error_naming_it_on_every_door(tmp_path):
    real = _shared("pmb-2.2.0/gold_dev.clf")
    path = tmp_path / "gold_dev.clf.gz"
    path.write_bytes(gzip.compress(real.read_bytes()))
    messages = []
    for read in (lambda: dscorer.load(path), lambda: read_drs_file(path, lenient=False),
                 lambda: _app_loader()(path.read_bytes(), str(path), True), lambda: list(clf_chunks(path, 10)),
                 lambda: list(sbn_line_chunks(path, 10))):
        with pytest.raises(ClfError) as err:
            read()
        messages.append(str(err.value))
    expected = f"{path}:1:1: is a gzip-compressed file, not a text file of DRSs (clauses or SBN); decompress it first"
    assert messages == [expected] * 5


def test_loads_reads_what_a_file_object_holds():
    path = _shared("sbn-4.0.0/p04_d1646.drs.sbn")
    text = path.read_text(encoding="utf-8")
    assert _key(dscorer.load(io.StringIO(text))) == _key(dscorer.loads(text, source="<stream>"))
