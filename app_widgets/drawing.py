"""Drawing graphs with pyvis: self-contained vis-network HTML (no CDN), fixed positions, a legend.

Everything from a clause file reaches the page as JSON-encoded node and edge data (labels are
drawn on a canvas, tooltips are plain text); see docs/app.md for the four pyvis injection holes
that are kept shut."""

from __future__ import annotations

import functools
import json
import math
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import streamlit as st

from dscorer_core.ngrams import Graph
from dscorer_core.render import (
    BOX_CORNER,
    EDGE_FONT_SIZE,
    FOCUS_COLOUR,
    GRADE_LINES,
    KIND_FILL,
    NODE_BORDER,
    NODE_CORNER,
    NODE_FONT_SIZE,
    PLAIN_EDGE_COLOUR,
    PLAIN_LINE,
    SCALE_STOPS,
    STATUS_COLOURS,
    STATUS_LINES,
    UNPAIRED_FILL,
    UNPAIRED_NOTE,
    Layout,
    LineStyle,
    Route,
    compact_folds,
    drawing_geometry,
    edge_display,
    edge_shades,
    fold_into,
    fold_reverse,
    folded_note,
    graph_scene,
    least_matched,
    node_display,
    reverse_partners,
    scene_pdf,
    scene_svg,
    union_box,
)

from .state import CLASS_SESSIONS, MAX_STORED_BYTES, shared_cache
from .text import defuse_title

__all__ = ["COLOURS", "MARK_BORDER", "MARK_SHADOW", "EDGE_STYLE", "LivePane", "graph_html", "graph_html_live",
           "drawing_box", "fit_options", "graph_pane", "pane_box", "legend", "live_shell", "markup_free_json",
           "pane_height", "pane_layer", "PaneExport", "prepare_pane", "PreparedPane", "present_mode", "show_pane"]

# The core's palette (dscorer_core.render.palette, shared with the SVG export): Okabe-Ito colours (safe
# for colour-blind readers) per verdict, a fill per node kind; each verdict also has its own dash/width.
COLOURS = {**STATUS_COLOURS, "focus": FOCUS_COLOUR, **KIND_FILL, "border": NODE_BORDER, "unpaired": UNPAIRED_FILL}
#: Fill and tooltip line of a node that a sentence shares with the rest of its document (graph_html's
#: ``context_nodes``, the sentence navigator).
CONTEXT_FILL = "#FFF1B8"
CONTEXT_NOTE = "Also used by other sentences of the document (context)"
#: How a chosen variable's node is drawn (graph_html's ``marked_nodes``): border width and glow.
MARK_BORDER = 7
MARK_SHADOW = {"enabled": True, "color": COLOURS["focus"], "size": 22, "x": 0, "y": 0}


def _vis_line(style: LineStyle) -> dict:
    """A core line style as vis-network edge options."""
    return {"width": style.width, "dashes": list(style.dashes) or False}


EDGE_STYLE = {status: _vis_line(style) for status, style in STATUS_LINES.items()}
#: Width and dashes per grade of the matched share (edge_shades), so the grade does not rest on colour.
GRADE_STYLE = {grade: _vis_line(style) for grade, style in GRADE_LINES.items()}

_BOOTSTRAP = re.compile(r"<link[^>]*bootstrap[^>]*/>|<script[^>]*bootstrap[^>]*>\s*</script>", re.S)
#: pyvis's CDN tags for vis-network (its "remote" mode), replaced by the app's own copy.
_VIS_CDN = re.compile(r'<link[^>]*cdnjs[^>]*vis-network[^>]*/>\s*'
                      r'<script[^>]*cdnjs[^>]*vis-network[^>]*>\s*</script>', re.S)
#: Where Streamlit serves the app's static files (``[server] enableStaticServing``), relative to
#: the page, so it also holds under a ``server.baseUrlPath``; a graph pane's srcdoc resolves it
#: against the app page's address.
STATIC_URL = "app/static/"
#: The vis-network files that pyvis 0.3.2 bundles (the version its in_line mode embeds).
VIS_FILES = ("vis-network.min.js", "vis-network.css")
VIS_DIR = "vis-9.1.2"


#: One jinja environment per pyvis template folder, kept across panes and reruns: pyvis makes a
#: new one per Network, which recompiles its template every time (about 35 ms a pane).
_TEMPLATE_ENVS: dict[str, object] = {}


@functools.cache
def static_vis_tags() -> str | None:
    """<link>/<script> tags that load vis-network from the app's static files, or None to embed it.

    Each pane embedding vis-network costs about 700 KB per rerun (sent, then parsed by the
    browser); served once it is fetched once and cached. The files are copied from pyvis's own
    package into ``static/`` beside app.py when Streamlit serves that folder (.streamlit/config.toml);
    when it does not, or the folder cannot be written, the panes embed vis-network as before."""
    from pyvis import network  # lazy: pyvis pulls in IPython

    if not st.get_option("server.enableStaticServing"):
        return None
    source = Path(network.__file__).parent / "templates" / "lib" / VIS_DIR
    target = Path(__file__).resolve().parent.parent / "static"
    try:
        for name in VIS_FILES:
            if not (target / name).is_file() or (target / name).stat().st_size != (source / name).stat().st_size:
                target.mkdir(exist_ok=True)
                shutil.copyfile(source / name, target / name)
    except OSError:
        return None
    return (f'<link rel="stylesheet" href="{STATIC_URL}{VIS_FILES[1]}"/>\n'
            f'<script src="{STATIC_URL}{VIS_FILES[0]}"></script>')


