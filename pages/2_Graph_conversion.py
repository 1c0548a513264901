"""dscorer app, graph conversion view (for teaching): from the box DRS to the typed graph and its
k-grams, one step at a time with Previous / Next.

The steps (what is drawn at each, and why each node has its type) come from
``dscorer_core.render.teaching``; the page lays them out. Opens with the ``typed`` preset, which
draws graphs as the paper's figures do.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

import app_widgets as aw
from dscorer_core import DscorerInputError
from dscorer_core.ngrams import induce_graph
from dscorer_core.ngrams.presets import PRESETS
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.drs_files import parse_drs_text
from dscorer_core.render import (
    EDGE_FONT_SIZE,
    counter_view,
    default_start,
    node_display,
    paths_from,
    step_box,
    step_graph,
    step_positions,
    teaching_steps,
    too_large_to_draw,
)

st.set_page_config(page_title="dscorer · graph conversion", page_icon=aw.PAGE_ICON, layout="wide")
#: The step's graph pane: its first height (px), then it fills the screen below its top, up to TEACHING_PANE.
FIRST_HEIGHT, TEACHING_PANE = 480, 1400
#: The smallest label on the step's graph, in CSS px (a projector's back row): the pane pans rather than
#: drawing the graph smaller than this.
LEAST_LABEL_PX = 11
#: The DRS the page opens on: the paper's Figure 1 (b) ("He didn't play the piano. But she sang.").
FIRST_SAMPLE = ("paper_pred.clf", 0)
aw.share_the_interpreter()
aw.keep_widget_state()
aw.page_links()
with st.sidebar:  # only the setting that changes this page: how the graph is built
    st.session_state.setdefault("conv_preset", "typed")
    preset = st.selectbox("Preset", sorted(PRESETS), key="conv_preset",
                          help="typed: the paper's text (types B P E S T X from the structure); "
                               "released: the released DSCORER code (B for b-names, X for the rest)")

# laptop first: less space above the title, so a step's boxes, text and graph share the first screen
st.html("<style>[data-testid='stMainBlockContainer']{padding-top:2rem}"
        "[data-testid='stMainBlockContainer'] h1{font-size:2.25rem;padding:0 0 .25rem}</style>")
st.title("Graph conversion")
st.caption("How DSCORER turns a DRS into a graph and k-grams, one step at a time: start from the boxes, "
           "then press Next.")

# ---- choose a DRS
samples = {}
for name in aw.sample_files():
    path = aw.SAMPLE_DIR / name
    for d in parse_clf(path.read_text(encoding="utf-8"), name):
        samples[f"{name} #{d.index}: {d.sentence or ''}"] = d
first = next((label for label, d in samples.items() if (d.source, d.index) == FIRST_SAMPLE), None)
if first is not None:
    st.session_state.setdefault("conv_sample", first)
# one row: the DRS, and the step buttons beside it (the step's graph starts higher on a laptop's screen)
c_src, c_pick, c_prev, c_next = st.columns([1.1, 3.2, 0.9, 0.9], vertical_alignment="bottom")
source = c_src.radio("DRS", ["Sample", "Paste"], horizontal=True, key="conv_source")
drs = None
if source == "Sample":
    label = c_pick.selectbox("Sample DRS", list(samples), key="conv_sample")
    drs = samples[label]
else:  # beside the choice, not above the steps: the step's graph keeps its place on the first screen
    text = c_pick.text_area("One DRS: clauses (PMB clause format) or SBN", height=68, key="conv_text",
                            placeholder='b1 REF x1\nb1 male "n.02" x1', max_chars=aw.MAX_PASTED_CHARS)
    if text.strip():
        try:
            found = parse_drs_text(aw.check_pasted(text), "pasted text")
        except DscorerInputError as exc:
            aw.show_input_error("pasted text", exc)
            found = []
        if len(found) > 1:
            st.warning(f"The text holds {len(found)} DRSs (blank lines separate DRSs); showing the first.")
        drs = found[0] if found else None
    if drs is None:
        st.info("Paste the clauses or the SBN of a DRS.")
        st.stop()

graph = induce_graph(drs, preset)
drawable = not too_large_to_draw([graph])
if not drawable:
    st.warning("This DRS is too large for a step-by-step drawing; the boxes and the step texts still work.")

# ---- k-gram settings (used by the last steps); a new DRS starts again from step 0
drs_key = (drs.source, drs.index, drs.text(), preset)
if st.session_state.get("conv_drs_key") != drs_key:
    st.session_state["conv_drs_key"] = drs_key
    st.session_state["conv_step"] = 0
    st.session_state["conv_start"] = default_start(graph)
if st.session_state.get("conv_start", 0) >= len(graph.nodes):
    st.session_state["conv_start"] = default_start(graph)
st.session_state.setdefault("conv_k", 2)
start = st.session_state["conv_start"]
k = int(st.session_state["conv_k"])
layout = aw.cached_layout(graph, graph) if drawable else None
# with the drawing's places, the reverse edges come a pane's height at a time (each page seen whole)
steps = teaching_steps(graph, start=start, k=k, positions=layout.pred if layout is not None else None)
n_steps = len(steps)
st.session_state["conv_step"] = max(0, min(n_steps - 1, st.session_state.get("conv_step", 0)))


def _move(delta: int) -> None:
    st.session_state["conv_step"] = max(0, min(n_steps - 1, st.session_state["conv_step"] + delta))


i = st.session_state["conv_step"]
step = steps[i]
c_prev.button("◀ Previous", key="conv_prev", on_click=_move, args=(-1,), disabled=i == 0, width="stretch")
c_next.button("Next ▶", key="conv_next", on_click=_move, args=(1,), disabled=i >= n_steps - 1, width="stretch")
stages = ["boxes", "clause", "merge", "typing", "reverse", "kgram"]
names = {"boxes": "boxes", "clause": "clauses", "merge": "merging", "typing": "typing", "reverse": "reverse edges",
         "kgram": "k-grams"}
left, right = st.columns([2, 3])
left.markdown(f"Step **{i + 1}** of {n_steps} · " + " → ".join(
    f"**{names[s]}**" if s == step.stage else names[s] for s in stages))
# the step's text above the boxes (left), the graph beside them from the top (right): text, boxes and
# the step's place in the graph share a laptop's first screen
left.progress((i + 1) / n_steps, text=aw.md_escape(step.title))
left.info(step.text)
with left:
    st.markdown("**The DRS**")
    aw.box_view_single(drs, clause_list=True, focus=() if step.clause is None else (step.clause,))
    if step.stage == "merge":
        st.markdown("**Variables that several clauses share** (each is one node)")
        aw.data_table(pd.DataFrame([{"variable": graph.nodes[n].name, "clauses": len(graph.nodes[n].clauses),
                                    "where": " · ".join(drs.clauses[c].text() for c in graph.nodes[n].clauses)}
                                   for n in step.focus_nodes]), hide_index=True, width="stretch")
    if step.stage == "typing":
        st.markdown("**Why each variable has its type**")
        # a list, not a table: the rule is the step's key sentence and wraps whole at any width
        st.markdown("\n".join(f"- {aw.md_escape(r.text)}" for r in step.reasons))
with right:
    if step.stage == "boxes":
        st.markdown("**The graph** starts empty: press Next to add the first clause.")
    elif layout is not None:
        part = step_graph(graph, step)
        st.markdown(f"**The graph** · {len(part.graph.nodes)} nodes, {len(part.graph.edges)} edges"
                    + (" · names until the typing step" if not step.typed else ""))
        # the step's clause and its neighbours in view, below the pane's buttons, labels never below
        # LEAST_LABEL_PX: the pane fills the screen below its top and pans rather than shrinking the drawing
        focus_nodes, focus_edges = part.local_nodes(step.focus_nodes), part.local_edges(step.focus_edges)
        core = set(focus_nodes) | {part.graph.edges[e].source for e in focus_edges} \
            | {part.graph.edges[e].target for e in focus_edges}
        near = {e.target for e in part.graph.edges if e.source in core} \
            | {e.source for e in part.graph.edges if e.target in core}
        # laid out closer where the step's new edges stand further apart than a pane holds at readable labels
        drawn = [layout.pred[n] for n in part.nodes]
        ends = [n for e in focus_edges for n in (part.graph.edges[e].source, part.graph.edges[e].target)]
        positions = step_positions(drawn, ends)
        st.iframe(aw.graph_html(part.graph, positions, step_box(layout.box, drawn, positions),
                                show_names=step.stage == "typing",
                                names_only=not step.typed, focus_nodes=focus_nodes, focus_edges=focus_edges,
                                height=FIRST_HEIGHT, max_height=TEACHING_PANE,
                                teaching_view=(frozenset(core), frozenset(near), LEAST_LABEL_PX / EDGE_FONT_SIZE)),
                  height=FIRST_HEIGHT)
        st.caption("Pink: what this step adds or shows. Boxes are rectangles, referents ellipses, "
                   "constants dashed; an edge label ending in ~ is a reverse edge.")

if step.stage == "kgram":
    c_start, c_k = st.columns([3, 1])
    c_start.selectbox("Start node", [n.id for n in graph.nodes], key="conv_start",
                      format_func=lambda j: f"{graph.nodes[j].name} ({node_display(graph, graph.nodes[j]).label})")
    c_k.number_input("Order k", min_value=1, max_value=6, step=1, key="conv_k")
    found = paths_from(graph, start, k)
    shown = sum(s.stage == "kgram" for s in steps)
    st.caption(f"{len(found)} {k}-gram(s) start at {graph.nodes[start].name}"
               + (f"; the steps draw the first {shown}, all are listed here." if len(found) > shown else "."))
    if found:
        aw.data_table(pd.DataFrame({"k-gram": [t for t, _ in found]}), hide_index=True, height=200, width="stretch")
elif step.stage == "reverse":
    st.caption("Next: the k-grams from one node (you can choose the node and k there).")

with st.expander("All clauses and their edges"):
    aw.data_table(pd.DataFrame([{"clause": c.text(), "edges": "; ".join(
        f"{graph.nodes[e.source].name} —{e.label}→ {graph.nodes[e.target].name}"
        for e in graph.edges if e.clause == ci)} for ci, c in enumerate(drs.clauses)]),
        hide_index=True, width="stretch")

with st.expander("How COUNTER normalises this DRS before matching clauses"):
    st.caption("COUNTER compares clauses, not graphs: it turns inverse roles round (AttributeOf x y becomes "
               "Attribute y x), moves a quoted first argument of APX/NEQ/EQU/TAB to the second place, and "
               "leaves out a b REF x clause when x occurs again in box b. A COUNTER score needs a second DRS "
               "(see the pair view).")
    view = counter_view(drs)
    aw.data_table(pd.DataFrame([{"line": v.line, "clause": v.text, "COUNTER clause": v.normalised or "–",
                                "COUNTER": v.verdict} for v in view]),
                 hide_index=True, width="stretch")
    st.caption(f"{sum(v.normalised is not None for v in view)} of {len(view)} clauses are compared; "
               f"{sum(v.verdict == 'normalised' for v in view)} rewritten.")
