"""The box view in the pair view (AppTest: the iframe's HTML, escaping, verdicts, download)."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

import re

from app_helpers import HOSTILE, PMB, box_frames, new_app, no_errors, open_by_path
from test_box_view import collect

from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import induce_graph
from dscorer_core.ngrams.ngram_comparison import highlight_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render import clause_shades


def test_pair_view_shows_both_drss_as_boxes():
    at = new_app().run()
    no_errors(at)
    (page,) = box_frames(at)
    found = collect(page)
    assert page.count('<section class="dv-side"') == 2
    assert 'data-side="pred"' in page and 'data-side="gold"' in page
    assert found.scripts == 1  # the box view's own script, nothing else
    assert "dk-full" in page and "ct-matched" in page  # DSCORER (by matched share) and COUNTER verdicts
    assert any(b.label.startswith("Download the box view") for b in at.get("download_button"))


def _verdicts(page: str, side: str) -> dict[int, str]:
    """The DSCORER grade of each clause one side's box view shows, by clause index."""
    part = page[page.index(f'data-side="{side}"'):]
    part = part[:part.index("</section>")]
    return {int(i): v for v, i in re.findall(r'class="[^"]*\bdk-([\w-]+)[^"]*" data-clause="(\d+)"', part)}


def test_box_view_follows_k_and_the_document():
    """On PMB 2.2.0 dev document 22 (Boxer against gold) the box view's verdicts are the core's
    occurrence-level counts at each k (under COUNTER's mapping) summed over each clause's edges, graded
    as the graph grades an edge, and they change from k = 1 to 4."""
    pred_path, gold_path = PMB / "boxer_dev.clf", PMB / "gold_dev.clf"
    if not (pred_path.is_file() and gold_path.is_file()):
        pytest.skip(f"shared PMB 2.2.0 dev files not found at {PMB}")
    at = open_by_path(pred_path, gold_path)
    at.number_input(key="doc_number").set_value(22).run()
    pdrs, gdrs = read_clf(pred_path, lenient=True)[22], read_clf(gold_path)[22]
    pred, gold = induce_graph(pdrs), induce_graph(gdrs)
    mapping = counter_pair(pdrs, gdrs).mapping  # the app pairs occurrences under COUNTER's mapping
    seen = {}
    for k in (1, 4):
        at.slider(key="k").set_value(k).run()
        no_errors(at)
        (page,) = box_frames(at)
        assert f"DSCORER at k = {k}" in page
        core = highlight_pair(pred, gold, k, mapping=mapping)
        for side in ("pred", "gold"):
            drawn = _verdicts(page, side)
            graph = pred if side == "pred" else gold
            grades = [sh.grade for sh in clause_shades(graph, getattr(core, side).edge_counts)]
            assert len(drawn) == len(getattr(core, side).clauses), (k, side)
            assert drawn == dict(enumerate(grades)), (k, side)
        seen[k] = (_verdicts(page, "pred"), _verdicts(page, "gold"))
    assert seen[1] != seen[4]


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
