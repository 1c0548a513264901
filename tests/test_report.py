"""``dscorer report``: one self-contained HTML file. Opened in headless Chromium from disk it makes no
network request and no script error and lists every document; sorting and search work; hostile clause
text stays text; the command refuses to write over anything but a regular file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from dscorer_core.cli import main
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_clf

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
PMB = ROOT.parent / "shared" / "data" / "pmb-2.2.0"
PMB5 = ROOT.parent / "shared" / "data" / "pmb-5.0.0"

pytestmark = pytest.mark.browser


def report(capsys, *argv) -> tuple[int, str, str]:
    code = main(["report", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def opened(browser, path: Path):
    """The report opened from disk: the page, the URLs it requested, its script errors and dialogs."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    requests, errors, dialogs = [], [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")
    return context, page, requests, errors, dialogs


@pytest.fixture(scope="module")
def dev_report(tmp_path_factory):
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    out = tmp_path_factory.mktemp("report") / "dev.html"
    assert main(["report", str(PMB / "boxer_dev.clf"), str(PMB / "gold_dev.clf"), "-o", str(out)]) == 0
    return out


def test_the_dev_report_opens_offline_and_lists_every_document(browser, dev_report, capsys):
    assert main(["score", str(PMB / "boxer_dev.clf"), str(PMB / "gold_dev.clf")]) == 0
    signature = capsys.readouterr().out.splitlines()[0]  # the signature `dscorer score` prints (wf:off here)
    golds = read_clf(PMB / "gold_dev.clf")
    result = score_corpus(read_clf(PMB / "boxer_dev.clf", lenient=True), golds)
    size = dev_report.stat().st_size
    assert 1e6 < size < 8e6  # a few MB
    context, page, requests, errors, dialogs = opened(browser, dev_report)
    try:
        assert requests == [dev_report.as_uri()] and not errors and not dialogs
        assert f"{result.micro.F:.4f}" in page.inner_text("header") and signature in page.inner_text("header")
        indices = page.eval_on_selector_all("#dsr-table tbody tr td:first-child",
                                            "cells => cells.map(c => c.textContent)")
        assert sorted(map(int, indices)) == list(range(len(golds)))
        f_of = {d.index: d.score.F for d in result.documents}
        assert [f_of[int(i)] for i in indices] == sorted(f_of.values())  # worst first
        assert page.locator("section.dsr-doc").count() == 100
        assert page.locator("section.dsr-doc svg").count() == 200
        # the worst document's section: both graphs, the box view
        first = page.locator("section.dsr-doc").first
        assert first.get_attribute("id") == f"doc-{indices[0]}" and first.locator(".dv-side").count() == 2
        # sort by F, descending on the second click; then search one sentence
        page.click("th[data-col='1']")
        page.click("th[data-col='1']")
        top = page.inner_text("#dsr-table tbody tr:first-child td:first-child")
        assert f_of[int(top)] == max(f_of.values())
        sentence = golds[57].sentence
        page.fill("#dsr-filter", sentence)
        visible = page.eval_on_selector_all("#dsr-table tbody tr:not(.dsr-hidden) td:last-child",
                                            "cells => cells.map(c => c.textContent)")
        assert visible and all(sentence.lower() in v.lower() for v in visible)
        assert page.inner_text("#dsr-count") == f"{len(visible)} of {len(golds)} documents"
        assert requests == [dev_report.as_uri()] and not errors
    finally:
        context.close()


HOSTILE = ('%%% <script>alert(0)</script>\n'
           'b1 REF x1\n'
           'b1 <img src=x onerror=alert(1)> "n.01" x1\n'
           'b1 Name x1 "</script><script>alert(2)</script>"\n'
           'b1 Name x1 "a"onload="alert(3)"\n')


def test_hostile_clause_text_stays_text(browser, tmp_path, capsys):
    pred, gold = tmp_path / "pred.clf", tmp_path / "gold.clf"
    pred.write_text(HOSTILE, encoding="utf-8")
    gold.write_text("b1 REF x1\nb1 male \"n.02\" x1\n", encoding="utf-8")
    out = tmp_path / "hostile.html"
    code, _, err = report(capsys, pred, gold, "-o", out, "--ill", "score")
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert len(re.findall(r"<script\b", text)) == 1  # the report's own script, nothing from the file
    context, page, requests, errors, dialogs = opened(browser, out)
    try:
        assert not dialogs and not errors and requests == [out.as_uri()]
        assert page.locator("img").count() == 0
    finally:
        context.close()


def test_counter_and_smatch_reports_show_their_mapping(capsys, tmp_path):
    out = tmp_path / "counter.html"
    code, stdout, _ = report(capsys, SAMPLES / "paper_pred.clf", SAMPLES / "paper_gold.clf", "-o", out,
                             "--metric", "counter", "--all")
    assert code == 0 and "COUNTER F 0.8163" in stdout
    text = out.read_text(encoding="utf-8")
    assert text.count("Variable mapping") == 2 and text.count('class="dsr-doc"') == 2
    if not (PMB5 / "gold_nl_test.sbn").is_file():
        pytest.skip(f"PMB 5.0.0 SBN data not found under {PMB5}")
    out = tmp_path / "smatch.html"
    code, stdout, _ = report(capsys, PMB5 / "neuralboxer_nl_test.sbn", PMB5 / "gold_nl_test.sbn", "-o", out,
                             "--metric", "smatch", "--worst", "5")
    assert code == 0 and stdout.startswith("smatch|")
    text = out.read_text(encoding="utf-8")
    assert text.count('class="dsr-doc"') == 5 and ("Node alignment" in text or "Not aligned" in text)


def test_the_command_and_the_renderer_draw_as_many_by_default():
    from dscorer_core.cli.report_command import DEFAULT_WORST
    from dscorer_core.render import report as renderer

    assert DEFAULT_WORST == renderer.DEFAULT_WORST == 100


def test_it_refuses_to_write_over_anything_but_a_regular_file(tmp_path, capsys):
    pred, gold = SAMPLES / "paper_pred.clf", SAMPLES / "paper_gold.clf"
    folder = tmp_path / "a folder"
    folder.mkdir()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link.html"
    link.symlink_to(tmp_path / "elsewhere.html")
    for target in (folder, fifo, link, gold):
        code, _, err = report(capsys, pred, gold, "-o", target)
        assert code == 2 and "refusing" in err, (target, err)
    assert not (tmp_path / "elsewhere.html").exists()
    existing = tmp_path / "old.html"
    existing.write_text("old", encoding="utf-8")
    assert report(capsys, pred, gold, "-o", existing)[0] == 0 and existing.read_text().startswith("<!DOCTYPE html>")
    assert report(capsys, pred, gold, "-o", tmp_path / "k.html", "--k", "5")[0] == 2
