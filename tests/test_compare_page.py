"""The "Compare systems" page under AppTest: it opens on the sample files, follows its widgets,
handles single-DRS baselines and bad files, and on the PMB 2.2.0 dev files shows what
``dscorer compare`` prints.

AppTest runs no JavaScript: graph panes are iframes whose ``srcdoc`` holds the vis-network
HTML, and the altair plot is a vega-lite spec; the tests read those.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
pytest.importorskip("pyvis")
from app_helpers import (
    HOSTILE,
    PMB,
    ROOT,
    SAMPLES,
    elements,
    iframes,
    new_app,
    no_errors,
    vis_edges,
    vis_nodes,
)
from streamlit.testing.v1 import AppTest

PAGE = "pages/3_Compare_systems.py"
HOSTILE_NAME = "<img src=x onerror=alert(1)>.clf"


def open_page() -> AppTest:
    """The app, switched to the compare page and run once."""
    at = new_app(timeout=180)
    at.switch_page(PAGE).run()
    return at


def ok(at: AppTest) -> None:
    no_errors(at)
    assert not at.error, [e.value for e in at.error]


def shown_tables(at: AppTest) -> list:
    """The comparison tables (one per metric) as displayed: the dataframes with a 'system' column
    (P, R, F are numbers; the columns that can have empty cells are text, "baseline" or "–" there)."""
    return [d.value for d in at.dataframe if "system" in d.value.columns]


def score_tables(at: AppTest) -> list:
    """The comparison tables with every figure as a number (NaN where a cell reads "baseline" or "–")."""
    tables = []
    for shown in shown_tables(at):
        table = shown.copy()
        for col in table.columns:
            if col not in ("system", "role"):
                table[col] = [float("nan") if v in ("baseline", "–") else float(v) for v in shown[col]]
        tables.append(table)
    return tables


def diff_table(at: AppTest):
    return next(d.value for d in at.dataframe if "B − A" in d.value.columns)


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption).replace("\\", "")


def metrics(at: AppTest) -> dict[str, float]:
    return {m.label: float(m.value) for m in at.metric}


def set_upload(at: AppTest, slot: str, name: str, data: bytes) -> AppTest:
    at.radio(key=f"cmp_src_{slot}").set_value("Upload").run()
    at.file_uploader(key=f"cmp_upload_{slot}").set_value((name, data, "text/plain")).run()
    return at


# ------------------------------------------------------------------ sample files

def test_opens_on_the_sample_files_with_the_comparison_table():
    at = open_page()
    ok(at)
    [table] = score_tables(at)
    assert list(table["system"]) == ["paper_pred.clf", "paper_gold.clf"]
    assert list(table["role"]) == ["baseline", ""]
    # the gold file as a system scores 1 everywhere; the sample prediction does not
    assert table["F"][1] == pytest.approx(1.0) and 0.3 < table["F"][0] < 0.9
    low, high = table["95% CI (F) low"], table["95% CI (F) high"]
    assert low[0] <= table["F"][0] <= high[0]
    assert table["F − baseline"][1] == pytest.approx(table["F"][1] - table["F"][0], abs=5e-5)
    assert 0 < table["p (AR)"][1] <= 1
    # the baseline row says so in words (no None cell); the data keep empty cells, the others numbers
    assert table["F − baseline"].isna()[0] and table["p (AR)"].isna()[0]
    [shown] = shown_tables(at)
    assert list(shown.iloc[0][["F − baseline", "p (bootstrap)", "p (AR)"]]) == ["baseline", "–", "–"]
    assert shown["F − baseline"][1] == f"{table['F − baseline'][1]:+.4f}" and shown["F"][1] == pytest.approx(1.0)
    # no empty cell at all: the browser would print "None" in one, whatever a Styler says (issue 19)
    assert not shown.isna().to_numpy().any()
    assert not any(str(cell) in ("None", "nan", "NaN", "<NA>") for cell in shown.to_numpy().ravel())
    text = captions(at)
    assert "dscorer|preset:released|n:4|w0:0.1|avg:micro" in text
    assert "|bs:1000|seed:1" in text and "|ar:10000|seed:1" in text
    # the two documents: only "He smiled." (document 1) differs, and it opens first
    diffs = diff_table(at)
    assert list(diffs["index"]) == [1]
    assert at.selectbox(key="cmp_doc").value == 1
    assert "Tom is putting the children to ø bed" in at.text[0].value
    m = metrics(at)
    assert m["B · DSCORER F"] == 1.0 and 0 < m["A · DSCORER F"] < 0.5
    assert m["A · DSCORER F"] == pytest.approx(diffs["A"].iloc[0], abs=1e-4)
    # the system ("He smiled.") beside gold, drawn self-contained
    system_html, gold_html = (p.srcdoc for p in elements(at, "iframe"))
    assert len(vis_nodes(system_html)) == 6 and len(vis_nodes(gold_html)) == 10
    assert "cdn.jsdelivr" not in system_html and "bootstrap" not in gold_html.lower()
    assert {"#0072B2", "#D55E00"} <= {e["color"] for e in vis_edges(system_html)}
    # the scatter plot: one point per document, axes named after A and B
    [chart] = elements(at, "vega_lite_chart")
    spec = json.loads(chart.spec)
    titles = json.dumps(spec)
    assert "A: paper_pred.clf (DSCORER F)" in titles and "B: paper_gold.clf (DSCORER F)" in titles


def node_labels(at: AppTest) -> list[list[str]]:
    """The node labels of each graph pane on the page, in order."""
    return [sorted(n["label"] for n in vis_nodes(html)) for html in iframes(at)]


def test_the_document_view_draws_as_the_pair_view_does():
    # issue 19: the compare page ignored "Compact graphs" and labelled every node X or B
    pair = new_app(timeout=180).run()
    pair.number_input(key="doc_number").set_value(1).run()
    pair_panes = node_labels(pair)
    assert len(pair_panes) == 2 and any(label not in ("X", "B") for label in pair_panes[0])
    at = open_page()  # document 1 opens first: "He smiled." (A) beside its gold
    ok(at)
    assert at.toggle(key="compact").value is True
    assert node_labels(at) == pair_panes  # the same labels: names and concepts ("x1 male.n.02")
    assert any(label.startswith("x1 ") for label in node_labels(at)[1])
    at.toggle(key="compact").set_value(False).run()  # the full graph, types only, as in the pair view
    assert {label for pane in node_labels(at) for label in pane if not label.startswith('"')} <= {"X", "B"}
    at.toggle(key="show_names").set_value(True).run()
    assert "X\nx1" in node_labels(at)[1]  # type and name


def test_a_and_b_open_as_two_different_systems():
    at = open_page()
    assert (at.selectbox(key="cmp_a").value, at.selectbox(key="cmp_b").value) == (0, 1)
    at.session_state["cmp_b"] = 0  # e.g. left from a visit with other files: the section would be empty
    at.run()
    ok(at)
    assert (at.selectbox(key="cmp_a").value, at.selectbox(key="cmp_b").value) == (0, 1)
    assert len(diff_table(at)) == 1 and not any("two different" in i.value for i in at.info)


def test_the_older_gold_format_note_is_said_once():
    at = open_page()
    at.number_input(key="cmp_n").set_value(3).run()
    ok(at)
    notes = [c.value for c in at.caption if "older PMB format" in c.value]
    assert len(notes) == 1  # paper_gold.clf's CONTRAST is outside COUNTER's current signature; three systems


def test_changing_the_metric_changes_the_table():
    at = open_page()
    dscorer_f = list(score_tables(at)[0]["F"])
    at.radio(key="cmp_metric").set_value("counter").run()
    ok(at)
    [table] = score_tables(at)
    assert list(table["F"]) != dscorer_f
    assert table["F"][1] == pytest.approx(1.0)
    text = captions(at)
    assert "signature: counter|restarts:20|seed:1|ref:drop|search:exact+hill" in text
    assert "signature: dscorer" not in text
    assert set(metrics(at)) == {"A · COUNTER F", "B · COUNTER F"}
    # COUNTER's verdict on each clause of "He smiled." and its gold, beside the k-gram marks
    system_clauses, gold_clauses = (d.value for d in at.dataframe if "clause" in d.value.columns)
    assert {"✓ matched", "✗ unmatched"} <= set(system_clauses["COUNTER"])
    assert "k-grams" in gold_clauses.columns and "COUNTER" in gold_clauses.columns
    assert "COUNTER: " in captions(at) and "variable mapping" in captions(at)
    at.radio(key="cmp_metric").set_value("both").run()
    ok(at)
    tables = score_tables(at)
    assert len(tables) == 2 and list(tables[0]["F"]) == dscorer_f and list(tables[1]["F"]) == list(table["F"])
    assert set(metrics(at)) == {"A · DSCORER F", "B · DSCORER F", "A · COUNTER F", "B · COUNTER F"}
    dscorer_only = open_page()
    assert all("COUNTER" not in d.value.columns for d in dscorer_only.dataframe)
    # the plot and the document list can follow either metric
    at.radio(key="cmp_by").set_value("counter").run()
    ok(at)
    assert "COUNTER F)" in elements(at, "vega_lite_chart")[0].spec


def test_resampling_settings_change_intervals_and_signatures():
    at = open_page()
    at.number_input(key="cmp_bootstrap").set_value(0).run()
    at.number_input(key="cmp_ar").set_value(500).run()
    ok(at)
    [table] = score_tables(at)
    assert table["95% CI (F) low"].isna().all() and table["p (bootstrap)"].isna().all()
    assert not table["p (AR)"].isna()[1]
    [shown] = shown_tables(at)  # no bootstrap: its cells read "–", not None
    assert set(shown["95% CI (F) low"]) == set(shown["p (bootstrap)"]) == {"–"}
    assert shown["p (AR)"][0] == "–" and shown["p (AR)"][1] == f"{table['p (AR)'][1]:.4f}"
    text = captions(at)
    assert "|bs:" not in text and "|ar:500|seed:1" in text
    at.number_input(key="cmp_seed").set_value(7).run()
    assert "|ar:500|seed:7" in captions(at)


def test_choosing_another_document_and_the_other_system():
    at = open_page()
    at.selectbox(key="cmp_doc").set_value(0).run()  # Figure 1, the same DRS in both files
    ok(at)
    assert "piano" in at.text[0].value
    assert metrics(at) == {"A · DSCORER F": 1.0, "B · DSCORER F": 1.0}
    assert [len(vis_nodes(p.srcdoc)) for p in elements(at, "iframe")] == [14, 14]
    at.selectbox(key="cmp_doc").set_value(1).run()
    before = elements(at, "iframe")[0].srcdoc
    assert len(vis_nodes(before)) == 6  # A: "He smiled."
    at.radio(key="cmp_side").set_value("B").run()  # B is the gold file itself
    ok(at)
    system_html, gold_html = (p.srcdoc for p in elements(at, "iframe"))
    assert len(vis_nodes(system_html)) == 10
    assert {e["color"] for e in vis_edges(system_html)} == {"#0072B2"}  # all matched
    assert "B: paper_gold.clf" in " ".join(m.value for m in at.markdown).replace("\\", "")


def test_highlight_order_changes_the_highlighting():
    at = open_page()
    before = vis_edges(elements(at, "iframe")[1].srcdoc)
    at.slider(key="cmp_k").set_value(4).run()
    ok(at)
    after = vis_edges(elements(at, "iframe")[1].srcdoc)
    assert sum(1 for e in after if e["dashes"]) > sum(1 for e in before if e["dashes"])
    assert "4-grams:" in captions(at)


def test_swapping_a_and_b_flips_the_differences():
    at = open_page()
    assert diff_table(at)["B − A"].iloc[0] > 0
    at.selectbox(key="cmp_a").set_value(1).run()  # B's system: A and B swap
    ok(at)
    assert (at.selectbox(key="cmp_a").value, at.selectbox(key="cmp_b").value) == (1, 0)
    assert diff_table(at)["B − A"].iloc[0] < 0
    at.selectbox(key="cmp_b").set_value(1).run()  # A's system: they swap back, never one system twice
    assert (at.selectbox(key="cmp_a").value, at.selectbox(key="cmp_b").value) == (0, 1)
    assert diff_table(at)["B − A"].iloc[0] > 0 and not any("two different" in i.value for i in at.info)


def test_three_systems_and_a_local_path():
    at = open_page()
    at.number_input(key="cmp_n").set_value(3).run()
    at.radio(key="cmp_src_sys2").set_value("Local path").run()
    at.text_input(key="cmp_path_sys2").input(str(SAMPLES / "paper_pred.clf")).run()
    ok(at)
    [table] = score_tables(at)
    assert len(table) == 3
    # the same file twice: distinct names, identical scores and a zero difference
    assert table["system"][2] != table["system"][0]
    assert table["F"][2] == table["F"][0] and table["F − baseline"][2] == 0
    at.text_input(key="cmp_path_sys2").input(str(SAMPLES / "no_such_file.clf")).run()
    assert any("no such file" in e.value for e in at.error)
    assert not score_tables(at)


def test_single_drs_system_needs_the_baseline_switch():
    at = open_page()
    one = (SAMPLES / "paper_pred.clf").read_text().split("\n\n")[0] + "\n"
    set_upload(at, "sys0", "one_drs.clf", one.encode())
    assert any("single-DRS" in e.value.replace("\\", "") for e in at.error)
    assert not score_tables(at)
    at.toggle(key="cmp_baseline").set_value(True).run()
    ok(at)
    [table] = score_tables(at)
    assert table["system"][0] == "one_drs.clf"
    assert "one DRS, compared with every gold DRS" in captions(at)


def test_files_that_do_not_pair_are_an_error_not_a_crash():
    at = open_page()
    four = (SAMPLES / "paper_pred.clf").read_text() + "\n\n" + (SAMPLES / "paper_pred.clf").read_text()
    set_upload(at, "sys1", "four.clf", four.encode())
    assert not at.exception
    assert at.error and not score_tables(at)
    set_upload(at, "sys1", "empty.clf", b"% nothing here\n")
    assert not at.exception and any("no DRS" in e.value for e in at.error)


def test_hostile_file_is_shown_as_text():
    at = open_page()
    set_upload(at, "gold", HOSTILE_NAME, HOSTILE.encode())
    set_upload(at, "sys0", HOSTILE_NAME, HOSTILE.encode())
    at.radio(key="cmp_src_sys1").set_value("Upload").run()
    at.file_uploader(key="cmp_upload_sys1").set_value(("other.clf", HOSTILE.replace("x1", "x2").encode(),
                                                        "text/plain")).run()
    ok(at)
    assert score_tables(at)[0]["system"][0] == HOSTILE_NAME  # a dataframe cell: text
    for el in list(at.markdown) + list(at.caption):
        assert not re.search(r"(?<!\\)<", el.value), el.value  # every '<' in Markdown is escaped
    for proto in elements(at, "iframe"):
        assert "<img" not in proto.srcdoc and "<script>alert" not in proto.srcdoc


def test_settings_survive_a_visit_to_the_pair_view():
    at = open_page()
    at.radio(key="cmp_metric").set_value("counter").run()
    at.switch_page("app.py").run()
    at.switch_page(PAGE).run()
    ok(at)
    assert at.radio(key="cmp_metric").value == "counter"
    assert "counter|restarts" in captions(at)


# ------------------------------------------------------------------ PMB 2.2.0 dev

@pytest.fixture(scope="module")
def pmb() -> Path:
    needed = [PMB / n for n in ("gold_dev.clf", "boxer_dev.clf", "spar_baseline.clf")]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        pytest.skip(f"shared PMB data not found: {', '.join(missing)}")
    return PMB


@pytest.mark.slow
def test_pmb_example_matches_the_cli(pmb):
    from dscorer_core.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["compare", str(pmb / "gold_dev.clf"), str(pmb / "spar_baseline.clf"),
                     str(pmb / "boxer_dev.clf"), "--baseline", "--json", "--metric", "both"]) == 0
    cli = json.loads(out.getvalue())["metrics"]

    at = open_page()
    at.button(key="cmp_pmb").click().run()
    at.radio(key="cmp_metric").set_value("both").run()
    ok(at)
    assert "682 documents" in captions(at)
    for table, metric in zip(score_tables(at), ("dscorer", "counter")):
        expected = cli[metric]
        assert list(table["system"]) == [s["name"] for s in expected["systems"]]
        shown = shown_tables(at)[["dscorer", "counter"].index(metric)]
        for row, s in zip(shown.itertuples(index=False), expected["systems"]):
            assert (s["P"], s["R"], s["F"]) == (row.P, row.R, row.F)
            assert (row[5], row[6]) == tuple(f"{v:.4f}" for v in s["ci"]["F"])
        comp = expected["comparisons"][0]
        assert shown["F − baseline"][1] == f"{comp['difference']:+.4f}"
        assert shown["p (AR)"][1] == f"{comp['p_value_ar']:.4f}"
        assert shown["p (bootstrap)"][1] == f"{comp['p_value_bootstrap']:.4f}"
        assert list(shown.iloc[0][["F − baseline", "p (bootstrap)", "p (AR)"]]) == ["baseline", "–", "–"]
        assert expected["signature"] in captions(at)
    assert score_tables(at)[1]["F"][1] == pytest.approx(0.7223, abs=5e-5)  # COUNTER on Boxer dev, WordNet on
    # A = the SPAR baseline, B = Boxer: the largest gains of Boxer come first
    diffs = diff_table(at)
    gains = diffs["B − A"].abs()
    assert list(gains) == sorted(gains, reverse=True) and len(diffs) > 600
    assert at.selectbox(key="cmp_doc").value == diffs["index"].iloc[0]
    # open another document: its sentence, scores and graphs follow
    at.selectbox(key="cmp_doc").set_value(5).run()
    ok(at)
    assert at.text[0].value == "My father died ø five years ago ."
    row = diffs[diffs["index"] == 5].iloc[0]
    assert metrics(at)["A · DSCORER F"] == pytest.approx(row["A"], abs=1e-4)
    assert metrics(at)["B · DSCORER F"] == pytest.approx(row["B"], abs=1e-4)
    assert len(elements(at, "iframe")) == 2


@pytest.mark.slow
def test_three_pmb_210_systems_by_local_path():
    data = ROOT.parent / "shared" / "data" / "pmb-2.1.0"
    names = ["boxer_dev.clf", "seq2seq_word_dev.clf", "seq2seq_char_dev.clf"]
    if not all((data / n).is_file() for n in ["gold_dev.clf", *names]):
        pytest.skip(f"shared PMB 2.1.0 data not found at {data}")
    at = open_page()
    at.radio(key="cmp_src_gold").set_value("Local path").run()
    at.text_input(key="cmp_path_gold").input(str(data / "gold_dev.clf")).run()
    at.number_input(key="cmp_n").set_value(3).run()
    for i, name in enumerate(names):
        at.radio(key=f"cmp_src_sys{i}").set_value("Local path").run()
        at.text_input(key=f"cmp_path_sys{i}").input(str(data / name)).run()
    at.number_input(key="cmp_ar").set_value(1000).run()
    ok(at)
    assert "557 documents" in captions(at)
    [table] = score_tables(at)
    assert list(table["system"]) == names
    # both neural parsers beat Boxer on PMB 2.1.0 dev (the DSCORER paper's Table 1), clearly
    assert (table["F − baseline"][1:] > 0.1).all() and (table["p (AR)"][1:] < 0.01).all()
    # A and B: the two sequence-to-sequence parsers, close overall but not per document
    at.selectbox(key="cmp_a").set_value(1).run()
    at.selectbox(key="cmp_b").set_value(2).run()
    ok(at)
    diffs = diff_table(at)
    assert len(diffs) > 100 and list(diffs["B − A"].abs()) == sorted(diffs["B − A"].abs(), reverse=True)
    assert "B: seq2seq_char_dev.clf (DSCORER F)" in elements(at, "vega_lite_chart")[0].spec
