"""The box view in the app: DRSs in DRT box notation (the HTML fragments of
``dscorer_core.render.box_view``), each condition coloured by its DSCORER and COUNTER verdict, in a
page of their own with the box view's style and script, and an HTML download.

The style is the core's (``dscorer_core.render.page.asset("box_view.css")``: notebooks and
reports use it too); the scripts are the app's, files beside this module (``box_view_assets/``).
The page's only script is the box view's own (``box_view.js``): hovering or clicking a condition
highlights its clause line, and its edges and nodes in the graph panes when they offer
``window.dscorerGraph``. Everything from the clause file is escaped text."""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from functools import cache
from pathlib import Path

import streamlit as st

from dscorer_core import Drs
from dscorer_core.counter.score import CounterPair
from dscorer_core.ngrams import Graph
from dscorer_core.render import (
    PairHighlight,
    box_view_html,
    box_view_legend,
    counter_clause_marks,
)
from dscorer_core.render.page import asset

__all__ = ["BOX_VIEW_ASSETS", "box_view_asset", "box_view_document", "box_view_pair", "box_view_single"]

#: The box view's scripts in the app, as files (its style is the core's).
BOX_VIEW_ASSETS = Path(__file__).resolve().parent / "box_view_assets"


@cache
def box_view_asset(name: str) -> str:
    """The text of one of the box view's files: ``box_view.css`` (the core's style sheet),
    ``box_view.js`` or ``fit_width.js`` (the app's scripts)."""
    if name == "box_view.css":
        return asset(name)
    return (BOX_VIEW_ASSETS / name).read_text(encoding="utf-8")


def box_view_document(fragments: Sequence[str], *, title: str = "DRS boxes", k: int | None = None,
                      interactive: bool = True) -> str:
    """A standalone HTML page of box-view fragments side by side, with the legend (when ``k`` is
    given), the style, the width fit and, if ``interactive``, the box view's own script (one script element)."""
    legend = box_view_legend(k) if k is not None else ""
    code = (box_view_asset("box_view.js") if interactive else "") + "\n" + box_view_asset("fit_width.js")
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{box_view_asset('box_view.css')}</style></head><body class=\"dv-page dv-dark-ok\">{legend}"
            f'<div class="dv-sides">{"".join(fragments)}</div><script>{code}</script></body></html>')


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
            edge_counts=getattr(highlight, side).edge_counts if highlight and graph is not None else None,
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
