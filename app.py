"""dscorer app, pair view (the landing page): why did this parse score what it scored?

Run with ``streamlit run app.py``. Opens on the bundled sample files (the DSCORER paper's
Figure 1 and Figure 4 pairs). All scores and highlight data come from ``dscorer_core``.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import Drs, NgramExplosion, ScoreSettings
from dscorer_core.counter import CounterPair
from dscorer_core.ngrams import PairResult
from dscorer_core.render import (
    MAX_LAYOUT_NODES,
    ROW_FILTERS,
    counter_clause_marks,
    filter_rows,
    too_large_to_draw,
    variable_links,
)
from dscorer_core.render.display import quoted

st.set_page_config(page_title="dscorer · pair view", page_icon=aw.PAGE_ICON, layout="wide")
aw.share_the_interpreter()
aw.keep_widget_state()
aw.page_links()
aw.read_view_link()  # a shared link or a reload opens the same view (files, document, order)

pred, gold, paired = aw.load_pair()
settings, show_names = aw.settings_sidebar()
judging = aw.judging_sidebar()
if paired:  # the corpus page's and the error analysis's results, computed in the background meanwhile
    aw.start_corpus_jobs(pred, gold, settings)

# laptop first: less space above the title, the explanation beside it, so the graphs start higher, and on a
# laptop's screen narrow side margins (Streamlit's 5rem cost each graph pane 56 px of its 400 at 1280 px)
# (the sentences: one line each, cut with an ellipsis; the whole sentence is the caption's tooltip)
st.html("<style>[data-testid='stMainBlockContainer']{padding-top:1.2rem}"
        "@media (max-width:1500px){[data-testid='stMainBlockContainer']{padding-left:1.5rem;padding-right:1.5rem}}"
        "[data-testid='stMainBlockContainer'] h1{padding:.25rem 0}"
        # the pair's header on a laptop: smaller figures and headings, so the graphs start higher
        "@media (max-width:1500px){[data-testid='stMetricValue']{font-size:1.75rem}"
        "[data-testid='stMainBlockContainer'] h1{font-size:2.25rem;padding:0}}"
        ".st-key-dscorer_doc_head h4{padding:.35rem 0 0}"
        ".st-key-dscorer_sentence p{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
        ".st-key-dscorer_clause_tables [data-testid=stHorizontalBlock]{flex-wrap:wrap}"
        ".st-key-dscorer_clause_tables [data-testid=stColumn]{min-width:min(100%,560px)}</style>")
# the bundled pair of the paper's figures (the default samples), which the page explains and opens on Figure 4
paper_sample = pred is not None and gold is not None and all(
    f.key.startswith(f"sample:{aw.DEFAULT_SAMPLES[side]}") for side, f in (("pred", pred), ("gold", gold)))
title_col, help_col = st.columns([1, 2], vertical_alignment="center")
title_col.title("Pair view")
with help_col.expander("What am I looking at?"):
    st.markdown(
        "A predicted DRS (left) against its gold DRS (right): their graphs, the n-grams they share, and the "
        "scores built from them. "
        "Each DRS becomes a graph: boxes (B) and discourse referents are nodes, constants keep their text, "
        "and every clause gives one or two labelled edges (most also get a reverse edge, marked `~`). "
        "A **k-gram** is a path of k edges; its text is the sequence of node types and edge labels. "
        "DSCORER counts the k-grams both graphs share: per order k, p = shared / pred k-grams and "
        "r = shared / gold k-grams, and the combined score is a weighted geometric mean over k = 0..n "
        "(k = 0 compares node counts). Choose k with the slider: each edge's colour is the share of the "
        "k-grams through it that the other graph also has. Pick one k-gram under the graphs to see where it occurs.")
    if paper_sample:
        st.caption("Sample pair from the DSCORER paper: document 0 is its Figure 1 DRS against itself, "
                   "document 1 its Figure 4 case (\"He smiled.\" against the gold DRS of another sentence).")
if not paired:
    st.info("Load a predicted and a gold file (clauses or SBN) with the same number of DRSs (sidebar).")
    st.stop()

n_docs = len(gold.drss)
if st.session_state.get("doc_index", 0) >= n_docs or st.session_state.get("doc_index", 0) < 0:
    st.session_state["doc_index"] = 0
# a first visit to the bundled sample opens on its Figure 4 case (document 1), where the parser is wrong;
# document 0 is Figure 1 against itself (every score 1.0)
st.session_state.setdefault("doc_index", 1 if paper_sample and n_docs > 1 else 0)


def _set_doc(i: int) -> None:
    st.session_state["doc_index"] = max(0, min(n_docs - 1, i))


def _from_number() -> None:
    _set_doc(int(st.session_state["doc_number"]))


def _from_search() -> None:
    choice = st.session_state.get("doc_search_pick")
    if choice is not None:
        _set_doc(int(choice))


st.session_state["doc_number"] = st.session_state["doc_index"]
# the row ends with the edit of the predicted DRS (a popover, filled below once the sentence is known):
# a control in a row the page has anyway, so it moves neither the scores nor the graphs
c_num, c_prev, c_next, c_search = st.columns([2, 1.4, 1.4, 4.8], vertical_alignment="bottom")
c_num.number_input(f"Document (0-{n_docs - 1})", min_value=0, max_value=n_docs - 1, step=1,
                   key="doc_number", on_change=_from_number)
c_prev.button("◀ Previous", on_click=lambda: _set_doc(st.session_state["doc_index"] - 1),
              disabled=st.session_state["doc_index"] == 0, width="stretch", shortcut="P",
              help="Previous document (key P)")
c_next.button("Next ▶", on_click=lambda: _set_doc(st.session_state["doc_index"] + 1),
              disabled=st.session_state["doc_index"] >= n_docs - 1, width="stretch", shortcut="N",
              help="Next document (key N)")
with c_search:
    query = st.text_input("Search a sentence", key="doc_search", placeholder="e.g. piano")
if query.strip():
    q = query.strip().lower()
    hits = [d.index for d in gold.drss if q in (d.sentence or "").lower()] or \
           [d.index for d in pred.drss if q in (d.sentence or "").lower()]
    if hits:
        st.selectbox(f"{len(hits)} matching document(s)", hits[:500], index=None, key="doc_search_pick",
                     placeholder="Choose one to open it",
                     format_func=lambda i: f"{i}: {quoted(gold.drss[i].sentence or pred.drss[i].sentence or '')}",
                     on_change=_from_search)
    else:
        st.caption("No sentence contains that text.")

i = st.session_state["doc_index"]


# ---- everything below the scores depends on the order k, the n-gram, the variable or the drawing chosen
# here: a fragment, so those choices rerun this part only (not the sidebar's file widgets, the document
# navigation or the sentence navigator); a change of "COUNTER too" reruns the whole page (the scores above)
@st.fragment
def pair_details(pdrs: Drs, gdrs: Drs, result: PairResult, cpair: CounterPair | None, counter_note: str,
                 settings: ScoreSettings, show_names: bool, i: int, part: aw.SentenceView | None,
                 with_counter: bool) -> None:
    """The k slider, both graphs, the pickers and the tables of one pair (a fragment of the page)."""
    pg, gg = result.pred_graph, result.gold_graph
    col_k, col_text, col_toggle = st.columns([3, 4, 2], vertical_alignment="center")
    with col_k:
        if settings.order > 1:
            k = st.slider("Highlight order k", 1, settings.order, key="k",
                          help="Each edge's colour is the share of the k-grams through it that both graphs have.")
        else:
            k = 1
            st.caption("Highlight order k = 1 (the only order when n = 1)")
    aw.write_view_link(i, k)
    # an SBN pair opens on Smatch's view of it (its SBN graphs, alignment and triples), once per change of files
    sbn_pair = aw.is_sbn_pair(pdrs, gdrs)
    drawings = ["graphs", "boxes", "diff"] + ([aw.SMATCH_DRAWING] if sbn_pair else [])
    if st.session_state.get("pair_drawing_sbn") != sbn_pair:
        st.session_state["pair_drawing_sbn"] = sbn_pair
        if sbn_pair:
            st.session_state["pair_drawing"] = aw.SMATCH_DRAWING
    if st.session_state.get("pair_drawing") not in drawings:
        st.session_state["pair_drawing"] = "graphs"
    ok = next((o for o in result.score.orders if o.k == k), None)
    if ok is not None and st.session_state.get("pair_drawing") != aw.SMATCH_DRAWING:
        col_text.markdown(f"**{k}-grams:** {ok.matched} matched of {ok.pred} in pred and {ok.gold} in gold: "
                          f"p = {ok.p:.3f}, r = {ok.r:.3f}, f = {ok.f:.3f}")
    col_toggle.toggle("COUNTER too", key="with_counter",
                      help="COUNTER (van Noord et al. 2018): clause overlap under the best variable mapping.")
    if bool(st.session_state["with_counter"]) != with_counter:
        st.rerun()  # the scores above and the sentence navigator show COUNTER too (or no longer)
    col_text.segmented_control("Draw the pair as", drawings, key="pair_drawing",
                               label_visibility="collapsed",
                               help="Graphs; both DRSs as DRT boxes in their place (each condition coloured by its "
                                    "edges' matched share at this k and marked for COUNTER); a diff, no k needed: "
                                    "what is only in pred, only in gold and matched (clauses under COUNTER's "
                                    "mapping, triples under Smatch's for SBN); for SBN files also the SBN graphs "
                                    "as Smatch scores them (alignment and matched triples).")
    col_toggle.toggle("Present", key="present",
                      help="For a projector: the sidebar is hidden and the text is larger; the graphs take the "
                           "whole width, so they are drawn larger too. Switch off to get the sidebar back.")
    if st.session_state.get("present"):
        aw.present_mode()

    # COUNTER's variable mapping, located in both graphs; the variable chosen below (widget state of the
    # previous run) is ringed in both panes and its clauses are marked in the clause tables
    links = variable_links(pg, gg, cpair.mapping) if cpair else ()
    by_label = {link.label: link for link in links}
    var_choice = by_label.get(st.session_state.get("counter_var"))

    highlight = rows = comparison = None
    mapping = tuple(sorted(cpair.mapping.items())) if cpair is not None else None
    try:
        # exactly min(pred, gold) occurrences of each k-gram are matched, those COUNTER's mapping pairs first
        comparison = aw.cached_comparison(pg, gg, k, mapping)
        highlight, rows = comparison.highlight, comparison.rows
    except NgramExplosion as exc:
        st.warning("Too many k-grams to list or highlight at this order: " + aw.md_escape(str(exc)) +
                   ". Lower the order k.")

    # the n-gram chosen in the table below (widget state of the previous run)
    chosen = st.session_state.get("ngram_choice")
    if chosen is not None and (comparison is None or not any(r.text == chosen for r in rows)):
        chosen = None

    # ---- graphs (no heading: their captions say what they are), or the same pair as DRT boxes in their place,
    # or (SBN files) the SBN graphs as Smatch scores them
    as_boxes = st.session_state.get("pair_drawing") == "boxes"
    as_smatch = st.session_state.get("pair_drawing") == aw.SMATCH_DRAWING
    dark = getattr(getattr(st.context, "theme", None), "type", None) == "dark"
    if as_smatch:
        aw.smatch_pair_view(pdrs, gdrs, dark)
    elif st.session_state.get("pair_drawing") == "diff":
        aw.diff_view(pdrs, gdrs, aw.app_counter_settings())
    elif as_boxes:
        aw.box_view_pair(pdrs, gdrs, pred_graph=pg, gold_graph=gg, highlight=highlight, counter=cpair)
    elif too_large_to_draw([pg, gg]):
        st.warning(f"These graphs are too large to lay out readably ({len(pg.nodes)} and {len(gg.nodes)} nodes; "
                   f"the limit is {MAX_LAYOUT_NODES}). Use the n-gram table and the clause lists below"
                   + (", or choose a sentence above." if st.session_state.get("sentence_doc") else "."))
    else:
        # nodes that COUNTER's variable mapping pairs sit at the same place in both panes (by name without COUNTER)
        layout = aw.cached_layout(pg, gg, mapping)
        focus = {}
        if chosen:
            focus = {side: comparison.elements(side, chosen) for side in ("pred", "gold")}
        # the pane is as tall as the layout at a readable scale (labels at least 16 px), 420 to 1800 px: the
        # wheel scrolls the page over a pane, so a tall graph is read by scrolling; each pane fits the shared
        # bounding box on load (a taller or wider drawing is shown whole, smaller: zoom in with + or Ctrl+wheel)
        compact = st.session_state.get("compact", True)
        forward_only = not st.session_state.get("show_reverse", True)
        # both panes fit the same box: the nodes and every curve and label either pane draws
        box = aw.drawing_box(layout, pg, gg, compact, show_names, forward_only)
        pane_height = aw.pane_height(box)
        # the legend right above the panes, where the colours are read
        aw.legend(with_variable=bool(links),
                  pairing="COUNTER's variable mapping" if cpair is not None else "the variable names")
        panes = []
        present = bool(st.session_state.get("present"))
        for side, graph, pos in (("pred", pg, layout.pred), ("gold", gg, layout.gold)):
            # each pane ends under its own drawing (present mode: both panes one size)
            own = box if present else aw.pane_box(box, graph, pos, compact, show_names, forward_only)
            fn, fe = focus.get(side, (frozenset(), frozenset()))
            name = "Predicted" if side == "pred" else "Gold"
            # live: the panes stay loaded; another k, n-gram or variable restyles them, another sentence redraws them
            where = f"_s{part.number}" if part is not None else ""  # one sentence of a long document
            panes.append(aw.prepare_pane(
                name, graph, pos, own, svg_name=f"{side}_doc{i}{where}.svg", live=True,
                svg_title=f"{name} graph, document {i}" + (f", sentence {part.number}" if part else "")
                + (f", k = {k}" if highlight else ""),
                edge_status=getattr(highlight, side).edges if highlight else None,
                edge_counts=getattr(highlight, side).edge_counts if highlight else None,
                focus_nodes=fn, focus_edges=fe, show_names=show_names,
                forward_only=forward_only, compact=compact, side=side, dark=dark,
                height=pane_height,
                marked_nodes=getattr(var_choice, f"{side}_nodes") if var_choice else frozenset(),
                unpaired=getattr(layout, f"{side}_unpaired"),
                context_nodes=aw.context_nodes(part, side, graph), **aw.fit_options(box, own)))
        for pane in panes:  # both panes' graphs and styles first, together: both panes redraw at once
            aw.pane_layer(pane)
        for col, pane in zip(st.columns(2), panes):  # captions in a row of their own: the panes start level
            col.markdown(pane.caption)
        for col, pane in zip(st.columns(2), panes):
            with col:
                aw.show_pane(pane, caption=False)
    # the pickers sit right under the graphs, so a choice redraws graphs that are in view
    v_pick, n_pick = st.columns(2, vertical_alignment="top")
    if links and not as_smatch:
        with v_pick:
            var_choice = by_label.get(st.selectbox(
                "Highlight a variable in both graphs (pred → gold)", list(by_label), index=None,
                key="counter_var", placeholder="(none)",
                help="The pred variable is ringed in the left graph and the gold variable COUNTER maps it to "
                     "in the right one; their clauses are marked pink in the clause tables below."))
            if var_choice is not None:
                st.caption(
                    f"{aw.md_escape(var_choice.pred or '(none)')} (pred, {len(var_choice.pred_clauses)} clauses) "
                    f"is mapped to {aw.md_escape(var_choice.gold or '(none)')} (gold, "
                    f"{len(var_choice.gold_clauses)} clauses)"
                    + ("" if var_choice.pred and var_choice.gold
                       else ": COUNTER's mapping leaves it without a partner"))
    if rows is not None and not as_smatch:
        with n_pick:
            counts = {r.text: r for r in rows}
            chosen = st.selectbox(f"Highlight one {k}-gram in both graphs", list(counts)[:2000], index=None,
                                  key="ngram_choice", placeholder="(none: colour by matched share)",
                                  format_func=lambda t: f"{quoted(t)}   ({counts[t].describe()})",
                                  help="All occurrences of the chosen k-gram are drawn pink in both graphs; "
                                       f"the table of the {k}-grams is further down.")

    # ---- the scores in detail (per order k, notes, signatures)
    with st.expander("Scores per order k, settings and signatures", expanded=True):
        st.caption(f"**DSCORER** (shared k-grams): preset {settings.preset}, n = {settings.order}, "
                   f"w0 = {settings.w0:g}")
        if result.score.orders:
            aw.data_table(aw.order_table(result.score), hide_index=True, width="stretch",
                         column_config={c: st.column_config.NumberColumn(format="%.4f")
                                        for c in ("p", "r", "f", "weight")})
        if counter_note:
            st.caption(counter_note)
        st.caption("signature: " + "  \n".join(aw.md_escape(aw.signed(sig, pred)) for sig in
                                                 [result.signature] + ([cpair.signature] if cpair else [])))

    # ---- boxes (DRT notation) under the graphs, to find a condition in them (or in their place: "Draw the pair as")
    if not as_boxes:
        with st.expander("Boxes (DRT notation): hover a condition to find it in the graphs", expanded=True):
            aw.box_view_pair(pdrs, gdrs, pred_graph=pg, gold_graph=gg, highlight=highlight, counter=cpair)

    # ---- n-gram table and choice
    st.markdown(f"#### The {k}-grams")
    if rows is not None:
        f_col, table_col = st.columns([2, 5])
        status = f_col.radio("Show", list(ROW_FILTERS), horizontal=False, key="ngram_filter",
                             format_func=lambda s: {"all": "all", "matched": "with matched occurrences",
                                                    "only-pred": "with some only in pred (invented)",
                                                    "only-gold": "with some only in gold (missed)"}[s])
        shown = filter_rows(rows, status)
        with table_col:
            frame = pd.DataFrame([{"n-gram": r.text, "pred": r.pred, "gold": r.gold, "matched": r.matched,
                                   "only in pred": r.only_pred, "only in gold": r.only_gold} for r in shown[:5000]],
                                 columns=["n-gram", "pred", "gold", "matched", "only in pred", "only in gold"])
            aw.data_table(frame, hide_index=True, height=240, width="stretch")
            st.caption(f"{len(shown)} of {len(rows)} distinct {k}-grams"
                       + (" (first 5000 listed)" if len(shown) > 5000 else "")
                       + ". Highlight one in the graphs with the picker under them.")

    # ---- COUNTER's clause matching
    if cpair is not None:
        st.markdown("#### Clause matching (COUNTER)")
        st.caption(f"COUNTER maps pred variables to gold variables one to one and counts the clauses that become "
                   f"equal: {cpair.matched} matched, {cpair.pred_clauses - cpair.matched} pred and "
                   f"{cpair.gold_clauses - cpair.matched} gold clauses unmatched; redundant REF clauses are left out "
                   f"({len(cpair.dropped_pred)} pred, {len(cpair.dropped_gold)} gold). Select a row of the mapping to "
                   "highlight the variable in both graphs.")

        def _var_from_table() -> None:
            picked = st.session_state["counter_map_table"].selection.rows
            if picked and picked[0] < len(links):
                st.session_state["counter_var"] = links[picked[0]].label

        m_col, p_col = st.columns([2, 3])
        with m_col:
            st.markdown("**Variable mapping**")
            aw.data_table(pd.DataFrame([{"pred variable": link.pred or "–", "gold variable": link.gold or "–",
                                        "pred clauses": len(link.pred_clauses), "gold clauses": len(link.gold_clauses)}
                                       for link in links],
                                      columns=["pred variable", "gold variable", "pred clauses", "gold clauses"]),
                         hide_index=True, width="stretch", height=min(320, 38 + 35 * max(1, len(links))),
                         key="counter_map_table", on_select=_var_from_table, selection_mode="single-row")
        with p_col:
            st.markdown(f"**Matched clause pairs** ({cpair.matched})")
            aw.coloured_table(aw.clause_pairs_frame(cpair.matched_clauses), verdict_columns=(),
                              matched_columns=("pred clause", "gold clause"),
                              height=min(320, 38 + 35 * max(1, cpair.matched)))

    # ---- clauses (and COUNTER's view of them)
    st.markdown("#### Clauses")
    st.caption(f"✗ in the k-grams column marks a clause with an edge that lies only on unmatched {k}-grams"
               + ("; the COUNTER column gives COUNTER's verdict under the mapping above" if cpair else "")
               + ". Blue: matched, orange: unmatched, as in the graphs"
               + ("; pink rows: clauses of the chosen variable." if var_choice else "."))
    # side by side where each table gets 560 px (1920), one under the other where not (1280): every column readable
    with st.container(key="dscorer_clause_tables"):
        left, right = st.columns(2)
    for col, side, drs in ((left, "pred", pdrs), (right, "gold", gdrs)):
        with col:
            st.markdown(f"**{'Predicted' if side == 'pred' else 'Gold'}** ({len(drs.clauses)} clauses"
                        + (f", {len(drs.duplicates)} duplicate(s) dropped" if drs.duplicates else "") + ")")
            statuses = getattr(highlight, side).clauses if highlight else None
            marks = counter_clause_marks(drs, cpair, side) if cpair else None
            marked = getattr(var_choice, f"{side}_clauses") if var_choice else ()
            aw.coloured_table(aw.clause_frame(drs, statuses, marks), marked)



# ---- one document: its sentence navigator, edit, scores and details; a fragment, so choosing a sentence
# or editing pred reruns this part only (not the sidebar's file widgets or the document navigation)
@st.fragment
def document_view(i: int) -> None:
    """Document ``i`` of the pair: heading, sentence navigator, edit of pred, scores and details."""
    if st.session_state["doc_index"] != i:  # a control in here opened another document (judging): the whole
        st.rerun()  # page follows, the navigation row included
    pdrs, gdrs = pred.drss[i], gold.drss[i]
    # the document's heading and its sentence in small print (escaped) on one row, so the graphs start on a
    # laptop's first screen
    with st.container(key="dscorer_doc_head"):
        head_col, sentence_col, c_edit = st.columns([1.2, 3.2, 1.2], vertical_alignment="center")
    head_col.markdown(f"#### Document {i}")
    if pdrs.sentence and gdrs.sentence and pdrs.sentence != gdrs.sentence:
        sentence = f"gold: {aw.md_escape(gdrs.sentence)}  \npred: {aw.md_escape(pdrs.sentence)}"
    else:
        sentence = aw.md_escape(gdrs.sentence or pdrs.sentence or "(no sentence in the files)")
    sentence_line = sentence_col.container(key="dscorer_sentence")  # filled once the edit of the pred DRS is known
    aw.show_failed_parse(pred, i)  # an ill-formed predicted DRS: said here, with its reason, not only in the sidebar
    if judging is not None:  # judging mode (sidebar): acceptable or not, then on to the next unjudged document
        aw.acceptability_panel(judging, i, aw.system_name(pred.name), n_docs, _set_doc)

    # a document of several sentences: choose one, and everything below shows only its part of both DRSs
    part = aw.sentence_navigator(pred, gold, i, settings, bool(st.session_state.get("with_counter", True)))
    if part is not None:
        pdrs, gdrs = part.pred, part.gold
    # the predicted DRS edited in place (a popover at the end of the heading's row): everything below follows
    # the edit, and the sentence's line says so (one line either way: nothing below moves)
    shown_pred = pdrs
    pdrs = aw.edited_pred(pdrs, f"doc{i}" + (f"_s{part.number}" if part is not None else ""), c_edit)
    sentence_line.caption((aw.edited_note(pdrs) if pdrs is not shown_pred else "") + sentence, help=sentence)

    try:
        result = aw.cached_pair_score(pdrs, gdrs, settings)
    except NgramExplosion as exc:
        aw.show_input_error("document", exc)
        aw.data_table(aw.clause_frame(gdrs), hide_index=True)
        st.stop()

    if not 1 <= st.session_state.get("k", 1) <= settings.order:
        st.session_state["k"] = max(1, min(settings.order, st.session_state.get("k", 1)))
    st.session_state.setdefault("with_counter", True)
    with_counter = bool(st.session_state["with_counter"])

    # COUNTER on this pair (its figures stand beside DSCORER's)
    cpair = None
    counter_note = ""
    if with_counter:
        if max(len(pdrs.clauses), len(gdrs.clauses)) > aw.COUNTER_MAX_CLAUSES:
            counter_note = (f"COUNTER is not run on DRSs of more than {aw.COUNTER_MAX_CLAUSES} clauses here "
                            "(use `dscorer counter` on the command line).")
        else:
            cpair = aw.cached_counter_pair(pdrs, gdrs, aw.app_counter_settings())
            counter_note = (f"**COUNTER** (clause overlap): {cpair.matched} of {cpair.pred_clauses} pred and "
                            f"{cpair.gold_clauses} gold clauses match under the best variable mapping "
                            f"({'optimal' if cpair.optimal else 'best found'}); see *Clause matching* below.")

    # first screen: the scores in one row, the order k, then the graphs; details below the graphs
    figures = [("", result.score)] + ([("COUNTER ", cpair)] if cpair is not None else [])
    metric_cols = st.columns(6)
    # what the figures are, in each figure's tooltip (a line of its own cost the graphs 35 px on a laptop)
    headline = (f"P, R, F: DSCORER (k-gram scores for k = 0..{settings.order}, geometric mean, w0 = {settings.w0:g}, "
                f"{settings.preset})" + ("; COUNTER: clauses matched under the best mapping." if cpair else "."))
    headline_help = (headline + "\n\nDSCORER's P, R and F are the weighted geometric means of the k-gram precisions "
                     "and recalls for k = 0 (node counts, weight w0) to n; the k slider below only colours the graphs. "
                     "COUNTER's are the clauses that match under the best one-to-one mapping of pred variables to gold "
                     "variables.")
    for j, (prefix, fig) in enumerate(figures):
        for col, name, value in zip(metric_cols[3 * j:3 * j + 3], "PRF", (fig.P, fig.R, fig.F)):
            col.metric(prefix + name, f"{value:.4f}", help=headline_help)
    aw.sbn_smatch_pair(pdrs, gdrs)  # SBN files only: Smatch, PMB 5 and corrected
    pair_details(pdrs, gdrs, result, cpair, counter_note, settings, show_names, i, part, with_counter)


document_view(i)

