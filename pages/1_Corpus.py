"""dscorer app, corpus view: score every document of the loaded pair of files.

A sortable per-document table (worst first), micro and macro figures with the signature,
COUNTER's figures beside DSCORER's (unless turned off), per-document DSCORER F against COUNTER F
with Pearson's r (the paper's Figure 3) and the documents on which the two disagree most, a
histogram of per-document F, the number of n-grams per graph by order (the paper's Figure 2),
CSV and JSON downloads; choosing a row opens that document in the pair view.
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import NgramExplosion
from dscorer_core.counter import CounterResult
from dscorer_core.csv_safety import csv_text
from dscorer_core.metrics import MetricResult, make_metrics, metric_names, usable_metrics
from dscorer_core.ngrams.corpus import document_table
from dscorer_core.stats.metric_agreement import correlation, disagreements, metric_pairs

st.set_page_config(page_title="dscorer · corpus view", page_icon=aw.PAGE_ICON, layout="wide")
aw.share_the_interpreter()
aw.keep_widget_state()
aw.page_links()

pred, gold, paired = aw.load_pair()
settings, _ = aw.settings_sidebar()

st.title("Corpus view")
if not paired:
    st.info("Load a predicted and a gold file (clauses or SBN) with the same number of DRSs (sidebar).")
    st.stop()

try:  # shared by all sessions: ten students opening one corpus score it once
    result = aw.cached_job(aw.dscorer_job(pred, gold, settings))
except NgramExplosion as exc:
    aw.show_input_error("pair of files", exc)
    st.stop()

m, M = result.micro, result.macro
st.caption("signature: " + aw.md_escape(aw.signed(result.signature, pred)) + f" · {len(result.documents)} documents")
cols = st.columns(6)
for col, (name, value) in zip(cols, [("micro P", m.P), ("micro R", m.R), ("micro F", m.F),
                                     ("macro P", M.P), ("macro R", M.R), ("macro F", M.F)]):
    col.metric(name, f"{value:.4f}")
with st.expander("Per-order micro figures"):
    aw.data_table(aw.order_table(m), hide_index=True)
aw.sbn_smatch_corpus(pred, gold)  # SBN files only: Smatch, PMB 5 and corrected

# ---- COUNTER on the same files (micro-averaged over clauses)
st.session_state.setdefault("corpus_counter", True)
with_counter = st.toggle("Score with COUNTER too", key="corpus_counter",
                         help="COUNTER's clause matching for every document (cached per pair of files). "
                              "Turn it off for very large files.")
cres = pairs = None
counter_refused = aw.counter_refusal(pred.drss, gold.drss) if with_counter else None
if counter_refused:
    st.warning(aw.md_escape(counter_refused), icon=":material/warning:")
if with_counter and not counter_refused:
    counter_settings = aw.app_counter_settings()
    cres: CounterResult = aw.cached_job(aw.counter_job(pred, gold, counter_settings))
    pairs = metric_pairs(result, cres)
    c1, c2, c3, c4 = st.columns([1, 1, 1, 3], vertical_alignment="center")
    c1.metric("COUNTER P", f"{cres.P:.4f}")
    c2.metric("COUNTER R", f"{cres.R:.4f}")
    c3.metric("COUNTER F", f"{cres.F:.4f}")
    c4.caption(f"COUNTER, micro-averaged: {cres.matched} of {cres.pred_clauses} pred and {cres.gold_clauses} gold "
               f"clauses match; mapping proven optimal on {cres.optimal_documents} of {len(cres.documents)} "
               "documents.  \nsignature: " + aw.md_escape(aw.signed(cres.signature, pred)))

# ---- the registry's other metrics that can score these files (Smatch where both files are SBN)
SHOWN_ABOVE = ("dscorer", "counter")  # DSCORER heads the page; COUNTER has its switch
others = [m for m in usable_metrics(make_metrics(metric_names()), gold.drss, [pred.drss]) if m.name not in SHOWN_ABOVE]
more: list[MetricResult] = []
for metric in others:
    more.append(aw.cached_run(("metric", metric, pred.key, gold.key), f"{metric.title}: scoring {len(gold.drss)} "
                              "documents...", lambda progress, m=metric: m.score(list(pred.drss), list(gold.drss),
                                                                                 progress=progress), store="corpus"))
for extra in more:
    st.caption(f"{extra.metric.title} F per document in the table below ({extra.metric.title} F = {extra.F:.4f}, "
               f"{'mean of documents' if extra.average == 'macro' else 'micro'}) · signature: "
               + aw.md_escape(str(extra.signature)))

# ---- the per-document table
n = settings.order
# the charts and downloads below are made once per files and settings for all sessions
charts_key = ("corpus", pred.key, gold.key, settings, aw.app_counter_settings() if cres is not None else None)
counter_docs = cres.documents if cres is not None else [None] * len(result.documents)
rows = [{"index": d.index, "sentence": d.sentence or "", "P": d.score.P, "R": d.score.R, "F": d.score.F,
         **({"COUNTER P": c.P, "COUNTER R": c.R, "COUNTER F": c.F} if c is not None else {}),
         **{f"{x.metric.title} F": x.documents[d.index].F for x in more},
         **{f"f{o.k}": o.f for o in d.score.orders if o.k >= 1},
         "pred clauses": d.pred_clauses, "gold clauses": d.gold_clauses}
        for d, c in zip(result.documents, counter_docs)]
table = pd.DataFrame(rows).sort_values(["F", "index"], kind="stable").reset_index(drop=True)
f_columns = ["P", "R", "F"] + (["COUNTER P", "COUNTER R", "COUNTER F"] if cres is not None else []) + \
    [f"{x.metric.title} F" for x in more]
st.markdown("#### Documents (worst first)")
st.caption("Click a column header to sort; select a row, or pick a document below, to open it in the pair view.")
selection = aw.data_table(
    table, hide_index=True, width="stretch", height=min(380, 38 + 35 * len(table)), key="corpus_table",
    on_select="rerun",
    selection_mode="single-row",
    # narrow numbers (.3f, short headers) and a sentence that yields: every column fits at 1280 px
    column_config={"index": st.column_config.NumberColumn("#", width=40),
                   "sentence": st.column_config.TextColumn(width="medium"),
                   **{c: st.column_config.NumberColumn(c.replace("COUNTER ", "C "), format="%.3f", width=52,
                                                       help=f"{c} of this document")
                      for c in f_columns + [f"f{k}" for k in range(1, n + 1)]},
                   "pred clauses": st.column_config.NumberColumn("pred cl.", width=52, help="predicted clauses"),
                   "gold clauses": st.column_config.NumberColumn("gold cl.", width=52, help="gold clauses")})


def _open(index: int) -> None:
    st.session_state["doc_index"] = int(index)
    st.switch_page("app.py")


picked = selection.selection.rows if selection is not None and hasattr(selection, "selection") else []
if picked:
    _open(table.iloc[picked[0]]["index"])
c_pick, c_go = st.columns([5, 1], vertical_alignment="bottom")


def _doc_label(i: int) -> str:
    counter_f = f" · COUNTER F = {cres.documents[i].F:.3f}" if cres is not None else ""
    return f"{i}: F = {result.documents[i].score.F:.3f}{counter_f} · {result.documents[i].sentence or ''}"


choice = c_pick.selectbox("Open a document in the pair view", list(table["index"]), key="corpus_open",
                          format_func=_doc_label)
if c_go.button("Open in pair view", key="corpus_open_button", width="stretch"):
    _open(choice)

# ---- DSCORER against COUNTER (the paper's Figure 3) and where they disagree most
if pairs is not None:
    st.markdown("#### DSCORER against COUNTER")
    agreement = correlation(pairs.dscorer, pairs.counter)
    per_doc = pd.DataFrame({"index": pairs.indices, "sentence": [t or "" for t in pairs.sentences],
                            "DSCORER F": pairs.dscorer, "COUNTER F": pairs.counter})
    r_cols = st.columns([1, 1, 4], vertical_alignment="center")
    r_cols[0].metric("Pearson's r", "–" if agreement.pearson is None else f"{agreement.pearson:.4f}")
    r_cols[1].metric("Spearman's ρ", "–" if agreement.spearman is None else f"{agreement.spearman:.4f}")
    r_cols[2].caption(
        f"Per-document F under both metrics, over {agreement.n} documents"
        + (f" (Pearson p = {agreement.pearson_p:.2g}, Spearman p = {agreement.spearman_p:.2g})"
           if agreement.pearson_p is not None and agreement.spearman_p is not None else "")
        + ("; undefined when a metric gives every document the same score" if agreement.pearson is None else "")
        + ". Points on the dashed diagonal score the same under both.")
    left, right = st.columns([4, 5])

    def _scatter() -> alt.LayerChart:
        diagonal = alt.Chart(pd.DataFrame({"x": [0.0, 1.0], "y": [0.0, 1.0]})).mark_line(
            color="#999999", strokeDash=[4, 4]).encode(x="x:Q", y="y:Q")
        points = alt.Chart(per_doc).mark_circle(size=50, opacity=0.5, color="#0072B2").encode(
            alt.X("DSCORER F:Q", scale=alt.Scale(domain=[0, 1]), title="DSCORER F (per document)"),
            alt.Y("COUNTER F:Q", scale=alt.Scale(domain=[0, 1]), title="COUNTER F (per document)"),
            tooltip=["index:Q", "sentence:N", alt.Tooltip("DSCORER F:Q", format=".4f"),
                     alt.Tooltip("COUNTER F:Q", format=".4f")])
        return alt.layer(diagonal, points).properties(height=400)

    with left:
        aw.shared_chart(charts_key + ("scatter",), _scatter, width="stretch")
    with right:
        st.markdown("**Documents where the two metrics disagree most** (select a row to open it)")
        st.session_state.setdefault("corpus_disagree_by", "difference")
        by = st.radio("Disagreement", ["difference", "rank"], key="corpus_disagree_by", horizontal=True,
                      format_func=lambda b: {"difference": "|DSCORER F − COUNTER F|",
                                             "rank": "rank difference"}[b],
                      help="rank difference: how far apart a document's places are when the corpus is "
                           "sorted by each metric (as a fraction of the corpus).")
        ranked = disagreements(pairs, by)
        if not ranked:
            st.caption("DSCORER and COUNTER score every document alike.")
        else:
            if len(ranked) > 1:
                top_max = min(200, len(ranked))
                st.session_state.setdefault("corpus_disagree_n", min(20, top_max))
                if st.session_state["corpus_disagree_n"] > top_max:
                    st.session_state["corpus_disagree_n"] = top_max
                top = st.slider("Show the top N", 1, top_max, key="corpus_disagree_n")
            else:
                top = 1
            shown = ranked[:top]
            dis_frame = pd.DataFrame([{"index": d.index, "DSCORER F": d.dscorer, "COUNTER F": d.counter,
                                       "DSCORER − COUNTER": d.difference, "rank difference": d.rank_difference,
                                       "sentence": d.sentence or ""} for d in shown])
            dis = aw.data_table(
                dis_frame, hide_index=True, width="stretch", height=min(360, 38 + 35 * len(dis_frame)),
                key="corpus_disagree_table", on_select="rerun", selection_mode="single-row",
                column_config={"DSCORER F": st.column_config.NumberColumn(format="%.4f"),
                               "COUNTER F": st.column_config.NumberColumn(format="%.4f"),
                               "DSCORER − COUNTER": st.column_config.NumberColumn(format="%+.4f"),
                               "rank difference": st.column_config.NumberColumn(format="%+.3f")})
            st.caption(f"{len(ranked)} of {len(pairs.indices)} documents differ; the top {len(shown)} are listed.")
            picked = dis.selection.rows if dis is not None and hasattr(dis, "selection") else []
            if picked:
                _open(dis_frame.iloc[picked[0]]["index"])
            d_pick, d_go = st.columns([4, 1], vertical_alignment="bottom")
            d_choice = d_pick.selectbox("Open one of these", [d.index for d in shown], key="corpus_disagree_open",
                                        format_func=_doc_label)
            if d_go.button("Open", key="corpus_disagree_button", width="stretch"):
                _open(d_choice)

# ---- plots
left, right = st.columns(2)
with left:
    st.markdown("#### Per-document F")

    def _histogram() -> alt.Chart:
        # bars side by side per bin of 0.05 (not overlaid: an overlap drew a third colour that no legend
        # named); the legend lists exactly the metrics drawn, above the plot where it is not cut
        metrics_shown = {"DSCORER": table["F"]}
        if cres is not None:
            metrics_shown["COUNTER"] = table["COUNTER F"]
        edges = np.linspace(0.0, 1.0, 21)
        rows = [{"bin": f"{lo:.2f}–{hi:.2f}", "from": lo, "metric": name, "documents": int(n)}
                for name, values in metrics_shown.items()
                for lo, hi, n in zip(edges, edges[1:], np.histogram(np.clip(values, 0, 1), bins=edges)[0])]
        colours = {"DSCORER": "#0072B2", "COUNTER": "#E69F00"}
        return alt.Chart(pd.DataFrame(rows)).mark_bar().encode(
            alt.X("bin:O", sort=alt.SortField("from"), title="F (bins of 0.05)", axis=alt.Axis(labelAngle=-45)),
            alt.XOffset("metric:N", sort=list(metrics_shown)),
            alt.Y("documents:Q", title="documents"),
            alt.Color("metric:N", title="F of", scale=alt.Scale(domain=list(metrics_shown),
                                                               range=[colours[m] for m in metrics_shown]),
                      legend=alt.Legend(orient="top", labelLimit=0)),
            tooltip=["metric:N", "bin:N", "documents:Q"])

    aw.shared_chart(charts_key + ("histogram",), _histogram, width="stretch")
with right:
    st.markdown("#### n-grams per graph by order")

    def _bars() -> alt.Chart:
        per_order = []
        for k in range(1, n + 1):
            for side in ("pred", "gold"):
                total = sum(getattr(d.counts[k], side) for d in result.documents)
                per_order.append({"order k": k, "side": side, "k-grams per graph": total / len(result.documents)})
        return alt.Chart(pd.DataFrame(per_order)).mark_bar().encode(
            alt.X("order k:O"), alt.XOffset("side:N"), alt.Y("k-grams per graph:Q"),
            alt.Color("side:N", scale=alt.Scale(domain=["pred", "gold"], range=["#56B4E9", "#333333"])),
            tooltip=["order k", "side", alt.Tooltip("k-grams per graph:Q", format=".1f")])

    aw.shared_chart(charts_key + ("bars",), _bars, width="stretch")
    st.caption("Mean number of k-grams per graph (the DSCORER paper's Figure 2).")

# ---- downloads (their texts built once per files and settings for all sessions)
csv = aw.shared_text(charts_key + ("csv",), lambda: csv_text(*document_table(result)))
d1, d2, d3 = st.columns(3)
d1.download_button("Download the per-document table (CSV)", csv, "dscorer_documents.csv", "text/csv")
d2.download_button("Download the full result (JSON)",
                   aw.shared_text(charts_key + ("json",), lambda: aw.json_text(result.as_dict(per_doc=True))),
                   "dscorer_result.json", "application/json")
if cres is not None:
    d3.download_button("Download the COUNTER result (JSON)",
                       aw.shared_text(charts_key + ("counter json",), lambda: aw.json_text(cres.as_dict(per_doc=True))),
                       "counter_result.json", "application/json")
