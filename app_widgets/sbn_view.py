"""An SBN pair as Smatch sees it, in the pair view's two live panes: both SBN graphs drawn from the
triples Smatch scores, every triple coloured by its verdict, the alignment on hover and in a table,
the triples listed, and both SBNs as text.

Everything shown comes from ``dscorer_core.sbn.triple_match`` (the verdicts, the alignment and the
matched count the figure is made of) and ``dscorer_core.render.sbn_drawing`` (nodes, edges, places);
this module only lays them out. File text reaches the page as JSON in the panes' data, as tooltips
(plain text) and as table cells or code blocks (escaped).
"""

from __future__ import annotations

from html import escape

import pandas as pd
import streamlit as st

from dscorer_core import Drs
from dscorer_core.errors import DscorerInputError
from dscorer_core.ngrams.ngram_comparison import MATCHED, UNMATCHED
from dscorer_core.render import MAX_LAYOUT_NODES, union_box
from dscorer_core.render.palette import EDGE_FONT_SIZE
from dscorer_core.render.sbn_drawing import SbnDrawing, shown_value, smatch_drawings, triple_text
from dscorer_core.sbn.smatch import SmatchSettings
from dscorer_core.sbn.triple_match import TripleMatch, readable_sbn, triple_match_text

from .drawing import (
    COLOURS,
    EDGE_STYLE,
    MARK_BORDER,
    MARK_SHADOW,
    LivePane,
    PreparedPane,
    live_shell,
    markup_free_json,
    pane_height,
    pane_layer,
    show_pane,
)
from .state import shared_cache
from .tables import coloured_table
from .text import defuse_title, md_escape

__all__ = ["SMATCH_DRAWING", "TRIPLE_SETS", "cached_triple_match", "is_sbn_pair", "smatch_pair_view",
           "smatch_panes"]

#: The pair view's "Draw the pair as" option that shows this view (SBN pairs only).
SMATCH_DRAWING = "Smatch (SBN)"
#: The triple sets one can look at, and how the choice names them.
TRIPLE_SETS = {"pmb5": "PMB 5", "corrected": "corrected"}
#: Table rows' verdict text (coloured as the graphs are: ✓ blue, ✗ orange).
_YES, _NO = "✓ matched", "✗ not matched"


def is_sbn_pair(pred: Drs, gold: Drs) -> bool:
    """Both DRSs were read from SBN (each carries its SBN text): Smatch can score the pair."""
    return pred.sbn is not None and gold.sbn is not None


@shared_cache(maxsize=16)
def cached_triple_match(pred: str, gold: str, triples: str) -> TripleMatch | None:
    """The alignment and triple verdicts of one SBN pair under ``triples``, remembered for all
    sessions; None when the gold SBN cannot be read."""
    try:
        return triple_match_text(pred, gold, settings=SmatchSettings(triples=triples))  # type: ignore[arg-type]
    except DscorerInputError:
        return None


def _pane(drawing: SbnDrawing, side: str, box: tuple[float, float, float, float], dark: bool,
          marked: frozenset[str]) -> LivePane:
    """A live pane's shell, style layer and graph for one SBN drawing (as ``drawing.graph_html_live``
    makes them for a DRS graph): node borders and edges coloured by their triple's verdict."""
    font = {"face": "monospace", "color": "#1E1E1E", "multi": False}
    nodes, node_styles = [], []
    for n in drawing.nodes:
        constant = n.kind == "constant"
        nodes.append({"id": n.id, "label": n.label, "x": n.x, "y": n.y, "shape": "box",
                      "font": {**font, "size": 18}, "margin": 8,
                      "shapeProperties": {"borderDashes": [3, 3] if constant else False,
                                          "borderRadius": 2 if n.kind == "box" else 8}})
        fill = COLOURS["box" if n.kind == "box" else "constant" if constant else "referent"]
        border = COLOURS["border"] if constant else COLOURS[MATCHED if n.matched else UNMATCHED]
        ringed = bool(n.name) and n.name in marked
        node_styles.append({"id": n.id, "color": {"background": fill, "border": COLOURS["focus"] if ringed else border},
                            "borderWidth": MARK_BORDER if ringed else 1 if constant else 3,
                            "title": defuse_title(n.title), "opacity": 1.0,
                            "shadow": dict(MARK_SHADOW) if ringed else {"enabled": False}})
    edges, edge_styles = [], []
    for e in drawing.edges:
        edges.append({"id": e.id, "from": e.source, "to": e.target, "label": e.label, "arrows": "to",
                      "font": {"size": EDGE_FONT_SIZE, "face": "monospace", "strokeWidth": 4,
                               "color": "#FAFAFA" if dark else "#1E1E1E",
                               "strokeColor": "#0E1117" if dark else "#FFFFFF"},
                      "smooth": ({"enabled": True, "type": "curvedCW" if e.bend > 0 else "curvedCCW",
                                  "roundness": abs(e.bend)} if e.bend else {"enabled": False})})
        status = MATCHED if e.matched else UNMATCHED
        edge_styles.append({"id": e.id, "color": COLOURS[status], "width": EDGE_STYLE[status]["width"],
                            "dashes": EDGE_STYLE[status]["dashes"], "title": defuse_title(e.title)})
    graph = {"n": nodes, "e": edges, "box": list(box), "alias": {}, "focus": [], "maxh": 3200}
    return LivePane(live_shell(side, dark), markup_free_json({"n": node_styles, "e": edge_styles}),
                    markup_free_json(graph))


