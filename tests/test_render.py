"""Render data (dscorer_core.render) on the paper's sample pairs and on real PMB graphs."""

from __future__ import annotations

from pathlib import Path

import pytest

from dscorer_core import NgramExplosion, ScoreSettings
from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import induce_graph, score_pair
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.render import (
    BAND_WIDTH,
    FULL,
    MATCHED,
    NO_KGRAM,
    NO_KGRAM_COLOUR,
    NONE_MATCHED,
    PARTLY,
    SCALE_STOPS,
    UNMATCHED,
    UNUSED,
    EdgeShade,
    compact_label,
    conversion_steps,
    edge_curves,
    edge_display,
    edge_shades,
    filter_rows,
    highlight_pair,
    label_size,
    ngram_table,
    node_display,
    node_key,
    path_elements,
    paths_from,
    share_colour,
    shared_layout,
    short_text,
    too_large_to_draw,
)

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


@pytest.fixture(scope="module")
def paper():
    return read_clf(SAMPLES / "paper_pred.clf"), read_clf(SAMPLES / "paper_gold.clf")


@pytest.fixture(scope="module")
def fig4(paper):
    """Figure 4: "He smiled." against "Tom is putting the children to bed." (released preset)."""
    pred, gold = paper
    return score_pair(pred[1], gold[1], ScoreSettings())


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_ngram_table_counts_agree_with_the_score(fig4, k):
    rows = ngram_table(fig4.pred_graph, fig4.gold_graph, k)
    order = fig4.score.orders[k]
    assert sum(r.pred for r in rows) == order.pred
    assert sum(r.gold for r in rows) == order.gold
    assert sum(r.matched for r in rows) == order.matched
    assert len({r.text for r in rows}) == len(rows)


def test_ngram_table_statuses_and_filter(fig4):
    rows = ngram_table(fig4.pred_graph, fig4.gold_graph, 1)
    by_text = {r.text: r for r in rows}
    # "He smiled." has fewer REF clauses than the gold: some B REF X match, the rest are gold's only
    ref = by_text["B REF X"]
    assert 0 < ref.pred < ref.gold and ref.status == "more-in-gold"
    assert (ref.matched, ref.only_pred, ref.only_gold) == (ref.pred, 0, ref.gold - ref.pred)
    assert ref.describe() == f"{ref.pred} matched, {ref.gold - ref.pred} only in gold"
    assert by_text["B smile.v.01 X"].status == "only-pred"
    assert by_text["B put.v.01 X"].status == "only-gold"
    # a filter keeps the rows with occurrences of its kind: a partly matched row is under both
    assert ref in filter_rows(rows, "matched") and ref in filter_rows(rows, "only-gold")
    assert ref not in filter_rows(rows, "only-pred")
    for status, count in (("matched", "matched"), ("only-pred", "only_pred"), ("only-gold", "only_gold")):
        kept = filter_rows(rows, status)
        assert kept and all(getattr(r, count) > 0 for r in kept)
        assert len(kept) == sum(1 for r in rows if getattr(r, count) > 0)
    assert len(filter_rows(rows, None)) == len(rows) == len(filter_rows(rows, "all"))
    # the rows with most unmatched occurrences come first
    unmatched = [r.only_pred + r.only_gold for r in rows]
    assert unmatched == sorted(unmatched, reverse=True)


def test_highlight_on_a_drs_against_itself_is_all_matched(paper):
    pred, gold = paper
    res = score_pair(pred[0], gold[0], ScoreSettings())
    h = highlight_pair(res.pred_graph, res.gold_graph, 2)
    assert set(h.pred.edges) == {MATCHED}
    assert h.pred.unmatched_clauses() == () == h.gold.unmatched_clauses()


def test_highlight_marks_the_smile_edges_unmatched(fig4):
    pg, gg = fig4.pred_graph, fig4.gold_graph
    h = highlight_pair(pg, gg, 1)
    assert len(h.pred.edges) == len(pg.edges) and len(h.gold.edges) == len(gg.edges)
    for e, status in zip(pg.edges, h.pred.edges):
        clause = pg.drs.clauses[e.clause]
        if clause.relation == "smile":
            assert status == UNMATCHED
        if clause.relation == "REF":
            assert status == MATCHED
    smile = next(i for i, c in enumerate(pg.drs.clauses) if c.relation == "smile")
    assert smile in h.pred.unmatched_clauses()
    put = next(i for i, c in enumerate(gg.drs.clauses) if c.relation == "put")
    assert put in h.gold.unmatched_clauses()


