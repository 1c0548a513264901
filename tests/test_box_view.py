"""The box view: DRT box structure of a DRS and its HTML (dscorer_core.render.box_view)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from dscorer_core.ngrams import induce_graph
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.render import box_view as bv

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"

#: The DSCORER paper's Figure 1 (b), as printed (docs: paper-facts).
FIGURE_1 = """%%% He didn't play the piano. But she sang.
b0 CONTRAST b1 b4
b0 NOT b1
b2 REF x1
b2 male "n.02" x1
b1 REF e1
b1 REF t1
b1 Agent e1 x1
b1 TPR t1 "now"
b1 Theme e1 x2
b1 Time e1 t1
b1 play "v.03" e1
b1 time "n.08" t1
b3 REF x2
b3 piano "n.01" x2
b5 REF x3
b5 female "n.02" x3
b4 REF e2
b4 REF t2
b4 Agent e2 x3
b4 TPR t2 "now"
b4 Time e2 t2
b4 sing "v.01" e2
b4 time "n.08" t2
"""


class _Collect(HTMLParser):
    """Clause indices of clause elements, box names of boxes, and every script/handler seen."""

    def __init__(self) -> None:
        super().__init__()
        self.clauses: list[int] = []
        self.boxes: list[str] = []
        self.scripts = 0
        self.handlers: list[str] = []
        self.texts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        self.handlers += [k for k in a if k.startswith("on")]
        if "dv-c" in (a.get("class") or "").split() and tag != "li":
            self.clauses.append(int(a["data-clause"]))
        if "dv-box" in (a.get("class") or "").split():
            self.boxes.append(a["data-box"])

    def handle_data(self, data):
        self.texts.append(data)


def collect(text: str) -> _Collect:
    c = _Collect()
    c.feed(text)
    return c


@pytest.fixture(scope="module")
def figure1():
    return parse_clf(FIGURE_1, "figure1")[0]


def test_figure1_boxes_nest_as_printed(figure1):
    diagram = bv.box_diagram(figure1)
    roles = {b.name: b.role for b in diagram.roots}
    assert roles == {"b0": "main", "b2": "presupposition", "b3": "presupposition", "b5": "presupposition"}
    assert [b.name for b in diagram.roots][-1] == "b0"  # presuppositions first
    b0 = diagram.roots[-1]
    assert [b.name for b in b0.walk()] == ["b0", "b1", "b4"]
    (contrast,) = b0.embeddings
    assert (contrast.operator, contrast.form, contrast.clause) == ("CONTRAST", "infix", 0)
    negation, b4 = contrast.parts
    assert isinstance(negation, bv.Embedding) and (negation.operator, negation.sign, negation.clause) == ("NOT", "¬", 1)
    assert isinstance(negation.parts[0], bv.Box) and negation.parts[0].name == "b1"
    assert isinstance(b4, bv.Box) and b4.name == "b4"
    b1 = negation.parts[0]
    assert [r.name for r in b1.referents] == ["e1", "t1"]
    assert [c.text for c in b1.conditions] == ["Agent(e1, x1)", 't1 ≺ "now"', "Theme(e1, x2)", "Time(e1, t1)",
                                               "play.v.03(e1)", "time.n.08(t1)"]
    b2 = diagram.roots[0]
    assert (b2.name, [r.name for r in b2.referents], [c.text for c in b2.conditions]) == \
        ("b2", ["x1"], ["male.n.02(x1)"])
    assert diagram.links == ()


def test_figure1_html_draws_each_clause_and_box_once(figure1):
    found = collect(bv.box_view_html(figure1, clause_list=False))
    assert sorted(found.clauses) == list(range(23))
    assert sorted(found.boxes) == ["b0", "b1", "b2", "b3", "b4", "b5"]
    assert found.scripts == 0 and not found.handlers


def test_verdict_classes_and_graph_ids(figure1):
    graph = induce_graph(figure1, "typed")
    dscorer = ["matched"] * 22 + ["unmatched"]
    counter = ["matched", "unmatched"] + ["dropped REF"] * 21
    text = bv.box_view_html(figure1, dscorer=dscorer, counter=counter, graph=graph)
    assert 'class="dv-c dk-unmatched ct-dropped" data-clause="22"' in text
    assert 'class="dv-c dk-matched ct-unmatched" data-clause="1"' in text
    edges, nodes = bv.clause_elements(graph)[6]  # b1 Agent e1 x1: two edges, each with a reverse
    assert len(edges) == 4 and {graph.nodes[n].name for n in nodes} == {"b1", "e1", "x1"}
    assert f'data-clause="6" title="clause 7 (line 8): b1 Agent e1 x1\nDSCORER: matched\nCOUNTER: dropped REF" ' \
           f'data-edges="{" ".join(map(str, edges))}"' in text


def test_links_between_top_level_boxes():
    drs = parse_clf('b1 REF x1\nb1 Name x1 "tom"\nb1 PRESUPPOSITION b2\nb2 REF e1\nb2 smile "v.01" e1\n'
                    'b2 Agent e1 x1\nb2 NEGATION b3\nb3 REF s1\nb3 happy "a.01" s1\n', "p4")[0]
    diagram = bv.box_diagram(drs)
    assert [(b.name, b.role) for b in diagram.roots] == [("b1", "presupposition"), ("b2", "main"), ("b3", "segment")]
    assert [(x.relation, x.source, x.target) for x in diagram.links] == \
        [("PRESUPPOSITION", "b1", "b2"), ("NEGATION", "b2", "b3")]
    assert sorted(collect(bv.box_view_html(drs, clause_list=False)).clauses) == list(range(9))


def test_implication_disjunction_and_proposition():
    drs = parse_clf('b1 IMP b2 b3\nb2 REF x1\nb2 person "n.01" x1\nb3 POS b4\nb4 REF e1\nb4 buy "v.01" e1\n'
                    'b4 DIS b5 b6\nb5 PRP p1 b7\nb7 REF x9\n', "ops")[0]
    diagram = bv.box_diagram(drs)
    (b1,) = diagram.roots
    assert [b.name for b in b1.walk()] == ["b1", "b2", "b3", "b4", "b5", "b7", "b6"]
    (imp,) = b1.embeddings
    assert (imp.sign, imp.form, [p.name for p in imp.parts]) == ("⇒", "infix", ["b2", "b3"])
    b4 = b1.walk()[3]
    (dis,) = b4.embeddings
    assert dis.sign == "∨"
    prp = dis.parts[0].embeddings[0]
    assert (prp.form, prp.sign, prp.referent, prp.parts[0].name) == ("proposition", "p1:", "p1", "b7")


def test_cycles_self_reference_and_shared_boxes_never_loop():
    drs = parse_clf("b1 NOT b2\nb2 NOT b1\nb3 NOT b3\nb1 POS b2\nb4 REF x1\nb9 Theme x1 x2\n", "odd")[0]
    diagram = bv.box_diagram(drs)
    names = [b.name for b in diagram.boxes()]
    assert sorted(names) == ["b1", "b2", "b3", "b4", "b9"]
    assert sorted(collect(bv.box_view_html(drs, clause_list=False)).clauses) == list(range(6))
    refs = bv.box_view_html(drs).count('class="dv-boxref"')
    assert refs == 3  # b2 NOT [b1] (a cycle), b3 NOT [b3], b1 POS [b2] (already inside NOT)


HOSTILE = ('%%% <script>alert(1)</script> said\n'
           'b1 REF x1\n'
           'b1 <img_src=x_onerror=alert(2)> "n.01" x1\n'
           'b1 Name x1 "<img src=x onerror=alert(3)>"\n'
           'b1 </script><script>alert(4)</script> x1 "javascript:alert(5)"\n'
           'b1 NOT <b>b2</b>\n')


def test_hostile_text_is_escaped():
    drs = parse_clf(HOSTILE, "hostile")[0]
    text = bv.box_view_html(drs, dscorer=["matched"] * 5, counter=["matched"] * 5)
    found = collect(text)
    assert found.scripts == 0 and not found.handlers
    assert set(found.tags) <= {"section", "div", "span", "details", "summary", "ol", "li"}
    assert "<script>" not in text and "<img" not in text and "</script>" not in text
    joined = "".join(found.texts)
    assert "<script>alert(1)</script>" in joined and '"<img src=x onerror=alert(3)>"' in joined
    from app_widgets.box_view import box_view_asset, box_view_document

    page = box_view_document([text], k=2)
    assert page.count("<script>") == 1 and "alert(" not in box_view_asset("box_view.js")


REAL_FILES = ["pmb-2.2.0/gold_dev.clf", "pmb-2.2.0/boxer_dev.clf", "pmb-2.2.0/gold_test.clf",
              "pmb-2.2.0/boxer_test.clf", "pmb-2.2.0/spar_baseline.clf", "pmb-4.0.0/gold_dev.clf",
              "pmb-3.0.0/gold_dev.clf", "pmb-3.0.0/bert_char_1enc_dev.clf",
              "pmb-2.1.0/sim_spar_dev.clf", "pmb-2.1.0/amr2drs_dev.clf", "pmb-2.1.0/seq2seq_char_dev.clf"]


@pytest.mark.parametrize("name", REAL_FILES)
def test_every_real_drs_shows_each_clause_and_box_once(name):
    path = SHARED / name
    if not path.is_file():
        pytest.skip(f"shared data file {path} not found")
    for drs in read_clf(path):
        diagram = bv.box_diagram(drs)
        assert sorted(b.name for b in diagram.boxes()) == sorted(bv.box_names(drs)), drs.index
        found = collect(bv.box_view_html(drs, clause_list=False, diagram=diagram))
        assert sorted(found.clauses) == list(range(len(drs.clauses))), (name, drs.index)
        assert sorted(found.boxes) == sorted(bv.box_names(drs)), (name, drs.index)
        assert found.scripts == 0


def test_very_deep_nesting_stays_bounded():
    lines = [f"b{i} NOT b{i + 1}" for i in range(500)] + ["b500 REF x1"]
    drs = parse_clf("\n".join(lines) + "\n", "deep")[0]
    diagram = bv.box_diagram(drs)
    assert sorted(b.name for b in diagram.boxes()) == sorted(bv.box_names(drs))
    assert sorted(collect(bv.box_view_html(drs, clause_list=False)).clauses) == list(range(501))


def test_conditions_read_as_their_edges_on_pmb_document_22(shared_path):
    """PMB 2.2.0 dev document 22 (Boxer against gold) at k = 1: ``Name(x17, "oslo")`` lies on 2 matched
    and 2 unmatched 1-gram occurrences, so it is "partly" (not unmatched), and the matched occurrences
    the conditions carry add up to the score's matched 1-grams, in all and for Name alone."""
    from dscorer_core import ScoreSettings
    from dscorer_core.ngrams import score_pair
    from dscorer_core.render import compare_ngrams

    pdrs = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"), lenient=True)[22]
    gdrs = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))[22]
    result = score_pair(pdrs, gdrs, ScoreSettings())
    comparison = compare_ngrams(result.pred_graph, result.gold_graph, 1)
    order1 = next(o for o in result.score.orders if o.k == 1)
    for side, drs, graph in (("pred", pdrs, result.pred_graph), ("gold", gdrs, result.gold_graph)):
        shades = bv.clause_shades(graph, getattr(comparison.highlight, side).edge_counts)
        assert len(shades) == len(drs.clauses)
        assert sum(sh.matched for sh in shades) == order1.matched  # k = 1: one edge per occurrence
        name_rows = sum(r.matched for r in comparison.rows if " Name-" in r.text)
        assert sum(sh.matched for sh, c in zip(shades, drs.clauses) if c.relation == "Name") == name_rows
    shades = bv.clause_shades(result.pred_graph, comparison.highlight.pred.edge_counts)
    (x17,) = [i for i, c in enumerate(pdrs.clauses) if c.relation == "Name" and c.args[0] == "x17"]
    assert (shades[x17].grade, shades[x17].matched, shades[x17].unmatched) == ("partly", 2, 2)
    text = bv.box_view_html(pdrs, graph=result.pred_graph, edge_counts=comparison.highlight.pred.edge_counts)
    assert f'class="dv-c dk-partly" data-clause="{x17}"' in text
    assert "2 of 4 k-gram occurrences through its edges matched (50%)" in text
