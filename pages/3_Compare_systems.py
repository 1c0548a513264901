"""dscorer app, compare systems: two or more systems' outputs on one gold file.

The table of ``dscorer compare`` (each system's P, R, F with a bootstrap 95% interval, and
for each system its difference from the first one, the baseline, with paired bootstrap and
approximate-randomisation p-values, for any metrics of the registry: DSCORER, COUNTER, and Smatch
where every file is SBN), a plot of per-document F
of two chosen systems A and B, the documents sorted by how much A and B differ, and a
document view: gold beside A or B, highlighted as in the pair view.

Scores and statistics come from ``dscorer_core`` (the same calls as the CLI); this page
only loads files, caches results and lays them out.
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import Drs, NgramExplosion
from dscorer_core.counter import SEARCHES
from dscorer_core.csv_safety import csv_text
from dscorer_core.errors import DscorerInputError
from dscorer_core.metrics import Metric, make_metrics, metric_names, metric_title, usable_metrics
from dscorer_core.render import (
    MAX_LAYOUT_NODES,
    counter_clause_marks,
    too_large_to_draw,
)
from dscorer_core.sbn.smatch import SmatchSettings
from dscorer_core.stats import (
    Comparison,
    CountTable,
    compare_tables,
    document_differences,
)
from dscorer_core.stats.systems import (
    GROUPS,
    System,
    align_system,
    chosen_metric_names,
    system_names,
    system_table,
)

#: At most this many system files.
MAX_SYSTEMS = aw.MAX_SYSTEMS
#: The PMB 2.2.0 dev example (SPAR baseline first, then Boxer), when ../shared/data is there.
SHARED_DATA = aw.APP_DIR.parent / "shared" / "data"
PMB_EXAMPLE = {"gold": SHARED_DATA / "pmb-2.2.0" / "gold_dev.clf",
               "systems": (SHARED_DATA / "pmb-2.2.0" / "spar_baseline.clf",
                           SHARED_DATA / "pmb-2.2.0" / "boxer_dev.clf")}
#: The average radio's options: each metric's own (DSCORER micro, Smatch the mean of per-sentence F1), or one for all.
AVERAGES = {"default": "each metric's own", "micro": "micro", "macro": "macro"}
DEFAULT_SAMPLES = ("paper_pred.clf", "paper_gold.clf")

st.set_page_config(page_title="dscorer · compare systems", page_icon=aw.PAGE_ICON, layout="wide")
aw.share_the_interpreter()
aw.keep_widget_state()
aw.page_links()


# ---------------------------------------------------------------- widget state
# (this page's keys are listed in aw.COMPARE_KEYS: aw.keep_widget_state keeps them, as every page's)

def forget_choices_of_other_files(files_key: tuple) -> None:
    """New files (another gold or system file): A, B and the document chosen for the old ones go, so
    the page opens on the baseline, the next system and the document where they differ most."""
    if st.session_state.get("_cmp_files") != files_key:
        for key in ("cmp_a", "cmp_b", "cmp_doc", "_cmp_ab"):
            st.session_state.pop(key, None)
        st.session_state["_cmp_files"] = files_key


def load_pmb_example() -> None:
    """Button callback: the PMB 2.2.0 dev gold, the SPAR baseline (first) and Boxer."""
    st.session_state["cmp_src_gold"] = "Local path"
    st.session_state["cmp_path_gold"] = str(PMB_EXAMPLE["gold"])
    st.session_state["cmp_n"] = len(PMB_EXAMPLE["systems"])
    for i, path in enumerate(PMB_EXAMPLE["systems"]):
        st.session_state[f"cmp_src_sys{i}"] = "Local path"
        st.session_state[f"cmp_path_sys{i}"] = str(path)
    st.session_state["cmp_baseline"] = True
    for key in ("cmp_a", "cmp_b", "cmp_doc"):
        st.session_state.pop(key, None)


# ---------------------------------------------------------------- loading files

def load_slot(slot: str, label: str, default_sample: str,
              gold: aw.LoadedFile | None = None) -> tuple[aw.LoadedFile | None, bool]:
    """The compact file widgets of one file slot (keys ``cmp_*_{slot}``) and their errors: (file or
    None, whether an error was shown); a system file is checked against ``gold``."""
    return aw.load_file(slot, label, default_sample, key_prefix="cmp_", compact=True,
                        placeholder="../shared/data/pmb-2.2.0/boxer_dev.clf", predicted=slot != "gold", gold=gold)


def align_systems(gold: aw.LoadedFile, files: list[aw.LoadedFile], baseline: bool) -> list[System]:
    """Pair every system file with the gold DRSs by the core's baseline rule (as ``dscorer compare``)."""
    names = system_names([f.name for f in files])
    return [align_system(name, f.name, f.drss, gold.drss, gold.name, baseline,
                         hint="switch on 'Single-DRS files are baselines'") for name, f in zip(names, files)]