def test_highlight_consistent_with_matched_ngrams(fig4):
    """An edge is MATCHED exactly when a matched k-gram occurrence passes through it."""
    from dscorer_core.render import compare_ngrams

    pg, gg = fig4.pred_graph, fig4.gold_graph
    k = 3
    comp = compare_ngrams(pg, gg, k)
    on_matched = set()
    for r in comp.rows:
        on_matched |= comp.elements("pred", r.text, matched=True)[1]
    h = comp.highlight
    for e, status in zip(pg.edges, h.pred.edges):
        assert (status == MATCHED) == (e.id in on_matched)
    # at a high order some edges of a tiny graph lie on no path at all
    h8 = highlight_pair(pg, gg, 6, cap=None)
    assert UNUSED in h8.pred.edges


def test_path_elements_of_a_chosen_ngram(fig4):
    pg = fig4.pred_graph
    nodes, edges = path_elements(pg, "B smile.v.01 X", 1)
    assert len(edges) == 1 and len(nodes) == 2
    e = pg.edges[next(iter(edges))]
    assert pg.nodes[e.source].name == "b2" and pg.nodes[e.target].name == "e1"
    assert path_elements(pg, "no such n-gram", 1) == (frozenset(), frozenset())


def test_layout_is_deterministic_and_shared(fig4, paper):
    pg, gg = fig4.pred_graph, fig4.gold_graph
    a, b = shared_layout(pg, gg), shared_layout(pg, gg)
    assert a == b
    assert len(a.pred) == len(pg.nodes) and len(a.gold) == len(gg.nodes)
    # the same variable name sits at the same place in both panes
    gold_pos = {node_key(gg, n): a.gold[n.id] for n in gg.nodes}
    shared = [n for n in pg.nodes if node_key(pg, n) in gold_pos]
    assert shared, "b1, x1, e1, t1 occur on both sides"
    for n in shared:
        assert a.pred[n.id] == gold_pos[node_key(pg, n)]
    # positions are distinct and inside the bounding box
    points = list(a.pred) + list(a.gold)
    assert len(set(a.pred)) == len(a.pred)
    x0, y0, x1, y1 = a.box
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)


def test_layout_under_counters_mapping_pairs_mapped_variables(paper, fig4):
    """Figure 4 under COUNTER's mapping: each mapped pred variable sits where its gold partner
    sits (also when the names differ), and every node without a partner has a place that is empty
    in the other pane."""
    pred, gold = paper
    pg, gg = fig4.pred_graph, fig4.gold_graph
    mapping = counter_pair(pred[1], gold[1]).mapping
    assert any(p != g for p, g in mapping.items()), "COUNTER renames at least one variable here"
    lay = shared_layout(pg, gg, mapping=mapping)
    pred_at = {n.name: lay.pred[n.id] for n in pg.nodes if not n.is_constant}
    gold_at = {n.name: lay.gold[n.id] for n in gg.nodes if not n.is_constant}
    for p, g in mapping.items():
        assert pred_at[p] == gold_at[g], (p, g)
    # unpaired: the variables the mapping leaves out (and constants only one side has)
    left_out_gold = {n.id for n in gg.nodes if not n.is_constant and n.name not in set(mapping.values())}
    assert left_out_gold and left_out_gold <= lay.gold_unpaired
    assert {n.id for n in pg.nodes if not n.is_constant and n.name not in mapping} <= lay.pred_unpaired
    assert not {n.id for n in pg.nodes if n.name in mapping} & lay.pred_unpaired
    for mine, theirs, lone in ((lay.pred, lay.gold, lay.pred_unpaired), (lay.gold, lay.pred, lay.gold_unpaired)):
        assert not {mine[i] for i in lone} & set(theirs)
    # without a mapping, nodes pair by name: a gold variable named like a pred one is not unpaired
    by_name = shared_layout(pg, gg)
    assert {n.id for n in gg.nodes if n.name in pred_at} == {n.id for n in gg.nodes if not n.is_constant} - \
        by_name.gold_unpaired


def test_layout_spreads_a_real_pmb_drs(shared_path):
    gold = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    drs = max(gold, key=len)
    g = induce_graph(drs, "typed")
    lay = shared_layout(g, g)
    pts = lay.gold
    closest = min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                  for i, (ax, ay) in enumerate(pts) for (bx, by) in pts[i + 1:])
    assert closest > 30, "no two nodes drawn on top of each other"
    assert not too_large_to_draw([g])