#: The panes' own script (no data from a file): the controls bar, Ctrl+wheel zoom (the plain
#: wheel scrolls the page: the event is kept from vis-network, which would swallow it), zoom and
#: pan mirrored into the other pane (by the view's top: a pane may end sooner than the other), and
#: ``window.dscorerGraph`` for the box view. When it draws a graph
#: (a static pane on load; a live pane when a new graph arrives) and on resize each pane fits the
#: shared bounding box, so both panes show the whole
#: drawing at the same place and scale: the drawing takes the pane's width, and the pane (its iframe
#: and the page's element around it) takes the drawing's height at that scale, so there is no blank
#: band above or below it. A live pane (``graph_html_live``) is a shell without a graph: it reads the
#: page's ``[data-dscorer-styles=SIDE]`` element; when its ``data-graph`` changed (another
#: sentence, document or drawing) it replaces its nodes and edges, box, aliases and focus and fits them
#: afresh, and when only its ``data-payload`` (the style layer) changed it restyles in place (a
#: MutationObserver on the page reads the element as soon as it arrives; the 60 ms poll is a fallback).
#: The pane keeps MARGIN (8 px at zoom 1) beside the box, which holds every curve and label already, and
#: TOP above and below it (room for the controls bar).
#: Placeholders: __BOX__ (bounding box), __SIDE__, __ALIAS__ (hidden edge -> drawn edge or node), __LIVE__,
#: __MAXH__ (the tallest the pane grows, px; a taller drawing is shown smaller), __FOCUS__ (node ids the
#: first view centres on at a readable scale when the whole drawing would be drawn small, below the controls bar).
#: In a live shell __BOX__, __ALIAS__, __MAXH__ and __FOCUS__ are placeholders' defaults: each graph's own
#: come with it in ``data-graph``.
PANE_SCRIPT = """
(function(){
var MARGIN=8,TOP=40,b=__BOX__,side=__SIDE__,alias=__ALIAS__,live=__LIVE__,maxh=__MAXH__,focus=__FOCUS__,mirroring=false,
 moved=false,applied=null,drawn=null;
function box(){var c=document.getElementById('mynetwork');return [c.clientWidth||600,c.clientHeight||500];}
function fitScale(){var wh=box(),m=MARGIN;return Math.min(wh[0]/(b[2]-b[0]+2*m),b.length>4?(maxh-20)/(b[4]-b[1]+2*TOP):
 wh[1]/(b[3]-b[1]+2*TOP),1.5);}
function teaching(){return focus&&!Array.isArray(focus);}
function cap(fe){if(!teaching()||!focus.screen)return maxh;try{var r=fe.getBoundingClientRect();
 return Math.min(maxh,Math.max(320,Math.round(window.parent.innerHeight-r.top-12)));}catch(e){return maxh;}}
function fitHeight(){try{var fe=window.frameElement,c=document.getElementById('mynetwork');if(!fe||!c||moved)return;
 var s=Math.max(teaching()?focus.min:0,Math.min(c.clientWidth/(b[2]-b[0]+2*MARGIN),1.5,
  b.length>4?(maxh-20)/(b[4]-b[1]+2*TOP):9)),
  want=Math.round(Math.min(cap(fe),Math.max(260,(b[3]-b[1]+2*TOP)*s+20)));
 if(Math.abs(fe.offsetHeight-want)>3||Math.abs(c.offsetHeight-want+20)>3){fe.style.height=want+'px';
  c.style.height=(want-20)+'px';network.setSize('100%',(want-20)+'px');}
 var el=fe.parentElement;if(el&&el.getAttribute('data-testid')==='stElementContainer'&&el.offsetHeight!==want){
  el.style.height=want+'px';el.style.flexBasis=want+'px';}}catch(e){}}
function fitAll(){if(typeof network==='undefined')return;fitHeight();var s=fitScale();network.moveTo({position:{
 x:(b[0]+b[2])/2,y:Math.max((b[1]+b[3])/2,b[1]-TOP+box()[1]/2/s)},scale:s,animation:false});mirror();}
function showFocus(){var s=fitScale();if(!focus.length||s>=0.7)return false;var p=network.getPositions(focus),
 x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;for(var k in p){x0=Math.min(x0,p[k].x);y0=Math.min(y0,p[k].y);x1=Math.max(x1,p[k].x);
 y1=Math.max(y1,p[k].y);}var wh=box(),bar=36,f=Math.max(s,Math.min(0.9,wh[0]/(x1-x0+240),(wh[1]-bar)/(y1-y0+160)));
 network.moveTo({position:{x:(x0+x1)/2,y:(y0+y1)/2-bar/2/f},scale:f,animation:false});return true;}
function extent(ids){var x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;ids.forEach(function(i){try{var q=network.getBoundingBox(i);
 x0=Math.min(x0,q.left);y0=Math.min(y0,q.top);x1=Math.max(x1,q.right);y1=Math.max(y1,q.bottom);}catch(e){}});
 return x0<=x1?[x0,y0,x1,y1]:null;}
function ends(ids){var x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;(ids||[]).forEach(function(i){var e=network.body.edges[i];
 if(!e||e.options.hidden)return;var l=e.labelModule.size,v=null;try{v=e.edgeType.via||(e.edgeType._getViaCoordinates?
 e.edgeType._getViaCoordinates():null);}catch(er){}var pts=[];if(l&&l.width>0)pts.push([l.left,l.top],
 [l.left+l.width,l.top+l.height]);if(v&&e.from&&e.to)pts.push([(e.from.x+2*v.x+e.to.x)/4,(e.from.y+2*v.y+e.to.y)/4]);
 pts.forEach(function(p){x0=Math.min(x0,p[0]);y0=Math.min(y0,p[1]);x1=Math.max(x1,p[0]);y1=Math.max(y1,p[1]);});});
 return x0<=x1?[x0,y0,x1,y1]:null;}
function join(a,c){return !a?c:!c?a:[Math.min(a[0],c[0]),Math.min(a[1],c[1]),Math.max(a[2],c[2]),Math.max(a[3],c[3])];}
function teach(){var wh=box(),bar=36,m=12,lab=ends(focus.edges),core=join(extent(focus.core),lab),
 all=join(extent(focus.core.concat(focus.near)),lab),aw=wh[0]-2*m,ah=wh[1]-bar-2*m,whole=fitScale(),
 fit=function(x){return Math.min(1.2,aw/(x[2]-x[0]),ah/(x[3]-x[1]));},f,e,top=false;
 if(!all){e=[b[0],b[1],b[2],b[3]];f=Math.max(whole,focus.min);top=f>whole;}
 else{f=fit(all);e=all;if(whole>=focus.min&&whole>=f){f=whole;e=[b[0],b[1],b[2],b[3]];}
  else if(f<focus.min){e=core||all;f=Math.max(focus.min,fit(e));top=f>fit(e)&&(focus.edges||[]).length>2;}}
 var cx=top&&e[2]-e[0]>aw/f?e[0]-m/f+wh[0]/2/f:(e[0]+e[2])/2,cy=top?e[1]-m/f+ah/2/f+m/f:(e[1]+e[3])/2;
 network.moveTo({position:{x:cx,y:cy-bar/2/f},scale:f,animation:false});
 document.body.dataset.view=JSON.stringify({scale:f,width:wh[0],height:wh[1],bar:bar});}
function firstView(){fitAll();if(teaching())teach();else showFocus();}
function view(){moved=false;firstView();network.once('afterDrawing',function(){if(!moved)firstView();});}
function siblings(){var out=[];try{var fr=window.parent.document.querySelectorAll('iframe');
 for(var i=0;i<fr.length;i++){try{var w=fr[i].contentWindow;if(w!==window&&w.dscorerGraph&&w.dscorerGraph.follow)
  out.push(w.dscorerGraph);}catch(e){}}}catch(e){}return out;}
function mirror(){if(mirroring||typeof network==='undefined')return;var v={position:network.getViewPosition(),
 scale:network.getScale()};v.top=v.position.y-box()[1]/2/v.scale;siblings().forEach(function(g){try{g.follow(v);}catch(e){}});}
function zoomBy(f){moved=true;var s=network.getScale()*f;network.moveTo({position:network.getViewPosition(),scale:s,
 animation:false});mirror();}
function scrollPage(ev){var dy=ev.deltaMode===1?ev.deltaY*16:ev.deltaMode===2?ev.deltaY*400:ev.deltaY;
 try{var el=window.frameElement;while(el){var st=window.parent.getComputedStyle(el).overflowY;
  if((st==='auto'||st==='scroll')&&el.scrollHeight>el.clientHeight){el.scrollBy(0,dy);return;}
  el=el.parentElement;}window.parent.scrollBy(0,dy);}catch(e){}}
function png(){var f=network.canvas.frame,kw=f.style.width,kh=f.style.height,v={position:network.getViewPosition(),
 scale:network.getScale()},s=Math.min(1,6000/Math.max(b[2]-b[0],b[3]-b[1])),m=20;
 network.setSize(Math.round((b[2]-b[0])*s+2*m)+'px',Math.round((b[3]-b[1])*s+2*m)+'px');
 network.moveTo({position:{x:(b[0]+b[2])/2,y:(b[1]+b[3])/2},scale:s,animation:false});network.redraw();
 var cv=f.querySelector('canvas'),out=document.createElement('canvas');out.width=cv.width;out.height=cv.height;
 var x=out.getContext('2d');x.fillStyle=getComputedStyle(document.body).backgroundColor||'#FFFFFF';
 x.fillRect(0,0,out.width,out.height);x.drawImage(cv,0,0);var url=out.toDataURL('image/png');
 network.setSize(kw,kh);network.moveTo({position:v.position,scale:v.scale,animation:false});network.redraw();
 document.body.dataset.png=JSON.stringify({w:out.width,h:out.height,scale:s,ratio:window.devicePixelRatio||1,box:b});
 return url;}
var saved=null;
function remember(){if(saved)return;saved={e:{},n:{}};network.body.data.edges.get().forEach(function(e){
 saved.e[e.id]={color:e.color,width:e.width};});network.body.data.nodes.get().forEach(function(n){
 saved.n[n.id]={borderWidth:n.borderWidth,color:n.color};});}
function clear(){if(!saved)return;var es=[],ns=[];for(var k in saved.e)es.push({id:isNaN(k)?k:Number(k),
 color:saved.e[k].color,width:saved.e[k].width});for(var j in saved.n)ns.push({id:isNaN(j)?j:Number(j),
 borderWidth:saved.n[j].borderWidth,color:saved.n[j].color});network.body.data.edges.update(es);
 network.body.data.nodes.update(ns);saved=null;}
function hiEdges(ids){remember();var want={},nodes=[];ids.forEach(function(i){var a=alias[i];
 if(a===undefined)want[i]=1;else if(typeof a==='number')want[a]=1;else nodes.push(Number(a.slice(1)));});
 network.body.data.edges.update(network.body.data.edges.get().map(function(e){return want[e.id]||want[e.of]?
 {id:e.id,color:'#CC79A7',width:6}:{id:e.id,color:{color:'#DDDDDD',opacity:0.6}};}));if(nodes.length)hiNodes(nodes);}
function hiNodes(ids){remember();network.body.data.nodes.update(ids.map(function(i){
 return {id:i,borderWidth:6,color:{border:'#CC79A7'}};}));}
window.dscorerGraph={side:side,png:png,highlightEdges:hiEdges,highlightNodes:hiNodes,clear:clear,fit:fitAll,
 follow:function(v){if(typeof network==='undefined')return;mirroring=true;moved=true;
  var p=v.top===undefined?v.position:{x:v.position.x,y:v.top+box()[1]/2/v.scale};
  network.moveTo({position:p,scale:v.scale,animation:false});mirroring=false;}};
function merge(items,styles){var by={};styles.forEach(function(s){by[s.id]=s;});items.forEach(function(i){
 var s=by[i.id];if(s)for(var k in s)i[k]=s[k];});}
function pull(){try{var el=window.parent.document.querySelector('[data-dscorer-styles="'+side+'"]');
 var p=el&&el.getAttribute('data-payload'),g=el&&el.getAttribute('data-graph');
 if(!p||!g||(p===applied&&g===drawn))return;var d=JSON.parse(p),data=network.body.data;saved=null;
 if(g!==drawn){var G=JSON.parse(g);merge(G.n,d.n);merge(G.e,d.e);b=G.box;alias=G.alias;focus=G.focus;maxh=G.maxh;
  network.unselectAll();data.edges.clear();data.nodes.clear();data.nodes.add(G.n);data.edges.add(G.e);drawn=g;
  applied=p;view();}
 else{applied=p;data.nodes.update(d.n);data.edges.update(d.e);}
 document.body.dataset.styled=String(Number(document.body.dataset.styled||0)+1);}catch(e){}}
function ready(){if(typeof network==='undefined'){setTimeout(ready,50);return;}
 network.on('zoom',mirror);network.on('dragEnd',mirror);network.on('dragging',mirror);
 network.on('dragStart',function(){moved=true;});
 var c=document.getElementById('mynetwork');
 c.addEventListener('wheel',function(ev){ev.stopPropagation();ev.preventDefault();
  if(ev.ctrlKey){zoomBy(ev.deltaY<0?1.15:1/1.15);return;}scrollPage(ev);},{passive:false,capture:true});
 document.getElementById('dv-in').onclick=function(){zoomBy(1.25);};
 document.getElementById('dv-out').onclick=function(){zoomBy(0.8);};
 document.getElementById('dv-fit').onclick=fitAll;
 document.getElementById('dv-png').onclick=function(){var a=document.createElement('a');a.href=png();
  a.download='dscorer-'+side+'-graph.png';document.body.appendChild(a);a.click();a.remove();};
 window.addEventListener('resize',function(){if(!moved){if(teaching())firstView();else fitAll();}});
 if(live){pull();setInterval(pull,60);try{new MutationObserver(pull).observe(window.parent.document.body,{subtree:true,
  childList:true,attributes:true,attributeFilter:['data-payload','data-graph']});}catch(e){}}else view();
 document.body.dataset.ready='1';}
ready();
})();
"""

