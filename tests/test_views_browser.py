"""Issue 31's views in a real browser at a laptop's and a desktop's size (1280x800, 1920x1080):
what the page draws is read from the page itself (widget values, captions, the DOM of the box
view, vis-network's data inside the graph iframes), never from the code's intentions.

Waits are for conditions only: ``wait_idle`` (Streamlit's own "script not running" mark on the app)
after the DOM shows the new content.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_helpers import SAMPLES, SHARED
from browser_helpers import wait_idle, wait_shown_text

pytestmark = pytest.mark.browser

PMB3 = SHARED / "pmb-3.0.0"


def combo_value(page, label: str) -> str:
    """The text a selectbox labelled ``label`` shows."""
    return page.get_by_role("combobox", name=label, exact=True).input_value()


# ---------------------------------------------------------------- 1. compare page after loading local files

def load_local(page, label: str, path: str, loaded_before: int) -> None:
    """Compare page: choose 'Local path' in the slot ``label`` and type ``path``; returns once the
    sidebar says one more file of ``path``'s length is read (``loaded_before`` of them were; the
    bundled samples' captions are there from the start)."""
    from dscorer_core.reading.clause_text import read_clf

    drss = len(read_clf(Path(path), lenient=True))
    radio = page.locator("[data-testid='stRadio']", has=page.get_by_text(label, exact=True))
    radio.get_by_text("Local path", exact=True).click()
    box = page.get_by_label(f"{label}: path of a local file (clauses or SBN)")
    box.fill(path)
    box.press("Enter")
    page.wait_for_function(
        "([n, caption]) => [...document.querySelectorAll('[data-testid=stSidebar] [data-testid=stCaptionContainer]')]"
        ".filter(e => e.innerText.trim() === caption).length > n", arg=[loaded_before, f"Clause file, {drss} DRS(s)"],
        timeout=page.idle_timeout)
    wait_idle(page)


def document_view(page) -> tuple[int, float, str, float]:
    """The document picker's (document, B − A) and the document view's sentence and B's delta."""
    picked = combo_value(page, "Document (largest |B − A| first)")
    m = re.match(r"(\d+): B − A = ([+−-][\d.]+) · (.*)", picked)
    assert m, picked
    shown = page.locator("[data-testid='stText']").last.inner_text()
    delta = page.locator("[data-testid='stMetricDelta']").first.inner_text()
    return int(m.group(1)), float(m.group(2).replace("−", "-")), shown, float(delta.replace("−", "-"))


@pytest.mark.skipif(not (PMB3 / "bert_char_1enc_dev.clf").is_file(), reason=f"PMB 3.0.0 files not found at {PMB3}")
def test_compare_page_after_local_files_selectors_caption_and_document_agree(sized_page, shots):
    page = sized_page
    page.goto(page.app_url + "/Compare_systems")
    page.get_by_text("Scores and tests against the baseline").wait_for()
    wait_idle(page)
    for n, (label, name) in enumerate((("Gold", "gold_dev.clf"), ("System 1 (baseline)", "boxer_dev.clf"),
                                        ("System 2", "bert_char_1enc_dev.clf"))):
        load_local(page, label, str(PMB3 / name), n)
    page.get_by_text("A: boxer_dev.clf · B: bert_char_1enc_dev.clf", exact=False).wait_for(timeout=page.idle_timeout)
    wait_idle(page)
    page.get_by_text("Two systems, document by document").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"compare_local_{page.viewport_size['width']}.png"))
    assert combo_value(page, "System A") == "1. boxer_dev.clf"
    assert combo_value(page, "System B") == "2. bert_char_1enc_dev.clf"
    # the sidebar's notice of Boxer's ill-formed DRSs names the file once, not once per bad line
    notice = page.locator("[data-testid='stSidebar'] [data-testid='stAlertContentWarning']",
                          has_text="are ill-formed").first.inner_text()
    assert notice.count("boxer_dev.clf") == 1 and notice.count("line ") >= 4
    doc, picked_delta, shown, delta = document_view(page)
    assert shown.strip() in combo_value(page, "Document (largest |B − A| first)")
    assert abs(picked_delta - delta) < 0.001
    # pick another document: A and B stay, the view shows the document picked
    picker = page.locator("[data-testid='stSelectbox']", has=page.get_by_text("Document (largest |B − A| first)"))
    picker.scroll_into_view_if_needed()
    picker.get_by_role("button", name="Open").click()
    option = page.get_by_role("option").nth(4)
    wanted = option.inner_text()
    assert shown.strip() not in wanted  # so the view's change below is seen, not assumed
    option.click()
    # the picker shows its new value at once, before the script reruns: wait for the view below it
    wait_shown_text(page, wanted.split(" · ", 1)[1].strip())
    wait_idle(page)
    doc2, picked_delta2, shown2, delta2 = document_view(page)
    assert doc2 != doc and wanted.startswith(f"{doc2}:")
    assert shown2.strip() in wanted
    assert abs(picked_delta2 - delta2) < 0.001
    assert combo_value(page, "System A") == "1. boxer_dev.clf"
    assert combo_value(page, "System B") == "2. bert_char_1enc_dev.clf"
    assert page.get_by_text("A: boxer_dev.clf · B: bert_char_1enc_dev.clf", exact=False).count() == 1


