"""The sentence navigator of the pair view: a long document explored a sentence at a time.

For a document of more than one sentence (``dscorer_core.document_parts``) it lists the sentences
worst first with their own DSCORER and COUNTER figures (``dscorer_core.sentence_scores``), shows
the whole document as a strip of blocks coloured by score, and, when one sentence is chosen, hands
the pair view that sentence's part of both DRSs (the graphs, boxes and tables then show only it)
and the nodes it shares with the rest of the document, drawn as context."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from dscorer_core import CounterSettings, Drs, NgramExplosion, ScoreSettings
from dscorer_core.document_parts import part_drs, sentence_parts, shared_names
from dscorer_core.ngrams import Graph
from dscorer_core.render.display import quoted
from dscorer_core.render.edge_colour import share_colour
from dscorer_core.sentence_scores import SentenceScore, sentence_scores, worst_first

from .charts import altair_to_dict
from .controls import COUNTER_MAX_CLAUSES
from .files import LoadedFile
from .limits import app_counter_settings
from .state import SharedResults, cached_counter_pair, cached_pair_score, cached_run, shared_cache
from .tables import data_table
from .text import md_escape

__all__ = ["SentenceView", "sentence_navigator", "context_nodes", "SENTENCE_KEY"]

#: Session key of the chosen sentence (0: the whole document).
SENTENCE_KEY = "sentence"


@dataclass(frozen=True)
class SentenceView:
    """The chosen sentence: its number, its part of both DRSs, and the names (variables, constants)
    each part shares with the rest of its document."""

    number: int
    total: int
    pred: Drs
    gold: Drs
    pred_shared: frozenset[str]
    gold_shared: frozenset[str]
    score: SentenceScore


def context_nodes(view: SentenceView | None, side: str, graph: Graph) -> frozenset[int]:
    """Node ids of a sentence part's graph that stand for a name the rest of the document also uses."""
    if view is None:
        return frozenset()
    shared = view.pred_shared if side == "pred" else view.gold_shared
    return frozenset(n.id for n in graph.nodes if n.name in shared)


@shared_cache(maxsize=16)
def _parts(drs: Drs) -> int:
    """How many sentences a DRS has (document_parts), remembered per DRS."""
    return len(sentence_parts(drs))


def _scores_key(pred: LoadedFile, gold: LoadedFile, index: int, settings: ScoreSettings,
                with_counter: bool) -> tuple:
    """What a document's sentence scores depend on: the files' contents, the document, the settings."""
    return ("sentences", pred.key, gold.key, index, settings, with_counter, app_counter_settings())


def _scores(pred: LoadedFile, gold: LoadedFile, index: int, settings: ScoreSettings,
            with_counter: bool) -> tuple[SentenceScore, ...]:
    """Every sentence's scores, computed once per files, document and settings (progress bar)."""
    pdrs, gdrs = pred.drss[index], gold.drss[index]
    csettings: CounterSettings = app_counter_settings()
    document = None
    if with_counter and max(len(pdrs.clauses), len(gdrs.clauses)) <= COUNTER_MAX_CLAUSES:
        document = cached_counter_pair(pdrs, gdrs, csettings)
    key = _scores_key(pred, gold, index, settings, with_counter)
    # the progress bar's place, there whether the scores are computed now or stored: the page's later
    # elements keep their places from run to run, so the browser keeps them (a live graph pane's page)
    with st.empty():
        return cached_run(key, f"Scoring the sentences of document {index}...",
                          lambda progress: sentence_scores(pdrs, gdrs, settings, counter=document,
                                                           counter_settings=csettings, with_counter=with_counter,
                                                           progress=progress), store="sentences")


#: Sentences per row of the overview.
OVERVIEW_ROW = 50


#: Documents' overviews (vega-lite specs) and sentence views kept for all sessions.
MAX_VIEWS = 256
_specs = SharedResults(MAX_VIEWS)
_views = SharedResults(MAX_VIEWS)


