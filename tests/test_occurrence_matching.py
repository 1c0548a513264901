"""Occurrence-level truth: the pictures match exactly the k-gram occurrences the score counts.

Per k-gram text, ``min(pred, gold)`` occurrences are matched on each side (no more: a parser's
over-generation is drawn unmatched), those COUNTER's mapping pairs first.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from test_induction_properties import PROPERTY, drs_strategy

from dscorer_core import ScoreSettings
from dscorer_core.counter import counter_pair
from dscorer_core.ngrams import score_pair
from dscorer_core.ngrams.ngram_counts import Path
from dscorer_core.ngrams.occurrence_matching import match_kgram
from dscorer_core.reading.clause_text import read_pair
from dscorer_core.render import MATCHED, UNMATCHED, compare_ngrams, counter_clause_marks, fold_reverse


@pytest.fixture(scope="module")
def dev22(shared_path):
    preds, golds = read_pair(shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf"))
    pred, gold = preds[22], golds[22]
    return pred, gold, score_pair(pred, gold), counter_pair(pred, gold)


def _flag_totals(comparison) -> tuple[int, int]:
    return (sum(sum(f) for f in comparison.pred_matched.values()),
            sum(sum(f) for f in comparison.gold_matched.values()))


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_document_22_draws_as_many_matched_occurrences_as_the_header_counts(dev22, k):
    pred, gold, result, cpair = dev22
    comp = compare_ngrams(result.pred_graph, result.gold_graph, k, mapping=cpair.mapping)
    order = result.score.orders[k]
    assert _flag_totals(comp) == (order.matched, order.matched)
    assert comp.highlight.pred.matched_occurrences == order.matched == comp.highlight.gold.matched_occurrences
    for side, total in (("pred", order.pred), ("gold", order.gold)):
        counts = getattr(comp.highlight, side).edge_counts
        # every occurrence passes through k edges: the matched and unmatched ones add up per edge
        assert sum(m for m, _ in counts) == k * order.matched
        assert sum(u for _, u in counts) == k * (total - order.matched)
    if k == 1:  # a 1-gram is one edge: the edges drawn matched are the matched count
        assert comp.highlight.pred.edges.count(MATCHED) == order.matched == comp.highlight.gold.edges.count(MATCHED)


def test_document_22_invented_theme_relations_are_drawn_unmatched(dev22):
    """Boxer writes 14 Theme relations where gold has 3: 3 matched, 11 unmatched, and the matched
    ones are the clauses COUNTER matches."""
    pred, gold, result, cpair = dev22
    comp = compare_ngrams(result.pred_graph, result.gold_graph, 1, mapping=cpair.mapping)
    row = next(r for r in comp.rows if r.text == "X Theme-A2 X")
    assert (row.pred, row.gold, row.matched, row.only_pred) == (14, 3, 3, 11)
    assert row.describe() == "3 matched, 11 only in pred"
    assert row.status == "more-in-pred"
    themes = [i for i, c in enumerate(pred.clauses) if c.relation == "Theme"]
    statuses = [comp.highlight.pred.clauses[i] for i in themes]
    assert statuses.count(MATCHED) == 3 and statuses.count(UNMATCHED) == 11
    marks = counter_clause_marks(pred, cpair, "pred")
    assert [marks[i] == "matched" for i in themes] == [s == MATCHED for s in statuses]
    # folded drawing (no reverse edges): a forward edge and its reverse partner agree, so folding
    # draws as many matched Theme edges as there are matched Theme clauses
    folded, _ = fold_reverse(result.pred_graph, comp.highlight.pred.edges, comp.highlight.pred.edge_counts)
    theme_a2 = [e.id for e in result.pred_graph.edges if e.relation == "Theme-A2" and not e.reversed]
    assert sum(folded[e] == MATCHED for e in theme_a2) == 3


def test_without_a_mapping_the_counts_still_hold_and_the_choice_is_fixed(dev22):
    pred, gold, result, _ = dev22
    a = compare_ngrams(result.pred_graph, result.gold_graph, 2)
    b = compare_ngrams(result.pred_graph, result.gold_graph, 2)
    assert a.pred_matched == b.pred_matched and a.gold_matched == b.gold_matched
    assert _flag_totals(a) == (result.score.orders[2].matched,) * 2


def test_a_pairing_decides_which_occurrences_match():
    pred = [Path((0, 1), (0,)), Path((2, 3), (1,)), Path((4, 5), (2,))]
    gold = [Path((7, 8), (5,))]
    # without a pairing the first occurrence is chosen; with one, the occurrence it maps onto gold's
    assert match_kgram(pred, gold) == ((True, False, False), (True,))
    assert match_kgram(pred, gold, {4: 7, 5: 8}) == ((False, False, True), (True,))
    # a pairing that sends no occurrence onto a gold one still matches min(pred, gold)
    assert match_kgram(pred, gold, {0: 8, 1: 7}) == ((True, False, False), (True,))
    # clauses order the rest: the occurrence from the earliest clause goes first
    assert match_kgram(pred, gold, None, pred_clauses=[5, 0, 3]) == ((False, True, False), (True,))
    assert match_kgram(pred, [], {0: 7}) == ((False, False, False), ())


@PROPERTY
@given(drs_strategy, drs_strategy)
def test_exactly_the_clipped_count_is_matched_on_random_pairs(pred, gold):
    result = score_pair(pred, gold, ScoreSettings(max_ngrams=None))
    mapping = counter_pair(pred, gold).mapping
    for k in range(1, 4):
        for chosen in (None, mapping):
            comp = compare_ngrams(result.pred_graph, result.gold_graph, k, cap=None, mapping=chosen)
            for text, flags in comp.pred_matched.items():
                gold_flags = comp.gold_matched.get(text, ())
                assert sum(flags) == sum(gold_flags) == min(len(flags), len(gold_flags))
            assert _flag_totals(comp) == (result.score.orders[k].matched,) * 2
            assert comp.highlight.pred.matched_occurrences == result.score.orders[k].matched