# ---------------------------------------------------------------- 3. the box view reads as the graph

PMB2 = SHARED / "pmb-2.2.0"
#: Okabe-Ito vermillion, the graph's colour of an edge with no matched occurrence.
ORANGE = "rgb(213, 94, 0)"


def open_document(page, pred: Path, gold: Path, doc: int, k: int = 1) -> None:
    """The pair view on two local files at document ``doc`` and order ``k`` (a link, as shared)."""
    from urllib.parse import quote
    page.goto(f"{page.app_url}/?pred=path:{quote(str(pred))}&gold=path:{quote(str(gold))}&doc={doc}&k={k}")
    page.get_by_text(f"Document {doc}", exact=True).wait_for(timeout=page.idle_timeout)
    wait_idle(page)


def box_frame(page):
    """The pair view's box-view frame, once its script has run."""
    page.wait_for_selector("[class*='st-key-dscorer_boxes'] iframe")
    frame = page.query_selector("[class*='st-key-dscorer_boxes'] iframe").content_frame()
    frame.wait_for_function("document.body.dataset.ready === '1'")
    return frame


@pytest.mark.skipif(not (PMB2 / "boxer_dev.clf").is_file(), reason=f"PMB 2.2.0 files not found at {PMB2}")
def test_box_view_colours_each_condition_by_its_edges_matched_share(sized_page, shots):
    from dscorer_core import ScoreSettings
    from dscorer_core.counter import counter_pair
    from dscorer_core.ngrams import score_pair
    from dscorer_core.reading.clause_text import read_clf
    from dscorer_core.render import compare_ngrams

    page = sized_page
    open_document(page, PMB2 / "boxer_dev.clf", PMB2 / "gold_dev.clf", 22, 1)
    frame = box_frame(page)
    conditions = frame.eval_on_selector_all(
        ".dv-side .dv-c", "els => els.map(e => ({side: e.closest('.dv-side').dataset.side, text: e.textContent,"
        " cls: e.className, colour: getComputedStyle(e).color, title: e.title,"
        " matched: +(e.dataset.matched || 0), clause: +e.dataset.clause, inList: !!e.closest('.dv-clauses')}))")
    boxes = [c for c in conditions if not c["inList"]]
    (oslo,) = [c for c in boxes if c["side"] == "pred" and c["text"] == 'Name(x17, "oslo")']
    assert "dk-partly" in oslo["cls"] and oslo["colour"] != ORANGE
    assert "2 of 4 k-gram occurrences through its edges matched (50%)" in oslo["title"]
    # the Name conditions' matched occurrences add up to the score's matched Name 1-grams (the k-gram table's)
    pdrs = read_clf(PMB2 / "boxer_dev.clf", lenient=True)[22]
    gdrs = read_clf(PMB2 / "gold_dev.clf")[22]
    result = score_pair(pdrs, gdrs, ScoreSettings())
    rows = compare_ngrams(result.pred_graph, result.gold_graph, 1,
                          mapping=counter_pair(pdrs, gdrs).mapping).rows
    score_names = sum(r.matched for r in rows if " Name-" in r.text)
    for side in ("pred", "gold"):
        names = [c for c in boxes if c["side"] == side and c["text"].startswith("Name(")]
        assert sum(c["matched"] for c in names) == score_names, side
        # every condition with no matched occurrence is orange, and only those
        for c in (c for c in boxes if c["side"] == side and "dk-no-kgram" not in c["cls"]):
            assert (c["colour"] == ORANGE) == (c["matched"] == 0), c
    handle = page.query_selector("[class*='st-key-dscorer_boxes'] iframe")
    handle.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"box_view_doc22_{page.viewport_size['width']}.png"))


# ---------------------------------------------------------------- 7. errors where the eye is

def upload_pair_side(page, side: str, name: str, data: bytes) -> None:
    """Pair view: choose 'Upload' for one side in the sidebar and give it ``data``."""
    label = "Predicted (pred) file" if side == "pred" else "Gold file"
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Upload", exact=True).click()
    block.locator("input[type=file]").wait_for(state="attached")
    block.locator("input[type=file]").set_input_files({"name": name, "mimeType": "text/plain", "buffer": data})


