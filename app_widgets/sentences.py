"""The sentence navigator of the pair view: a long document explored a sentence at a time.

For a document of more than one sentence (``dscorer_core.document_parts``) it lists the sentences
worst first with their own DSCORER and COUNTER figures (``dscorer_core.sentence_scores``), shows
the whole document as a strip of blocks coloured by score, and, when one sentence is chosen, hands
the pair view that sentence's part of both DRSs (the graphs, boxes and tables then show only it)
and the nodes it shares with the rest of the document, drawn as context."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import pandas as pd
import streamlit as st

from dscorer_core import CounterSettings, Drs, Graph, ScoreSettings
from dscorer_core.document_parts import part_drs, sentence_parts, shared_names
from dscorer_core.render.edge_colour import share_colour
from dscorer_core.sentence_scores import SentenceScore, sentence_scores, worst_first

from .controls import COUNTER_MAX_CLAUSES
from .files import LoadedFile
from .limits import app_counter_settings
from .state import cached_counter_pair, cached_run, shared_cache
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


def _scores(pred: LoadedFile, gold: LoadedFile, index: int, settings: ScoreSettings,
            with_counter: bool) -> tuple[SentenceScore, ...]:
    """Every sentence's scores, computed once per files, document and settings (progress bar)."""
    pdrs, gdrs = pred.drss[index], gold.drss[index]
    csettings: CounterSettings = app_counter_settings()
    document = None
    if with_counter and max(len(pdrs.clauses), len(gdrs.clauses)) <= COUNTER_MAX_CLAUSES:
        document = cached_counter_pair(pdrs, gdrs, csettings)
    key = ("sentences", pred.key, gold.key, index, settings, with_counter, csettings)
    return cached_run(key, f"Scoring the sentences of document {index}...",
                      lambda progress: sentence_scores(pdrs, gdrs, settings, counter=document,
                                                       counter_settings=csettings, with_counter=with_counter,
                                                       progress=progress), store="sentences")


def _strip(scores: tuple[SentenceScore, ...], chosen: int) -> str:
    """The whole document as one row of blocks, one per sentence, coloured by DSCORER F (orange 0 to
    blue 1, the graphs' scale); the chosen one is outlined; each block's tooltip is its sentence."""
    blocks = []
    for s in scores:
        colour = share_colour(s.score.F)
        ring = "outline:3px solid #E6007E;outline-offset:1px;" if s.number == chosen else ""
        counter = f", COUNTER F {s.counter_F:.2f}" if s.counter_F is not None else ""
        blocks.append(f'<span title="{escape(f"{s.number}: F {s.score.F:.2f}{counter}. {s.text}", quote=True)}" '
                      f'data-sentence="{s.number}" style="display:inline-block;width:14px;height:22px;'
                      f'margin:1px;border-radius:2px;background:{colour};{ring}"></span>')
    return ('<div class="dscorer-overview" style="line-height:0">' + "".join(blocks) + "</div>")


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
        return f"{n}: F {s.score.F:.2f}{counter} · {s.text}"

    def step(delta: int) -> None:
        st.session_state[SENTENCE_KEY] = max(0, min(total, st.session_state[SENTENCE_KEY] + delta))

    def from_table() -> None:
        rows = st.session_state["sentence_table"].selection.rows
        if rows:
            st.session_state[SENTENCE_KEY] = order[1:][rows[0]]

    with st.container(border=True, key="dscorer_sentences"):
        c_pick, c_prev, c_next = st.columns([6, 1, 1], vertical_alignment="bottom")
        c_pick.selectbox("Sentence (worst first)", order, key=SENTENCE_KEY, format_func=label,
                         help="Each sentence's own DSCORER F (its part of both graphs) and COUNTER F; choosing "
                              "one draws only its part of both DRSs, with the nodes it shares with the rest of "
                              "the document as context.")
        current = st.session_state[SENTENCE_KEY]
        c_prev.button("◀", key="sentence_prev", on_click=step, args=(-1,), disabled=current <= 0,
                      width="stretch", help="Previous sentence in the document")
        c_next.button("▶", key="sentence_next", on_click=step, args=(1,), disabled=current >= total,
                      width="stretch", help="Next sentence in the document")
        st.html(_strip(scores, current))
        source = scores[0].counter_source
        st.caption(f"{total} sentences, each a block coloured by its DSCORER F (orange 0, blue 1; hover for the "
                   "sentence). COUNTER F: "
                   + {"document": "the sentence's clauses matched under the document's variable mapping.",
                      "sentence": "COUNTER on the sentence's clauses alone (the document is too large to match "
                                  "as a whole here).",
                      "none": "off."}[source])
        with st.expander("All sentences, worst first"):
            ranked = worst_first(scores)
            frame = pd.DataFrame([{"sentence": s.number, "F": s.score.F, "P": s.score.P, "R": s.score.R,
                                   "COUNTER F": s.counter_F, "pred clauses": len(s.pred.clauses),
                                   "gold clauses": len(s.gold.clauses), "text": s.text} for s in ranked])
            st.dataframe(frame, hide_index=True, width="stretch", height=280, key="sentence_table",
                         on_select=from_table, selection_mode="single-row",
                         column_config={c: st.column_config.NumberColumn(format="%.3f")
                                        for c in ("F", "P", "R", "COUNTER F")})
    if current == 0:
        return None
    s = by_number[current]
    st.caption(f"Sentence {current} of {total}: " + md_escape(s.text))
    return SentenceView(current, total, part_drs(pdrs, s.pred), part_drs(gdrs, s.gold),
                        shared_names(pdrs, s.pred), shared_names(gdrs, s.gold), s)
