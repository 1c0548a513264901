"""Error analysis: what a parser gets wrong across a corpus, and how the metrics agree with people.

Lays out ``dscorer_core.analysis.analyse_errors`` (labels, confusions, structural errors, k-grams;
the same tables as ``dscorer errors``) and, with judging mode on, the judgements of the store
against the metrics (``dscorer_core.stats.human_agreement``, as ``dscorer agreement``). Every row
names its documents; one opens in the pair view with a click."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core.analysis import MIN_SUPPORT, ErrorAnalysis, worst_labels
from dscorer_core.csv_safety import csv_text
from dscorer_core.errors import DscorerInputError
from dscorer_core.stats.human_agreement import (
    agreement_with_people,
    annotator_agreement,
    metric_scores,
    people_vs_metric_disagreements,
)

st.set_page_config(page_title="dscorer · error analysis", page_icon=aw.PAGE_ICON, layout="wide")
aw.share_the_interpreter()
aw.keep_widget_state()
aw.page_links()

pred, gold, paired = aw.load_pair()
settings, _ = aw.settings_sidebar()
judging = aw.judging_sidebar()

st.title("Error analysis")
st.caption("What the parser gets wrong across the corpus: which labels it misses or invents, what it puts in "
           "their place under COUNTER's variable mapping, structural errors, and the k-grams most often missed "
           "and invented. Select a row, then open one of its documents in the pair view.")
if not paired:
    st.info("Load a predicted and a gold file (clauses or SBN) with the same number of DRSs (sidebar).")
    st.stop()

n_docs = len(gold.drss)
counter_settings = aw.app_counter_settings()
st.session_state.setdefault("err_top", aw.ERROR_ROWS)
top = int(st.sidebar.number_input("Rows per list (confusions, k-grams)", 10, 500, step=10, key="err_top"))
orders = aw.error_orders(settings)
refused = aw.counter_refusal(pred.drss, gold.drss)  # the analysis matches clauses with COUNTER
if refused:
    refused = refused.replace("COUNTER is not run", "The error analysis (COUNTER's matching) is not run")
    st.warning(aw.md_escape(refused), icon=":material/warning:")
    st.stop()
try:
    analysis: ErrorAnalysis = aw.cached_job(aw.errors_job(pred, gold, settings, counter_settings, top))
except DscorerInputError as exc:
    aw.show_input_error("pair of files", exc)
    st.stop()
st.caption("signatures: " + " · ".join(aw.md_escape(aw.signed(s, pred)) for s in analysis.signatures)
           + f" · {n_docs} documents")


def open_in_pair_view(document: int) -> None:
    """Show ``document`` in the pair view."""
    st.session_state["doc_index"] = int(document)
    st.switch_page("app.py")


def table_with_documents(frame: pd.DataFrame, documents: list[tuple[int, ...]], key: str, file_stem: str,
                         formats: dict[str, str] | None = None, count_column: str = "documents") -> None:
    """A sortable table whose selected row's documents open in the pair view, and its CSV download;
    ``count_column`` heads the number of each row's documents."""
    config = {c: st.column_config.NumberColumn(format=f) for c, f in (formats or {}).items()}
    shown = frame.assign(**{count_column: [len(d) for d in documents]})
    picked = aw.data_table(shown, hide_index=True, width="stretch", height=min(420, 38 + 35 * max(1, len(shown))),
                          key=key, on_select="rerun", selection_mode="single-row", column_config=config)
    rows = picked.selection.rows if picked is not None and hasattr(picked, "selection") else []
    c_pick, c_open, c_csv = st.columns([4, 2, 2], vertical_alignment="bottom")
    if rows:
        docs = list(documents[rows[0]])
        choice = c_pick.selectbox(f"Documents of the selected row ({len(docs)})", docs[:1000], key=f"{key}_doc",
                                  format_func=lambda d: f"{d}: {gold.drss[d].sentence or ''}")
        if c_open.button("Open in pair view", key=f"{key}_open", width="stretch") and choice is not None:
            open_in_pair_view(choice)
    else:
        c_pick.caption("Select a row to list its documents.")
    rows_out = [list(r) + [" ".join(map(str, d))] for r, d in zip(frame.itertuples(index=False), documents)]
    c_csv.download_button("CSV", csv_text(list(frame.columns) + ["documents"], rows_out), f"dscorer_{file_stem}.csv",
                          "text/csv", key=f"{key}_csv", on_click="ignore", width="stretch")


F4 = {"P": "%.4f", "R": "%.4f", "F": "%.4f"}
tab_labels, tab_conf, tab_struct, tab_kgrams, tab_people = st.tabs(
    ["Labels", "Confusions", "Structure", "k-grams", "People and metrics"])

with tab_labels:
    c_level, c_support, c_kind = st.columns([2, 2, 5])
    level = c_level.radio("Level", ("clause", "1-gram"), key="err_level", horizontal=True,
                          help="clause: COUNTER's clauses under the optimal mapping; 1-gram: DSCORER's edges.")
    st.session_state.setdefault("err_min_support", MIN_SUPPORT)
    min_support = int(c_support.number_input("Minimum occurrences", 1, 100_000, step=1, key="err_min_support",
                                             help="List a label only if it occurs at least this often, predicted "
                                                  "plus gold: a label seen once and missed has F 0 but says little."))
    kinds = sorted({r.kind for r in analysis.labels if r.level == level})  # the same options at any minimum
    rows = list(worst_labels(analysis, level, min_support))
    chosen = c_kind.multiselect("Kinds", kinds, default=kinds, key=f"err_kinds_{level}",
                                help="Relations, operators, and concepts by part of speech (concept:n, concept:v).")
    rows = [r for r in rows if r.kind in chosen]
    frame = pd.DataFrame([{"label": r.label, "kind": r.kind, "pred": r.pred, "gold": r.gold, "matched": r.matched,
                           "P": r.scores[0], "R": r.scores[1], "F": r.scores[2]} for r in rows],
                         columns=["label", "kind", "pred", "gold", "matched", "P", "R", "F"])
    st.caption(f"{len(rows)} labels of at least {min_support} occurrences, worst first (lowest F, then the most "
               "frequent); *wrong in*: the documents where the label has an unmatched occurrence on either side. "
               "At the 1-gram level a relation and its reverse edge (~) count once.")
    table_with_documents(frame, [r.documents for r in rows], f"err_labels_{level}", f"labels_{level}", F4,
                         count_column="wrong in")