def on_first_screen(page, locator) -> dict:
    """The element's box, asserted to lie in the main area and start on the first screen."""
    box = locator.bounding_box()
    sidebar = page.locator("[data-testid='stSidebar']").bounding_box()
    assert box is not None and sidebar is not None
    assert box["x"] >= sidebar["x"] + sidebar["width"] - 1, (box, sidebar)  # in the main area
    assert 0 <= box["y"] < page.viewport_size["height"] - 40, box  # its first line is in view
    return box


def test_a_binary_gold_file_is_reported_at_the_top_of_the_main_area(sized_page):
    page = sized_page
    page.goto(page.app_url + "/?doc=0")
    page.get_by_text("Document 0", exact=True).wait_for()
    wait_idle(page)
    upload_pair_side(page, "gold", "gold.clf", b"b1 REF x1\nb1 Name x1 \x00\x01\x02 more\n" * 40)
    error = page.locator("[data-testid='stMain'] [data-testid='stAlertContentError']").first
    error.wait_for()
    wait_idle(page)
    assert re.search(r"gold\.clf:2:12: is a binary file", error.inner_text())
    on_first_screen(page, error)


def test_a_failed_parse_is_said_in_the_pair_view_on_the_first_screen(sized_page):
    page = sized_page
    lines = (SAMPLES / "paper_pred.clf").read_text(encoding="utf-8").splitlines()
    lines[4] = 'b2 REF "x1'  # line 5: an unbalanced quote
    page.goto(page.app_url + "/?doc=0")
    page.get_by_text("Document 0", exact=True).wait_for()
    wait_idle(page)
    upload_pair_side(page, "pred", "broken.clf", "\n".join(lines).encode())
    warning = page.locator("[data-testid='stMain'] [data-testid='stAlertContentWarning']",
                           has_text="scored as a failed parse").first
    warning.wait_for()
    wait_idle(page)
    assert re.search(r"broken\.clf:5(:\d+)?: .*quote", warning.inner_text())
    on_first_screen(page, warning)


# ---------------------------------------------------------------- 8. paste, diff, edit

#: The edges' colours vis-network holds in a graph pane (a colour is a string or {color: ...}).
EDGE_COLOURS = ("network.body.data.edges.get().map(e => (typeof e.color === 'string' ? e.color"
                " : (e.color || {}).color || '').toUpperCase())")


def sample_text(name: str, index: int) -> str:
    """One DRS of a sample file as pasted text."""
    from dscorer_core.reading.clause_text import read_clf

    drs = read_clf(SAMPLES / name)[index]
    return f"%%% {drs.sentence}\n{drs.text()}\n"


def paste_side(page, side: str, text: str) -> None:
    """Pair view: choose 'Paste' for one side in the sidebar and paste ``text`` (Ctrl+Enter reads it)."""
    label = "Predicted (pred) file" if side == "pred" else "Gold file"
    block = page.locator("[data-testid='stVerticalBlock']", has=page.get_by_text(label, exact=True)).last
    block.get_by_text("Paste", exact=True).click()
    area = block.locator("textarea")
    area.wait_for()
    area.fill(text)
    area.press("Control+Enter")


def metric(page, label: str) -> str:
    """The value a metric of the main area shows."""
    box = page.locator("[data-testid='stMetric']", has=page.get_by_text(label, exact=True)).first
    return box.locator("[data-testid='stMetricValue']").inner_text()