# ---------------------------------------------------------------- cached core calls

#: How many systems' count tables the app keeps (shared by all sessions, least recently used dropped).
MAX_TABLES = 32


def cached_system_table(metric: Metric, key: tuple, golds: tuple[Drs, ...], system: System,
                        label: str) -> CountTable:
    """The core's ``system_table`` of one system under a metric of the registry, scored in the app's
    process pool with a progress bar the first time and then taken from the page's store
    (aw.cached_run). ``key`` names the files' contents and the metric with its settings."""
    return aw.cached_run(key, label, aw.in_worker(system_table, metric, golds, system),
                         store="compare_tables", max_results=MAX_TABLES)


def metric_choices(golds: tuple[Drs, ...] | None, systems: list[tuple[Drs, ...]]) -> list[str]:
    """The metric radio's options: the registry's metrics that can score these files (Smatch where every
    file is SBN), then the groups (``both``: DSCORER and COUNTER; ``all`` when it adds a metric)."""
    usable = [m.name for m in usable_metrics(make_metrics(metric_names()), golds or (), systems)]
    return usable + ["both"] + (["all"] if len(usable) > 2 else [])


def comparison_of(table_keys: tuple, names: tuple[str, ...], bootstrap: int, ar: int, seed: int,
                  tables: tuple[CountTable, ...]) -> Comparison:
    """``compare_tables`` on the systems' count tables, resampled in the app's process pool once for
    all sessions (aw.cached_run, keyed on what the tables were built from)."""
    return aw.cached_run(("comparison", table_keys, names, bootstrap, ar, seed),
                         "Resampling (bootstrap and approximate randomisation)...",
                         aw.in_worker(compare_tables, list(tables), list(names), bootstrap=bootstrap, ar=ar,
                                      seed=seed),
                         store="compare_tables", max_results=MAX_TABLES)


# ---------------------------------------------------------------- systems A and B

def open_two_systems(indices: list[int]) -> None:
    """A and B as two different systems: the baseline and the next one, unless the user chose a
    valid, different pair (a pair left from other files, or A = B, is replaced)."""
    a, b = st.session_state.get("cmp_a"), st.session_state.get("cmp_b")
    if a not in indices or b not in indices or a == b:
        st.session_state["cmp_a"], st.session_state["cmp_b"] = indices[0], indices[1]
        st.session_state["_cmp_ab"] = (indices[0], indices[1])


def keep_two_systems(changed: str, other: str) -> None:
    """Selectbox callback: choosing for A the system that B shows (or the other way round) swaps them,
    so A and B never show the same system."""
    before = dict(zip(("cmp_a", "cmp_b"), st.session_state.get("_cmp_ab", (None, None))))
    if st.session_state.get(changed) == st.session_state.get(other) and before.get(changed) is not None:
        st.session_state[other] = before[changed]


# ---------------------------------------------------------------- layout helpers

def comparison_frame(c: Comparison) -> pd.DataFrame:
    """One row per system: P, R, F, the interval of F, and the tests against the first system."""
    rows = []
    for i, s in enumerate(c.systems):
        ci = s.intervals
        rows.append({"system": s.name, "role": "baseline" if i == 0 else "",
                     "P": s.P, "R": s.R, "F": s.F,
                     f"{c.level:.0%} CI (F) low": ci.F.low if ci else None,
                     f"{c.level:.0%} CI (F) high": ci.F.high if ci else None,
                     "F − baseline": s.difference,
                     "p (bootstrap)": s.bootstrap.p_value if s.bootstrap else None,
                     "p (AR)": s.randomisation.p_value if s.randomisation else None})
    return pd.DataFrame(rows)


