"""Charts drawn from altair once per content for all sessions.

Streamlit converts an altair chart to a vega-lite spec on every run, under one lock shared by all
sessions; on the corpus page that was most of a view's server time, and thirty sessions queued on
it. Here a chart is converted once per key (the files and settings its data comes from) and each
run draws the stored spec."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from typing import Any

import streamlit as st

from .state import MAX_STORED_BYTES, SharedResults

__all__ = ["MAX_CHARTS", "altair_to_dict", "shared_chart"]

#: Converted charts kept for all sessions (least recently used dropped first).
MAX_CHARTS = 64
_specs = SharedResults(MAX_CHARTS, MAX_STORED_BYTES)  # a chart holds its corpus's rows


def altair_to_dict(chart: Any) -> dict[str, Any]:
    """``chart.to_dict()`` with its rows written in whatever their number (altair's default data
    transformer refuses more than 5,000: a corpus of 2,500 documents), under the lock Streamlit holds
    while it swaps altair's global transformer for its own charts (else a chart converted meanwhile
    loses its data)."""
    import altair as alt

    lock: contextlib.AbstractContextManager[Any]
    try:
        from streamlit.elements.vega_charts import _altair_globals_lock as lock  # Streamlit's own lock
    except ImportError:  # a Streamlit without it: convert unguarded
        lock = contextlib.nullcontext()
    with lock, alt.data_transformers.disable_max_rows():
        spec: dict[str, Any] = chart.to_dict()
    return spec


def _spec(chart: Any) -> dict[str, Any]:  # an altair chart (altair has no types here)
    """The vega-lite spec of an altair chart as Streamlit draws it: without altair's default theme,
    whose 300 px view size Streamlit leaves out."""
    spec: dict[str, Any] = altair_to_dict(chart)
    view = spec.get("config", {}).get("view", {})
    for name in ("continuousWidth", "continuousHeight"):
        if view.get(name) == 300:  # altair's default theme, not the chart's own
            del view[name]
    if "view" in spec.get("config", {}) and not view:
        del spec["config"]["view"]
    if "config" in spec and not spec["config"]:
        del spec["config"]
    return spec


def shared_chart(key: tuple, build: Callable[[], Any], **kwargs: Any) -> Any:
    """``st.vega_lite_chart`` of the altair chart ``build()`` returns, converted once per ``key``
    (which must name everything the chart shows) for all sessions; ``kwargs`` go to Streamlit."""
    return st.vega_lite_chart(spec=copy.deepcopy(_specs.get(key, lambda: _spec(build()))), **kwargs)