def test_paste_diff_and_edit_in_the_pair_view(sized_page, shots):
    from browser_helpers import frame_where

    page = sized_page
    page.goto(page.app_url + "/?doc=0")
    page.get_by_text("Document 0", exact=True).wait_for()
    wait_idle(page)
    # paste Figure 4's pair: "He smiled." (6 nodes) against the gold DRS of another sentence (10 nodes)
    paste_side(page, "pred", sample_text("paper_pred.clf", 1))
    paste_side(page, "gold", sample_text("paper_gold.clf", 1))
    page.get_by_text("He smiled", exact=False).first.wait_for()
    frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6")
    frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    wait_idle(page)
    assert metric(page, "COUNTER F") == "0.4706"  # the released COUNTER: 4 of 6 and 11 (paper-facts.md)
    # the diff: three lists whose lengths are COUNTER's verdicts
    page.get_by_role("radio", name="diff", exact=True).click()
    page.locator("[class*='st-key-dscorer_diff_clause_matched'] li").first.wait_for()
    wait_idle(page)
    sizes = {which: page.locator(f"[class*='st-key-dscorer_diff_clause_{which}'] li").count()
             for which in ("only_pred", "only_gold", "matched")}
    assert sizes == {"only_pred": 2, "only_gold": 7, "matched": 4}
    only_pred = page.locator("[class*='st-key-dscorer_diff_clause_only_pred'] li").all_inner_texts()
    assert any("smile" in t for t in only_pred)
    page.screenshot(path=str(shots / f"diff_fig4_{page.viewport_size['width']}.png"))
    # edit the predicted DRS into the gold one: the graph and the scores follow
    page.get_by_role("radio", name="graphs", exact=True).click()
    page.get_by_role("button", name="Edit pred").click()  # the popover at the end of the navigation row
    area = page.get_by_role("textbox", name="Predicted DRS (clauses or SBN): edit, then Ctrl+Enter or click outside")
    area.wait_for()
    area.fill(sample_text("paper_gold.clf", 1))
    area.press("Control+Enter")
    page.get_by_text("Predicted DRS edited", exact=False).wait_for()
    frame = frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    wait_idle(page)
    colours = frame.evaluate(EDGE_COLOURS)
    assert colours and ORANGE_HEX not in colours  # every edge of the edit is matched now
    assert metric(page, "F") == "1.0000" and metric(page, "COUNTER F") == "1.0000"
    assert page.get_by_role("button", name="Download the edited DRS").count() == 1


ORANGE_HEX = "#D55E00"

#: The graph panes' top edges on the page, in CSS px (the scroll offset added).
PANE_TOPS = ("[...document.querySelectorAll(\"iframe:not([class*='st-key-dscorer_boxes'] iframe)\")]"
             ".map(f => f.getBoundingClientRect().top + window.scrollY)")


#: True once every element above the graph panes is drawn (six figures, the edit control, the slider, two toggles).
ABOVE_THE_PANES = ("document.querySelectorAll(\"[data-testid='stMetricValue']\").length === 6"
                   " && !!document.querySelector(\"[data-testid='stPopover']\")"
                   " && !!document.querySelector(\"[data-testid='stSlider']\")"
                   " && document.querySelectorAll(\"[data-testid='stCheckbox']\").length >= 2")


