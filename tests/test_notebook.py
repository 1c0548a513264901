"""Results in a notebook (dscorer_core.render.notebook): a pair's HTML holds both graphs as SVG coloured
by its k-gram counts, corpus results show their figures and worst documents, every repr is short,
``to_pandas()`` gives the rows ``--csv`` writes, and docs/notebook.ipynb runs headless."""

from __future__ import annotations

import csv
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dscorer_core.cli import main
from dscorer_core.counter import counter_corpus, counter_pair
from dscorer_core.errors import SettingsError
from dscorer_core.metrics import make_metric
from dscorer_core.ngrams import ngram_occurrences, score_corpus, score_pair
from dscorer_core.reading.clause_text import read_clf
from dscorer_core.render import NO_KGRAM_COLOUR, highlight_pair, share_colour
from dscorer_core.render.notebook import MAX_REPR, WORST_SHOWN

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
PMB = ROOT.parent / "shared" / "data" / "pmb-2.2.0"
NS = "{http://www.w3.org/2000/svg}"


def svgs(page: str) -> list[ET.Element]:
    """The inline SVG drawings of a display, parsed."""
    return [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", page, flags=re.S)]


def strokes(svg: ET.Element) -> dict[int, str]:
    """Per drawn edge id, its stroke colour."""
    out = {}
    for g in svg.iter(NS + "g"):
        if g.get("class") == "edge":
            out[int(g.get("id").rsplit("-e", 1)[1])] = g.find(NS + "path").get("stroke")
    return out


@pytest.fixture(scope="module")
def paper():
    return read_clf(SAMPLES / "paper_pred.clf"), read_clf(SAMPLES / "paper_gold.clf")


@pytest.fixture(scope="module")
def dev():
    if not (PMB / "boxer_dev.clf").is_file():
        pytest.skip(f"PMB 2.2.0 dev data not found under {PMB}")
    return read_clf(PMB / "boxer_dev.clf", lenient=True), read_clf(PMB / "gold_dev.clf")


def test_figure_1_against_itself_colours_every_edge_on_a_k_gram_blue(paper):
    """An independent truth: a graph against itself matches every k-gram, so an edge is the scale's
    blue exactly when some k-gram path (enumerated by ngram_occurrences) runs through it."""
    drs = paper[0][0]
    result = score_pair(drs, drs)
    for k in (1, 2, 3):
        page = result.show(k=k, compact=False)._repr_html_()
        drawn = svgs(page)
        assert len(drawn) == 2
        on_kgram = {e for paths in ngram_occurrences(result.pred_graph, k).values() for p in paths for e in p.edges}
        for svg in drawn:
            colours = strokes(svg)
            assert colours == {e: share_colour(1.0) if e in on_kgram else NO_KGRAM_COLOUR for e in colours}


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_pairs_drawings_take_their_colours_from_the_k_gram_counts(paper, dev, k):
    """Figure 4 and PMB dev pairs: each side's edge colour is the matched share of the k-gram occurrences
    through it, and the matched occurrences add up to the score's matched count of order k."""
    # dev 11 (13 nodes) has edges with a partial share at every k, as 22 (38 nodes; five times the cost) had
    cases = [(paper[0][1], paper[1][1])] + [(dev[0][i], dev[1][i]) for i in (3, 11, 57)]
    for pred, gold in cases:
        result = score_pair(pred, gold)
        page = result.show(k=k, compact=False)._repr_html_()
        pred_svg, gold_svg = svgs(page)
        hl = highlight_pair(result.pred_graph, result.gold_graph, k)
        for svg, side in ((pred_svg, hl.pred), (gold_svg, hl.gold)):
            for edge, colour in strokes(svg).items():
                matched, unmatched = side.edge_counts[edge]
                assert colour == (share_colour(matched / (matched + unmatched)) if matched + unmatched
                                  else NO_KGRAM_COLOUR)
        assert hl.pred.matched_occurrences == hl.gold.matched_occurrences == result.counts[k].matched
        for figure in (f"{result.score.P:.4f}", f"{result.score.R:.4f}", f"{result.score.F:.4f}", "DRT boxes"):
            assert figure in page
        assert result.signature in page


def test_the_default_display_is_compact_at_k_2_and_k_is_checked(paper):
    result = score_pair(paper[0][1], paper[1][1])
    page = result._repr_html_()
    assert len(svgs(page)) == 2 and "k = 2" in page and "<script" not in page
    # the box view comes styled: its fragments of both sides and the core's style sheet with them
    assert page.count('class="dv-side"') == 2 and ".dv-box{" in page and ".dk-unmatched{" in page
    with pytest.raises(SettingsError):
        result.show(k=9)
    with pytest.raises(SettingsError):
        result.show(k=0)


def test_corpus_results_show_figures_signature_and_the_ten_worst(dev):
    preds, golds = dev[0][:40], dev[1][:40]
    results = (score_corpus(preds, golds), counter_corpus(preds, golds), make_metric("dscorer").score(preds, golds))
    for result in results:
        page = result._repr_html_()
        assert str(result.signature) in page
        assert f"{result.F if hasattr(result, 'F') else result.micro.F:.4f}" in page
        body = page.split("worst documents", 1)[1]
        shown = [int(i) for i in re.findall(r'<tr><td class="num">(\d+)</td>', body)]
        docs = result.documents
        f_of = {d.index: (d.score.F if hasattr(d, "score") else d.F) for d in docs}
        assert len(shown) == WORST_SHOWN
        assert sorted(f_of.values())[:WORST_SHOWN] == [f_of[i] for i in shown]


def test_every_repr_is_short(dev):
    preds, golds = dev[0][:120], dev[1][:120]
    corpus = score_corpus(preds, golds)
    counter = counter_corpus(preds[:30], golds[:30])
    metric = make_metric("counter").score(preds[:30], golds[:30])
    long_pair = max(range(120), key=lambda i: len(golds[i].clauses))
    objects = [corpus, corpus.documents[0], corpus.micro, score_pair(preds[long_pair], golds[long_pair]),
               counter, counter.documents[0], counter_pair(preds[long_pair], golds[long_pair]), metric,
               metric.documents[0]]
    for obj in objects:
        text = repr(obj)
        assert len(text) < MAX_REPR + 1 and "\n" not in text, (type(obj).__name__, len(text))
        assert text.startswith(type(obj).__name__ + "(")
    assert len(repr(corpus)) < 300 and "120 documents" in repr(corpus)


def _csv_rows(path: Path) -> tuple[list[str], list[list[str]]]:
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def _same(frame, header, rows) -> None:
    assert list(frame.columns) == header
    assert len(frame) == len(rows)
    for values, row in zip(frame.itertuples(index=False), rows):
        for value, cell in zip(values, row):
            if isinstance(value, float):
                assert value == pytest.approx(float(cell), abs=5e-16)  # csv writes repr(float): exact
            else:
                assert str(value) == cell


def test_to_pandas_rows_equal_the_csv_of_dscorer_score(dev, tmp_path, capsys):
    pytest.importorskip("pandas")
    out = tmp_path / "docs.csv"
    assert main(["score", str(PMB / "boxer_dev.clf"), str(PMB / "gold_dev.clf"), "--csv", str(out)]) == 0
    capsys.readouterr()
    header, rows = _csv_rows(out)
    frame = score_corpus(dev[0], dev[1]).to_pandas()
    _same(frame, header, rows)
    assert len(frame) == len(dev[1]) and {"index", "sentence", "P", "R", "F", "f1", "pred_clauses"} <= set(header)


def test_to_pandas_rows_equal_the_csv_of_dscorer_counter(paper, tmp_path, capsys):
    pytest.importorskip("pandas")
    out = tmp_path / "counter.csv"
    assert main(["counter", str(SAMPLES / "paper_pred.clf"), str(SAMPLES / "paper_gold.clf"), "--csv", str(out)]) == 0
    capsys.readouterr()
    header, rows = _csv_rows(out)
    _same(counter_corpus(*paper).to_pandas(), header, rows)
    # one pair gives one row of the same table
    one = score_pair(paper[0][1], paper[1][1]).to_pandas()
    assert len(one) == 1 and one.loc[0, "index"] == paper[1][1].index and one.loc[0, "F"] == pytest.approx(0.2062, 1e-3)


NOTEBOOK = ROOT / "docs" / "notebook.ipynb"


@pytest.mark.slow
def test_the_docs_notebook_runs_headless_and_draws(monkeypatch):
    """docs/notebook.ipynb executed by nbclient in a fresh kernel (importing this checkout's package):
    no error, and each use displays."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("pandas")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    pages = [o["data"]["text/html"] for o in outputs if "data" in o and "text/html" in o["data"]]
    pair_pages = [p for p in pages if len(svgs(p)) == 2]
    assert len(pair_pages) >= 2  # the pair's own display and show(k=1)
    assert any("k = 1" in p for p in pair_pages)
    assert any("worst documents" in p for p in pages)  # a corpus result
    assert any("<table" in p and "sentence" in p and "dsn" not in p for p in pages)  # the DataFrame
    assert any("Variable mapping" in p for p in pages)  # COUNTER's pair
    texts = [o["data"]["text/plain"] for o in outputs if "data" in o and "text/plain" in o["data"]]
    assert all(len(t) < 2000 for t in texts)


def test_the_python_api_guides_notebook_example_prints_what_it_says(monkeypatch, capsys):
    pytest.importorskip("pandas")
    guide = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    section = guide[guide.index("## In a notebook"):guide.index("## Metrics: one kind, three metrics")]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    printed = section.split("prints\n\n```\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "python-api.md", "exec"), {})
    assert capsys.readouterr().out == printed
