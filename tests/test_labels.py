"""Label tables stay bounded: a server that scores file after file starts a new table when one is
full, graphs of two tables still score exactly, and a full table is freed with its graphs."""

from __future__ import annotations

import gc
import pickle
import weakref

import pytest

from dscorer_core.ngrams import labels, score_corpus, score_pair
from dscorer_core.ngrams.induction import induce_graph
from dscorer_core.ngrams.labels import current_table, set_label_limit
from dscorer_core.ngrams.scoring import score_graphs
from dscorer_core.ngrams.settings import ScoreSettings
from dscorer_core.reading.clause_text import read_clf

#: A small bound, so that a few dozen files fill several tables.
LIMIT = 300


@pytest.fixture
def small_tables():
    before = set_label_limit(LIMIT)
    yield
    set_label_limit(before)


def _document(n: int) -> str:
    """A DRS whose concepts, roles and names are new in every file ``n`` (as real files bring new words)."""
    return (f"%%% Word{n} sees thing{n} .\n"
            f"b1 REF x1\nb1 word{n} \"n.01\" x1\nb1 Name x1 \"name {n}\"\n"
            f"b2 REF e1\nb2 see{n} \"v.0{n % 9 + 1}\" e1\nb2 Role{n} e1 x1\nb2 Theme e1 x2\n"
            f"b2 REF x2\nb2 thing{n} \"n.02\" x2\nb2 REF t1\nb2 time \"n.08\" t1\nb2 TPR t1 \"now\"\n")


def _labels_in(text: str) -> int:
    """An upper bound on the labels and remembered derivations one DRS adds to a table."""
    return 4 * len(text.split())


def test_many_distinct_files_keep_the_label_table_within_its_bound(tmp_path, small_tables):
    seen: list[weakref.ref] = []
    per_drs = 0
    for n in range(120):
        pred, gold = tmp_path / f"pred{n}.clf", tmp_path / f"gold{n}.clf"
        pred.write_text(_document(n) + "\n" + _document(n + 1000))
        gold.write_text(_document(n) + "\n" + _document(n + 2000))
        per_drs = max(per_drs, _labels_in(_document(n + 2000)))
        result = score_corpus(read_clf(pred), read_clf(gold))
        assert abs(result.documents[0].score.F - 1.0) < 1e-12  # a DRS against itself, in any table
        table = current_table()
        assert len(table.texts) + sum(len(m) for m in table._memos.values()) <= LIMIT + 2 * per_drs
        if not seen or seen[-1]() is not table:
            seen.append(weakref.ref(table))
        del result
    assert len(seen) >= 5  # the tables did fill up and were replaced
    gc.collect()
    alive = [r for r in seen if r() is not None]
    assert alive == [seen[-1]]  # nothing keeps a full table once its graphs are gone


def test_graphs_of_two_tables_score_exactly_like_graphs_of_one(sample_data, small_tables):
    pred, gold = read_clf(sample_data / "paper_pred.clf")[1], read_clf(sample_data / "paper_gold.clf")[1]
    expected = score_pair(pred, gold)
    settings = ScoreSettings()
    pred_graph = induce_graph(pred)
    set_label_limit(LIMIT)  # the gold graph is induced against a new, empty table
    gold_graph = induce_graph(gold)
    assert pred_graph.induced.labels is not gold_graph.induced.labels
    mixed = score_graphs(pred_graph, gold_graph, settings)
    assert mixed.counts == expected.counts and mixed.score == expected.score
    for k in range(1, 5):  # the k-gram tables compare across tables too (the app's k-gram table)
        assert (mixed.pred_ngrams.tables[k - 1].matched(mixed.gold_ngrams.tables[k - 1])
                == expected.pred_ngrams.tables[k - 1].matched(expected.gold_ngrams.tables[k - 1]))
    reference = score_graphs(pred_graph, gold_graph, ScoreSettings(engine="reference"))
    assert reference.counts == expected.counts


def test_a_pickled_graph_carries_its_labels_not_its_table(sample_data):
    graph = induce_graph(read_clf(sample_data / "paper_gold.clf")[0])
    data = pickle.dumps(graph.induced)
    assert len(data) < 20 * len(pickle.dumps(graph.drs))  # not the whole table
    back = pickle.loads(data)
    assert [n.label for n in type(graph)(back).nodes] == [n.label for n in graph.nodes]
    assert [e.label for e in type(graph)(back).edges] == [e.label for e in graph.edges]


def test_type_labels_have_the_same_ids_in_every_table():
    first, second = labels.LabelTable(), labels.LabelTable(10)
    assert [first.id(t) for t in labels.TYPE_LABELS] == [second.id(t) for t in labels.TYPE_LABELS] == list(range(6))