def test_node_and_edge_display_are_plain_text(fig4):
    pg = fig4.pred_graph
    b1 = next(n for n in pg.nodes if n.name == "b1")
    assert node_display(pg, b1).label == "B"
    assert node_display(pg, b1, show_names=True).label == "B\nb1"
    tip = node_display(pg, b1).title
    assert "b1: type B (box)" in tip and 'b1 male "n.02" x1' in tip and "<" not in tip
    now = next(n for n in pg.nodes if n.is_constant)
    assert node_display(pg, now, show_names=True).label == '"now"'
    rev = next(e for e in pg.edges if e.reversed)
    d = edge_display(pg, rev, MATCHED)
    assert d.label.endswith("~") and "reverse edge" in d.title and "matched" in d.title


def test_hostile_text_stays_text():
    text = ('b1 REF x1\nb1 <img "n.01" x1\nb1 Name x1 "<script>alert(1)</script>"\n'
            'b1 javascript:alert(1) x1 "x"\n')
    drs = parse_clf(text)[0]
    g = induce_graph(drs, "typed")
    labels = [node_display(g, n).label for n in g.nodes] + [edge_display(g, e).label for e in g.edges]
    assert short_text('"<script>alert(1)</script>"') in labels  # shortened on the canvas
    assert any('"<script>alert(1)</script>"' in node_display(g, n).title for n in g.nodes)
    assert "<img.n.01" in labels


def test_edge_curves_rank_parallel_edges(fig4):
    pg = fig4.pred_graph
    ranks = edge_curves(pg)
    seen = {}
    for e, r in zip(pg.edges, ranks):
        pair = frozenset((e.source, e.target))
        assert r == seen.get(pair, 0)
        seen[pair] = r + 1
    assert max(ranks) >= 1  # released preset: every role edge has a reverse


def test_conversion_steps_and_paths_from(paper):
    drs = paper[1][0]
    steps = conversion_steps(drs, "typed")
    assert len(steps) == len(drs.clauses)
    contrast = next(s for s in steps if "CONTRAST" in s.text)
    assert contrast.edges == (("b0", "CONTRAST-A1", "b1"), ("b1", "CONTRAST-A2", "b4"))
    play = next(s for s in steps if "play" in s.text)
    assert play.kind == "concept" and play.edges == (("b1", "play.v.03", "e1"),)
    g = induce_graph(drs, "typed")
    start = next(n.id for n in g.nodes if n.name == "e1")
    found = paths_from(g, start, 2)
    assert found and all(p.nodes[0] == start and len(p.edges) == 2 for _, p in found)
    assert all(t.startswith("E ") for t, _ in found)


def test_explosion_guard_raises_instead_of_enumerating(fig4):
    with pytest.raises(NgramExplosion):
        ngram_table(fig4.pred_graph, fig4.gold_graph, 4, cap=10)


def test_compare_ngrams_counts_and_elements(fig4):
    from dscorer_core.render import compare_ngrams

    pg, gg = fig4.pred_graph, fig4.gold_graph
    comp = compare_ngrams(pg, gg, 2)
    assert comp.rows == ngram_table(pg, gg, 2)
    assert comp.elements("gold", "B REF X Agent-A2~ X") == path_elements(gg, "B REF X Agent-A2~ X", 2)
    counts = comp.highlight.pred.edge_counts
    assert len(counts) == len(pg.edges)
    # every 2-gram occurrence passes through two edges
    assert sum(m + u for m, u in counts) == 2 * fig4.score.orders[2].pred
    for (m, u), status in zip(counts, comp.highlight.pred.edges):
        assert (status == MATCHED) == (m > 0)
        assert (status == UNUSED) == (m == 0 and u == 0)


def test_fold_reverse_gives_forward_edges_the_better_status(fig4):
    from dscorer_core.render import fold_reverse, reverse_partners

    pg, gg = fig4.pred_graph, fig4.gold_graph
    partners = reverse_partners(gg)
    for e, p in zip(gg.edges, partners):
        if p is not None:
            assert partners[p] == e.id and gg.edges[p].reversed != e.reversed
    # released: REF is upper-case, so it has no reverse edge
    ref = next(e for e in gg.edges if e.relation == "REF")
    assert partners[ref.id] is None
    h = highlight_pair(pg, gg, 2)
    folded, counts = fold_reverse(gg, h.gold.edges, h.gold.edge_counts)
    rank = {MATCHED: 2, UNMATCHED: 1, UNUSED: 0}
    for e, p in zip(gg.edges, partners):
        if not e.reversed and p is not None:
            assert rank[folded[e.id]] == max(rank[h.gold.edges[e.id]], rank[h.gold.edges[p]])
            assert counts[e.id] == tuple(a + b for a, b in zip(h.gold.edge_counts[e.id], h.gold.edge_counts[p]))
    assert counts != h.gold.edge_counts  # forward edges carry their reverse partner's k-grams too


