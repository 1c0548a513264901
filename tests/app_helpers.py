"""Helpers shared by the app's tests: paths, hostile clause files, and what AppTest shows.

AppTest runs no JavaScript: a graph pane is an iframe element whose ``srcdoc`` holds the
vis-network HTML (a live pane's: a shell, its graph and styles are in a hidden element, which
``iframes`` writes in), and an altair plot is a vega-lite spec; ``elements`` finds those. Test
modules that use AppTest call ``pytest.importorskip("streamlit")`` first; streamlit is imported
only when a helper needs it, so the real-browser tests can import the constants.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
SAMPLES = ROOT / "sample_data"
SHARED = ROOT.parent / "shared" / "data"
PMB = SHARED / "pmb-2.2.0"

_HOSTILE_HEAD = ('%%% <img src=x onerror=alert(1)> said </script><script>alert(2)</script>\n'
                 'b1 REF x1\n'
                 'b1 <img_src=x_onerror=alert(1)> "n.01" x1\n'
                 'b1 Name x1 "<img src=x onerror=alert(1)>"\n'
                 'b1 </script><script>alert(3)</script> x1 "javascript:alert(4)"\n')
#: A clause file whose comment, names and relations are markup and scripts (the last constant
#: holds ``href``, which pyvis would turn into an innerHTML popup if a tooltip kept it).
HOSTILE = _HOSTILE_HEAD + 'b1 javascript:alert(5) x1 "href=javascript:alert(6)"\n'
#: The same with a whole link as the last constant (the real-browser tests hover it).
HOSTILE_LINK = _HOSTILE_HEAD + 'b1 javascript:alert(5) x1 "<a href=javascript:alert(6)>x</a>"\n'

#: A document of two sentences (token offsets into its ``%%%`` line) whose second sentence's names and
#: relations are markup and scripts: the sentence navigator's ▶ reaches them (test_sentences_browser).
HOSTILE_SENTENCES = ("%%% Tom smiled . Bob ran away .\n"
                     'b1 REF x1  % Tom [0...3]\nb1 Name x1 "tom"  % Tom [0...3]\nb1 male "n.02" x1  % Tom [0...3]\n'
                     'b1 REF e1  % smiled [4...10]\nb1 Agent e1 x1  % smiled [4...10]\n'
                     'b1 smile "v.01" e1  % smiled [4...10]\n'
                     'b2 REF x2  % Bob [16...19]\nb2 Name x2 "<img src=x onerror=alert(1)>"  % Bob [16...19]\n'
                     'b2 <img_src=x_onerror=alert(1)> "n.01" x2  % Bob [16...19]\nb2 REF e2  % ran [20...23]\n'
                     'b2 </script><script>alert(3)</script> e2 x2  % ran [20...23]\n'
                     'b2 run "v.01" e2  % ran [20...23]\n'
                     'b2 Manner e2 "<a href=javascript:alert(6)>x</a>"  % away [24...28]\n')


def new_app(timeout: float = 60, doc: int | None = 0) -> AppTest:
    """The app (its pair view), not run yet, opened on document ``doc`` as a link ``?doc=N`` would
    (the tests were written for document 0, Figure 1; None: as a visitor's first page opens)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=timeout)
    if doc is not None:
        at.query_params["doc"] = str(doc)
    return at


def open_by_path(pred: Path, gold: Path, timeout: float = 60) -> AppTest:
    """The pair view with both files loaded by Local path (the sidebar's third source)."""
    at = new_app(timeout).run()
    for side, path in (("pred", pred), ("gold", gold)):
        at.radio(key=f"src_{side}").set_value("Local path").run()
        at.text_input(key=f"path_{side}").set_value(str(path)).run()
    return at


def elements(at: AppTest, kind: str) -> list:
    """The protos of every element of one type the page shows (iframe, vega_lite_chart), in order."""
    from streamlit.testing.v1.element_tree import UnknownElement

    found: list = []

    def walk(node) -> None:
        if isinstance(node, UnknownElement) and node.type == kind:
            found.append(node.proto)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def _hidden_layers(at: AppTest, attribute: str) -> dict[str, dict]:
    """One JSON attribute of each pair-view pane's hidden element by side, as the pane's script reads it."""
    import html

    layers = {}
    for element in at.get("html"):
        body = element.proto.body
        side = re.search(r'data-dscorer-styles="([^"]*)"', body)
        found = re.search(f' {attribute}="([^"]*)"', body)
        if side and found:
            layers[html.unescape(side.group(1))] = json.loads(html.unescape(found.group(1)))
    return layers


def style_layers(at: AppTest) -> dict[str, dict]:
    """The live style layer of each pair-view pane by side (app_widgets.drawing.pane_layer):
    the hidden ``data-dscorer-styles`` element's ``data-payload`` JSON."""
    return _hidden_layers(at, "data-payload")


def graph_layers(at: AppTest) -> dict[str, dict]:
    """The graph of each live pair-view pane by side (nodes, edges without their styles, box, alias,
    focus): the hidden element's ``data-graph`` JSON."""
    return _hidden_layers(at, "data-graph")


def _as_drawn(srcdoc: str, graphs: dict[str, dict], layers: dict[str, dict]) -> str:
    """A live pane's page with its graph and style layer written into its node and edge data, as
    pyvis writes a pane's data (what the pane shows once its script has read them)."""
    side = re.search(r"side=(\"[a-z]*\")", srcdoc)
    graph = graphs.get(json.loads(side.group(1))) if side else None
    if graph is None:
        return srcdoc
    layer = layers[json.loads(side.group(1))]
    for name, key in (("nodes", "n"), ("edges", "e")):
        by_id = {str(item["id"]): item for item in layer[key]}
        pattern = re.compile(name + r" = new vis\.DataSet\((\[.*?\])\);", re.DOTALL)
        found = pattern.search(srcdoc)
        assert found and json.loads(found.group(1)) == [], "a live pane's page holds a graph"
        items = [{**item, **by_id.get(str(item.get("id")), {})} for item in graph[key]]
        text = json.dumps(items)  # written as pyvis writes its data (jinja's tojson escapes)
        for char, code in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("'", "\\u0027")):
            text = text.replace(char, code)
        srcdoc = srcdoc[:found.start(1)] + text + srcdoc[found.end(1):]
    return srcdoc


