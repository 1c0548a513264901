"""DSCORER against COUNTER per document (dscorer_core.stats.metric_agreement) and COUNTER's mapping located in
both graphs (render.variable_links), on the sample files and on PMB 2.2.0 dev."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dscorer_core.counter import counter_corpus, counter_pair
from dscorer_core.ngrams import score_corpus, score_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render import variable_links
from dscorer_core.stats.metric_agreement import correlation, disagreements, metric_pairs


@pytest.fixture(scope="module")
def pmb_dev(shared_path):
    """DSCORER and COUNTER results of Boxer on PMB 2.2.0 dev (682 documents)."""
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    return preds, golds, score_corpus(preds, golds), counter_corpus(preds, golds)


@pytest.fixture(scope="module")
def sample(sample_data):
    return read_clf(sample_data / "paper_pred.clf"), read_clf(sample_data / "paper_gold.clf")


def test_metric_pairs_align_both_results(pmb_dev):
    preds, golds, dres, cres = pmb_dev
    pairs = metric_pairs(dres, cres)
    assert pairs.indices == tuple(range(682))
    assert pairs.dscorer[103] == dres.documents[103].score.F
    assert pairs.counter[103] == cres.documents[103].F
    assert pairs.sentences[103] == golds[103].sentence
    with pytest.raises(ValueError, match="682 documents"):
        metric_pairs(dres, counter_corpus(preds[:10], golds[:10]))


def test_correlation_on_pmb_dev_matches_independent_formulas(pmb_dev):
    _, _, dres, cres = pmb_dev
    pairs = metric_pairs(dres, cres)
    c = correlation(pairs.dscorer, pairs.counter)
    d, k = np.array(pairs.dscorer), np.array(pairs.counter)
    assert c.n == 682
    assert c.pearson == pytest.approx(np.corrcoef(d, k)[0, 1], abs=1e-12)
    ranks = pd.DataFrame({"d": d, "k": k}).rank(method="average")
    assert c.spearman == pytest.approx(np.corrcoef(ranks["d"], ranks["k"])[0, 1], abs=1e-12)
    # the two metrics agree broadly on Boxer's output, and far beyond chance
    assert 0.7 < c.pearson < 0.95 and c.spearman > 0.8
    assert c.pearson_p < 1e-50 and c.spearman_p < 1e-50


def test_correlation_undefined_cases(sample):
    preds, golds = sample
    same = score_corpus(golds, golds), counter_corpus(golds, golds)
    pairs = metric_pairs(*same)
    assert pairs.dscorer == (1.0, 1.0) and pairs.counter == (1.0, 1.0)
    c = correlation(pairs.dscorer, pairs.counter)
    assert (c.n, c.pearson, c.spearman, c.pearson_p) == (2, None, None, None)
    assert disagreements(pairs) == ()  # identical files: both metrics give every document 1.0
    assert correlation([0.5], [0.2]).pearson is None
    with pytest.raises(ValueError):
        correlation([0.1, 0.2], [0.3])


def test_disagreements_by_difference_on_pmb_dev(pmb_dev):
    _, _, dres, cres = pmb_dev
    pairs = metric_pairs(dres, cres)
    rows = disagreements(pairs)
    diff = np.array(pairs.dscorer) - np.array(pairs.counter)
    assert len(rows) == int((np.abs(diff) > 1e-12).sum())
    sizes = [abs(r.difference) for r in rows]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == pytest.approx(np.abs(diff).max())
    for a, b in zip(rows, rows[1:]):  # equal sizes are listed by document index
        if abs(a.difference) == abs(b.difference):
            assert a.index < b.index
    top = rows[0]
    assert top.difference == pytest.approx(dres.documents[top.index].score.F - cres.documents[top.index].F)
    assert top.sentence == dres.documents[top.index].sentence
    # Boxer's "ø Tom was sweating ." (document 103): COUNTER finds most clauses, DSCORER few k-grams
    assert top.index == 103 and top.counter > 0.8 > 0.2 > top.dscorer
    assert disagreements(pairs, limit=5) == rows[:5]


def test_disagreements_by_rank_on_pmb_dev(pmb_dev):
    _, _, dres, cres = pmb_dev
    pairs = metric_pairs(dres, cres)
    rows = disagreements(pairs, by="rank", limit=50)
    frame = pd.DataFrame({"d": pairs.dscorer, "k": pairs.counter})
    pct = (frame.rank(method="average") - 1) / (len(frame) - 1)
    expected = (pct["d"] - pct["k"]).to_numpy()
    assert [abs(r.rank_difference) for r in rows] == sorted((abs(r.rank_difference) for r in rows), reverse=True)
    assert abs(rows[0].rank_difference) == pytest.approx(np.abs(expected).max())
    for r in rows:
        assert r.rank_difference == pytest.approx(expected[r.index])
    with pytest.raises(ValueError, match="unknown measure"):
        disagreements(pairs, by="ratio")


def test_variable_links_on_the_figure_4_pair(sample):
    preds, golds = sample
    pdrs, gdrs = preds[1], golds[1]
    cpair = counter_pair(pdrs, gdrs)
    res = score_pair(pdrs, gdrs)
    links = variable_links(res.pred_graph, res.gold_graph, cpair.mapping)
    # the event box of "He smiled." (b2) stands for the gold's event box b3
    assert [link.label for link in links][:5] == ["b1 → b1", "b2 → b3", "e1 → e1", "t1 → t1", "x1 → x1"]
    # "Tom is putting the children to bed." has referents and a box "He smiled." lacks
    assert {link.gold for link in links if link.pred is None} == {"x2", "x3", "b2"}
    assert all(link.gold is not None for link in links)  # every pred variable is mapped
    for link in links:
        for side, graph, drs in (("pred", res.pred_graph, pdrs), ("gold", res.gold_graph, gdrs)):
            name = getattr(link, side)
            nodes = getattr(link, f"{side}_nodes")
            if name is None:
                assert nodes == frozenset() and getattr(link, f"{side}_clauses") == ()
                continue
            assert [graph.nodes[n].name for n in nodes] == [name]
            assert getattr(link, f"{side}_clauses") == tuple(i for i, c in enumerate(drs.clauses) if name in c.tokens)


def test_variable_links_follow_a_renaming_mapping(shared_path):
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))
    pdrs, gdrs = preds[113], golds[113]  # "There are ø rats in the kitchen ."
    cpair = counter_pair(pdrs, gdrs)
    assert cpair.mapping["x2"] == "x1" and cpair.mapping["x3"] == "x2"
    res = score_pair(pdrs, gdrs)
    link = next(link for link in variable_links(res.pred_graph, res.gold_graph, cpair.mapping) if link.pred == "x2")
    assert link.gold == "x1" and link.label == "x2 → x1"
    (pn,), (gn,) = link.pred_nodes, link.gold_nodes
    assert res.pred_graph.nodes[pn].name == "x2" and res.gold_graph.nodes[gn].name == "x1"
    # the matched clause pairs that use x2 on the pred side use x1 on the gold side
    for p, g in cpair.matched_clauses:
        if "x2" in p.tokens[2:]:
            assert "x1" in g.tokens[2:]


def test_counter_view_counts_what_counter_compares(pmb_dev):
    from dscorer_core.reading.clause_text import parse_clf
    from dscorer_core.render import counter_view

    preds, golds, _, cres = pmb_dev
    views = [counter_view(d) for d in golds]
    assert sum(v.normalised is not None for view in views for v in view) == cres.gold_clauses
    assert sum(v.normalised is not None for view in views[:50] for v in view) == \
        sum(d.gold_clauses for d in cres.documents[:50])
    rewritten = next(v for v in views[9] if v.verdict == "normalised")
    assert (rewritten.text, rewritten.normalised) == ("b2 PartOf e1 e2", "b2 Part e2 e1")
    assert rewritten.line == golds[9].clauses[rewritten.index].line
    refs = [v for v in views[0] if v.verdict == "dropped: redundant REF"]
    assert refs and all(v.text.split()[1] == "REF" and v.normalised is None for v in refs)
    assert all(v.verdict != "dropped: redundant REF" for v in counter_view(golds[0], keep_ref=True))
    # a clause that normalises to an earlier one is left out as a duplicate
    (drs,) = parse_clf('b1 REF x1\nb1 REF x2\nb1 Attribute x1 x2\nb1 AttributeOf x2 x1\n', "dup")
    assert [v.verdict for v in counter_view(drs)] == ["dropped: redundant REF", "dropped: redundant REF",
                                                       "kept", "dropped: duplicate"]
