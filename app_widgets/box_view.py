"""The box view in the app: DRSs in DRT box notation (computed by ``dscorer_core.render.box_view``),
each condition coloured by its DSCORER and COUNTER verdict, with an HTML download.

The iframe's only script is the box view's own (``BOX_VIEW_SCRIPT``): hovering or clicking a
condition highlights its clause line, and its edges and nodes in the graph panes when they offer
``window.dscorerGraph``. Everything from the clause file is escaped text."""

from __future__ import annotations

from collections.abc import Collection

import streamlit as st

from dscorer_core import Drs, Graph
from dscorer_core.counter.score import CounterPair
from dscorer_core.render import (
    PairHighlight,
    box_view_document,
    box_view_html,
    counter_clause_marks,
)

__all__ = ["box_view_pair", "box_view_single"]


def box_view_pair(pred: Drs, gold: Drs, *, pred_graph: Graph | None = None, gold_graph: Graph | None = None,
                  highlight: PairHighlight | None = None, counter: CounterPair | None = None,
                  key: str = "box_view") -> str:
    """Both DRSs as boxes side by side (pred left, gold right) and a download button; returns the
    standalone HTML page it shows."""
    fragments = []
    for side, drs, graph in (("pred", pred, pred_graph), ("gold", gold, gold_graph)):
        fragments.append(box_view_html(
            drs, title="Predicted" if side == "pred" else "Gold", side=side, graph=graph,
            dscorer=getattr(highlight, side).clauses if highlight else None,
            counter=counter_clause_marks(drs, counter, side) if counter else None))
    page = box_view_document(fragments, title=f"DRS boxes, document {gold.index}",
                             k=highlight.k if highlight else None)
    with st.container(key=f"dscorer_boxes_{key}"):  # the browser tests tell box views from graphs by this key
        st.iframe(page, height="content")
    st.download_button("Download the box view (HTML)", page, file_name=f"dscorer_boxes_doc{gold.index}.html",
                       mime="text/html", key=f"{key}_download", icon=":material/download:")
    return page


def box_view_single(drs: Drs, *, graph: Graph | None = None, title: str = "", clause_list: bool = False,
                    focus: Collection[int] = ()) -> str:
    """One DRS as boxes (the teaching view's starting point), the clauses in ``focus``
    highlighted; returns the page it shows."""
    page = box_view_document([box_view_html(drs, title=title, side="drs", graph=graph, clause_list=clause_list,
                                             focus=focus)], title="DRS boxes")
    with st.container(key="dscorer_boxes_single"):
        st.iframe(page, height="content")
    return page