_BAR = ('<div class="dv-bar"><button id="dv-in" title="Zoom in (or Ctrl + wheel)">+</button>'
        '<button id="dv-out" title="Zoom out (or Ctrl + wheel)">&minus;</button>'
        '<button id="dv-fit" title="Fit the whole graph">fit</button>'
        '<button id="dv-png" title="Download the whole graph as a PNG image (as drawn here)">PNG</button></div>')


def _pane_css(dark: bool) -> str:
    bg, fg, btn = ("#0E1117", "#FAFAFA", "#262730") if dark else ("#FFFFFF", "#31333F", "#F0F2F6")
    return (f"<style>html,body{{background:{bg};color:{fg};margin:0}}#mynetwork{{background:{bg};border:none}}"
            "center{display:none}"  # pyvis's empty heading
            f".card{{border:none;background:{bg}}}"
            f".dv-bar{{position:absolute;top:4px;right:6px;z-index:10;display:flex;gap:4px}}"
            f".dv-bar button{{font:14px sans-serif;padding:2px 9px;border:1px solid #888;border-radius:4px;"
            f"background:{btn};color:{fg};cursor:pointer}}</style>")


#: What the live style layer sets on each node and edge (everything that changes with k, the chosen
#: n-gram or the chosen variable); the rest comes in ``data-graph`` and changes only with another graph.
NODE_STYLE_KEYS = ("color", "borderWidth", "title", "opacity", "shadow")
EDGE_STYLE_KEYS = ("color", "width", "dashes", "title")
#: The value of a style key that a node or edge does not set: every style layer sets every key, so
#: a restyle also clears what the layer before set (a chosen variable's glow, a tooltip).
_NEUTRAL_NODE = {"color": {"background": "#FFFFFF", "border": "#444444"}, "borderWidth": 1, "title": "",
                 "opacity": 1.0, "shadow": {"enabled": False}}