#: The columns of comparison_frame that are always numbers (shown as such); the others can be empty.
FIGURE_COLUMNS = ("P", "R", "F")


def comparison_display(frame: pd.DataFrame) -> pd.DataFrame:
    """comparison_frame for display: a column that can have empty cells becomes text, figures to four
    places (differences signed), an empty cell "baseline" (the baseline's own difference) or "–" (a
    test not run, or not run against itself). The browser's table shows an empty number cell as
    "None" whatever a Styler says, so these cells must be text; P, R and F stay numbers."""
    shown = frame.copy()
    for col in frame.columns:
        if col in ("system", "role", *FIGURE_COLUMNS):
            continue
        signed = "−" in col
        shown[col] = [("baseline" if signed else "–") if pd.isna(v) else f"{v:+.4f}" if signed else f"{v:.4f}"
                      for v in frame[col]]
    return shown


def show_comparison(c: Comparison) -> None:
    """The comparison table of one metric and its signatures."""
    st.markdown(f"#### {metric_title(c.metric)}" + (" (mean of per-document F)" if c.average == "macro" else ""))
    frame = comparison_display(comparison_frame(c))
    aw.data_table(frame, hide_index=True, width="stretch",
                 column_config={col: st.column_config.NumberColumn(format="%.4f") for col in FIGURE_COLUMNS})
    sigs = [c.signature] + [s for s in (c.bootstrap_signature, c.ar_signature) if s]
    st.caption("signature: " + "  \n".join(aw.md_escape(aw.signed(s, *files)) for s in sigs))


def scatter(frame: pd.DataFrame, a_name: str, b_name: str, chosen: int | None, figure_title: str) -> alt.Chart:
    """Per-document F of A (x) against B (y), the diagonal, and the open document ringed."""
    base = alt.Chart(frame)
    diagonal = alt.Chart(pd.DataFrame({"x": [0.0, 1.0], "y": [0.0, 1.0]})).mark_line(
        color="#999999", strokeDash=[4, 4]).encode(x="x:Q", y="y:Q")
    pick = alt.selection_point(name="pick", fields=["index"], on="click")
    points = base.mark_circle(size=60, opacity=0.6).encode(
        alt.X("A:Q", title=f"A: {a_name} ({figure_title})", scale=alt.Scale(domain=[0, 1])),
        alt.Y("B:Q", title=f"B: {b_name} ({figure_title})", scale=alt.Scale(domain=[0, 1])),
        alt.Color("better:N", title="",
                  scale=alt.Scale(domain=["A higher", "B higher", "equal"],
                                  range=["#E69F00", "#0072B2", "#999999"])),
        tooltip=["index:Q", "sentence:N", alt.Tooltip("A:Q", format=".4f"), alt.Tooltip("B:Q", format=".4f"),
                 alt.Tooltip("B − A:Q", format="+.4f")]).add_params(pick)
    layers = [diagonal, points]
    if chosen is not None:
        ring = alt.Chart(frame[frame["index"] == chosen]).mark_point(
            size=300, color="#CC79A7", strokeWidth=3, filled=False).encode(x="A:Q", y="B:Q")
        layers.append(ring)
    return alt.layer(*layers).properties(height=420)


# ================================================================ the page

file_errors = st.container()  # the top of the main area: a file that cannot be used is said here
st.title("Compare systems")
st.caption("Two or more systems' output on one gold file: scores with 95% intervals, paired significance "
           "tests against the first system (the baseline), and where two systems differ, document by document.")

