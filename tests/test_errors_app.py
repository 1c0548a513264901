"""Errors where the eye is (issue 31, item 7): a file that does not read is reported at the top of the
main area with FILE:LINE:COL, not below the sidebar's fold; a predicted DRS scored as a failed parse
says so in the pair view, with its reason (AppTest; the browser test measures where they are drawn)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("streamlit")

from app_helpers import SAMPLES, new_app, no_errors


def upload(at, side: str, name: str, data: bytes) -> None:
    """Upload ``data`` as one side's file."""
    at.radio(key=f"src_{side}").set_value("Upload").run()
    at.file_uploader(key=f"upload_{side}").set_value((name, data, "text/plain")).run()


def test_a_binary_gold_file_is_reported_in_the_main_area_with_its_line_and_column():
    at = new_app().run()
    upload(at, "gold", "gold.clf", b"b1 REF x1\nb1 Name x1 \x00\x01\x02 more\n" * 40)
    no_errors(at)
    assert not at.sidebar.error  # the sidebar points to it, the message is in the main area
    assert "the reason is at the top of the page" in " ".join(c.value for c in at.sidebar.caption)
    [error] = at.main.error
    text = error.value.replace("\\", "")
    assert re.search(r"gold\.clf:2:12: is a binary file", text), text


def test_a_failed_parse_says_so_in_the_pair_view_with_its_reason():
    lines = (SAMPLES / "paper_pred.clf").read_text(encoding="utf-8").splitlines()
    assert lines[4] == "b2 REF x1"
    lines[4] = 'b2 REF "x1'  # line 5: an unbalanced quote
    at = new_app().run()
    upload(at, "pred", "broken.clf", "\n".join(lines).encode())
    no_errors(at)
    warnings = [w.value.replace("\\", "") for w in at.main.warning]
    failed = [w for w in warnings if "scored as a failed parse" in w]
    assert len(failed) == 1 and "document 0" in failed[0]
    assert re.search(r"broken\.clf:5(:\d+)?: .*quote", failed[0]), failed[0]
    # the other document reads: no such warning there
    at.number_input(key="doc_number").set_value(1).run()
    assert not [w for w in at.main.warning if "scored as a failed parse" in w.value]