def test_the_edit_control_moves_neither_the_scores_nor_the_panes(sized_page):
    """The predicted DRS's edit sits in the navigation row the page has anyway: the panes' tops are the
    same with the control there, taken out of the page, and open; after an edit, too (its notice shares
    the sentence's line)."""
    from browser_helpers import GRAPH_IFRAMES, frame_where, wait_still

    page = sized_page
    page.goto(page.app_url + "/?doc=1")  # Figure 4
    frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 6")
    frame_where(page, 1, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    wait_idle(page)
    # Streamlit loads each element's code on first use, so the run can end before everything above the
    # panes is drawn: wait for the figures, the edit control, the slider and the toggles, then for the
    # panes to stop moving
    page.wait_for_function(ABOVE_THE_PANES)
    wait_still(page.locator(GRAPH_IFRAMES).first)
    with_control = page.evaluate(PANE_TOPS)
    assert len(with_control) == 2 and abs(with_control[0] - with_control[1]) < 1
    control = page.locator("[data-testid='stPopover']")
    assert control.count() == 1
    page.evaluate("document.querySelector(\"[data-testid='stPopover']\").closest(\"[data-testid='stColumn']\")"
                  ".style.display = 'none'")
    assert page.evaluate(PANE_TOPS) == with_control  # the row keeps its height without the control
    page.evaluate("document.querySelector(\"[data-testid='stPopover']\").closest(\"[data-testid='stColumn']\")"
                  ".style.display = ''")
    page.get_by_role("button", name="Edit pred").click()
    area = page.get_by_role("textbox", name="Predicted DRS (clauses or SBN): edit, then Ctrl+Enter or click outside")
    area.wait_for()
    assert page.evaluate(PANE_TOPS) == with_control  # open: drawn over the page, nothing moves
    area.fill(sample_text("paper_gold.clf", 1))
    area.press("Control+Enter")
    page.get_by_text("Predicted DRS edited", exact=False).wait_for()
    frame_where(page, 0, "network.body.nodeIndices.filter(i => typeof i === 'number').length === 10")
    wait_idle(page)
    assert page.evaluate(PANE_TOPS) == with_control


# ---------------------------------------------------------------- 9. a visible "working" sign

#: The sign's computed style: (its text, its opacity) on the app element.
SIGN = ("(() => { const s = getComputedStyle(document.querySelector('[data-testid=stApp]'), '::after');"
        " return [s.content, +s.opacity]; })()")
#: True while the sign shows: the pseudo-element has its text and has faded in.
SIGN_SHOWN = f"(() => {{ const [c, o] = {SIGN}; return c.includes('Working') && o === 1; }})()"


@pytest.mark.skipif(not (PMB3 / "bert_char_1enc_dev.clf").is_file(), reason=f"PMB 3.0.0 files not found at {PMB3}")
def test_a_computation_longer_than_a_second_shows_a_working_sign(sized_page):
    import random

    page = sized_page
    page.goto(page.app_url + "/Compare_systems")
    page.get_by_text("Scores and tests against the baseline").wait_for()
    wait_idle(page)
    for n, (label, name) in enumerate((("Gold", "gold_dev.clf"), ("System 1 (baseline)", "boxer_dev.clf"),
                                        ("System 2", "bert_char_1enc_dev.clf"))):
        load_local(page, label, str(PMB3 / name), n)
    page.get_by_text("A: boxer_dev.clf · B: bert_char_1enc_dev.clf", exact=False).wait_for(timeout=page.idle_timeout)
    wait_idle(page)
    assert not page.evaluate(SIGN_SHOWN)  # idle: no sign
    # record, in the page, how long each run lasts and whether the sign showed during it (polled every
    # animation frame), so the check holds on a fast and on a busy machine alike
    page.evaluate(RUN_RECORDER)
    # a resampling no session has asked for yet (a fresh seed, the most trials the page allows)
    seed = page.get_by_role("spinbutton", name="Seed of the resampling", exact=True)
    trials = page.get_by_role("spinbutton", name="Approximate randomisation trials", exact=True)
    fresh = random.randrange(10**6, 10**9)
    trials.fill("100000")
    seed.fill(str(fresh))  # the trials are sent as the field loses focus (a run), the seed on Enter
    seed.press("Enter")
    # the signatures name both once the comparison they ask for has been computed
    page.get_by_text(f"ar:100000|seed:{fresh}", exact=False).first.wait_for(timeout=page.idle_timeout)
    page.wait_for_function("window.__runs.length >= 1 && !window.__running", timeout=page.idle_timeout)
    wait_idle(page)
    box = page.evaluate("(() => { const r = document.querySelector('[data-testid=stApp]')"
                        ".getBoundingClientRect(); return [r.width, r.height]; })()")
    assert box[0] >= page.viewport_size["width"] - 20
    runs = page.evaluate("window.__runs")
    for run in runs:
        if run["ms"] > 1500:  # the sign fades in after a second of work
            assert run["shown"], runs
        if run["ms"] < 700:
            assert not run["shown"], runs
    assert not page.evaluate(SIGN_SHOWN)  # gone once the page is idle


#: Installs ``window.__runs``: for each script run seen (the app's data-test-script-state), its length in
#: ms and whether SIGN_SHOWN held during it; ``window.__running`` while one runs.
RUN_RECORDER = f"""(() => {{
  window.__runs = []; window.__running = false;
  let start = 0, shown = false;
  const tick = () => {{
    const state = document.querySelector('[data-testid=stApp]').dataset.testScriptState;
    const running = state === 'running' || state === 'rerunRequested';
    if (running && !window.__running) {{ start = performance.now(); shown = false; }}
    if (running && {SIGN_SHOWN}) shown = true;
    if (!running && window.__running) window.__runs.push({{ms: performance.now() - start, shown}});
    window.__running = running;
    requestAnimationFrame(tick);
  }};
  requestAnimationFrame(tick);
}})()"""


# ---------------------------------------------------------------- 9. the clause tables readable at 1280

@pytest.mark.skipif(not (PMB2 / "boxer_dev.clf").is_file(), reason=f"PMB 2.2.0 files not found at {PMB2}")
def test_the_clause_tables_get_room_for_every_column(sized_page, shots):
    page = sized_page
    open_document(page, PMB2 / "boxer_dev.clf", PMB2 / "gold_dev.clf", 22, 1)
    tables = page.locator("[class*='st-key-dscorer_clause_tables'] [data-testid='stDataFrame']")
    tables.nth(1).wait_for()
    tables.first.scroll_into_view_if_needed()
    boxes = [tables.nth(i).bounding_box() for i in range(2)]
    assert all(b["width"] >= 560 for b in boxes), boxes  # line, clause, kind, k-grams and COUNTER in view
    side_by_side = abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    assert side_by_side == (page.viewport_size["width"] >= 1920)  # one under the other at 1280
    page.screenshot(path=str(shots / f"clauses_doc22_{page.viewport_size['width']}.png"))