with st.sidebar, st.expander("DRS files (clauses or SBN)", expanded=True):
    if all(p.is_file() for p in (PMB_EXAMPLE["gold"], *PMB_EXAMPLE["systems"])):
        st.button("Load the PMB 2.2.0 dev example (SPAR baseline vs Boxer)", key="cmp_pmb",
                  on_click=load_pmb_example, width="stretch")
    gold, bad = load_slot("gold", "Gold", "paper_gold.clf")
    st.session_state.setdefault("cmp_n", 2)
    n_systems = int(st.number_input("Number of systems", min_value=2, max_value=MAX_SYSTEMS, step=1,
                                    key="cmp_n", help="The first system is the baseline the others are "
                                                      "tested against."))
    loaded, missing = [], []
    for i in range(n_systems):
        label = f"System {i + 1}" + (" (baseline)" if i == 0 else "")
        f, err = load_slot(f"sys{i}", label, DEFAULT_SAMPLES[i % len(DEFAULT_SAMPLES)], gold)
        bad = bad or err
        if f is None and not err:
            missing.append(label)
        loaded.append(f)
    aw.show_older_gold_note(*loaded)  # once, not once per system
    st.session_state.setdefault("cmp_baseline", False)
    baseline = st.toggle("Single-DRS files are baselines", key="cmp_baseline",
                         help="A system file with one DRS (like the SPAR baseline) is compared with every "
                              "gold DRS, as `dscorer compare --baseline` does.")
with file_errors:
    aw.show_file_errors()

settings, show_names = aw.settings_sidebar()
judging = aw.judging_sidebar()
with st.sidebar:
    st.markdown("**Comparison**")
    offered = metric_choices(gold.drss if gold is not None else None,
                             [f.drss for f in loaded if f is not None])
    if st.session_state.get("cmp_metric") not in offered:  # e.g. Smatch chosen, then clause files loaded
        st.session_state["cmp_metric"] = "dscorer"
    if st.session_state.get("cmp_average") not in AVERAGES:
        st.session_state["cmp_average"] = "default"
    for key, value in (("cmp_metric", "dscorer"), ("cmp_average", "default"), ("cmp_bootstrap", 1000),
                       ("cmp_ar", 10000), ("cmp_seed", 1), ("cmp_restarts", 20), ("cmp_counter_seed", 1),
                       ("cmp_search", "exact+hill"), ("cmp_keep_ref", False)):
        st.session_state.setdefault(key, value)
    metric = st.radio("Metric", offered, key="cmp_metric", horizontal=True,
                      format_func=lambda m: metric_title(m) if m not in GROUPS else m,
                      help="Smatch is offered where the gold and every system file are SBN; 'both' is DSCORER "
                           "and COUNTER, 'all' every metric offered.")
    average = st.radio("Average", tuple(AVERAGES), key="cmp_average", horizontal=True, format_func=AVERAGES.get,
                       help="micro: from summed counts; macro: the mean of document scores. By default each "
                            "metric's own: micro for DSCORER, the mean of per-sentence F1 for Smatch (the PMB 5 "
                            "figure); COUNTER is always micro.")
    bootstrap = int(st.number_input("Bootstrap samples", min_value=0, max_value=aw.MAX_BOOTSTRAP, step=100,
                                    key="cmp_bootstrap", help="For the intervals and the paired bootstrap test; "
                                                              "0 skips them."))
    ar = int(st.number_input("Approximate randomisation trials", min_value=0, max_value=aw.MAX_AR, step=1000,
                             key="cmp_ar", help="0 skips the test."))
    seed = int(st.number_input("Seed of the resampling", min_value=0, step=1, key="cmp_seed"))
    with st.expander("COUNTER settings"):
        restarts = int(st.number_input("Hill-climbing starts", min_value=1, max_value=aw.MAX_RESTARTS, step=1,
                                       key="cmp_restarts"))
        counter_seed = int(st.number_input("COUNTER seed", min_value=0, step=1, key="cmp_counter_seed"))
        search = st.selectbox("Mapping search", SEARCHES, key="cmp_search")
        keep_ref = st.toggle("Keep redundant REF clauses", key="cmp_keep_ref")

if gold is None or bad or missing:
    st.info("Choose a gold file and a file for every system (sidebar)."
            + (" Missing: " + ", ".join(missing) + "." if missing else ""))
    st.stop()
files = [f for f in loaded if f is not None]
for f in files:  # a gold file that looks like a parser's output: said once
    if aw.show_swap_warning(f, gold):
        break
try:
    systems = align_systems(gold, files, baseline)
except DscorerInputError as exc:
    aw.show_input_error("system files", exc)
    st.stop()

names = [s.name for s in systems]
forget_choices_of_other_files((gold.key, *(f.key for f in files), baseline))
aligned = [s.preds for s in systems]
counter_settings = aw.app_counter_settings(restarts=restarts, seed=counter_seed, keep_ref=keep_ref, search=search)
chosen = chosen_metric_names([metric])
if metric == "all":
    chosen = tuple(n for n in chosen if n in offered)
