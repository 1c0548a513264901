"""Shared Streamlit widgets of the dscorer app: file loading, settings, graph panes, legend, tables.

Pages import this module; it lays out what ``dscorer_core`` computes and holds no scoring
logic. Everything that comes from a clause file is shown as text: graphs go through
pyvis's JSON-encoded node/edge data (labels are drawn on a canvas, tooltips are plain
text), and text shown in Markdown elements is escaped first.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import pandas as pd
import streamlit as st

from dscorer_core import (CounterPair, CounterResult, CounterSettings, Drs, Graph, PairResult, ScoreSettings,
                          counter_corpus, counter_pair, score_pair)
from dscorer_core.clauses import check_pair, decode_clf_bytes, parse_clf
from dscorer_core.errors import DscorerInputError
from dscorer_core.ngrams import DEFAULT_MAX_NGRAMS
from dscorer_core.presets import PRESETS
from dscorer_core.render import (MATCHED, UNMATCHED, Layout, NgramComparison, compare_ngrams, edge_curves,
                                 edge_display, fold_reverse, node_display, shared_layout)
from dscorer_core.scoring import Score

APP_DIR = Path(__file__).resolve().parent
SAMPLE_DIR = APP_DIR / "sample_data"
#: Upload cap in MB; keep in step with server.maxUploadSize in .streamlit/config.toml.
MAX_UPLOAD_MB = 50
#: The app refuses to score graphs with more k-gram walks than this (as the CLI's default);
#: listing and highlighting k-grams has its own, lower cap (render.MAX_DISPLAY_PATHS).
APP_MAX_NGRAMS = DEFAULT_MAX_NGRAMS

#: Where a clause file can come from (file_widgets).
SOURCES = ("Sample", "Upload", "Local path")
DEFAULT_SAMPLES = {"pred": "paper_pred.clf", "gold": "paper_gold.clf"}

# Okabe-Ito colours (safe for colour-blind readers); each status also has its own dash/width.
COLOURS = {MATCHED: "#0072B2", UNMATCHED: "#D55E00", "none": "#B0B0B0", "focus": "#CC79A7",
           "box": "#F6E8B1", "referent": "#DCEBF7", "constant": "#FFFFFF", "border": "#444444"}
#: How a chosen variable's node is drawn (graph_html's ``marked_nodes``): border width and glow.
MARK_BORDER = 7
MARK_SHADOW = {"enabled": True, "color": COLOURS["focus"], "size": 22, "x": 0, "y": 0}
EDGE_STYLE = {MATCHED: {"width": 3, "dashes": False}, UNMATCHED: {"width": 2, "dashes": [8, 5]},
              "none": {"width": 1, "dashes": [2, 4]}}

#: Session keys of widgets whose value should survive a page switch.
PERSISTENT_KEYS = ("src_pred", "src_gold", "sample_pred", "sample_gold", "path_pred", "path_gold",
                   "preset", "order", "w0", "show_names", "k", "show_reverse", "conv_preset", "conv_order",
                   "conv_w0", "conv_show_names", "conv_show_reverse", "with_counter", "corpus_counter",
                   "corpus_disagree_by", "corpus_disagree_n")


# ---------------------------------------------------------------- text safety

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=\"'])")


def md_escape(text: str) -> str:
    """Escape text for Streamlit Markdown so it shows literally (no links, HTML or directives)."""
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", "  \n")


def defuse_title(text: str) -> str:
    """Break every ``href`` in a tooltip with a zero-width joiner: pyvis switches to an
    innerHTML popup when a node title contains ``href``."""
    return re.sub(r"(?i)(h)(ref)", "\\1\u200d\\2", text)


def keep_widget_state() -> None:
    """Re-assign persistent widget values so they survive a switch between pages."""
    for key in PERSISTENT_KEYS:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


# ---------------------------------------------------------------- loading files

@dataclass(frozen=True)
class LoadedFile:
    """A parsed clause file and the name it is shown under."""

    name: str
    drss: tuple[Drs, ...]
    key: str  # identifies the content (for caching derived results)


@st.cache_data(max_entries=16, show_spinner="Reading clause file...")
def parse_upload(name: str, data: bytes) -> tuple[Drs, ...]:
    """Parse uploaded bytes once (cached on name and content)."""
    return tuple(parse_clf(decode_clf_bytes(data, name), name))


@st.cache_data(max_entries=16, show_spinner="Reading clause file...")
def parse_local(path: str, mtime_ns: int, size: int) -> tuple[Drs, ...]:
    """Parse a local file once per (path, modification time, size)."""
    data = Path(path).read_bytes()
    return tuple(parse_clf(decode_clf_bytes(data, path), path))


def check_local_path(text: str) -> Path:
    """The resolved path if ``text`` names a readable regular file; DscorerInputError otherwise."""
    text = text.strip()
    if not text:
        raise DscorerInputError("no path given")
    p = Path(os.path.expanduser(text))
    if not p.is_absolute():
        p = (Path.cwd() / p)
    if not p.exists():
        raise DscorerInputError(f"{text}: no such file")
    if not p.is_file():
        raise DscorerInputError(f"{text}: not a regular file")
    if not os.access(p, os.R_OK):
        raise DscorerInputError(f"{text}: not readable")
    return p.resolve()


def sample_files() -> list[str]:
    """Names of the bundled sample clause files."""
    return sorted(p.name for p in SAMPLE_DIR.glob("*.clf"))


def show_input_error(what: str, exc: Exception) -> None:
    """An st.error that names the file and lists the bad lines, as escaped text."""
    st.error(f"**Cannot use the {md_escape(what)}.**  \n" + md_escape(str(exc)), icon="⚠️")


def file_widgets(slot: str, label: str, default_sample: str, *, key_prefix: str = "", compact: bool = False,
                 placeholder: str = "../shared/data/pmb-2.2.0/gold_dev.clf") -> LoadedFile | None:
    """Source choice (sample, upload or local path) and file widget of one file slot; the loaded
    file, or None while none is chosen (unreadable or malformed files raise DscorerInputError).

    Widget keys are ``{key_prefix}src_{slot}``, ``{key_prefix}sample_{slot}``,
    ``{key_prefix}upload_{slot}`` and ``{key_prefix}path_{slot}``; the last upload is kept in
    ``_{key_prefix}uploaded_{slot}``. By default the slot is headed ``**{label} file**`` and says
    what to do while no file is chosen; ``compact`` labels the source radio with ``label``,
    collapses the other labels and shows no hints.
    """
    key = {what: f"{key_prefix}{what}_{slot}" for what in ("src", "sample", "upload", "path")}
    stored_key = f"_{key_prefix}uploaded_{slot}"
    if compact:
        st.session_state.setdefault(key["src"], "Sample")
        src = st.radio(label, SOURCES, key=key["src"], horizontal=True)
        labels = (f"{label}: sample file", f"{label}: clause file", f"{label}: path of a local clause file")
    else:
        st.markdown(f"**{label} file**")
        src = st.radio("Source", SOURCES, key=key["src"], horizontal=True, label_visibility="collapsed")
        labels = ("Sample file", f"{label} clause file", "Path of a local clause file")
    visibility = "collapsed" if compact else "visible"
    try:
        if src == "Sample":
            st.session_state.setdefault(key["sample"], default_sample)
            name = st.selectbox(labels[0], sample_files(), key=key["sample"], label_visibility=visibility)
            p = SAMPLE_DIR / name
            stat = p.stat()
            return LoadedFile(name, parse_local(str(p), stat.st_mtime_ns, stat.st_size),
                              f"sample:{name}:{stat.st_mtime_ns}")
        if src == "Upload":
            up = st.file_uploader(labels[1], key=key["upload"], label_visibility=visibility,
                                  help=f"Up to {MAX_UPLOAD_MB} MB; use 'Local path' for larger files.")
            if up is not None:
                st.session_state[stored_key] = (up.name, up.getvalue())
            elif stored_key in st.session_state:
                st.caption("Using the earlier upload: " + md_escape(st.session_state[stored_key][0]))
            stored = st.session_state.get(stored_key)
            if stored is None:
                if not compact:
                    st.info("Upload a clause file.")
                return None
            name, data = stored
            return LoadedFile(name, parse_upload(name, data), f"upload:{name}:{hashlib.sha1(data).hexdigest()}")
        text = st.text_input(labels[2], key=key["path"], label_visibility=visibility, placeholder=placeholder)
        if not text.strip():
            if not compact:
                st.info("Type the path of a clause file on this machine.")
            return None
        p = check_local_path(text)
        stat = p.stat()
        return LoadedFile(str(p), parse_local(str(p), stat.st_mtime_ns, stat.st_size),
                          f"path:{p}:{stat.st_mtime_ns}:{stat.st_size}")
    except OSError as exc:
        raise DscorerInputError(f"cannot read the file: {exc.strerror or exc}") from None


def load_file(slot: str, label: str, default_sample: str, *, what: str | None = None,
              **options) -> tuple[LoadedFile | None, bool]:
    """file_widgets (``options`` are its keyword arguments) plus error display: (the file or None,
    whether an error was shown). A file that cannot be used, or holds no DRS, is an st.error
    naming ``what`` (default: ``label``)."""
    what = what or label
    try:
        loaded = file_widgets(slot, label, default_sample, **options)
    except DscorerInputError as exc:
        show_input_error(what, exc)
        return None, True
    if loaded is not None and not loaded.drss:
        show_input_error(what, DscorerInputError(
            f"{loaded.name}: no DRS in this file (it is empty or holds only comments)"))
        return None, True
    return loaded, False


def _load_side(side: str, container) -> LoadedFile | None:
    """The file widgets of one side of the pair in ``container``; the loaded file or None (after
    showing an error, if any)."""
    with container:
        loaded, _ = load_file(side, "Predicted (pred)" if side == "pred" else "Gold", DEFAULT_SAMPLES[side],
                              what=f"{side} file")
    return loaded


def load_pair(container=None) -> tuple[LoadedFile | None, LoadedFile | None, bool]:
    """File widgets for both sides (in the sidebar by default).

    Returns (pred, gold, paired): ``paired`` is True when both loaded and hold as many DRSs.
    A bad file shows an error and leaves the other side and the rest of the page working.
    """
    container = container or st.sidebar
    with container:
        with st.expander("Clause files", expanded=True):
            pred = _load_side("pred", st.container())
            gold = _load_side("gold", st.container())
    paired = False
    if pred and gold:
        try:
            check_pair(list(pred.drss), list(gold.drss), pred.name, gold.name)
            paired = True
        except DscorerInputError as exc:
            show_input_error("pair of files", exc)
    return pred, gold, paired


# ---------------------------------------------------------------- settings

def settings_sidebar(default_preset: str = "released", key_prefix: str = "") -> tuple[ScoreSettings, bool]:
    """Preset, order n, w0 and the variable-name toggle in the sidebar."""
    with st.sidebar:
        st.markdown("**Settings**")
        for name, value in (("preset", default_preset), ("order", 4), ("w0", 0.1), ("show_names", False),
                            ("show_reverse", True)):
            st.session_state.setdefault(key_prefix + name, value)
        preset = st.selectbox("Preset", sorted(PRESETS), key=f"{key_prefix}preset",
                              help="released: the released DSCORER code; typed: the paper's text")
        order = st.number_input("Order n", min_value=1, max_value=8, step=1, key=f"{key_prefix}order")
        w0 = st.number_input("w0 (0-gram weight)", min_value=0.0, max_value=0.99, step=0.05,
                             format="%.2f", key=f"{key_prefix}w0")
        show_names = st.toggle("Show variable names", key=f"{key_prefix}show_names")
        st.toggle("Draw reverse edges", key=f"{key_prefix}show_reverse",
                  help="Off: each relation is drawn once; it shows as matched when it or its reverse "
                       "lies on a matched k-gram. Scores always count both.")
    settings = ScoreSettings(preset=preset, order=int(order), w0=float(w0), max_ngrams=APP_MAX_NGRAMS)
    return settings, show_names


# ---------------------------------------------------------------- graphs

@functools.lru_cache(maxsize=8)
def cached_pair_score(pred: Drs, gold: Drs, settings: ScoreSettings) -> PairResult:
    """score_pair, remembered per pair and settings, so a widget change does not rescore."""
    return score_pair(pred, gold, settings)


@functools.lru_cache(maxsize=8)
def cached_counter_pair(pred: Drs, gold: Drs, settings: CounterSettings | None = None,
                        index: int | None = None) -> CounterPair:
    """counter_pair, remembered per pair and settings (its search can take seconds on big DRSs)."""
    return counter_pair(pred, gold, settings, index=index)


@functools.lru_cache(maxsize=32)
def cached_layout(pred: Graph, gold: Graph) -> Layout:
    """shared_layout, remembered per pair of graphs."""
    return shared_layout(pred, gold)


@functools.lru_cache(maxsize=4)  # occurrence lists of big graphs are large
def cached_comparison(pred: Graph, gold: Graph, k: int) -> NgramComparison:
    """compare_ngrams, remembered per pair of graphs and order."""
    return compare_ngrams(pred, gold, k)


_BOOTSTRAP = re.compile(r"<link[^>]*bootstrap[^>]*/>|<script[^>]*bootstrap[^>]*>\s*</script>", re.S)


def graph_html(graph: Graph, positions: Sequence[tuple[float, float]], box: tuple[float, float, float, float],
               *, edge_status: Sequence[str] | None = None,
               edge_counts: Sequence[tuple[int, int]] | None = None, focus_nodes: frozenset[int] = frozenset(),
               focus_edges: frozenset[int] = frozenset(), show_names: bool = False,
               names_only: bool = False, forward_only: bool = False, height: int = 520,
               marked_nodes: frozenset[int] = frozenset()) -> str:
    """Self-contained vis-network HTML of one graph at fixed positions (no CDN, physics off).

    ``edge_status`` (per edge: matched / unmatched / none) styles edges; ``focus_*`` draws one
    n-gram's occurrences on top; ``marked_nodes`` (a chosen variable) get a wide pink border and a
    pink glow and are never faded. ``names_only`` labels variables by name (the conversion view's
    merged graph) and ``forward_only`` leaves reverse edges out. The view is moved to the shared
    bounding box ``box`` so two panes line up.
    """
    from pyvis.network import Network  # lazy: pyvis pulls in IPython

    if forward_only and edge_status is not None:
        edge_status, edge_counts = fold_reverse(graph, edge_status, edge_counts)
    net = Network(directed=True, cdn_resources="in_line", height=f"{height - 20}px", width="100%")
    focus = bool(focus_edges)
    for node in graph.nodes:
        disp = node_display(graph, node, show_names)
        label = node.name if names_only and not node.is_constant else disp.label
        on_focus = node.id in focus_nodes
        marked = node.id in marked_nodes
        x, y = positions[node.id]
        extra = {"shadow": dict(MARK_SHADOW)} if marked else {}
        net.add_node(node.id, label=label, title=defuse_title(disp.title), x=x, y=y,
                     shape="box" if node.is_box else "ellipse",
                     color={"background": COLOURS[node.kind], "border": COLOURS["focus"] if on_focus or marked
                            else COLOURS["border"]},
                     borderWidth=MARK_BORDER if marked else 4 if on_focus else (2 if node.is_box else 1),
                     shapeProperties={"borderDashes": [3, 3] if node.is_constant else False},
                     font={"size": 24, "face": "monospace"},
                     opacity=0.35 if focus and not (on_focus or marked) else 1.0, **extra)
    ranks = edge_curves(graph, skip_reversed=forward_only)
    for edge, rank in zip(graph.edges, ranks):
        if forward_only and edge.reversed:
            continue
        status = edge_status[edge.id] if edge_status is not None else None
        disp = edge_display(graph, edge, status, edge_counts[edge.id] if edge_counts else None)
        if status is None:
            colour, style = "#555555", {"width": 1.5, "dashes": False}
        else:
            colour, style = COLOURS[status], EDGE_STYLE[status]
        if focus:
            if edge.id in focus_edges:
                colour, style = COLOURS["focus"], {"width": 5, "dashes": False}
            else:
                colour = "#DDDDDD"
        net.add_edge(edge.source, edge.target, label=disp.label, title=defuse_title(disp.title),
                     color=colour, width=style["width"], dashes=style["dashes"], arrows="to",
                     font={"size": 16, "face": "monospace", "strokeWidth": 4},
                     smooth={"enabled": True, "type": "curvedCW", "roundness": 0.15 + 0.25 * rank})
    net.options = {"physics": {"enabled": False},
                   "interaction": {"hover": True, "tooltipDelay": 150, "navigationButtons": False},
                   "edges": {"arrowStrikethrough": False}}
    html = _BOOTSTRAP.sub("", net.generate_html())
    x0, y0, x1, y1 = (float(v) for v in box)
    fit = (f"<script>(function(){{var b=[{x0},{y0},{x1},{y1}];"
           "function align(){var c=document.getElementById('mynetwork');if(!c||!network)return;"
           "var w=c.clientWidth||600,h=c.clientHeight||500,m=50;"
           "var s=Math.min(w/(b[2]-b[0]+2*m),h/(b[3]-b[1]+2*m),1.5);"
           "network.moveTo({position:{x:(b[0]+b[2])/2,y:(b[1]+b[3])/2},scale:s,animation:false});}"
           "align();window.addEventListener('resize',align);document.body.dataset.ready='1';})();</script>")
    return html.replace("</body>", fit + "\n</body>", 1)


def graph_pane(title: str, graph: Graph, positions, box, height: int = 600, **kwargs) -> None:
    """A caption and the embedded graph."""
    st.markdown(f"**{title}** · {len(graph.nodes)} nodes, {len(graph.edges)} edges")
    st.iframe(graph_html(graph, positions, box, height=height, **kwargs), height=height)


def legend(with_status: bool = True, with_variable: bool = False) -> None:
    """What the colours and dashes mean (``with_variable``: also the chosen variable's pink ring)."""
    parts = ["▭ box node (B)", "◯ referent (X, E, S, T, P)", "◌ dashed border: constant"]
    if with_status:
        parts += ["**━ blue, solid, thick**: on at least one matched k-gram",
                  "**┅ orange, dashed**: only on unmatched k-grams",
                  "┈ grey, dotted: on no k-gram of this order",
                  "**━ pink, widest**: the chosen n-gram"]
    if with_variable:
        parts.append("**◎ pink ring and glow**: the chosen variable (pred) and the gold variable COUNTER maps it to")
    parts.append("an edge label ending in `~` is a reverse edge")
    st.caption(" · ".join(parts))


# ---------------------------------------------------------------- tables

def order_table(score: Score) -> pd.DataFrame:
    """The per-order p/r/f table of a Score (k = 0 compares node counts)."""
    return pd.DataFrame([{"k": o.k, "matched": o.matched, "pred": o.pred, "gold": o.gold,
                          "p": o.p, "r": o.r, "f": o.f, "weight": o.weight} for o in score.orders])


def score_table(score: Score, signature: str, counter=None, counter_note: str = "",
                dscorer_note: str = "") -> None:
    """Combined P, R, F as metrics, the per-order table and the signature.

    Given ``counter`` (a CounterPair or CounterResult), COUNTER's P, R, F follow as a second row
    of metrics (labelled ``COUNTER P`` ...) right under DSCORER's, with ``counter_note`` beside
    them, and its signature joins DSCORER's. ``*_note`` is Markdown (escape file text first).
    """
    rows = [("", score, dscorer_note)] + ([("COUNTER ", counter, counter_note)] if counter is not None else [])
    for prefix, figures, note in rows:
        c1, c2, c3, c4 = st.columns([2, 2, 2, 3], vertical_alignment="center")
        c1.metric(prefix + "P", f"{figures.P:.4f}")
        c2.metric(prefix + "R", f"{figures.R:.4f}")
        c3.metric(prefix + "F", f"{figures.F:.4f}")
        if note:
            c4.caption(note)
    if score.orders:
        st.dataframe(order_table(score), hide_index=True, width="stretch",
                     column_config={c: st.column_config.NumberColumn(format="%.4f")
                                    for c in ("p", "r", "f", "weight")})
    sigs = [signature] + ([counter.signature] if counter is not None else [])
    st.caption("signature: " + "  \n".join(md_escape(s) for s in sigs))


def clause_frame(drs: Drs, statuses: Sequence[str] | None = None,
                 counter: Sequence[str] | None = None) -> pd.DataFrame:
    """The clauses of a DRS as a table, marking the ones behind unmatched k-grams (and, given
    ``counter``, COUNTER's verdict on each clause)."""
    rows = []
    for i, c in enumerate(drs.clauses):
        row = {"line": c.line, "clause": c.text(), "kind": c.kind}
        if statuses is not None:
            row["k-grams"] = {"unmatched": "✗ behind unmatched", "matched": "✓ matched"}.get(statuses[i], "–")
        if counter is not None:
            row["COUNTER"] = {"matched": "✓ matched", "unmatched": "✗ unmatched"}.get(counter[i], counter[i])
        rows.append(row)
    return pd.DataFrame(rows)


#: Text colour per clause verdict in the clause tables: the graph's edge colours (matched blue,
#: unmatched orange); a clause of the chosen variable gets a light pink background.
CLAUSE_MARK_CSS = {"✓": f"color: {COLOURS[MATCHED]}; font-weight: bold",
                   "✗": f"color: {COLOURS[UNMATCHED]}; font-weight: bold"}
VARIABLE_ROW_CSS = "background-color: #F3DCEA"


def _verdict_css(value: object) -> str:
    return CLAUSE_MARK_CSS.get(str(value)[:1], "")


def styled_clauses(frame: pd.DataFrame, marked_rows: Sequence[int] = (),
                   columns: Sequence[str] = ("k-grams", "COUNTER")):
    """A clause table (e.g. clause_frame's) with its verdict columns coloured as the graphs colour
    edges (✓ matched blue, ✗ unmatched orange) and ``marked_rows`` on a pink background."""
    marked = set(marked_rows)
    styler = frame.style
    present = [c for c in columns if c in frame.columns]
    if present:
        styler = styler.map(_verdict_css, subset=present)
    if marked:
        styler = styler.apply(lambda row: [VARIABLE_ROW_CSS if row.name in marked else ""] * len(row), axis=1)
    return styler


def clause_pairs_frame(pairs: Sequence[tuple[object, object]]) -> pd.DataFrame:
    """Matched clause pairs (pred Clause, gold Clause) as a table of their lines and texts."""
    return pd.DataFrame([{"pred line": p.line, "pred clause": p.text(), "gold line": g.line, "gold clause": g.text()}
                         for p, g in pairs], columns=["pred line", "pred clause", "gold line", "gold clause"])


@st.cache_resource
def _result_store(name: str = "results") -> dict:
    """A store of results shared by all sessions, one per ``name`` (see cached_run)."""
    return {"results": OrderedDict(), "lock": threading.Lock()}


#: How many results cached_run keeps by default (least recently used dropped first).
MAX_STORED_RESULTS = 8


def cached_run(key: tuple, label: str, fn: Callable[[Callable[[int, int], None]], object], *,
               store: str = "results", max_results: int = MAX_STORED_RESULTS):
    """``run_with_progress(label, fn)`` the first time ``key`` is asked for, then the stored result.

    A store held by st.cache_resource rather than st.cache_data: the progress bar is drawn
    outside the cached call, which st.cache_data cannot replay. ``key`` must name the files'
    contents (LoadedFile.key) and every setting the result depends on. Each ``store`` (a name)
    keeps its own ``max_results`` latest results, so one page's results do not push out another's.
    """
    shelf = _result_store(store)
    with shelf["lock"]:
        if key in shelf["results"]:
            shelf["results"].move_to_end(key)
            return shelf["results"][key]
    result = run_with_progress(label, fn)
    with shelf["lock"]:
        shelf["results"][key] = result
        while len(shelf["results"]) > max_results:
            shelf["results"].popitem(last=False)
    return result


def cached_counter_corpus(pred: LoadedFile, gold: LoadedFile, settings: CounterSettings) -> CounterResult:
    """counter_corpus of a loaded pair of files, with a progress bar the first time (cached on the
    files' contents and the COUNTER settings)."""
    return cached_run(("counter", pred.key, gold.key, settings), f"COUNTER: matching {len(gold.drss)} documents...",
                      lambda progress: counter_corpus(list(pred.drss), list(gold.drss), settings, progress=progress))


def run_with_progress(label: str, fn: Callable[[Callable[[int, int], None]], object]):
    """Run ``fn(progress)`` with a progress bar that ``progress(done, total)`` moves."""
    bar = st.progress(0.0, text=label)

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 100) == 0:
            bar.progress(done / total if total else 1.0, text=f"{label} {done}/{total}")

    try:
        return fn(progress)
    finally:
        bar.empty()


def json_text(data: object) -> str:
    """JSON for a download button."""
    return json.dumps(data, indent=2, ensure_ascii=False)
