"""dscorer app, graph conversion view (for teaching): how clauses become a typed graph and k-grams.

Paste or pick one DRS and walk through the conversion: the clauses, each clause's edges,
the merged graph with variable names, the typed graph, and the k-grams that start at a
chosen node. Opens with the ``typed`` preset, which draws graphs as the paper's figures do.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import ClfError, induce_graph
from dscorer_core.clauses import parse_clf
from dscorer_core.formats import parse_drs_text
from dscorer_core.render import (
    conversion_steps,
    counter_view,
    node_display,
    paths_from,
    shared_layout,
    too_large_to_draw,
)

st.set_page_config(page_title="dscorer · graph conversion", page_icon="🧩", layout="wide")
aw.keep_widget_state()
settings, show_names = aw.settings_sidebar(default_preset="typed", key_prefix="conv_")

st.title("Graph conversion")
st.caption("From clauses to a typed graph to k-grams, one step at a time.")

# ---- choose a DRS
samples = {}
for name in aw.sample_files():
    path = aw.SAMPLE_DIR / name
    for d in parse_clf(path.read_text(encoding="utf-8"), name):
        samples[f"{name} #{d.index}: {d.sentence or ''}"] = d
source = st.radio("DRS", ["Sample", "Paste"], horizontal=True, key="conv_source")
drs = None
if source == "Sample":
    label = st.selectbox("Sample DRS", list(samples), key="conv_sample")
    drs = samples[label]
else:
    text = st.text_area("One DRS: clauses (PMB clause format) or SBN", height=200, key="conv_text",
                        placeholder='b1 REF x1\nb1 male "n.02" x1')
    if text.strip():
        try:
            found = parse_drs_text(text, "pasted text")
        except ClfError as exc:
            aw.show_input_error("pasted text", exc)
            found = []
        if len(found) > 1:
            st.warning(f"The text holds {len(found)} DRSs (blank lines separate DRSs); showing the first.")
        drs = found[0] if found else None
    if drs is None:
        st.info("Paste the clauses or the SBN of a DRS.")
        st.stop()

if drs.sentence:
    st.text(drs.sentence)
graph = induce_graph(drs, settings.preset)
if too_large_to_draw([graph]):
    st.warning("This DRS is too large for a step-by-step drawing; the tables still work.")
layout = shared_layout(graph, graph)

st.markdown("#### 1. The clauses")
st.dataframe(aw.clause_frame(drs), hide_index=True, width="stretch")

st.markdown("#### 2. Each clause's edges")
st.caption("A concept clause gives one edge box -> referent; a 3-token clause one edge; a 4-token clause "
           "two edges, R-A1 from the box to the first argument and R-A2 from the first to the second.")
steps = conversion_steps(drs, settings.preset)
st.dataframe(pd.DataFrame([{"clause": s.text, "kind": s.kind, "edge": f"{a} --{r}--> {b}"}
                           for s in steps for a, r, b in s.edges]), hide_index=True, width="stretch")

drawable = not too_large_to_draw([graph])
st.markdown("#### 3. The merged graph (variable names)")
st.caption("Tokens with the same name become one node; the forward edges only.")
if drawable:
    st.iframe(aw.graph_html(graph, layout.pred, layout.box, names_only=True, forward_only=True, height=480),
              height=480)

st.markdown(f"#### 4. The typed graph ({settings.preset} preset)")
st.caption("Variables are rewritten to their type (B box, P proposition, E event, S state, T time, X other); "
           "constants keep their text; reverse edges (label ending in ~) are added.")
types = pd.DataFrame([{"node": n.name, "type": n.label, "kind": n.kind} for n in graph.nodes])
st.dataframe(types, hide_index=True, height=200)
if drawable:
    st.iframe(aw.graph_html(graph, layout.pred, layout.box, show_names=show_names, height=480,
                            forward_only=not st.session_state.get("conv_show_reverse", True)), height=480)

st.markdown("#### 5. k-grams from one node")
c1, c2 = st.columns([3, 1])
start = c1.selectbox("Start node", [n.id for n in graph.nodes], key="conv_start",
                     format_func=lambda i: f"{graph.nodes[i].name} ({node_display(graph, graph.nodes[i]).label})")
k = c2.number_input("Order k", min_value=1, max_value=8, value=2, step=1, key="conv_k")
found = paths_from(graph, start, int(k))
st.caption(f"{len(found)} {k}-gram(s) start at {graph.nodes[start].name}" +
           (" (first 500 listed)" if len(found) >= 500 else ""))
if found:
    pick = st.radio("Choose a k-gram to highlight", list(range(len(found))), key="conv_path",
                    format_func=lambda j: found[j][0])
    pick = pick if pick is not None and pick < len(found) else 0
    path = found[pick][1]
    if drawable:
        st.iframe(aw.graph_html(graph, layout.pred, layout.box, show_names=True, height=480,
                                focus_nodes=frozenset(path.nodes), focus_edges=frozenset(path.edges)),
                  height=480)
else:
    st.info("No path of that length starts here (a k-gram never visits a node twice).")

st.markdown("#### COUNTER's view of the same clauses")
with st.expander("How COUNTER normalises this DRS before matching clauses"):
    st.caption("COUNTER compares clauses, not graphs: it turns inverse roles round (AttributeOf x y becomes "
               "Attribute y x), moves a quoted first argument of APX/NEQ/EQU/TAB to the second place, and "
               "leaves out a b REF x clause when x occurs again in box b. A COUNTER score needs a second DRS "
               "(see the pair view).")
    view = counter_view(drs)
    st.dataframe(pd.DataFrame([{"line": v.line, "clause": v.text, "COUNTER clause": v.normalised or "–",
                                "COUNTER": v.verdict} for v in view]),
                 hide_index=True, width="stretch")
    st.caption(f"{sum(v.normalised is not None for v in view)} of {len(view)} clauses are compared; "
               f"{sum(v.verdict == 'normalised' for v in view)} rewritten.")
