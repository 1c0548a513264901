"""The box view in the pair view (AppTest: the iframe's HTML, escaping, verdicts, download)."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from app_helpers import HOSTILE, box_frames, new_app, no_errors
from test_box_view import collect


def test_pair_view_shows_both_drss_as_boxes():
    at = new_app().run()
    no_errors(at)
    (page,) = box_frames(at)
    found = collect(page)
    assert page.count('<section class="dv-side"') == 2
    assert 'data-side="pred"' in page and 'data-side="gold"' in page
    assert found.scripts == 1  # the box view's own script, nothing else
    assert "dk-matched" in page and "ct-matched" in page  # DSCORER and COUNTER verdicts
    assert any(b.label.startswith("Download the box view") for b in at.get("download_button"))


def test_box_view_follows_k_and_the_document():
    at = new_app().run()
    at.number_input(key="doc_number").set_value(1).run()
    at.slider(key="k").set_value(1).run()
    k1 = box_frames(at)[0]
    at.slider(key="k").set_value(4).run()
    no_errors(at)
    k4 = box_frames(at)[0]
    assert "DSCORER at k = 1" in k1 and "DSCORER at k = 4" in k4
    assert k4.count("dk-unmatched") > k1.count("dk-unmatched")


def test_hostile_clause_text_is_text_in_the_box_view():
    at = new_app().run()
    for side in ("pred", "gold"):
        at.radio(key=f"src_{side}").set_value("Upload").run()
        at.file_uploader(key=f"upload_{side}").set_value(("hostile.clf", HOSTILE.encode(), "text/plain")).run()
    no_errors(at)
    (page,) = box_frames(at)
    found = collect(page)
    assert found.scripts == 1 and not found.handlers
    assert "<img" not in page and "alert(2)</script>" not in page
    assert '"<img src=x onerror=alert(1)>"' in "".join(found.texts)