_NEUTRAL_EDGE = {"color": "#B0B0B0", "width": 1, "dashes": False, "title": ""}


def graph_html(graph: Graph, positions: Sequence[tuple[float, float]], box: tuple[float, float, float, float],
               **kwargs: Any) -> str:
    """Self-contained vis-network HTML of one graph at fixed positions (no CDN, physics off);
    see ``graph_html_live`` for the options."""
    return graph_html_live(graph, positions, box, live=False, **kwargs).html


def graph_html_live(graph: Graph, positions: Sequence[tuple[float, float]], box: tuple[float, float, float, float],
               *, edge_status: Sequence[str] | None = None,
               edge_counts: Sequence[tuple[int, int]] | None = None, focus_nodes: frozenset[int] = frozenset(),
               focus_edges: frozenset[int] = frozenset(), show_names: bool = False,
               names_only: bool = False, forward_only: bool = False, height: int = 520,
               marked_nodes: frozenset[int] = frozenset(), compact: bool = False, side: str = "",
               dark: bool = False, unpaired: frozenset[int] = frozenset(), live: bool = False,
               max_height: int = 3200, zoom_to_focus: bool = False,
               context_nodes: frozenset[int] = frozenset(),
               teaching_view: tuple[frozenset[int], frozenset[int], float] | None = None,
               shared_bottom: float | None = None) -> LivePane:
    """Self-contained vis-network HTML of one graph at fixed positions (no CDN, physics off), or,
    with ``live``, a shell and the graph and its style layer as JSON.

    ``live`` keeps the HTML free of the graph (``live_shell``: the same page for every graph of a
    side): the graph (nodes, edges, box, aliases, focus) and everything that changes with the order k,
    the chosen n-gram or the chosen variable (NODE_STYLE_KEYS, EDGE_STYLE_KEYS) come apart, and the
    loaded pane applies them in place instead of being rebuilt (``pane_layer``): a change of k sends
    only another style layer, another sentence another graph. A live pane's ``height`` is not in its
    page (the pane's script fits the frame).

    ``edge_status`` and ``edge_counts`` style edges (colour: the matched share, edge_shades);
    ``focus_*`` draws one n-gram's occurrences on top; ``marked_nodes`` (a chosen variable) get a
    wide pink border and a pink glow and are never faded. ``names_only`` labels variables by name
    (the conversion view's merged graph) and ``forward_only`` leaves reverse edges out. ``compact``
    also folds reverse edges and draws concept edges as part of the referent's label (the node's
    border then takes the concept edge's colour). ``unpaired`` nodes (no partner in the other
    graph) are filled grey and say so in their tooltip; ``context_nodes`` (a sentence's nodes that the
    rest of its document also uses) are filled pale yellow and say so. The view is moved to the shared bounding box
    ``box`` so two panes line up; ``side`` (pred / gold) names the pane for ``window.dscorerGraph``.
    ``teaching_view`` (core nodes, nodes near them, the least scale) is the teaching page's view: the pane
    fills the screen below it (up to ``max_height``) and shows the core and near nodes below the controls
    bar at the least scale or more (the whole drawing when it is readable; the core alone when both do
    not fit), panning rather than shrinking the drawing below that scale. ``shared_bottom``: the bottom of
    the box both panes share when ``box`` ends sooner (pane_box): the pane's scale is the shared box's.
    """
    from pyvis.network import Network  # lazy: pyvis pulls in IPython

    forward_only = forward_only or compact
    if forward_only and edge_status is not None:
        edge_status, edge_counts = fold_reverse(graph, edge_status, edge_counts)
    folds = compact_folds(graph) if compact else None
    if folds is not None and edge_status is not None:  # one line per relation: a role's halves join
        edge_status, edge_counts = fold_into(edge_status, edge_counts, folds.into_edge)
    if folds is not None and focus_edges:
        focus_edges = focus_edges | {t for e, t in enumerate(folds.into_edge) if t is not None and e in focus_edges}
    shades = edge_shades(edge_counts) if edge_counts and edge_status is not None else None
    hidden = folds.hidden if folds is not None else frozenset()
    into = folds.into_node if folds is not None else ()
    net = Network(directed=True, cdn_resources="remote" if static_vis_tags() else "in_line", height=f"{height - 20}px",
                  width="100%")
    net.templateEnv = _TEMPLATE_ENVS.setdefault(net.template_dir, net.templateEnv)
    focus = bool(focus_edges)
    # labels, sizes and each edge's curve (clear of the nodes and of the other labels): the core's geometry
    geometry = drawing_geometry(graph, tuple(positions), compact, show_names, names_only, forward_only)
    node_labels, edge_labels, bends = geometry.node_labels, geometry.edge_labels, geometry.bends
    for node in graph.nodes:
        disp = node_display(graph, node, show_names)
        label = node_labels[node.id]
        on_focus = node.id in focus_nodes or any(e in focus_edges for e in (into[node.id] if compact else ()))
        marked = node.id in marked_nodes
        x, y = positions[node.id]
        extra = {"shadow": dict(MARK_SHADOW)} if marked else {}
        border, width = COLOURS["border"], (2 if node.is_box else 1)
        if compact and into[node.id] and shades is not None:
            border, width = least_matched([shades[e] for e in into[node.id]]).colour, 4
        lone = node.id in unpaired
        shared = node.id in context_nodes
        note = ("\n" + UNPAIRED_NOTE if lone else "") + ("\n" + CONTEXT_NOTE if shared else "")
        net.add_node(node.id, label=label, title=defuse_title(disp.title + note),
                     x=x, y=y, shape="box" if node.is_box or compact else "ellipse",
                     color={"background": CONTEXT_FILL if shared else COLOURS["unpaired" if lone else node.kind],
                            "border": COLOURS["focus"] if on_focus or marked else border},
                     borderWidth=MARK_BORDER if marked else 4 if on_focus else width,
                     shapeProperties={"borderDashes": [3, 3] if node.is_constant else False,
                                      "borderRadius": BOX_CORNER if node.is_box else NODE_CORNER},
                     font={"size": NODE_FONT_SIZE if compact else 24, "face": "monospace", "color": "#1E1E1E"},
                     opacity=0.35 if focus and not (on_focus or marked) else 1.0, **extra)
    partners = reverse_partners(graph)
    alias: dict[int, int | str] = {}
    for edge in graph.edges:
        if edge.id in hidden:
            joined = folds.into_edge[edge.id] if folds is not None else None
            alias[edge.id] = joined if joined is not None else f"n{edge.target}"
            continue
        if forward_only and edge.reversed:
            partner = partners[edge.id]
            if partner is not None:
                alias[edge.id] = partner
            continue
        status = edge_status[edge.id] if edge_status is not None else None
        shown = edge_display(graph, edge, status, edge_counts[edge.id] if edge_counts else None)
        if status is None:
            colour, style = PLAIN_EDGE_COLOUR, _vis_line(PLAIN_LINE)
        elif shades is not None:
            colour, style = shades[edge.id].colour, GRADE_STYLE[shades[edge.id].grade]
        else:
            colour, style = COLOURS[status], EDGE_STYLE[status]
        if focus:
            if edge.id in focus_edges:
                colour, style = COLOURS["focus"], {"width": 5, "dashes": False}
            else:
                colour = "#DDDDDD"
        note = folded_note(graph, folds, edge.id) if folds is not None else ""
        font = {"size": EDGE_FONT_SIZE, "face": "monospace", "strokeWidth": 4,
                "color": "#FAFAFA" if dark else "#1E1E1E", "strokeColor": "#0E1117" if dark else "#FFFFFF"}
        look = {"title": defuse_title(shown.title + ("\n" + note if note else "")), "color": colour,
                "width": style["width"], "dashes": style["dashes"]}
        route = geometry.route(edge.id)
        if route is not None:
            _add_route(net, edge.id, edge.source, edge.target, route, edge_labels[edge.id], font, look)
            continue
        net.add_edge(edge.source, edge.target, id=edge.id, label=edge_labels[edge.id], arrows="to", font=font,
                     smooth={"enabled": True, "type": "curvedCW" if bends[edge.id] >= 0 else "curvedCCW",
                             "roundness": abs(bends[edge.id])}, **look)
    x0, y0, x1, y1 = (float(v) for v in box)
    ends = {graph.edges[e].source for e in focus_edges} | {graph.edges[e].target for e in focus_edges}
    bottom = [float(shared_bottom)] if shared_bottom is not None else []
    view = {"box": [x0, y0, x1, y1] + bottom, "alias": {str(k): v for k, v in alias.items()},
            "focus": sorted(set(focus_nodes) | ends) if zoom_to_focus else [], "maxh": int(max_height)}
    if teaching_view is not None:
        core, near, least = teaching_view
        view["focus"] = {"core": sorted(core), "near": sorted(set(near) - set(core)), "min": float(least),
                         "screen": True, "edges": sorted(focus_edges)}
    if not live:
        return LivePane(_page(net, dark, _pane_script(view, side, live=False)), "", "")
    # the style layer apart, and the graph without it: the page itself is a shell, the same for every graph
    styles = {"n": [{"id": n["id"], **{k: n.get(k, _NEUTRAL_NODE[k]) for k in NODE_STYLE_KEYS}} for n in net.nodes],
              "e": [{"id": e["id"], **{k: e.get(k, _NEUTRAL_EDGE[k]) for k in EDGE_STYLE_KEYS}} for e in net.edges]}
    drawing = {"n": [{k: v for k, v in n.items() if k not in NODE_STYLE_KEYS} for n in net.nodes],
               "e": [{k: v for k, v in e.items() if k not in EDGE_STYLE_KEYS} for e in net.edges], **view}
    return LivePane(live_shell(side, dark), markup_free_json(styles), markup_free_json(drawing))