def test_counter_clause_marks_on_figure_4(paper):
    from dscorer_core.counter import counter_pair
    from dscorer_core.render import counter_clause_marks

    pred, gold = paper[0][1], paper[1][1]
    cp = counter_pair(pred, gold)
    pm = counter_clause_marks(pred, cp, "pred")
    gm = counter_clause_marks(gold, cp, "gold")
    assert pm.count("matched") == cp.matched == gm.count("matched")
    text = {c.text(): m for c, m in zip(pred.clauses, pm)}
    assert text['b2 smile "v.01" e1'] == "unmatched"
    assert text["b1 REF x1"] == "dropped REF"
    assert text['b1 male "n.02" x1'] == "matched"
    assert dict(zip((c.text() for c in gold.clauses), gm))['b3 put "v.01" e1'] == "unmatched"


def test_edge_shares_on_figure_4_fade_from_k1_to_k4(fig4):
    """The matched share per edge (edge_shades) falls as k grows on the Figure 4 pair: "He smiled."
    shares many 1-grams with the gold but hardly a 4-gram (the paper's point about Figure 4)."""
    pg, gg = fig4.pred_graph, fig4.gold_graph
    means = []
    for k in (1, 2, 3, 4):
        h = highlight_pair(pg, gg, k)
        shades = edge_shades(h.gold.edge_counts)
        assert len(shades) == len(gg.edges)
        for shade, (m, u) in zip(shades, h.gold.edge_counts):
            if m + u == 0:
                assert shade.share is None and shade.grade == NO_KGRAM and shade.colour == NO_KGRAM_COLOUR
            else:
                assert shade.share == pytest.approx(m / (m + u))
                assert shade.grade == (FULL if u == 0 else NONE_MATCHED if m == 0 else PARTLY)
        # the matched share of all gold k-gram occurrences through the edges
        m_all = sum(m for m, _ in h.gold.edge_counts)
        u_all = sum(u for _, u in h.gold.edge_counts)
        means.append(m_all / (m_all + u_all))
    assert means[0] > means[1] > means[3]
    assert means[3] < 0.5 * means[0]
    colours_k1 = [s.colour for s in edge_shades(highlight_pair(pg, gg, 1).gold.edge_counts)]
    colours_k4 = [s.colour for s in edge_shades(highlight_pair(pg, gg, 4).gold.edge_counts)]
    assert colours_k1 != colours_k4


def test_share_colour_scale_ends_and_middle():
    assert share_colour(0.0) == SCALE_STOPS[0][1] and share_colour(1.0) == SCALE_STOPS[-1][1]
    assert share_colour(0.5) == SCALE_STOPS[1][1]
    assert share_colour(0.25) not in {s[1] for s in SCALE_STOPS}
    assert edge_shades([(0, 0), (3, 0), (0, 2), (1, 3)])[1:] == (
        EdgeShade(1.0, share_colour(1.0), FULL, 3, 0), EdgeShade(0.0, share_colour(0.0), NONE_MATCHED, 0, 2),
        EdgeShade(0.25, share_colour(0.25), PARTLY, 1, 3))


def _overlaps(graph, positions):
    """Pairs of nodes whose estimated label boxes (label_size of the compact label) overlap."""
    boxes = []
    for n in graph.nodes:
        w, h = label_size(compact_label(graph, n))
        x, y = positions[n.id]
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2, n.name))
    return [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]


def test_layout_labels_do_not_overlap_on_pmb_dev(shared_path):
    """Every PMB 2.2.0 dev document (Boxer against gold) whose graphs have at most 40 nodes: no two
    node labels of the compact drawing overlap in the shared layout, on either side."""
    gold = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    boxer = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    checked = 0
    for p, g in zip(boxer, gold):
        pg, gg = induce_graph(p), induce_graph(g)
        if max(len(pg.nodes), len(gg.nodes)) > 40:
            continue
        lay = shared_layout(pg, gg)
        for graph, pos in ((pg, lay.pred), (gg, lay.gold)):
            assert _overlaps(graph, pos) == [], f"document {g.index}"
        checked += 1
    assert checked > 500


