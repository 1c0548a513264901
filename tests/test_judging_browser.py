"""Judging mode and the error-analysis page in a real browser (issue 14, issue 15): keys record
judgements, and nothing from a hostile file runs on the new page."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import HOSTILE_LINK
from browser_helpers import assert_no_exception, graph_frames, upload_side, wait_idle, wait_loaded

from dscorer_core.judgements import JudgementStore

pytestmark = pytest.mark.browser


def test_keys_y_and_x_judge_and_move_on(new_page, app_url, judging_dir):
    page = new_page(accept_downloads=True)
    store_path = judging_dir / "keys.sqlite"
    page.goto(app_url + "/?doc=0")  # Figure 1 (a first visit opens on document 1)
    graph_frames(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    sidebar.get_by_text("Judging", exact=True).click()
    sidebar.get_by_text("Judging mode", exact=True).click()
    wait_idle(page)
    path = sidebar.get_by_role("textbox", name="Judgement file (SQLite)")
    path.fill(str(store_path))
    path.press("Enter")
    wait_idle(page)
    name = sidebar.get_by_role("textbox", name="Your name")
    name.fill("ann")
    name.press("Enter")
    wait_idle(page)
    page.get_by_text("0 of 2 documents judged", exact=False).wait_for()
    page.locator("h1").first.click()  # keys act when no text field has the focus
    page.keyboard.press("y")
    wait_idle(page)
    page.get_by_role("heading", name="Document 1").wait_for()
    page.locator("h1").first.click()
    page.keyboard.press("x")
    wait_idle(page)
    page.get_by_text("2 of 2 documents judged", exact=False).wait_for()
    store = JudgementStore(store_path)
    assert [(j.document, j.judgement, j.annotator) for j in store.all()] == \
        [(0, "acceptable", "ann"), (1, "unacceptable", "ann")]
    # the last judgement left the page on its document (only the document's part reran): the sidebar's
    # export, read when clicked, has it too
    with page.expect_download() as info:
        sidebar.get_by_role("button", name="Export judgements (CSV)").click()
    rows = Path(info.value.path()).read_text(encoding="utf-8").splitlines()
    assert [row.split(",")[:3] for row in rows[1:]] == [["0", store.all()[0].system, "acceptable"],
                                                         ["1", store.all()[1].system, "unacceptable"]]
    assert_no_exception(page)


def test_hostile_files_run_nothing_on_the_error_page(page, app_url):
    page.goto(app_url + "/Error_analysis")
    wait_idle(page)
    upload_side(page, "pred", "hostile.clf", HOSTILE_LINK.encode())
    upload_side(page, "gold", "hostile.clf", HOSTILE_LINK.encode())
    page.get_by_text("Labels", exact=True).first.wait_for()
    wait_idle(page)
    for tab in ("Confusions", "Structure", "k-grams", "Labels"):
        page.get_by_role("tab", name=tab).click()
        page.get_by_role("tab", name=tab, selected=True).wait_for()
        wait_loaded(page)
    assert page.dialogs == []
    assert not [line for line in page.console_lines if "alert" in line]
    assert page.evaluate("document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert page.evaluate("[...document.querySelectorAll('script')].every(s => !s.textContent.includes('alert'))")
    assert_no_exception(page)
