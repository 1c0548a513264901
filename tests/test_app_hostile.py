"""No traceback on a page (issue 24), with AppTest: a NUL byte in a typed or linked path, a Local
path file above the size limit, a judgement store that is not a database or sits on a full disk
(a judgement that could not be saved is said to be unsaved), the data grids' CSV export of a
hostile file, and COUNTER's clause cap on the corpus page."""

from __future__ import annotations

import resource

import pytest

pytest.importorskip("streamlit")

from app_helpers import SAMPLES, new_app, no_errors, open_by_path

from dscorer_core.csv_safety import FORMULA_STARTS
from dscorer_core.judgements import JudgementStore

FORMULA_FILE = ('%%% =HYPERLINK("http://evil.example","click")\n'
                'b1 REF x1\n'
                'b1 male "n.02" x1\n'
                'b1 Name x1 "=HYPERLINK(""http://evil.example"")"\n'
                'b1 Name x1 "+1+2"\n')


@pytest.fixture
def allowed(tmp_path, monkeypatch):
    """A folder the app may read and write in (besides the samples)."""
    monkeypatch.setenv("DSCORER_ALLOWED_DIRS", f"{tmp_path}:{SAMPLES}")
    return tmp_path


def shown_errors(at) -> list[str]:
    return [e.value.replace("\\", "") for e in at.error]  # Markdown escapes dropped


def test_a_nul_byte_in_a_typed_path_is_one_line_not_a_traceback(allowed):
    at = new_app().run()
    at.radio(key="src_pred").set_value("Local path").run()
    at.text_input(key="path_pred").set_value(f"{allowed}/a\x00b.clf").run()
    no_errors(at)
    errors = shown_errors(at)
    assert any("a path cannot hold a NUL character" in e for e in errors), errors
    assert not any("embedded null" in e or "Traceback" in e for e in errors)


def test_a_nul_byte_in_a_shared_links_path_is_one_line_not_a_traceback(allowed):
    at = new_app()
    at.query_params["pred"] = f"path:{allowed}/x\x00.clf"
    at.run()
    no_errors(at)
    assert any("a path cannot hold a NUL character" in e for e in shown_errors(at)), shown_errors(at)


def test_a_local_path_file_above_the_upload_limit_is_refused_before_it_is_read(allowed):
    big = allowed / "big.clf"
    with open(big, "wb") as f:  # sparse: 60 MB long, nothing written
        f.truncate(60 * 2**20)
    at = open_by_path(big, SAMPLES / "paper_gold.clf")
    no_errors(at)
    errors = " ".join(shown_errors(at))
    assert "60.0 MB, above the app's limit of 50 MB for one file" in errors, errors


def test_the_data_grids_hold_no_formula_for_their_csv_export(allowed):
    hostile = allowed / "formulas.clf"
    hostile.write_text(FORMULA_FILE, encoding="utf-8")
    at = open_by_path(hostile, hostile)
    no_errors(at)
    cells = [v for frame in at.dataframe for column in frame.value.columns for v in frame.value[column]
             if isinstance(v, str)]
    assert any("HYPERLINK" in v for v in cells)  # the clauses are shown...
    assert not [v for v in cells if v.startswith(FORMULA_STARTS)]  # ...as text a spreadsheet will not run


def test_a_judgement_store_that_is_not_a_database_is_one_line(allowed):
    store = allowed / "notes.sqlite"
    store.write_bytes(b"this is not a database, just text " * 100)
    at = new_app().run()
    at.toggle(key="judging").set_value(True).run()
    at.text_input(key="judge_store").set_value(str(store)).run()
    at.text_input(key="judge_annotator").set_value("ann").run()
    no_errors(at)
    errors = shown_errors(at)
    assert any("cannot use it as a judgement store: file is not a database" in e for e in errors), errors
    assert not [b for b in at.button if b.key and b.key.startswith("judge_accept")]


def test_a_judgement_on_a_full_disk_is_said_to_be_unsaved(allowed):
    store_path = allowed / "judgements.sqlite"
    at = new_app().run()
    at.toggle(key="judging").set_value(True).run()
    at.text_input(key="judge_store").set_value(str(store_path)).run()
    at.text_input(key="judge_annotator").set_value("ann").run()
    no_errors(at)
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, limits[1]))  # no file may grow: a full disk
    try:
        at.button(key="judge_accept_acceptable").click().run()
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
    no_errors(at)
    errors = " ".join(shown_errors(at))
    assert "Not saved: your judgement *acceptable* of document 0 is unsaved." in errors, errors
    assert at.session_state["doc_index"] == 0  # stays on the document
    assert JudgementStore(store_path).get("ann", 0, "paper_pred") is None
    at.run()  # space again: the panel is back, still saying so; a click saves and the message goes
    assert "Not saved: your judgement" in " ".join(shown_errors(at))
    at.button(key="judge_accept_acceptable").click().run()
    assert JudgementStore(store_path).get("ann", 0, "paper_pred") is not None
    assert "Not saved" not in " ".join(shown_errors(at))


def test_counter_on_the_corpus_and_error_pages_has_a_clause_cap_with_a_message(allowed):
    from hostile_cases import write_shape

    wide = write_shape(allowed, "wide", 500)
    at = open_by_path(wide, wide, timeout=120)
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    warned = " ".join(w.value.replace("\\", "") for w in at.warning)
    assert f"{wide}, DRS 0 (line 2) has 500 clauses, above the app's limit of 300 per DRS" in warned, warned
    at.switch_page("pages/4_Error_analysis.py").run()
    no_errors(at)
    warned = " ".join(w.value.replace("\\", "") for w in at.warning)
    assert "The error analysis (COUNTER's matching) is not run" in warned


def test_the_pair_view_opens_a_drs_nested_200_deep(allowed):
    from hostile_cases import write_shape

    deep = write_shape(allowed, "deep", 200)  # 313 s in the Referee before (issue 24)
    at = open_by_path(deep, deep, timeout=120)
    no_errors(at)
    assert not shown_errors(at)


def test_a_constant_of_300000_characters_is_quoted_short_in_every_view(allowed):
    """Issue 33: a 3,000,000-character constant made a 36 MB page in 24 s. Every element of the pair
    view (graph panes and their tooltips, the box view, the pickers, every table) quotes at most
    MAX_QUOTED_CHARS of a text; the page is counted, not timed."""
    import re

    from dscorer_core.render.display import MAX_QUOTED_CHARS

    hostile = allowed / "long-constant.clf"
    hostile.write_text('%%% long\nb1 REF x1\nb1 male "n.02" x1\nb1 Name x1 "' + "q" * 300_000 + '"\n',
                       encoding="utf-8")
    at = open_by_path(hostile, hostile)
    no_errors(at)
    longest, shown, size = 0, 0, 0

    def walk(node) -> None:
        nonlocal longest, shown, size
        proto = getattr(node, "proto", None)
        if proto is not None:
            text = str(proto)
            size += len(text)
            runs = [len(m) for m in re.findall("q{50,}", text)]
            shown += len(runs)
            longest = max([longest, *runs])
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    assert shown and longest <= MAX_QUOTED_CHARS  # the constant is shown, cut short everywhere
    cells = [v for frame in at.dataframe for column in frame.value.columns for v in frame.value[column]
             if isinstance(v, str) and "qqq" in v]
    assert cells and max(len(v) for v in cells) <= MAX_QUOTED_CHARS + 30 and "(300,013 characters)" in cells[0]
    assert size < 3_000_000  # the page: about 1 MB of protos, not the 300,000 characters many times over