def smatch_panes(match: TripleMatch, dark: bool = False, marked: tuple[str, str] | None = None) -> None:
    """Both SBN graphs in the pair view's live panes (pred left, gold right), at one scale; ``marked``:
    an aligned (pred, gold) pair of variables ringed in both."""
    drawings = smatch_drawings(match)
    if max(len(d.nodes) for d in drawings) > MAX_LAYOUT_NODES:
        st.warning(f"These SBN graphs are too large to lay out readably ({len(drawings[0].nodes)} and "
                   f"{len(drawings[1].nodes)} nodes; the limit is {MAX_LAYOUT_NODES}). The alignment and the "
                   "triples are listed below.")
        return
    box = union_box([d.box for d in drawings])
    height = pane_height(box)
    panes = []
    for side, drawing, ring in zip(("pred", "gold"), drawings, marked or ("", "")):
        name = "Predicted" if side == "pred" else "Gold"
        matched = sum(1 for e in drawing.edges if e.matched)
        caption = (f"**{name} SBN** · {len(drawing.nodes)} nodes, {len(drawing.edges)} edges ({matched} ✓)"
                   if drawing.nodes else f"**{name} SBN** · no triples to draw (ill-formed or not scored)")
        panes.append(PreparedPane(caption, _pane(drawing, side, box, dark, frozenset({ring})), None, "", height,
                                  side, True))
    for pane in panes:
        pane_layer(pane)
    for col, pane in zip(st.columns(2), panes):
        with col:
            show_pane(pane)


def _legend() -> None:
    """What the colours mean in the Smatch view, in one line above the panes (the full wording is its tooltip)."""
    full = ("blue, solid: a triple matched under the alignment; orange, dashed: not matched. A node's border is its "
            "concept (its instance triple); an edge is a role or a value. Yellow: box; blue: concept; dashed "
            "border: constant. Hover a node for the node of the other graph it is aligned to.")
    st.html(f'<div title="{escape(full, quote=True)}" style="display:flex;flex-wrap:wrap;gap:.6em;font-size:.8rem;'
            f'color:#555"><span><b style="color:{COLOURS[MATCHED]}">━ matched</b></span>'
            f'<span><b style="color:{COLOURS[UNMATCHED]}">╍ not matched</b></span>'
            "<span>border: concept · edge: role or value · hover: aligned partner</span></div>")


def _alignment_frame(match: TripleMatch) -> pd.DataFrame:
    """One row per node of either graph: the predicted variable, the gold one it is aligned to, their
    concepts and whether the predicted concept matched."""
    concepts = {side: {v.triple.source: (shown_value(v.triple.target), v.matched) for v in verdicts
                       if not v.triple.is_relation and v.triple.relation == "instance"}
                for side, verdicts in (("pred", match.pred), ("gold", match.gold))}
    aligned = match.aligned
    rows = []
    for p, (concept, ok) in concepts["pred"].items():
        g = aligned.get(p)
        rows.append({"pred variable": p, "pred concept": concept, "gold variable": g or "–",
                     "gold concept": concepts["gold"].get(g, ("–", False))[0] if g else "–",
                     "concept": _YES if ok else _NO})
    partnered = set(aligned.values())
    for g, (concept, _) in concepts["gold"].items():
        if g not in partnered:
            rows.append({"pred variable": "–", "pred concept": "–", "gold variable": g, "gold concept": concept,
                         "concept": _NO})
    return pd.DataFrame(rows, columns=["pred variable", "pred concept", "gold variable", "gold concept", "concept"])