metric_objects = {m.name: m for m in make_metrics(chosen, {"dscorer": settings, "counter": counter_settings,
                                                           "smatch": SmatchSettings()},
                                                  average=None if average == "default" else average)}
metrics = tuple(metric_objects)
n_docs = len(gold.drss)
golds = gold.drss
st.caption(f"Gold: {aw.md_escape(gold.name)} · {n_docs} document{'s' if n_docs != 1 else ''} · " + " · ".join(
    f"{i + 1}. {aw.md_escape(n)}" + (" (one DRS, compared with every gold DRS)" if s else "")
    for i, (n, s) in enumerate((s.name, s.single_drs) for s in systems)))

# ---- score every system (cached) and compare
if "counter" in metrics:
    refused = aw.counter_refusal(golds, *(s.preds for s in systems))
    if refused:
        st.warning(aw.md_escape(refused), icon=":material/warning:")
        st.stop()
tables: dict[str, list[CountTable]] = {}
comparisons: dict[str, Comparison] = {}
for m in metrics:
    keys = []
    tables[m] = []
    for f, system in zip(files, systems):
        key = (m, gold.key, f.key, system.single_drs, metric_objects[m])
        try:
            table = cached_system_table(metric_objects[m], key, golds, system,
                                        f"{metric_title(m)}: scoring {system.name} on {n_docs} documents...")
        except (NgramExplosion, DscorerInputError) as exc:
            aw.show_input_error(f"system {system.name}", exc)
            st.stop()
        tables[m].append(table)
        keys.append(key)
    comparisons[m] = comparison_of(tuple(keys), tuple(names), bootstrap, ar, seed, tuple(tables[m]))

st.markdown("### Scores and tests against the baseline")
st.caption(f"Each system against the first ({aw.md_escape(names[0])}). Intervals: percentile bootstrap over "
           "documents; F − baseline: the system's corpus F minus the baseline's; p-values: paired bootstrap and "
           "approximate randomisation (two-sided), all seeded (see the signatures).")
for m in metrics:
    show_comparison(comparisons[m])
report = {"gold": gold.name, "n_documents": n_docs,
          "systems": [{"name": n, "file": f.name, "single_drs_baseline": s}
                      for n, f, s in zip(names, files, (s.single_drs for s in systems))],
          "bootstrap": bootstrap, "ar": ar, "seed": seed,
          "metrics": {m: comparisons[m].as_dict() for m in metrics}}
st.download_button("Download the comparison (JSON)", aw.json_text(report), "dscorer_compare.json",
                   "application/json", key="cmp_download")

# ---- two systems, document by document
st.markdown("### Two systems, document by document")
indices = list(range(len(names)))
open_two_systems(indices)
c_a, c_b, c_by = st.columns([3, 3, 2])
a = c_a.selectbox("System A", indices, key="cmp_a", format_func=lambda i: f"{i + 1}. {names[i]}",
                  on_change=keep_two_systems, args=("cmp_a", "cmp_b"),
                  help="Choosing B's system here swaps A and B.")
b = c_b.selectbox("System B", indices, key="cmp_b", format_func=lambda i: f"{i + 1}. {names[i]}",
                  on_change=keep_two_systems, args=("cmp_b", "cmp_a"),
                  help="Choosing A's system here swaps A and B.")
st.session_state["_cmp_ab"] = (a, b)
if st.session_state.get("cmp_by") not in metrics:
    st.session_state["cmp_by"] = metrics[0]
if len(metrics) > 1:
    by = c_by.radio("Per-document F of", metrics, key="cmp_by", horizontal=True,
                    format_func=metric_title)
else:
    by = metrics[0]
if a == b:
    st.info("Choose two different systems as A and B.")
    st.stop()

table_a, table_b = tables[by][a], tables[by][b]
diffs = document_differences(table_b, table_a)  # difference = B - A, largest |B - A| first
f_a, f_b = table_a.document_scores[:, 2], table_b.document_scores[:, 2]
differing = [d.index for d in diffs]
order = differing + [i for i in range(n_docs) if f_a[i] == f_b[i]]
per_doc = pd.DataFrame({"index": np.arange(n_docs), "sentence": [g.sentence or "" for g in golds],
                        "A": f_a, "B": f_b, "B − A": f_b - f_a})
