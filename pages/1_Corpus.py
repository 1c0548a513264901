"""dscorer app, corpus view: score every document of the loaded pair of files.

A sortable per-document table (worst first), micro and macro figures with the signature,
a histogram of per-document F, the number of n-grams per graph by order (the paper's
Figure 2), CSV and JSON downloads; choosing a row opens that document in the pair view.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import NgramExplosion, score_corpus
from dscorer_core.cli.score_command import document_rows

st.set_page_config(page_title="dscorer · corpus view", page_icon="📊", layout="wide")
aw.keep_widget_state()

pred, gold, paired = aw.load_pair()
settings, _ = aw.settings_sidebar()

st.title("Corpus view")
if not paired:
    st.info("Load a predicted and a gold clause file with the same number of DRSs (sidebar).")
    st.stop()

run_key = (pred.key, gold.key, settings)
cache = st.session_state.setdefault("_corpus_results", {})
result = cache.get(run_key)
if result is None:
    try:
        result = aw.run_with_progress(
            f"Scoring {len(gold.drss)} documents...",
            lambda progress: score_corpus(list(pred.drss), list(gold.drss), settings, progress=progress))
    except NgramExplosion as exc:
        aw.show_input_error("pair of files", exc)
        st.stop()
    cache.clear()  # keep one corpus result per session
    cache[run_key] = result

m, M = result.micro, result.macro
st.caption("signature: " + aw.md_escape(result.signature) + f" · {len(result.documents)} documents")
cols = st.columns(6)
for col, (name, value) in zip(cols, [("micro P", m.P), ("micro R", m.R), ("micro F", m.F),
                                     ("macro P", M.P), ("macro R", M.R), ("macro F", M.F)]):
    col.metric(name, f"{value:.4f}")
with st.expander("Per-order micro figures"):
    st.dataframe(aw.order_table(m), hide_index=True)

# ---- the per-document table
n = settings.order
rows = [{"index": d.index, "sentence": d.sentence or "", "P": d.score.P, "R": d.score.R, "F": d.score.F,
         **{f"f{o.k}": o.f for o in d.score.orders if o.k >= 1},
         "pred clauses": d.pred_clauses, "gold clauses": d.gold_clauses} for d in result.documents]
table = pd.DataFrame(rows).sort_values(["F", "index"], kind="stable").reset_index(drop=True)
st.markdown("#### Documents (worst first)")
st.caption("Click a column header to sort; select a row, or pick a document below, to open it in the pair view.")
selection = st.dataframe(
    table, hide_index=True, width="stretch", height=min(380, 38 + 35 * len(table)), key="corpus_table", on_select="rerun",
    selection_mode="single-row",
    column_config={c: st.column_config.NumberColumn(format="%.4f")
                   for c in ["P", "R", "F"] + [f"f{k}" for k in range(1, n + 1)]})


def _open(index: int) -> None:
    st.session_state["doc_index"] = int(index)
    st.switch_page("app.py")


picked = selection.selection.rows if selection is not None and hasattr(selection, "selection") else []
if picked:
    _open(table.iloc[picked[0]]["index"])
c_pick, c_go = st.columns([5, 1], vertical_alignment="bottom")
choice = c_pick.selectbox("Open a document in the pair view", list(table["index"]), key="corpus_open",
                          format_func=lambda i: f"{i}: F = {result.documents[i].score.F:.3f} · "
                                                f"{result.documents[i].sentence or ''}")
if c_go.button("Open in pair view", key="corpus_open_button", width="stretch"):
    _open(choice)

# ---- plots
left, right = st.columns(2)
with left:
    st.markdown("#### Per-document F")
    hist = alt.Chart(table).mark_bar().encode(
        alt.X("F:Q", bin=alt.Bin(maxbins=20, extent=[0, 1]), title="combined F"),
        alt.Y("count():Q", title="documents"))
    st.altair_chart(hist, width="stretch")
with right:
    st.markdown("#### n-grams per graph by order")
    per_order = []
    for k in range(1, n + 1):
        for side in ("pred", "gold"):
            total = sum(getattr(d.counts[k], side) for d in result.documents)
            per_order.append({"order k": k, "side": side, "k-grams per graph": total / len(result.documents)})
    bars = alt.Chart(pd.DataFrame(per_order)).mark_bar().encode(
        alt.X("order k:O"), alt.XOffset("side:N"), alt.Y("k-grams per graph:Q"),
        alt.Color("side:N", scale=alt.Scale(domain=["pred", "gold"], range=["#56B4E9", "#333333"])),
        tooltip=["order k", "side", alt.Tooltip("k-grams per graph:Q", format=".1f")])
    st.altair_chart(bars, width="stretch")
    st.caption("Mean number of k-grams per graph (the DSCORER paper's Figure 2).")

# ---- downloads
header, csv_rows = document_rows(result)
csv = pd.DataFrame(csv_rows, columns=header).to_csv(index=False)
d1, d2 = st.columns(2)
d1.download_button("Download the per-document table (CSV)", csv, "dscorer_documents.csv", "text/csv")
d2.download_button("Download the full result (JSON)", aw.json_text(result.as_dict(per_doc=True)),
                   "dscorer_result.json", "application/json")