with tab_conf:
    st.caption("A predicted label standing where gold has another on the same mapped variables: a wrong concept, "
               "the wrong sense of the right lemma, or another role or operator.")
    frame = pd.DataFrame([{"pred": c.pred, "gold": c.gold, "kind": c.kind, "count": c.count}
                          for c in analysis.confusions], columns=["pred", "gold", "kind", "count"])
    table_with_documents(frame, [c.documents for c in analysis.confusions], "err_confusions", "confusions")

with tab_struct:
    st.caption("Boxes and discourse relations missing or extra, negation or modal scope on the wrong box, "
               "referents no box introduces.")
    frame = pd.DataFrame([{"error": s.error, "count": s.count} for s in analysis.structure], columns=["error", "count"])
    table_with_documents(frame, [s.documents for s in analysis.structure], "err_structure", "structure")

with tab_kgrams:
    c_k, c_side = st.columns([3, 2])
    k = c_k.select_slider("Order k", orders, key="err_k") if len(orders) > 1 else orders[0]
    side = c_side.radio("Side", ("missed", "invented"), key="err_side", horizontal=True,
                        help="missed: in gold, not in the prediction; invented: the other way round. A path and "
                             "its reverse (~) count once, read with the fewest reverse edges.")
    grams = [g for g in analysis.kgrams if g.k == k and g.side == side]
    frame = pd.DataFrame([{"k-gram": g.text, "count": g.count} for g in grams], columns=["k-gram", "count"])
    table_with_documents(frame, [g.documents for g in grams], f"err_kgrams_{k}_{side}", f"kgrams_{k}_{side}")

st.download_button("Download every table (JSON)", json.dumps(analysis.as_dict(), ensure_ascii=False, indent=1),
                   "dscorer_errors.json", "application/json", key="err_json", on_click="ignore")

with tab_people:
    if judging is None:
        st.info("Turn on **Judging mode** in the sidebar (a judgement file and your name) to judge parses in the "
                "pair view and the compare page; their agreement with each metric is shown here.")
        st.stop()
    judgements = judging.store.all()
    st.markdown(f"**{len(judgements)} judgements** in the store, by {len(judging.store.annotators())} annotator(s).")
    pairs = annotator_agreement(judgements)
    if pairs:
        st.markdown("**Annotators against each other** (items both judged; Cohen's kappa)")
        aw.data_table(pd.DataFrame([{"first": p.first, "second": p.second, "kind": p.kind, "items": p.n,
                                    "agreement": p.observed, "kappa": p.kappa} for p in pairs]),
                     hide_index=True, width="stretch",
                     column_config={"agreement": st.column_config.NumberColumn(format="%.3f"),
                                    "kappa": st.column_config.NumberColumn(format="%.3f")})
    system = aw.system_name(pred.name)
    mine = [j for j in judgements if j.system == system and j.kind == "acceptability" and j.document < n_docs]
    st.markdown(f"**Metrics against people** on this pair: {len(mine)} acceptability judgements of "
                f"`{aw.md_escape(system)}` (preferences between two systems: `dscorer agreement` on the command line).")
    if not mine:
        st.caption("No acceptability judgement of this predicted file yet: judge some in the pair view.")
        st.stop()
    st.caption("Every metric of the registry that can score this pair: COUNTER, DSCORER (each preset, combined and "
               "per order k) and, where both files are SBN, Smatch (the PMB 5 figure's triples).")
    scores = aw.cached_run(("agreement", pred.key, gold.key, settings.order), "Scoring with every metric...",
                           aw.in_worker(metric_scores, list(gold.drss), {system: list(pred.drss)}, n=settings.order),
                           store="agreement")
    found = agreement_with_people(mine, scores, samples=1000, seed=0)
    table = pd.DataFrame([a.as_dict() for a in found])
    aw.data_table(table, hide_index=True, width="stretch",
                 column_config={c: st.column_config.NumberColumn(format="%.3f")
                                for c in ("auc", "auc_low", "auc_high", "pairwise_accuracy", "kendall_tau")})
    st.caption("auc: how well the metric's per-document score separates acceptable from unacceptable parses "
               "(1 = perfectly, 0.5 = chance), with a 95% bootstrap interval (1000 resamples, seed 0).")
    metric = st.selectbox("Where people and a metric disagree most", list(scores), key="err_people_metric")
    worst = people_vs_metric_disagreements(mine, scores, metric, limit=50)
    frame = pd.DataFrame([{"document": d.document, "judgement": d.judgement, "annotator": d.annotator,
                           "score": d.score, "disagreement": d.disagreement, "rationale": d.rationale}
                          for d in worst],
                         columns=["document", "judgement", "annotator", "score", "disagreement", "rationale"])
    table_with_documents(frame, [(d.document,) for d in worst], f"err_people_{metric}", "people_vs_metric",
                         {"score": "%.4f", "disagreement": "%.3f"})