per_doc["better"] = np.where(f_b > f_a, "B higher", np.where(f_b < f_a, "A higher", "equal"))
if st.session_state.get("cmp_doc") not in order:
    st.session_state["cmp_doc"] = order[0]


# the table's key follows A, B and the metric, so a selection made for another pair is not carried over
TABLE_KEY = f"cmp_diff_table_{a}_{b}_{by}"


def _open_from_table() -> None:
    """Table callback: open the selected row's document."""
    rows = st.session_state[TABLE_KEY].selection.rows
    if rows:
        st.session_state["cmp_doc"] = differing[rows[0]]


def _open_from_plot() -> None:
    """Plot callback: open the clicked point's document."""
    picked = st.session_state["cmp_scatter"].selection.get("pick") or []
    if picked and "index" in picked[0]:
        st.session_state["cmp_doc"] = int(picked[0]["index"])


st.caption(f"A: {aw.md_escape(names[a])} · B: {aw.md_escape(names[b])} · {metric_title(by)} F per document. "
           f"B is higher on {int((f_b > f_a).sum())}, A on {int((f_b < f_a).sum())}, "
           f"equal on {int((f_b == f_a).sum())} of {n_docs} documents.")
left, right = st.columns([5, 4])
with left:
    st.markdown("**Documents by |B − A|** (select a row to open it below)")
    diff_frame = per_doc.iloc[differing][["index", "B − A", "A", "B", "sentence"]]
    aw.data_table(diff_frame, hide_index=True, width="stretch", height=min(420, 38 + 35 * max(1, len(differing))),
                 key=TABLE_KEY, on_select=_open_from_table, selection_mode="single-row",
                 column_config={"B − A": st.column_config.NumberColumn(format="%+.4f"),
                                "A": st.column_config.NumberColumn(format="%.4f"),
                                "B": st.column_config.NumberColumn(format="%.4f")})
    if not differing:
        st.caption("A and B score every document the same.")
    table = per_doc[["index", "A", "B", "B − A", "sentence"]].rename(
        columns={"A": f"A: {names[a]}", "B": f"B: {names[b]}"})
    csv = csv_text(list(table.columns), table.itertuples(index=False))
    st.download_button("Download per-document F of A and B (CSV)", csv, "dscorer_compare_documents.csv", "text/csv",
                       key="cmp_download_docs")
with right:
    st.markdown("**Per-document F, A against B** (click a point to open it)")
    st.altair_chart(scatter(per_doc, names[a], names[b], st.session_state["cmp_doc"], f"{metric_title(by)} F"),
                    width="stretch", key="cmp_scatter", on_select=_open_from_plot, selection_mode="pick")

# ---- one document: gold beside A or B
st.markdown("### Document view")
i = st.selectbox("Document (largest |B − A| first)", order, key="cmp_doc",
                 format_func=lambda j: f"{j}: B − A = {f_b[j] - f_a[j]:+.3f} · {golds[j].sentence or ''}")
gdrs = golds[i]
st.text(gdrs.sentence or aligned[a][i].sentence or "(no sentence in the gold file)")
cols = st.columns(2 * len(metrics))
for j, m in enumerate(metrics):
    for col, (letter, s) in zip(cols[2 * j: 2 * j + 2], (("A", a), ("B", b))):
        col.metric(f"{letter} · {metric_title(m)} F", f"{tables[m][s].document_scores[i, 2]:.4f}",
                   delta=None if letter == "A" else
                   f"{tables[m][b].document_scores[i, 2] - tables[m][a].document_scores[i, 2]:+.4f}",
                   delta_color="normal" if letter == "B" else "off")
if judging is not None:  # judging mode (sidebar): which parse is better, then on to the next unjudged document
    def _go_to(document: int) -> None:
        st.session_state["cmp_doc"] = document

    aw.preference_panel(judging, i, aw.system_name(names[a]), aw.system_name(names[b]), order, _go_to)