def iframes(at: AppTest) -> list[str]:
    """The srcdoc of every graph iframe on the page, in order (box views: ``box_frames``), a live
    pane's with its graph and style layer written in (``graph_layers``, ``style_layers``)."""
    graphs, layers = graph_layers(at), style_layers(at)
    return [_as_drawn(proto.srcdoc, graphs, layers) for proto in elements(at, "iframe")
            if 'class="dv-side"' not in proto.srcdoc]


def box_frames(at: AppTest) -> list[str]:
    """The srcdoc of every box-view iframe (DRSs in DRT box notation) on the page, in order."""
    return [proto.srcdoc for proto in elements(at, "iframe") if 'class="dv-side"' in proto.srcdoc]


def vis_nodes(srcdoc: str, everything: bool = False) -> list[dict]:
    """The node list pyvis wrote into the page: the graph's nodes (``everything``: also the waypoints of
    its routed edges)."""
    m = re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", srcdoc, re.DOTALL)
    assert m, "no node data in the graph HTML"
    nodes = json.loads(m.group(1))
    return nodes if everything else logical_nodes(nodes)


def vis_edges(srcdoc: str, everything: bool = False) -> list[dict]:
    """The edge list pyvis wrote into the page: one per drawn edge (``everything``: every segment of a
    routed edge, logical_edges)."""
    m = re.search(r"edges = new vis\.DataSet\((\[.*?\])\);", srcdoc, re.DOTALL)
    assert m, "no edge data in the graph HTML"
    edges = json.loads(m.group(1))
    return edges if everything else logical_edges(edges)


def logical_nodes(nodes: list[dict]) -> list[dict]:
    """The graph's own nodes of a pane's node list, without the waypoints of its routed edges."""
    return [n for n in nodes if not n.get("waypoint")]


def logical_edges(edges: list[dict]) -> list[dict]:
    """One entry per drawn edge of a pane's edge list: a routed edge's segments (``of`` its id) are one
    edge, given by the segment with the edge's own id (its label); every segment must look the same."""
    for e in edges:
        if "of" in e:
            own = next(f for f in edges if f["id"] == e["of"])
            assert {k: e.get(k) for k in ("color", "width", "dashes", "title")} == \
                {k: own.get(k) for k in ("color", "width", "dashes", "title")}, (e["id"], own["id"])
    return [e for e in edges if e.get("of", e["id"]) == e["id"]]


def no_errors(at: AppTest) -> None:
    """The run raised no exception."""
    assert not at.exception, [e.value for e in at.exception]
