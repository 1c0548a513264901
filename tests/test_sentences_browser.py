"""The sentence navigator in a real browser: the 100-sentence sample document, sentence 57 drawn alone."""

from __future__ import annotations

import pytest
from app_helpers import SAMPLES
from browser_helpers import assert_no_exception, frame_where, upload_side, wait_idle

pytestmark = pytest.mark.browser


def test_navigator_opens_sentence_57_and_draws_only_its_part(page, app_url):
    page.goto(app_url + "/?doc=0")
    wait_idle(page)
    for side in ("pred", "gold"):
        upload_side(page, side, f"document100_{side}.clf", (SAMPLES / f"document100_{side}.clf").read_bytes())
    navigator = page.locator(".st-key-dscorer_sentences")
    navigator.wait_for()
    blocks = navigator.locator("[data-testid='stVegaLiteChart'] g.mark-rect path")
    blocks.first.wait_for()
    assert blocks.count() == 100  # the overview: one block per sentence
    navigator.locator("[data-testid='stSelectbox']").first.click()
    page.keyboard.type("57: F")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert_no_exception(page)
    page.get_by_text("Sentence 57 of 100", exact=False).first.wait_for()
    for side in (0, 1):
        # every node drawn is sentence 57's: its variables carry the suffix _57, the rest are constants
        frame = frame_where(page, side, "network.body.nodeIndices.length > 3")
        titles = frame.evaluate("network.body.data.nodes.get().map(n => n.title)")
        names = [t.split("\n")[0] for t in titles]  # "x1_57: type X (referent)", 'constant "now"'
        variables = [t.split(":")[0] for t in names if not t.startswith("constant")]
        assert len(variables) >= 3, names
        assert all(v.endswith("_57") for v in variables), names
        assert len(titles) < 40  # the part, not the document's 600-odd nodes
    # a click on sentence 58's block in the overview opens it
    navigator.locator("[data-testid='stVegaLiteChart'] g.mark-rect path[aria-label*='sentence: 58;']").first.click()
    wait_idle(page)
    page.get_by_text("Sentence 58 of 100", exact=False).first.wait_for()
    frame = frame_where(page, 1, "network.body.data.nodes.get().some(n => (n.title || '').startsWith('x1_58'))")
    names = [t.split("\n")[0] for t in frame.evaluate("network.body.data.nodes.get().map(n => n.title)")]
    assert all(n.split(":")[0].endswith("_58") for n in names if not n.startswith("constant"))


def test_a_link_opens_a_sentence(page, app_url):
    """``?...&sentence=57`` opens the navigator on sentence 57, and the address keeps it."""
    page.goto(app_url + "/?pred=sample:document100_pred.clf&gold=sample:document100_gold.clf&doc=0&sentence=57")
    wait_idle(page)
    assert_no_exception(page)
    page.get_by_text("Sentence 57 of 100", exact=False).first.wait_for()
    frame = frame_where(page, 1, "network.body.nodeIndices.length > 3")
    names = [t.split("\n")[0] for t in frame.evaluate("network.body.data.nodes.get().map(n => n.title)")]
    assert all(n.split(":")[0].endswith("_57") for n in names if not n.startswith("constant"))
    assert "sentence=57" in page.url