#: A routed edge's waypoint (render.routes): a vis-network node that draws nothing and that the pointer
#: cannot hover, select or drag (not ``hidden``: vis-network would hide its edges too).
WAYPOINT = {"shape": "dot", "size": 0.01, "borderWidth": 0, "fixed": True, "physics": False, "chosen": False,
            "color": {"background": "rgba(0,0,0,0)", "border": "rgba(0,0,0,0)",
                      "highlight": {"background": "rgba(0,0,0,0)", "border": "rgba(0,0,0,0)"},
                      "hover": {"background": "rgba(0,0,0,0)", "border": "rgba(0,0,0,0)"}},
            "title": "", "opacity": 1.0, "shadow": {"enabled": False}, "waypoint": True}


def _add_route(net: Any, eid: int, source: int, target: int, route: Route, label: str | None, font: dict,
               look: dict) -> None:
    """A long edge as straight segments through its waypoints (``route``), each with the edge's colour,
    line and tooltip (``look``) and ``of`` = the edge's id, so restyling and highlighting treat them as
    one edge: the arrow on the last segment; the label, running along the lane, on the route's label
    segment, which keeps the edge's own id (the others are "ID:N", waypoints "wID.N")."""
    chain: list[int | str] = [source]
    for i, (x, y) in enumerate(route.points):
        wid = f"w{eid}.{i}"
        net.add_node(wid, x=x, y=y, **WAYPOINT)
        net.node_map[wid].pop("label", None)  # no label (pyvis labels a node by its id): a point of no size
        chain.append(wid)
    chain.append(target)
    heights = [math.inf, *(y for _, y in route.points), math.inf]
    for i, (a, b) in enumerate(zip(chain, chain[1:])):
        last = i == len(chain) - 2
        labelled = i == route.label_segment
        if labelled and heights[i] > heights[i + 1]:
            a, b = b, a  # the label reads from bottom to top: vis-network turns it along an edge drawn downwards
        net.add_edge(a, b, id=eid if labelled else f"{eid}:{i}", of=eid, smooth={"enabled": False},
                     arrows="to" if last else {"to": {"enabled": False}},
                     label=label if labelled else None,
                     font={**font, "align": "middle"} if labelled else font, **look)