c_side, c_k = st.columns([3, 2])
st.session_state.setdefault("cmp_side", "A")
# fixed option labels: a radio whose labels change (other files) can lose its shown selection
side = c_side.radio("Beside gold", ("A", "B"), key="cmp_side", horizontal=True,
                    help="Draw system A or system B beside the gold graph.")
s_index = a if side == "A" else b
pdrs = aligned[s_index][i]
if st.session_state.get("cmp_k", 1) > settings.order:
    st.session_state["cmp_k"] = settings.order
st.session_state.setdefault("cmp_k", 1)
k = c_k.slider("Highlight order k", 1, settings.order, key="cmp_k",
               help="Edges on at least one k-gram that both graphs have are drawn as matched.")
try:
    result = aw.cached_pair_score(pdrs, gdrs, settings)
except NgramExplosion as exc:
    aw.show_input_error("document", exc)
    st.stop()
pg, gg = result.pred_graph, result.gold_graph
ok = next((o for o in result.score.orders if o.k == k), None)
st.caption(f"DSCORER of {side} on this document: P = {result.score.P:.4f}, R = {result.score.R:.4f}, "
           f"F = {result.score.F:.4f}"
           + (f" · {k}-grams: {ok.matched} matched of {ok.pred} in {side} and {ok.gold} in gold" if ok else "")
           + " · " + aw.md_escape(aw.signed(result.signature, files[s_index])))
highlight = None
try:
    highlight = aw.cached_comparison(pg, gg, k).highlight
except NgramExplosion as exc:
    st.warning("Too many k-grams to highlight at this order: " + aw.md_escape(str(exc)) + ". Lower the order k.")
if too_large_to_draw([pg, gg]):
    st.warning(f"These graphs are too large to lay out readably ({len(pg.nodes)} and {len(gg.nodes)} nodes; "
               f"the limit is {MAX_LAYOUT_NODES}). The clause lists are below.")
else:
    layout = aw.cached_layout(pg, gg)  # variables of the same name sit at the same place in both panes
    dark = getattr(getattr(st.context, "theme", None), "type", None) == "dark"
    left, right = st.columns(2)
    for col, which, graph, pos, title in ((left, "pred", pg, layout.pred, f"{side}: {aw.md_escape(names[s_index])}"),
                                          (right, "gold", gg, layout.gold, "Gold")):
        with col:  # drawn as in the pair view: the sidebar's "Compact graphs", variable names and reverse edges
            aw.graph_pane(title, graph, pos, layout.box, height=aw.pane_height(layout.box),
                          edge_status=getattr(highlight, which).edges if highlight else None,
                          edge_counts=getattr(highlight, which).edge_counts if highlight else None,
                          show_names=show_names, forward_only=not st.session_state.get("show_reverse", True),
                          compact=st.session_state.get("compact", True), dark=dark,
                          unpaired=getattr(layout, f"{which}_unpaired"))
    aw.legend(pairing="the variable names")
cpair = None
if "counter" in metrics:
    if max(len(pdrs.clauses), len(gdrs.clauses)) > aw.COUNTER_MAX_CLAUSES:
        st.caption(f"COUNTER's clause verdicts are not shown for DRSs of more than {aw.COUNTER_MAX_CLAUSES} clauses.")
    else:
        cpair = aw.cached_counter_pair(pdrs, gdrs, counter_settings, index=i)
        st.caption(f"COUNTER: {cpair.matched} of {cpair.pred_clauses} clauses of {side} and {cpair.gold_clauses} "
                   f"of gold match under the {'optimal' if cpair.optimal else 'best found'} variable mapping "
                   f"(F = {cpair.F:.4f}); redundant REF clauses are left out.")
st.caption(f"✗ in the k-grams column marks a clause with an edge that lies only on unmatched {k}-grams.")
left, right = st.columns(2)
for col, which, drs, title in ((left, "pred", pdrs, f"{side}: {aw.md_escape(names[s_index])}"),
                               (right, "gold", gdrs, "Gold")):
    with col:
        st.markdown(f"**{title}** ({len(drs.clauses)} clauses)")
        aw.data_table(aw.clause_frame(drs, getattr(highlight, which).clauses if highlight else None,
                                     counter_clause_marks(drs, cpair, which) if cpair else None),
                     hide_index=True, width="stretch")
