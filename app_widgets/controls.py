"""The settings widgets of the sidebar."""

from __future__ import annotations

import streamlit as st

from dscorer_core import ScoreSettings
from dscorer_core.ngrams.presets import PRESETS

from . import limits

__all__ = ["APP_MAX_NGRAMS", "COUNTER_MAX_CLAUSES", "settings_sidebar"]

#: The app refuses to score graphs with more k-gram walks than this (the CLI's default was this
#: before long documents were counted by label sequence; the app still draws and lists paths);
#: listing and highlighting k-grams has its own, lower cap (render.MAX_DISPLAY_PATHS).
APP_MAX_NGRAMS = 10_000_000
#: COUNTER (its clause verdicts included) is run on one pair only up to this many clauses per
#: side in the pair view and the compare page (its search can take seconds beyond it).
COUNTER_MAX_CLAUSES = limits.COUNTER_MAX_CLAUSES


def settings_sidebar(default_preset: str = "released", key_prefix: str = "") -> tuple[ScoreSettings, bool]:
    """Preset, order n, w0 and the variable-name toggle in the sidebar."""
    with st.sidebar:
        st.markdown("**Settings**")
        for name, value in (("preset", default_preset), ("order", 4), ("w0", 0.1), ("show_names", False),
                            ("show_reverse", True), ("compact", True)):
            st.session_state.setdefault(key_prefix + name, value)
        preset = st.selectbox("Preset", sorted(PRESETS), key=f"{key_prefix}preset",
                              help="released: the released DSCORER code; typed: the paper's text")
        order = st.number_input("Order n", min_value=1, max_value=limits.MAX_ORDER, step=1, key=f"{key_prefix}order")
        w0 = st.number_input("w0 (0-gram weight)", min_value=0.0, max_value=0.99, step=0.05,
                             format="%.2f", key=f"{key_prefix}w0")
        show_names = st.toggle("Show variable names", key=f"{key_prefix}show_names")
        st.toggle("Compact graphs", key=f"{key_prefix}compact",
                  help="On: concepts are written into the referent's label (x1 male.n.02) and each relation is "
                       "drawn once. Off: the full DSCORER graph, every edge as the metric counts it.")
        st.toggle("Draw reverse edges", key=f"{key_prefix}show_reverse",
                  disabled=st.session_state.get(f"{key_prefix}compact", True),
                  help="Off: each relation is drawn once; it shows as matched when it or its reverse "
                       "lies on a matched k-gram. Scores always count both.")
    settings = ScoreSettings(preset=str(preset), order=int(order), w0=float(w0), max_ngrams=APP_MAX_NGRAMS)
    return settings, show_names
