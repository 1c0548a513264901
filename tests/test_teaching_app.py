"""The graph conversion (teaching) page, driven with AppTest: Previous/Next through every step."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("streamlit")

from app_helpers import box_frames, iframes, new_app, no_errors, vis_edges, vis_nodes
from test_box_view import FIGURE_1

PAGE = "pages/2_Graph_conversion.py"


def step_title(at) -> str:
    """The step title shown on the progress bar (Markdown escapes removed)."""
    return at.get("progress")[0].proto.text.replace("\\", "")


def open_page(text: str | None = FIGURE_1):
    at = new_app().run()
    at.switch_page(PAGE).run()
    no_errors(at)
    if text is not None:
        at.radio(key="conv_source").set_value("Paste").run()
        at.text_area(key="conv_text").set_value(text).run()
        no_errors(at)
    return at


def test_only_the_preset_is_a_setting_here():
    at = open_page(None)
    assert at.selectbox(key="conv_preset").value == "typed"
    labels = [w.label for w in at.sidebar.number_input]
    assert labels == []  # no n or w0: they do not change this page


def test_next_and_previous_walk_every_step_of_figure1():
    at = open_page()
    assert at.session_state["conv_step"] == 0
    assert at.button(key="conv_prev").disabled
    boxes = box_frames(at)
    assert len(boxes) == 1 and boxes[0].count('class="dv-box') == 6  # b0..b5
    assert iframes(at) == []  # no graph yet
    seen = []
    while not at.button(key="conv_next").disabled:
        at.button(key="conv_next").click().run()
        no_errors(at)
        seen.append(at.session_state["conv_step"])
        title = step_title(at)
        panes = box_frames(at) + iframes(at)
        assert len(panes) == 2, title
        if title.startswith("Clause "):
            n = int(title.split()[1])
            assert f"Clause {n} of 23" in title
            # the clause is highlighted in the boxes, and its edges are drawn in pink
            assert f'dv-focus" data-clause="{n - 1}"' in panes[0]
            assert any(e["color"] == "#CC79A7" for e in vis_edges(panes[1]))
        if "Variables become their types" in title:
            rules = rule_lines(at)  # a list that wraps, so no rule is cut
            assert "e1 is E: it is the referent of the verb concept play.v.03" in rules
            assert "t2 is T: it is the referent of time.n.08" in rules
            assert {"B", "E", "T", "X"} <= {n["label"].split("\n")[0] for n in vis_nodes(panes[1])}
        if "Equal variables" in title:
            assert {"b1", "e1", "x1"} <= {n["label"] for n in vis_nodes(panes[1])}
            shared = dict(zip(at.dataframe[0].value["variable"], at.dataframe[0].value["clauses"]))
            assert shared["b1"] == 10 and shared["x1"] == 3 and shared["e2"] == 4
    assert seen == list(range(1, len(seen) + 1)) and len(seen) >= 23 + 3 + 1
    last = step_title(at)
    assert "-gram" in last and len([e for e in vis_edges(iframes(at)[0]) if e["color"] == "#CC79A7"]) == 2
    assert any(e["label"].endswith("~") for e in vis_edges(iframes(at)[0]))
    for _ in seen:
        at.button(key="conv_prev").click().run()
    assert at.session_state["conv_step"] == 0 and iframes(at) == []


def test_kgram_controls_change_the_steps():
    at = open_page()
    at.session_state["conv_step"] = 10_000  # clamped to the last step
    at.run()
    assert "2-gram" in step_title(at)
    at.number_input(key="conv_k").set_value(3).run()
    no_errors(at)
    assert "3-gram" in step_title(at)
    assert len([e for e in vis_edges(iframes(at)[0]) if e["color"] == "#CC79A7"]) == 3


def test_paste_error_names_the_line():
    at = open_page('b1 REF x1\nb1 male "n.02" x1\n')
    assert len(box_frames(at)) == 1
    at.text_area(key="conv_text").set_value("b1 REF\n").run()
    assert "pasted text:1" in at.error[0].value.replace("\\", "")


def test_hostile_pasted_text_is_escaped_in_every_step():
    from app_helpers import HOSTILE

    at = open_page(HOSTILE)
    for _ in range(12):
        (boxes,) = box_frames(at)
        assert "<img" not in boxes and "alert(2)</script>" not in boxes
        assert "&lt;img src=x onerror=alert(1)&gt;" in boxes
        for pane in iframes(at):
            data = pane[pane.index("function drawGraph"):]
            assert "<img src=x" not in data
        if at.button(key="conv_next").disabled:
            break
        at.button(key="conv_next").click().run()
        no_errors(at)


def rule_lines(at) -> list[str]:
    """The typing step's rules, one per list item, as the reader sees them (Markdown unescaped)."""
    text = next(m.value for m in at.markdown if m.value.startswith("- "))
    return [re.sub(r"\\(.)", r"\1", line[2:]) for line in text.splitlines()]


def test_released_preset_says_the_name_rule():
    at = open_page()
    at.selectbox(key="conv_preset").set_value("released").run()
    at.session_state["conv_step"] = 25  # boxes, 23 clauses, merging, typing
    at.run()
    assert "Variables become their types" in step_title(at)
    assert "e1 is X: released preset: every variable whose name does not start with b is X" in rule_lines(at)