@dataclass(frozen=True)
class LivePane:
    """A pane as ``graph_html_live`` makes it: its page, and for a live pane its style layer and its
    graph (nodes, edges, box, aliases, focus) as markup-free JSON (else "")."""

    html: str
    styles: str
    graph: str


def markup_free_json(data: object) -> str:
    """Compact JSON without ``&``, ``<`` or ``>`` (JSON escapes instead): an HTML sanitiser keeps it in
    an attribute, and no file text in it can close a tag."""
    text = json.dumps(data, separators=(",", ":"))
    for char, code in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, code)
    return text


def _pane_script(view: dict, side: str, live: bool) -> str:
    """PANE_SCRIPT with its placeholders filled (``view``: box, alias, focus, maxh; a live pane's come
    with its graph instead)."""
    return (PANE_SCRIPT.replace("__BOX__", json.dumps(view["box"]))
            .replace("__LIVE__", "true" if live else "false")
            .replace("__MAXH__", str(int(view["maxh"])))
            .replace("__FOCUS__", json.dumps(view["focus"]))
            .replace("__SIDE__", json.dumps(side if side in ("pred", "gold") else ""))
            .replace("__ALIAS__", json.dumps(view["alias"])))


def _page(net: Any, dark: bool, script: str) -> str:
    """pyvis's page of ``net`` without Bootstrap and CDN, with the panes' CSS, controls bar and ``script``."""
    net.options = {"physics": {"enabled": False},
                   "interaction": {"hover": True, "tooltipDelay": 150, "navigationButtons": False,
                                   "zoomView": False, "keyboard": False},
                   "edges": {"arrowStrikethrough": True}}
    vis_tags = static_vis_tags()
    html = _BOOTSTRAP.sub("", net.generate_html())
    if vis_tags:
        html, found = _VIS_CDN.subn(lambda _: vis_tags, html, count=1)
        if not found or "cdnjs" in html:  # pyvis's template changed: embed vis-network instead
            net.cdn_resources = "in_line"
            html = _BOOTSTRAP.sub("", net.generate_html())
    html = html.replace("</head>", _pane_css(dark) + "\n</head>", 1)
    html = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + _BAR, html, count=1)
    return html.replace("</body>", "<script>" + script + "</script>\n</body>", 1)