def test_layout_puts_boxes_on_top_and_referents_under_their_box(paper):
    pred, gold = paper
    g = induce_graph(gold[0])  # Figure 1 (b)
    lay = shared_layout(g, g)
    pos = {n.name: lay.gold[n.id] for n in g.nodes}
    box_y = {pos[b][1] for b in ("b0", "b1", "b2", "b3", "b4", "b5")}
    referents = ("x1", "x2", "x3", "e1", "e2", "t1", "t2")
    # boxes stand in rows above the referents of their band
    assert pos["b2"][1] < pos["x1"][1] and pos["b1"][1] < pos["e1"][1] < pos["t1"][1]
    # a column under its box, indented, so the box's edges reach each referent from the left
    assert pos["x1"][0] > pos["b2"][0] and pos["e1"][0] > pos["b1"][0]
    # bands of up to two columns, as wide as a pane on a laptop at 16 px labels
    assert len(box_y) < 6 and all(pos[r][1] not in box_y for r in referents)
    assert lay.box[2] - lay.box[0] <= BAND_WIDTH
    # the constant "now" stands beside the first referent it belongs to, on its row
    assert pos['"now"'][1] == pos["t1"][1] and pos['"now"'][0] > pos["t1"][0]


def test_compact_drawing_draws_one_line_per_relation(fig4):
    """Compact: no line from a box to its referents; a role's first half (box -> referent) joins its
    second half, REF and concepts join the referent (its border), and the counts add up."""
    from dscorer_core.render import compact_folds, fold_into, fold_reverse

    gg = fig4.gold_graph
    folds = compact_folds(gg)
    for e in gg.edges:
        from_box_to_member = not e.reversed and gg.nodes[e.source].is_box and not gg.nodes[e.target].is_box
        assert (e.id in folds.hidden) == from_box_to_member
        target = folds.into_edge[e.id]
        if target is not None:  # the other half of the same clause, from the referent
            assert gg.edges[target].clause == e.clause and not gg.nodes[gg.edges[target].source].is_box
    agent = next(e for e in gg.edges if e.relation == "Agent-A1" and not e.reversed)
    assert folds.into_edge[agent.id] == next(e.id for e in gg.edges if e.relation == "Agent-A2" and not e.reversed)
    ref = next(e for e in gg.edges if e.relation == "REF")
    assert folds.into_edge[ref.id] is None and ref.id in folds.into_node[ref.target]
    h = highlight_pair(fig4.pred_graph, gg, 1).gold
    statuses, counts = fold_reverse(gg, h.edges, h.edge_counts)
    _, joined = fold_into(statuses, counts, folds.into_edge)
    drawn = [e.id for e in gg.edges if e.id not in folds.hidden and not e.reversed]
    # every occurrence of the drawn and the joined edges is counted once on a drawn edge or a node
    on_nodes = sum(sum(counts[e]) for node in folds.into_node for e in node)
    assert sum(sum(joined[e]) for e in drawn) + on_nodes == sum(sum(c) for c in h.edge_counts)


def test_each_side_s_unpaired_referents_start_under_the_paired_rows():
    """A failed parse must not open as an empty pane: a pred-only referent shares the first free
    row with a gold-only one (they are never in the same pane) instead of waiting below them."""
    from dscorer_core.reading.clause_text import parse_clf

    pred = induce_graph(parse_clf('b1 REF x1\nb1 alwayswrongconcept "n.01" x1\n')[0])
    gold = induce_graph(parse_clf('b1 REF x7\nb1 REF x8\nb1 REF x9\nb1 cat "n.01" x7\nb1 dog "n.01" x8\n'
                                  'b1 Owner x8 x7\nb1 cow "n.01" x9\n')[0])
    lay = shared_layout(pred, gold, mapping={"b1": "b1"})  # no referent mapped: each is one side's only
    y = {("pred", n.name): lay.pred[n.id][1] for n in pred.nodes} | {("gold", n.name): lay.gold[n.id][1]
                                                                     for n in gold.nodes}
    gold_rows = sorted(y[("gold", v)] for v in ("x7", "x8", "x9"))
    assert y[("pred", "x1")] == gold_rows[0]  # the first row under the box, in either pane
    assert len(set(gold_rows)) == 3