def _triples_frame(match: TripleMatch, side: str) -> pd.DataFrame:
    """The triples of one side in order, each with its verdict and the triple of the other side it matches."""
    verdicts = match.pred if side == "pred" else match.gold
    other = "gold" if side == "pred" else "pred"
    return pd.DataFrame([{"triple": triple_text(v.triple), "Smatch": _YES if v.matched else _NO,
                          f"{other} triple": triple_text(v.partner) if v.partner else ""}
                         for v in verdicts], columns=["triple", "Smatch", f"{other} triple"])


def smatch_pair_view(pred: Drs, gold: Drs, dark: bool = False) -> TripleMatch | None:
    """The Smatch view of an SBN pair: the triple set, the figure its verdicts make, both graphs
    coloured by them, the alignment and the triples, both SBNs as text. None when gold cannot be read."""
    st.session_state.setdefault("smatch_triples", "pmb5")
    c_mode, c_text = st.columns([1.3, 5], vertical_alignment="center")
    mode = c_mode.segmented_control("Triples", list(TRIPLE_SETS), key="smatch_triples", required=True,
                                    format_func=TRIPLE_SETS.__getitem__, label_visibility="collapsed",
                                    help="Which triples Smatch scores: the PMB 5 script's (the published "
                                         "figure, quirks included) or the same graph without its bugs.")
    match = cached_triple_match(pred.sbn or "", gold.sbn or "", mode or "pmb5")
    if match is None:
        st.warning("The gold SBN cannot be read, so Smatch cannot score this pair.")
        return None
    n_pred, n_gold = len(match.pred), len(match.gold)
    summary = (f"**Smatch ({match.triples})**: {match.matched} matched of {n_pred} pred and {n_gold} gold "
               f"triples, P = {match.P:.4f}, R = {match.R:.4f}, F = {match.F:.4f}"
               + ("" if match.optimal else " (best alignment found, not proven best)"))
    if match.ill_formed:
        summary += "  \n" + md_escape("Ill-formed (F 0): " + match.ill_formed.split(": ", 1)[-1])
    elif match.note:
        summary += "  \n" + md_escape("Not scored (F 0): " + match.note)
    with c_text:
        st.markdown(summary)
        _legend()
    aligned = match.aligned
    pairs = {f"{p} → {g}": (p, g) for p, g in aligned.items()}
    if st.session_state.get("smatch_var") not in pairs:  # another pair or triple set: its own variables
        st.session_state["smatch_var"] = None
    chosen = pairs.get(st.session_state.get("smatch_var") or "")
    smatch_panes(match, dark, chosen)
    st.selectbox("Highlight an aligned pair of variables (pred → gold)", list(pairs), index=None, key="smatch_var",
                 placeholder="(none)", help="The pred variable is ringed in the left graph and the gold variable "
                                            "Smatch's alignment maps it to in the right one.")
    sentence = gold.sentence or pred.sentence
    st.markdown("**The SBNs**" + (f" of *{md_escape(sentence)}*" if sentence else "")
                + " (one concept or box operator a line)")
    left, right = st.columns(2)
    for col, side, drs in ((left, "pred", pred), (right, "gold", gold)):
        with col:
            st.caption("Predicted" if side == "pred" else "Gold")
            st.code(readable_sbn(drs.sbn or ""), language=None)
    st.markdown("**Alignment** (Smatch maps each predicted variable to at most one gold variable)")
    coloured_table(_alignment_frame(match), verdict_columns=("concept",))
    matched_pred = sum(1 for v in match.pred if v.matched)
    matched_gold = sum(1 for v in match.gold if v.matched)
    left, right = st.columns(2)
    with left:
        st.markdown(f"**Predicted triples**: {matched_pred} matched, {n_pred - matched_pred} not")
        coloured_table(_triples_frame(match, "pred"), verdict_columns=("Smatch",))
    with right:
        st.markdown(f"**Gold triples**: {matched_gold} matched, {n_gold - matched_gold} not")
        coloured_table(_triples_frame(match, "gold"), verdict_columns=("Smatch",))
    if any(v.weight > 1 for v in match.pred):
        st.caption("A triple written twice counts once per pair of equal triples, as smatch 1.0.4 counts it.")
    return match