def _overview_spec(key: tuple, scores: tuple[SentenceScore, ...], chosen: int) -> dict[str, Any]:
    """_overview as a vega-lite spec with ``chosen`` outlined: the spec is built once per document
    (``key`` names its scores) for all sessions and only its ``chosen`` parameter is set per run
    (altair's validation took a third of a sentence change's run)."""
    spec: dict[str, Any] = copy.deepcopy(_specs.get(key, lambda: altair_to_dict(_overview(scores))))
    for param in spec.get("params", []):
        if param.get("name") == "chosen":
            param["value"] = chosen
    return spec


def _overview(scores: tuple[SentenceScore, ...]) -> Any:  # an altair chart (altair has no types here)
    """The whole document as rows of blocks, one per sentence in document order, coloured by DSCORER F on
    the graphs' scale (orange 0, purple, blue 1), the sentence of the parameter ``chosen`` outlined (0:
    none); a click chooses a sentence."""
    import altair as alt  # lazy: only long documents draw it

    frame = pd.DataFrame({"sentence": [s.number for s in scores],
                          "column": [(s.number - 1) % OVERVIEW_ROW for s in scores],
                          "row": [(s.number - 1) // OVERVIEW_ROW for s in scores],
                          "F": [round(s.score.F, 3) for s in scores],
                          "COUNTER F": [None if s.counter_F is None else round(s.counter_F, 3) for s in scores],
                          "text": [s.text for s in scores]})
    pick = alt.selection_point(name="pick", fields=["sentence"], on="click")
    chosen = alt.param(name="chosen", value=0)
    base = alt.Chart(frame).encode(alt.X("column:O", axis=None), alt.Y("row:O", axis=None))
    blocks = base.mark_rect(stroke="white", strokeWidth=1, cursor="pointer").encode(
        alt.Color("F:Q", scale=alt.Scale(domain=[0, 0.5, 1], range=[share_colour(0), share_colour(0.5),
                                                                     share_colour(1)]), legend=None),
        tooltip=["sentence:Q", "F:Q", "COUNTER F:Q", "text:N"]).add_params(pick)
    outline = base.mark_rect(fill=None, stroke="#E6007E", strokeWidth=3).transform_filter(
        alt.datum.sentence == chosen)
    rows = (len(scores) + OVERVIEW_ROW - 1) // OVERVIEW_ROW
    return alt.layer(blocks, outline).add_params(chosen).properties(height=22 * rows).configure_view(stroke=None)


def sentence_navigator(pred: LoadedFile, gold: LoadedFile, index: int, settings: ScoreSettings,
                       with_counter: bool) -> SentenceView | None:
    """The navigator for document ``index`` (nothing for a one-sentence document); the chosen
    sentence, or None for the whole document."""
    pdrs, gdrs = pred.drss[index], gold.drss[index]
    if _parts(gdrs) <= 1 and _parts(pdrs) <= 1:
        st.session_state[SENTENCE_KEY] = 0  # so the address names no sentence
        st.session_state.pop("sentence_doc", None)
        return None
    scores = _scores(pred, gold, index, settings, with_counter)
    total = len(scores)
    if st.session_state.get("sentence_doc") != (pred.key, gold.key, index):
        st.session_state["sentence_doc"] = (pred.key, gold.key, index)
        # a new document opens whole, or on the sentence a link names (read_view_link)
        st.session_state[SENTENCE_KEY] = st.session_state.pop("sentence_from_link", 0)
    if not 0 <= st.session_state.get(SENTENCE_KEY, 0) <= total:
        st.session_state[SENTENCE_KEY] = 0
    by_number = {s.number: s for s in scores}
    order = [0] + [s.number for s in worst_first(scores)]

    def label(n: int) -> str:
        if n == 0:
            return f"The whole document ({total} sentences)"
        s = by_number[n]
        counter = f" · COUNTER {s.counter_F:.2f}" if s.counter_F is not None else ""
        return f"{n}: F {s.score.F:.2f}{counter} · {quoted(s.text)}"

    def step(delta: int) -> None:
        st.session_state[SENTENCE_KEY] = max(0, min(total, st.session_state[SENTENCE_KEY] + delta))

    def from_table() -> None:
        rows = st.session_state["sentence_table"].selection.rows
        if rows:
            st.session_state[SENTENCE_KEY] = order[1:][rows[0]]

    def from_overview() -> None:
        picked = st.session_state["sentence_overview"].selection.get("pick") or []
        if picked and picked[0].get("sentence") in by_number:
            st.session_state[SENTENCE_KEY] = int(picked[0]["sentence"])

    source = scores[0].counter_source
    counter_note = {"document": "the sentence's clauses matched under the document's variable mapping.",
                    "sentence": "COUNTER on the sentence's clauses alone (the document is too large to match as a "
                                "whole here).",
                    "none": "off."}[source]
    with st.container(border=True, key="dscorer_sentences"):
        c_pick, c_prev, c_next, c_over = st.columns([5, 0.7, 0.7, 6], vertical_alignment="bottom")
        c_pick.selectbox("Sentence (worst first)", order, key=SENTENCE_KEY, format_func=label,
                         help="Each sentence's own DSCORER F (its part of both graphs) and COUNTER F ("
                              + counter_note + ") Choosing one draws only its part of both DRSs, with the "
                              "nodes it shares with the rest of the document as context (pale yellow).")
        current = st.session_state[SENTENCE_KEY]
        c_prev.button("◀", key="sentence_prev", on_click=step, args=(-1,), disabled=current <= 0,
                      width="stretch", help="Previous sentence in the document")
        c_next.button("▶", key="sentence_next", on_click=step, args=(1,), disabled=current >= total,
                      width="stretch", help="Next sentence in the document")
        with c_over:
            key = _scores_key(pred, gold, index, settings, with_counter)
            st.vega_lite_chart(spec=_overview_spec(key, scores, current), width="stretch", key="sentence_overview",
                               on_select=from_overview, selection_mode="pick")
        c_text, c_all = st.columns([3, 2], vertical_alignment="center")
        try:  # the document's own figure stays in view while one sentence is shown (cached: the pair view's)
            whole = f" (document F {cached_pair_score(pdrs, gdrs, settings).score.F:.4f})"
        except NgramExplosion:
            whole = ""
        where = (f"**Sentence {current} of {total}**{whole}: " + md_escape(by_number[current].text)) if current \
            else f"The whole document: {total} sentences."
        c_text.caption(where + " Each block is a sentence, coloured by its DSCORER F (orange 0, blue 1): hover "
                       "for its text, click to open it.", help="COUNTER F: " + counter_note)
        with c_all.popover("All sentences, worst first", width="stretch"):
            ranked = worst_first(scores)
            frame = pd.DataFrame([{"sentence": s.number, "F": s.score.F, "P": s.score.P, "R": s.score.R,
                                   "COUNTER F": s.counter_F, "pred clauses": len(s.pred.clauses),
                                   "gold clauses": len(s.gold.clauses), "text": s.text} for s in ranked])
            data_table(frame, hide_index=True, width="stretch", height=320, key="sentence_table",
                       on_select=from_table, selection_mode="single-row",
                       column_config={c: st.column_config.NumberColumn(format="%.3f")
                                      for c in ("F", "P", "R", "COUNTER F")})
    if current == 0:
        return None
    s = by_number[current]
    # the same view (and so the same part DRSs, whose scores and drawings are cached) for every session
    return _views.get((key, current), lambda: SentenceView(current, total, part_drs(pdrs, s.pred),
                                                           part_drs(gdrs, s.gold), shared_names(pdrs, s.pred),
                                                           shared_names(gdrs, s.gold), s))
