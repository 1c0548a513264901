"""Score, order and clause tables of the app (pandas frames and Streamlit metrics)."""

from __future__ import annotations

import hashlib
import pickle
import re
from collections.abc import Sequence
from typing import Any, Literal

import pandas as pd
import streamlit as st

from dscorer_core import Drs
from dscorer_core.clauses import Clause
from dscorer_core.counter.score import CounterPair, CounterResult
from dscorer_core.csv_safety import safe_cell
from dscorer_core.ngrams.scoring import Score
from dscorer_core.render import MATCHED, UNMATCHED
from dscorer_core.render.display import quoted

from .drawing import COLOURS
from .text import md_escape

__all__ = ["data_table", "safe_frame",
           "order_table", "score_table", "clause_frame", "CLAUSE_MARK_CSS", "VARIABLE_ROW_CSS", "styled_clauses",
           "clause_pairs_frame", "coloured_table", "MAX_COLOURED_TABLES"]


def safe_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` whose text cells that a spreadsheet would run as a formula start with
    ``'`` (dscorer_core.csv_safety): the data grid's own "Download as CSV" exports what it shows;
    a text cell is at most MAX_QUOTED_CHARS characters and its length (``render.quoted``)."""
    kinds = pd.api.types
    texts = [c for c in frame.columns if kinds.is_object_dtype(frame[c]) or kinds.is_string_dtype(frame[c])]
    if not texts:
        return frame
    safe = frame.copy()
    for c in texts:
        safe[c] = safe[c].map(_grid_cell)
    return safe


#: A number written as text (``+0.2835``, ``-3``, ``12.5%``): a spreadsheet reads it as a number.
_NUMBER_TEXT = re.compile(r"[+-]?\d+(\.\d+)?%?")


def _grid_cell(value: object) -> object:
    """safe_cell, except for numbers written as text (a signed difference stays ``+0.2835``); a long
    text (a constant of a million characters) quoted short (``quoted``)."""
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
        return value
    return safe_cell(quoted(value) if isinstance(value, str) else value)


def data_table(data: Any, *args: Any, **kwargs: Any) -> Any:
    """``st.dataframe`` of a frame (or a pandas Styler of one) with its text cells made safe for
    the grid's CSV export (safe_frame); every table of the app goes through here."""
    if isinstance(data, pd.DataFrame):
        data = safe_frame(data)
    elif hasattr(data, "data") and isinstance(data.data, pd.DataFrame):  # a Styler: same shape, safe text
        data.data = safe_frame(data.data)
    return st.dataframe(data, *args, **kwargs)


def order_table(score: Score) -> pd.DataFrame:
    """The per-order p/r/f table of a Score (k = 0 compares node counts)."""
    return pd.DataFrame([{"k": o.k, "matched": o.matched, "pred": o.pred, "gold": o.gold,
                          "p": o.p, "r": o.r, "f": o.f, "weight": o.weight} for o in score.orders])


def score_table(score: Score, signature: str, counter: CounterPair | CounterResult | None = None,
                counter_note: str = "", dscorer_note: str = "") -> None:
    """Combined P, R, F as metrics, the per-order table and the signature.

    Given ``counter`` (a CounterPair or CounterResult), COUNTER's P, R, F follow as a second row
    of metrics (labelled ``COUNTER P`` ...) right under DSCORER's, with ``counter_note`` beside
    them, and its signature joins DSCORER's. ``*_note`` is Markdown (escape file text first).
    """
    rows = [("", score, dscorer_note)] + ([("COUNTER ", counter, counter_note)] if counter is not None else [])
    for prefix, figures, note in rows:
        c1, c2, c3, c4 = st.columns([2, 2, 2, 3], vertical_alignment="center")
        c1.metric(prefix + "P", f"{figures.P:.4f}")
        c2.metric(prefix + "R", f"{figures.R:.4f}")
        c3.metric(prefix + "F", f"{figures.F:.4f}")
        if note:
            c4.caption(note)
    if score.orders:
        data_table(order_table(score), hide_index=True, width="stretch",
                     column_config={c: st.column_config.NumberColumn(format="%.4f")
                                    for c in ("p", "r", "f", "weight")})
    sigs = [signature] + ([counter.signature] if counter is not None else [])
    st.caption("signature: " + "  \n".join(md_escape(s) for s in sigs))


def clause_frame(drs: Drs, statuses: Sequence[str] | None = None,
                 counter: Sequence[str] | None = None) -> pd.DataFrame:
    """The clauses of a DRS as a table, marking the ones behind unmatched k-grams (and, given
    ``counter``, COUNTER's verdict on each clause)."""
    rows = []
    for i, c in enumerate(drs.clauses):
        row = {"line": c.line, "clause": c.text(), "kind": c.kind}
        if statuses is not None:
            row["k-grams"] = {"unmatched": "✗ behind unmatched", "matched": "✓ matched"}.get(statuses[i], "–")
        if counter is not None:
            row["COUNTER"] = {"matched": "✓ matched", "unmatched": "✗ unmatched"}.get(counter[i], counter[i])
        rows.append(row)
    return pd.DataFrame(rows)


#: Text colour per clause verdict in the clause tables: the graph's edge colours (matched blue,
#: unmatched orange); a clause of the chosen variable gets a light pink background.
CLAUSE_MARK_CSS = {"✓": f"color: {COLOURS[MATCHED]}; font-weight: bold",
                   "✗": f"color: {COLOURS[UNMATCHED]}; font-weight: bold"}
VARIABLE_ROW_CSS = "background-color: #F3DCEA"


def _verdict_css(value: object) -> str:
    return CLAUSE_MARK_CSS.get(str(value)[:1], "")


def styled_clauses(frame: pd.DataFrame, marked_rows: Sequence[int] = (),
                   columns: Sequence[str] = ("k-grams", "COUNTER")) -> Any:
    """A clause table (e.g. clause_frame's) with its verdict columns coloured as the graphs colour
    edges (✓ matched blue, ✗ unmatched orange) and ``marked_rows`` on a pink background."""
    marked = set(marked_rows)
    styler = frame.style
    present = [c for c in columns if c in frame.columns]
    if present:
        styler = styler.map(_verdict_css, subset=present)
    if marked:
        styler = styler.apply(lambda row: [VARIABLE_ROW_CSS if row.name in marked else ""] * len(row), axis=1)
    return styler


def clause_pairs_frame(pairs: Sequence[tuple[Clause, Clause]]) -> pd.DataFrame:
    """Matched clause pairs (pred Clause, gold Clause) as a table of their lines and texts."""
    return pd.DataFrame([{"pred line": p.line, "pred clause": p.text(), "gold line": g.line, "gold clause": g.text()}
                         for p, g in pairs], columns=["pred line", "pred clause", "gold line", "gold clause"])


#: How many coloured tables (clause tables, matched clause pairs) coloured_table keeps drawn, for
#: all sessions: a class's documents, two or three tables each, at a k or two.
MAX_COLOURED_TABLES = 256


def coloured_table(frame: pd.DataFrame, marked_rows: Sequence[int] = (),
                   verdict_columns: Sequence[str] = ("k-grams", "COUNTER"), matched_columns: Sequence[str] = (),
                   height: int | Literal["auto"] = "auto") -> None:
    """A table coloured as the graphs are (styled_clauses; ``matched_columns``: every cell blue), drawn
    full width. Drawn once per content for all sessions: a rerun that shows the same table again
    replays the element instead of running pandas' Styler (a quarter of a pair-view rerun)."""
    # the frame is named by a digest of its pickle: st.cache_data's own hashing of a frame cost more than the table
    content = pickle.dumps((list(frame.columns), list(frame.itertuples(index=False, name=None))),
                           protocol=pickle.HIGHEST_PROTOCOL)
    _coloured_table(hashlib.blake2b(content, digest_size=20).hexdigest(), frame, tuple(marked_rows),
                    tuple(verdict_columns), tuple(matched_columns), height)


@st.cache_data(max_entries=MAX_COLOURED_TABLES, show_spinner=False)
def _coloured_table(digest: str, _frame: pd.DataFrame, marked_rows: tuple[int, ...], verdict_columns: tuple[str, ...],
                    matched_columns: tuple[str, ...], height: int | Literal["auto"]) -> None:
    """coloured_table's drawing (``digest`` names ``_frame``'s content); st.cache_data records the
    element and replays it on a hit."""
    styler = styled_clauses(_frame, marked_rows, verdict_columns)
    if matched_columns:
        styler = styler.map(lambda _: CLAUSE_MARK_CSS["✓"], subset=list(matched_columns))
    data_table(styler, hide_index=True, width="stretch", height=height)