@functools.cache
def live_shell(side: str, dark: bool) -> str:
    """A live pane's page: vis-network, the controls and PANE_SCRIPT, but no graph (it comes in the
    page's hidden element, ``pane_layer``). The same for every graph of a side and theme, so the
    browser keeps the pane loaded from one sentence, document or k to the next; its drawing area
    takes the frame's height until the script fits it."""
    from pyvis.network import Network  # lazy: pyvis pulls in IPython

    net = Network(directed=True, cdn_resources="remote" if static_vis_tags() else "in_line",
                  height="calc(100vh - 20px)", width="100%")
    net.templateEnv = _TEMPLATE_ENVS.setdefault(net.template_dir, net.templateEnv)
    view = {"box": [0.0, 0.0, 1.0, 1.0], "alias": {}, "focus": [], "maxh": 3200}
    return _page(net, dark, _pane_script(view, side, live=True))


def drawing_box(layout: Layout, pred: Graph, gold: Graph, compact: bool = True, show_names: bool = False,
                forward_only: bool = False, max_swing: float = 0.15,
                whole_swing: float = 0.45) -> tuple[float, float, float, float]:
    """The box both panes of a pair fit: the layout's nodes and the curves and labels either pane
    draws beyond them. On each side a swing of up to ``whole_swing`` of the layout's width is shown
    whole (the paper's Figure 1: its CONTRAST edge swings 0.42 out); a longer one is cut at
    ``max_swing`` rather than shrink every label (a tall document's edges between far rows)."""
    x0, y0, x1, y1 = layout.box
    width = x1 - x0
    drawn = union_box([layout.box] + [drawing_geometry(g, tuple(pos), compact, show_names, False, forward_only).extent
                                      for g, pos in ((pred, layout.pred), (gold, layout.gold)) if g.nodes])
    out = (x0 - drawn[0], y0 - drawn[1], drawn[2] - x1, drawn[3] - y1)
    reach = [o if o <= whole_swing * width else max_swing * width for o in out]
    return (x0 - reach[0], y0 - reach[1], x1 + reach[2], y1 + reach[3])


def pane_box(box: tuple[float, float, float, float], graph: Graph, positions: Sequence[tuple[float, float]],
             compact: bool = True, show_names: bool = False,
             forward_only: bool = False) -> tuple[float, float, float, float]:
    """The shared ``box`` (drawing_box) cut short under this pane's own drawing: the same top, sides and so
    scale as the other pane (a node both graphs have stands at one place and height in both), but no
    blank band under a drawing shorter than the other side's."""
    if not graph.nodes:
        return box
    own = drawing_geometry(graph, tuple(positions), compact, show_names, False, forward_only).extent
    return (box[0], box[1], box[2], max(box[1] + 1.0, min(box[3], own[3])))


def fit_options(box: tuple[float, float, float, float], own: tuple[float, float, float, float]) -> dict[str, float]:
    """What a pane drawn in ``own`` (pane_box) passes to prepare_pane so that its scale is the one of the
    shared ``box``: nothing when they are the same."""
    return {} if own[3] == box[3] else {"shared_bottom": box[3]}


@shared_cache(maxsize=4 * CLASS_SESSIONS, max_bytes=MAX_STORED_BYTES)  # two panes, a k or two each
def _pane_page(graph: Graph, positions: Sequence[tuple[float, float]], box: tuple[float, float, float, float],
               height: int, live: bool, options: tuple[tuple[str, Any], ...]) -> LivePane:
    """A pane's page (live: also its style layer and graph), remembered for all sessions: a rerun that
    changes nothing in a pane (a widget elsewhere, another session on the same document) does not
    build it again."""
    return graph_html_live(graph, positions, box, height=height, live=live, **dict(options))


@dataclass(frozen=True)
class PaneExport:
    """What a pane's SVG and PDF buttons download: the pane's own drawing (one scene: its positions, curves,
    shades and compact mode), built only when a button is clicked, not on every change of the pane."""

    graph: Graph
    positions: tuple[tuple[float, float], ...]
    title: str
    options: tuple[tuple[str, Any], ...]

    def svg(self) -> str:
        """The drawing as an SVG picture (with a legend)."""
        return _export_drawings(self)[0]

    def pdf(self) -> bytes:
        """The drawing as a one-page PDF (with a legend)."""
        return _export_drawings(self)[1]


@shared_cache(maxsize=2 * CLASS_SESSIONS, max_bytes=MAX_STORED_BYTES)  # a click on SVG, then on PDF
def _export_drawings(export: PaneExport) -> tuple[str, bytes]:
    """The SVG and PDF of one pane, written from one scene, remembered for all sessions."""
    kwargs = dict(export.options)
    counts = kwargs.get("edge_counts") if kwargs.get("edge_status") is not None else None
    compact, forward_only = kwargs.get("compact", False), kwargs.get("forward_only", False)
    unpaired = kwargs.get("unpaired", frozenset())
    scene = graph_scene(export.graph, export.positions, edge_shades=edge_shades(counts) if counts else None,
                        compact=compact, forward_only=forward_only, show_names=kwargs.get("show_names", False),
                        unpaired=unpaired)
    return (scene_svg(scene, compact=compact, forward_only=forward_only, title=export.title, unpaired=bool(unpaired)),
            scene_pdf(scene, compact=compact, forward_only=forward_only, title=export.title, unpaired=bool(unpaired)))


@dataclass(frozen=True)
class PreparedPane:
    """One pane ready to show (``prepare_pane``): its caption, page, live layers, and what its SVG and PDF
    buttons download (None: no buttons)."""

    caption: str
    page: LivePane
    export: PaneExport | None
    svg_name: str
    height: int
    side: str
    live: bool


def prepare_pane(title: str, graph: Graph, positions: Sequence[tuple[float, float]],
                 box: tuple[float, float, float, float], height: int = 600, svg_name: str = "",
                 svg_title: str = "", live: bool = False, **kwargs: Any) -> PreparedPane:
    """Everything a pane shows for one graph, built (or found in ``_pane_page``) without showing it,
    so a page can send both live panes' layers (``pane_layer``) before either pane (``show_pane``)."""
    options = tuple(sorted((name, tuple(v) if isinstance(v, list) else v) for name, v in kwargs.items()))
    page = _pane_page(graph, tuple(positions), tuple(box), height, live, options)
    export = PaneExport(graph, tuple(positions), svg_title, options) if svg_name else None
    return PreparedPane(f"**{title}** · {len(graph.nodes)} nodes, {len(graph.edges)} edges", page, export, svg_name,
                        height, kwargs.get("side", ""), live)


