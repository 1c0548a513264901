"""A path and its reverse path count once in the error lists (issue 19, item 7): on real PMB 2.2.0
documents, under both presets, the undirected counts are the paths with an edge that has no reverse
plus half the paths whose edges all have one, and a 1-gram is always named forward."""

from __future__ import annotations

import pytest

from dscorer_core.ngrams.induction import induce_graph
from dscorer_core.ngrams.ngram_comparison import reverse_partners
from dscorer_core.ngrams.paths import enumerate_paths, ngram_occurrences
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.undirected_kgrams import undirected_counts, undirected_kgram_counts


@pytest.fixture(scope="module")
def drss(shared_path):
    return read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))[:60] + \
        read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"), lenient=True)[:60]


@pytest.mark.parametrize("preset", ["released", "typed"])
def test_each_path_and_its_reverse_count_once(drss, preset):
    for drs in drss:
        graph = induce_graph(drs, preset)
        partners = reverse_partners(graph)
        for k in (1, 2, 3):
            paths = list(enumerate_paths(graph, k))
            both_ways = sum(1 for p in paths if all(partners[e] is not None for e in p.edges))
            counts = undirected_counts(graph, ngram_occurrences(graph, k))
            assert both_ways % 2 == 0
            assert sum(counts.values()) == len(paths) - both_ways // 2, (drs.index, k)
            if k == 1:
                assert not any(text.split(" ")[1].endswith("~") for text in counts)


def test_a_chain_is_named_by_its_forward_reading():
    [drs] = parse_clf('b1 REF x1\nb1 dog "n.01" x1\nb1 REF e1\nb1 bark "v.01" e1\nb1 Agent e1 x1\n')
    graph = induce_graph(drs, "released")
    counts = undirected_counts(graph, ngram_occurrences(graph, 2))
    assert counts["X Agent-A1~ B dog.n.01 X"] == 1  # one reverse edge either way: the smaller text
    assert counts["B Agent-A1 X Agent-A2 X"] == 1 and "X Agent-A2~ X Agent-A1~ B" not in counts



@pytest.mark.parametrize("preset", ["released", "typed"])
def test_one_walk_for_every_order_counts_what_the_occurrence_lists_count(drss, preset):
    """undirected_kgram_counts (one walk, no path objects: what the error analysis uses) equals
    undirected_counts over the enumerated occurrences, order by order, on real documents."""
    for drs in drss:
        graph = induce_graph(drs, preset)
        walked = undirected_kgram_counts(graph, (1, 2, 3, 4))
        assert sorted(walked) == [1, 2, 3, 4]
        for k in (1, 2, 3, 4):
            assert walked[k] == undirected_counts(graph, ngram_occurrences(graph, k)), (drs.index, k)
