"""The corpus page's histogram of per-document F: its legend names exactly the metrics it draws (bars
side by side, so no overlap draws a colour the legend does not name), and its bars count every
document once per metric."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("streamlit")

from app_helpers import elements, new_app, no_errors


def histogram(at):
    """The histogram's vega-lite spec (the chart whose x axis is F in bins) and its rows."""
    import pyarrow as pa

    chart = next(c for c in elements(at, "vega_lite_chart") if "bins of 0.05" in c.spec)
    rows = pa.ipc.open_stream(chart.datasets[0].data.data).read_all().to_pylist()
    return json.loads(chart.spec), rows


def test_the_histogram_legend_names_every_metric_drawn_and_only_those():
    at = new_app().run()
    at.switch_page("pages/1_Corpus.py").run()
    no_errors(at)
    counter_on = bool(at.session_state["corpus_counter"])
    spec, data = histogram(at)
    colour = spec["encoding"]["color"]
    drawn = sorted({row["metric"] for row in data})
    assert sorted(colour["scale"]["domain"]) == drawn
    assert len(colour["scale"]["range"]) == len(drawn) == (2 if counter_on else 1)
    assert spec["encoding"]["xOffset"]["field"] == "metric"  # side by side, no overlap colour
    assert colour["legend"]["orient"] == "top" and colour["legend"]["labelLimit"] == 0
    for metric in drawn:  # the bundled sample: 2 documents, each counted once per metric
        rows = [r for r in data if r["metric"] == metric]
        assert len(rows) == 20 and sum(r["documents"] for r in rows) == 2
    # COUNTER off: the legend names DSCORER alone
    if counter_on:
        at.toggle(key="corpus_counter").set_value(False).run()
        spec, data = histogram(at)
        assert spec["encoding"]["color"]["scale"]["domain"] == ["DSCORER"] == sorted({r["metric"] for r in data})