_LAYER_CSS = "[data-testid=stElementContainer]:has([data-dscorer-styles]){display:none}"


def pane_layer(pane: PreparedPane) -> None:
    """A live pane's graph and style layer: a hidden element of the page whose attributes hold them as
    JSON from the core (file text JSON-escaped, then attribute-escaped: never markup), which the pane
    reads. Sent before the panes, both sides at once, both panes redraw together."""
    if pane.live:  # the element's container is not displayed either (no gap above the panes)
        st.html(f'<style>{_LAYER_CSS}</style><div hidden data-dscorer-styles="{escape(pane.side)}" '
                f'data-payload="{escape(pane.page.styles, quote=True)}" '
                f'data-graph="{escape(pane.page.graph, quote=True)}"></div>')


def show_pane(pane: PreparedPane, caption: bool = True) -> None:
    """A prepared pane's caption (unless ``caption`` is false: a page that puts both captions in a row
    of their own, so the panes start at one height however the captions wrap), its embedded graph and
    its SVG and PDF buttons."""
    if caption:
        st.markdown(pane.caption)
    # a live pane's height only sets its frame's first height (the frame is not reloaded when it changes)
    st.iframe(pane.page.html, height=pane.height)
    if pane.export is not None:  # built when clicked (a deferred download), not on every change of the pane
        pdf_name = pane.svg_name.removesuffix(".svg") + ".pdf"
        with st.container(horizontal=True):
            st.download_button("SVG", pane.export.svg, file_name=pane.svg_name, mime="image/svg+xml",
                               key=f"svg_{pane.svg_name}", on_click="ignore", icon=":material/download:",
                               help="Download this graph as an SVG picture (as drawn here, with a legend)")
            st.download_button("PDF", pane.export.pdf, file_name=pdf_name, mime="application/pdf",
                               key=f"pdf_{pdf_name}", on_click="ignore", icon=":material/download:",
                               help="Download this graph as a PDF page (as drawn here, with a legend)")


def graph_pane(title: str, graph: Graph, positions: Sequence[tuple[float, float]],
               box: tuple[float, float, float, float], height: int = 600, svg_name: str = "",
               svg_title: str = "", **kwargs: Any) -> None:
    """A caption and the embedded graph, its page built for it; with ``svg_name`` also buttons that
    download the same drawing (positions, curves, shades, compact mode) as an SVG file of that name
    and as a PDF, headed
    ``svg_title``. The pair view's live panes, whose page stays loaded from one graph to the next, are
    ``prepare_pane``, ``pane_layer`` and ``show_pane``."""
    show_pane(prepare_pane(title, graph, positions, box, height, svg_name, svg_title, False, **kwargs))


def pane_height(box: Sequence[float], scale: float = 0.8, low: int = 420, high: int = 3200) -> int:
    """A pane as tall as a layout with bounding ``box`` drawn at ``scale`` (labels of about 13 px
    and more), between ``low`` and ``high`` pixels: the wheel scrolls the page over a pane, so a
    tall graph is read by scrolling (beyond ``high``: pan)."""
    return int(min(high, max(low, (box[3] - box[1]) * scale + 120)))


def present_mode() -> None:
    """For a projector: the sidebar hidden and the page's text larger, the scores at 48 px (the rule for
    the text is more specific than Streamlit's own, the scores' more specific still); the graphs,
    which fill their panes' width, grow with the wider panes."""
    st.html("<style>[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl']{display:none}"
            "[data-testid='stMainBlockContainer']{max-width:100%;padding-left:2rem;padding-right:2rem}"
            "[data-testid='stMainBlockContainer'] p,[data-testid='stMainBlockContainer'] li{font-size:1.25rem}"
            "[data-testid='stMainBlockContainer'] [data-testid='stMetricValue'],"
            "[data-testid='stMainBlockContainer'] [data-testid='stMetricValue'] p{font-size:3rem;line-height:1.2}"
            "[data-testid='stMainBlockContainer'] div[title][style*='font-size:.8rem']{font-size:1.1rem !important}"
            "</style>")


def legend(with_status: bool = True, with_variable: bool = False, pairing: str = "") -> None:
    """What the colours and dashes mean, in one line above the panes (``with_variable``: also the
    chosen variable's pink ring; ``pairing``: how the panes' nodes were paired, e.g. "COUNTER's
    variable mapping"); the full wording is the line's tooltip."""
    full = ["yellow: box (B)", "blue: referent (X, E, S, T, P)", "dashed border: constant"]
    short = []
    if pairing:
        full.append(f"grey fill: no partner in the other graph under {pairing} (paired nodes sit at the same "
                    "place in both panes)")
        short.append("grey fill: no partner")
    bar = ""
    if with_status:
        stops = ", ".join(f"{c} {100 * s:.0f}%" for s, c in SCALE_STOPS)
        bar = (f'<span>matched k-grams: 0 %</span><span style="display:inline-block;width:7em;'
               f'height:.8em;border-radius:3px;background:linear-gradient(to right, {stops})"></span>'
               '<span>100 %</span>')
        full += ["solid, thick: all its k-gram occurrences matched", "long dashes: partly matched",
                 "short dashes: none matched", "grey, dotted: on no k-gram of this order",
                 "pink, widest: the chosen n-gram"]
        short += ["━ all", "╍ partly", "┅ none", "┈ no k-gram"]
    if with_variable:
        full.append("pink ring and glow: the chosen variable (pred) and the gold variable COUNTER maps it to")
        short.append("◎ chosen variable")
    full.append("an edge label ending in ~ is a reverse edge")
    short.append("~ reverse edge")
    st.html(f'<div title="{escape(" · ".join(full), quote=True)}" style="display:flex;flex-wrap:wrap;'
            f'align-items:center;gap:.5em;font-size:.8rem;color:#555">{bar}<span>'
            f'{escape(" · ".join(short))}</span></div>')
