"""The error-analysis page and the judging mode in the app (issue 14), with AppTest."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from app_helpers import HOSTILE, PMB, SAMPLES, new_app, no_errors, open_by_path

from dscorer_core.analysis import MIN_SUPPORT, analyse_errors, worst_labels
from dscorer_core.counter import counter_corpus
from dscorer_core.judgements import Judgement, JudgementStore, judgements_to_csv
from dscorer_core.reading.clause_text import read_clf

ERRORS = "pages/4_Error_analysis.py"


def judging_on(at, store, annotator: str = "ann"):
    """Switch judging mode on in the sidebar with this store file and annotator."""
    at.toggle(key="judging").set_value(True).run()
    at.text_input(key="judge_store").set_value(str(store)).run()
    return at.text_input(key="judge_annotator").set_value(annotator).run()


@pytest.fixture
def allowed(tmp_path, monkeypatch):
    """A judgement folder the app may write in (besides the repository and ../shared/data)."""
    monkeypatch.setenv("DSCORER_ALLOWED_DIRS", f"{tmp_path}:{SAMPLES.parent}:{PMB.parent}")
    return tmp_path


def test_the_page_lays_out_the_core_tables_of_pmb_dev(shared_path):
    at = open_by_path(PMB / "boxer_dev.clf", PMB / "gold_dev.clf", timeout=300)
    at.switch_page(ERRORS).run()
    no_errors(at)
    assert [t.label for t in at.tabs] == ["Labels", "Confusions", "Structure", "k-grams", "People and metrics"]
    core = analyse_errors(read_clf(PMB / "boxer_dev.clf"), read_clf(PMB / "gold_dev.clf"), top=50)
    labels = at.dataframe[0].value
    worst = worst_labels(core, "clause", MIN_SUPPORT)
    first = worst[0]
    assert (labels.iloc[0]["label"], labels.iloc[0]["pred"], labels.iloc[0]["gold"], labels.iloc[0]["matched"]) == \
        (first.label, first.pred, first.gold, first.matched)
    assert labels.iloc[0]["wrong in"] == len(first.documents)
    assert len(labels) == len(worst) and list(labels["F"]) == sorted(labels["F"])  # worst first
    assert (labels["pred"] + labels["gold"]).min() >= MIN_SUPPORT
    at.number_input(key="err_min_support").set_value(1).run()
    assert len(at.dataframe[0].value) == sum(r.level == "clause" for r in core.labels)
    at.radio(key="err_level").set_value("1-gram").run()
    grams = at.dataframe[0].value
    assert len(set(grams["label"])) == len(grams)  # one row per relation, its reverse folded in
    confusions = at.dataframe[1].value
    assert len(confusions) == len(core.confusions) and confusions.iloc[0]["count"] == core.confusions[0].count
    assert {b.label for b in at.get("download_button")} >= {"CSV", "Download every table (JSON)"}


def test_hostile_files_are_shown_as_data(tmp_path, allowed):
    for side in ("pred", "gold"):
        (tmp_path / f"{side}.clf").write_text(HOSTILE, encoding="utf-8")
    at = open_by_path(tmp_path / "pred.clf", tmp_path / "gold.clf")
    at.switch_page(ERRORS).run()
    no_errors(at)
    at.number_input(key="err_min_support").set_value(1).run()  # every label, however rare
    labels = at.dataframe[0].value
    assert "</script><script>alert(3)</script>" in set(labels["label"])  # a cell of data, never markup
    shown = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "<script>" not in shown and "<img" not in shown


def test_judging_in_the_pair_view_records_and_moves_to_the_next_document(allowed):
    store_path = allowed / "judgements.sqlite"
    at = judging_on(new_app().run(), store_path)
    no_errors(at)
    assert at.session_state["doc_index"] == 0
    at.button(key="judge_accept_acceptable").click().run()
    store = JudgementStore(store_path)
    assert store.get("ann", 0, "paper_pred") == Judgement(0, "paper_pred", "acceptable", "", "ann")
    assert at.session_state["doc_index"] == 1  # on to the next document not judged yet
    at.text_input(key="judge_rationale_accept").set_value("wrong sentence altogether").run()
    at.button(key="judge_accept_unacceptable").click().run()
    assert store.get("ann", 1, "paper_pred").rationale == "wrong sentence altogether"
    assert store.judged_documents("ann", "paper_pred") == {0, 1}
    assert any("2 of 2 documents judged" in p.proto.text for p in at.get("progress"))


def test_a_store_outside_the_allowed_folders_is_refused(allowed, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "j.sqlite"
    at = judging_on(new_app().run(), elsewhere)
    assert any("allowed" in e.value for e in at.error)
    assert not elsewhere.exists()
    assert not [b for b in at.button if b.key and b.key.startswith("judge_accept")]


def test_preferences_on_the_compare_page(allowed):
    at = new_app().run()
    at.switch_page("pages/3_Compare_systems.py").run()
    judging_on(at, allowed / "prefs.sqlite", "bo")
    no_errors(at)
    at.button(key="judge_prefer_A").click().run()
    [judgement] = JudgementStore(allowed / "prefs.sqlite").all()
    assert judgement.kind == "preference" and judgement.judgement == "A" and judgement.annotator == "bo"
    assert judgement.system.count("|") == 1


def test_people_and_metrics_counter_separates_judgements_made_from_counter(allowed):
    preds, golds = read_clf(PMB / "boxer_dev.clf"), read_clf(PMB / "gold_dev.clf")
    f = [d.F for d in counter_corpus(preds, golds).documents]
    median = sorted(f)[len(f) // 2]
    store = JudgementStore(allowed / "people.sqlite")
    store.import_csv_text(judgements_to_csv([Judgement(i, "boxer_dev", "acceptable" if x > median else "unacceptable",
                                                  annotator="ann") for i, x in enumerate(f) if x != median]))
    at = open_by_path(PMB / "boxer_dev.clf", PMB / "gold_dev.clf", timeout=300)
    at.switch_page(ERRORS).run()
    judging_on(at, allowed / "people.sqlite")
    no_errors(at)
    agreement = next(d.value for d in at.dataframe if "auc" in d.value.columns)
    counter = agreement.set_index("metric").loc["counter"]
    assert counter["auc"] == pytest.approx(1.0) and counter["auc_low"] == pytest.approx(1.0)
    assert (agreement.set_index("metric")["auc"] < 1.0).any()  # the other metrics order some parses otherwise
