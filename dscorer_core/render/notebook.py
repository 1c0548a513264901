"""Results where researchers work: a notebook's rich display, short reprs and flat tables.

The result classes (``PairResult``, ``CorpusResult``, ``CounterPair``, ``CounterResult``,
``SmatchDocument``, ``SmatchResult``, ``MetricResult``) call these functions from the thin methods of
one mixin (``dscorer_core.notebook_methods``): ``_repr_html_`` (what Jupyter shows), ``show(k=...)``
(a pair highlighted at order k), ``to_pandas()`` (one flat row per document, the rows ``--csv``
writes) and ``__repr__`` (one line under 300 characters). A pair draws both graphs side by side as
inline SVG (``render.svg``), edges coloured by the share of their k-gram occurrences that are
matched, as the app's panes do.

Everything from a file is escaped text; the style is the core's asset (``render.page``); no script.
The results are told apart by their class's name and read by their attributes: this module imports
none of their modules, so no import circle runs through it (tests/test_layers.py).
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..counter.table import counter_pair_rows, counter_rows
from ..errors import NgramExplosion, SettingsError
from ..ngrams.induction import Graph
from ..ngrams.ngram_comparison import PairHighlight, highlight_pair
from ..ngrams.table import document_table, documents_table
from .box_view import box_view_html, box_view_legend
from .edge_colour import edge_shades
from .layout import shared_layout, too_large_to_draw
from .page import style_element
from .svg import graph_svg

if TYPE_CHECKING:
    from ..counter.score import CounterPair, CounterResult
    from ..metrics.base import MetricDocument, MetricResult
    from ..ngrams.scoring import CorpusResult, DocumentScore, PairResult, Score
    from ..sbn.smatch import SmatchDocument, SmatchResult


#: The longest repr of a result.
MAX_REPR = 300
#: How many of the worst documents a corpus result shows.
WORST_SHOWN = 10
#: The order a pair is highlighted at unless ``show(k=...)`` says otherwise (at most the settings' order).
DEFAULT_K = 2
_SENTENCE_CHARS = 60
_ids = itertools.count(1)


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _f(value: float) -> str:
    return f"{value:.4f}"


def _cut(text: str | None, limit: int = _SENTENCE_CHARS) -> str | None:
    if text is None:
        return None
    return text if len(text) <= limit else text[:limit - 1] + "…"


def brief(name: str, *parts: str, **fields: object) -> str:
    """``name(part, ..., key=value, ...)`` without the None values, floats to 4 decimals, a sentence cut,
    at most MAX_REPR characters."""
    items = list(parts)
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, float):
            items.append(f"{key}={value:.4f}")
        elif isinstance(value, str):
            items.append(f"{key}={_cut(value) if key == 'sentence' else value!r}")
        else:
            items.append(f"{key}={value!r}")
    text = f"{name}({', '.join(items)})"
    return text if len(text) <= MAX_REPR else text[:MAX_REPR - 2] + "…)"


@dataclass(frozen=True)
class HtmlView:
    """A rich display for a notebook: Jupyter shows ``html``; ``repr`` gives ``text``."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def _page(body: str) -> str:
    """A display fragment: the core's style sheets, then ``body`` inside the scoped container."""
    return f'{style_element("box_view.css", "notebook.css")}<div class="dsn">{body}</div>'


def html_table(header: Sequence[str], rows: Iterable[Sequence[object]], klass: str = "dsn-table") -> str:
    def cell(v: object) -> str:
        if isinstance(v, float):
            return f'<td class="num">{_f(v)}</td>'
        if isinstance(v, int) and not isinstance(v, bool):
            return f'<td class="num">{v}</td>'
        return f"<td>{_e(v)}</td>"

    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in rows)
    return f'<table class="{klass}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def signature_block(text: object) -> str:
    return f'<div class="dsn-signature"><code>{_e(text)}</code></div>'


_ID = re.compile(r'\bid="([^"]*)"')


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document of ``graph_svg`` made fit to sit inside a page: no XML declaration, and every
    id (and the ``url(#...)`` naming one) prefixed, so that several drawings on a page do not clash."""
    body = svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg
    body = _ID.sub(lambda m: f'id="{prefix}-{m.group(1)}"', body)
    return body.replace("url(#", f"url(#{prefix}-")


def pair_drawings(pred: Graph, gold: Graph, k: int, *, mapping: Mapping[str, str] | None = None,
                  compact: bool = True, prefix: str = "") -> tuple[tuple[str, str] | None, PairHighlight | None, str]:
    """Both graphs as inline SVG highlighted at order ``k`` (under ``mapping``: COUNTER's variable
    mapping; None pairs by name), the highlight, and a note when they could not be drawn."""
    prefix = prefix or f"dsn{next(_ids)}"
    if too_large_to_draw((pred, gold)):
        return None, None, "too large to draw (more nodes than the layout places)"
    try:
        highlight = highlight_pair(pred, gold, k, mapping=mapping)
    except NgramExplosion as exc:
        return None, None, str(exc)
    layout = shared_layout(pred, gold, mapping=dict(mapping) if mapping is not None else None)
    svgs = []
    for side, graph, positions, lonely, title in (
            ("pred", pred, layout.pred, layout.pred_unpaired, "Predicted"),
            ("gold", gold, layout.gold, layout.gold_unpaired, "Gold")):
        shades = edge_shades(getattr(highlight, side).edge_counts)
        svg = graph_svg(graph, positions, edge_shades=shades, compact=compact, unpaired=lonely,
                        title=f"{title} (k = {k})")
        svgs.append(inline_svg(svg, f"{prefix}-{side}"))
    return (svgs[0], svgs[1]), highlight, ""


def _graphs_block(drawings: tuple[str, str] | None, note: str) -> str:
    if drawings is None:
        return f'<p class="dsn-note">Graphs not drawn: {_e(note)}</p>'
    return ('<div class="dsn-pair">'
            f'<figure class="dsn-graph" data-side="pred">{drawings[0]}</figure>'
            f'<figure class="dsn-graph" data-side="gold">{drawings[1]}</figure></div>')


def boxes_block(pred: Graph, gold: Graph, highlight: PairHighlight | None,
                counter_marks: tuple[Sequence[str], Sequence[str]] | None = None, open_: bool = False) -> str:
    """Both DRSs in the box view, coloured by the DSCORER verdicts (and COUNTER's marks), in a
    ``<details>`` element."""
    sides = []
    for i, (side, graph, title) in enumerate((("pred", pred, "Predicted"), ("gold", gold, "Gold"))):
        sides.append(box_view_html(graph.drs, title=title, side=side, graph=graph,
                                   dscorer=getattr(highlight, side).clauses if highlight is not None else None,
                                   counter=counter_marks[i] if counter_marks is not None else None))
    legend = box_view_legend(highlight.k) if highlight is not None else ""
    return (f'<details class="dsn-boxes"{" open" if open_ else ""}><summary>DRT boxes</summary>'
            f'<div class="dv-page">{legend}<div class="dv-sides">{"".join(sides)}</div></div></details>')


def _check_k(k: int, order: int) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= max(order, 1):
        raise SettingsError(f"k must be a whole number from 1 to the settings' order {order}, not {k!r}")
    return k


def _sentence(pred: Graph, gold: Graph) -> str:
    text = gold.drs.sentence or pred.drs.sentence
    return f'<div class="dsn-sentence">{_e(text)}</div>' if text else ""


def _score_tables(score: Score) -> str:
    main = html_table(["P", "R", "F"], [[score.P, score.R, score.F]])
    orders = html_table(["k", "matched", "pred", "gold", "P", "R", "F", "weight"],
                    [[o.k, o.matched, o.pred, o.gold, o.p, o.r, o.f, o.weight] for o in score.orders])
    return f'<div class="dsn-scores">{main}{orders}</div>'


def pair_html(result: PairResult, k: int | None = None, compact: bool = True, boxes: bool = True) -> str:
    """One pair's display: the sentence, the scores and signature, both graphs side by side highlighted
    at order ``k`` (default DEFAULT_K, at most the settings' order) and, folded, the box view."""
    order = result.settings.order
    k = _check_k(min(DEFAULT_K, order) if k is None else k, order)
    pred, gold = result.pred_graph, result.gold_graph
    drawings, highlight, note = pair_drawings(pred, gold, k, compact=compact)
    parts = [f'<h4 class="dsn-title">DSCORER F {_f(result.score.F)} · document {gold.drs.index} · k = {k}</h4>',
             _sentence(pred, gold), signature_block(result.signature), _score_tables(result.score),
             _graphs_block(drawings, note)]
    if boxes:
        parts.append(boxes_block(pred, gold, highlight))
    return _page("".join(parts))


def pair_view(result: PairResult, k: int | None = None, compact: bool = True, boxes: bool = True) -> HtmlView:
    """``PairResult.show(k=...)``: the pair's display at order ``k``."""
    return HtmlView(pair_html(result, k, compact, boxes), result_repr(result))


def _documents(result: Any) -> Sequence[Any]:
    return tuple(getattr(result, "documents", ()))


def _doc_f(doc: Any) -> float:
    score = getattr(doc, "score", None)
    return float(score.F if score is not None else doc.F)


def worst_documents(documents: Sequence[Any], n: int | None = WORST_SHOWN) -> list[Any]:
    """The documents with the lowest F, worst first (ties in document order); all when ``n`` is None."""
    ranked = sorted(documents, key=lambda d: (_doc_f(d), d.index))
    return ranked if n is None else ranked[:n]


def _doc_text(doc: Any) -> str:
    return str(getattr(doc, "sentence", None) or getattr(doc, "ill_formed", None) or getattr(doc, "note", None)
               or "")


def _worst_block(result: Any) -> str:
    docs = _documents(result)
    if not docs:
        return '<p class="dsn-note">The documents were not kept (a streamed corpus).</p>'
    rows = [[d.index, _doc_f(d), _doc_text(d)] for d in worst_documents(docs)]
    return (f"<h5>The {len(rows)} worst documents of {len(docs)}</h5>"
            + html_table(["index", "F", "sentence or note"], rows))


def figures_block(result: Any) -> str:
    """A corpus result's figures as a table, whatever its metric."""
    kind = _kind(result)
    if kind == "CorpusResult":
        table = html_table(["average", "P", "R", "F"], [["micro", result.micro.P, result.micro.R, result.micro.F],
                                                    ["macro", result.macro.P, result.macro.R, result.macro.F]])
        orders = html_table(["k", "matched", "pred", "gold", "P", "R", "F"],
                        [[o.k, o.matched, o.pred, o.gold, o.p, o.r, o.f] for o in result.micro.orders])
        return table + orders
    if kind == "CounterResult":
        return html_table(["matched", "pred_clauses", "gold_clauses", "P", "R", "F", "proven optimal"],
                      [[result.matched, result.pred_clauses, result.gold_clauses, result.P, result.R, result.F,
                        result.optimal_documents]])
    if kind == "SmatchResult":
        return html_table(["micro P", "micro R", "micro F", "mean F (PMB 5)", "ill-formed", "proven optimal"],
                      [[result.P, result.R, result.F, result.mean_F, result.ill_formed, result.optimal_documents]])
    if kind == "MetricResult":
        return html_table(["average", "P", "R", "F"], [["micro", result.micro.P, result.micro.R, result.micro.F],
                                                   ["macro", result.macro.P, result.macro.R, result.macro.F]])
    raise TypeError(f"not a corpus result: {type(result).__name__}")


def corpus_html(result: CorpusResult | CounterResult | SmatchResult | MetricResult) -> str:
    """A corpus result's display: the signature, the corpus figures and the WORST_SHOWN worst documents."""
    name = getattr(result, "name", None) or type(result).__name__
    title = f"{_e(name)} · {result_size(result)} documents"
    return _page(f'<h4 class="dsn-title">{title}</h4>{signature_block(result.signature)}{figures_block(result)}'
                 f"{_worst_block(result)}")


def result_size(result: Any) -> int:
    """How many documents a corpus result covers."""
    n = getattr(result, "n_documents", None)
    return int(n) if n is not None else len(_documents(result))


def counter_mapping_block(pair: CounterPair) -> str:
    """COUNTER's variable mapping and its matched and unmatched clauses, as tables."""
    mapping = html_table(["predicted", "gold"], sorted(pair.mapping.items()))
    matched = html_table(["predicted clause", "gold clause"], [[p.text(), g.text()] for p, g in pair.matched_clauses])
    unmatched = html_table(["side", "unmatched clause"], [["predicted", c.text()] for c in pair.unmatched_pred]
                       + [["gold", c.text()] for c in pair.unmatched_gold])
    return (f'<div class="dsn-counter"><h5>Variable mapping</h5>{mapping}<h5>Matched clauses '
            f"({pair.matched})</h5>{matched}<h5>Unmatched clauses</h5>{unmatched}</div>")


def counter_pair_html(pair: CounterPair) -> str:
    """One COUNTER pair's display: scores, signature, the mapping, the matched and unmatched clauses."""
    scores = html_table(["matched", "pred_clauses", "gold_clauses", "P", "R", "F", "optimal", "method"],
                    [[pair.matched, pair.pred_clauses, pair.gold_clauses, pair.P, pair.R, pair.F,
                      "yes" if pair.optimal else "no", pair.method]])
    sentence = f'<div class="dsn-sentence">{_e(pair.sentence)}</div>' if pair.sentence else ""
    return _page(f'<h4 class="dsn-title">COUNTER F {_f(pair.F)} · document {pair.index}</h4>{sentence}'
                 f"{signature_block(pair.signature)}{scores}{counter_mapping_block(pair)}")


def smatch_document_html(doc: SmatchDocument) -> str:
    """One Smatch document's display: its triples matched, P, R, F and why it is ill-formed."""
    table = html_table(["matched", "pred_triples", "gold_triples", "P", "R", "F", "optimal", "method"],
                   [[doc.matched, doc.pred_triples, doc.gold_triples, doc.P, doc.R, doc.F,
                     "yes" if doc.optimal else "no", doc.method]])
    why = "".join(f'<p class="dsn-note">{_e(t)}</p>' for t in (doc.ill_formed, doc.note) if t)
    return _page(f'<h4 class="dsn-title">Smatch F {_f(doc.F)} · document {doc.index}</h4>{table}{why}')


# ---- flat tables -------------------------------------------------------------------------------------------

SMATCH_HEADER = ("index", "P", "R", "F", "matched", "pred_triples", "gold_triples", "optimal", "method",
                 "ill_formed", "note")


@dataclass(frozen=True)
class _PairRow:
    """A DSCORER pair read as a document of the per-document table."""

    index: int
    sentence: str | None
    score: Score
    pred_clauses: int
    gold_clauses: int


def _pair_document(result: PairResult) -> _PairRow:
    pred, gold = result.pred_graph.drs, result.gold_graph.drs
    return _PairRow(gold.index, gold.sentence or pred.sentence, result.score, len(pred.clauses), len(gold.clauses))


def _metric_rows(result: MetricResult) -> tuple[list[str], list[list[object]]]:
    components = result.rows.components
    subs = result.metric.sub_scores
    per_sub = result.metric.document_scores(result) if subs else {}
    header = ["index", "P", "R", "F"] + [f"{c}_{part}" for c in components for part in ("matched", "pred", "gold")]
    header += [f"f_{s}" for s in subs] + ["optimal", "note", "sentence"]
    rows: list[list[object]] = []
    for i, d in enumerate(result.documents):
        row: list[object] = [d.index, d.P, d.R, d.F]
        row.extend(n for c in d.counts for n in c)
        row.extend(per_sub[s][i] for s in subs)
        row += ["" if d.optimal is None else "yes" if d.optimal else "no", d.note or "", d.sentence or ""]
        rows.append(row)
    return header, rows


def document_rows(result: Any) -> tuple[list[str], list[list[object]]]:
    """Header and one flat row per document of any result: for DSCORER and COUNTER exactly the rows
    ``dscorer score --csv`` and ``dscorer counter --csv`` write; a single pair gives one row."""
    kind = _kind(result)
    if kind == "CorpusResult":
        return document_table(result)
    if kind == "PairResult":
        return documents_table([_pair_document(result)], result.settings.order)  # type: ignore[list-item]
    if kind == "CounterResult":
        return counter_rows(result)
    if kind == "CounterPair":
        return counter_pair_rows([result])
    if kind in ("SmatchResult", "SmatchDocument"):
        docs = result.documents if kind == "SmatchResult" else (result,)
        return list(SMATCH_HEADER), [[d.index, d.P, d.R, d.F, d.matched, d.pred_triples, d.gold_triples,
                                      "yes" if d.optimal else "no", d.method, d.ill_formed or "", d.note or ""]
                                     for d in docs]
    if kind == "MetricResult":
        return _metric_rows(result)
    raise TypeError(f"no per-document table for {type(result).__name__}")


def to_pandas(result: Any) -> Any:
    """The per-document table (``document_rows``) as a pandas DataFrame (pandas is imported here,
    on use: ``pip install pandas``, or the ``app`` extra)."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - pandas comes with the app and dev extras
        raise ImportError("to_pandas() needs pandas: pip install pandas") from exc
    header, rows = document_rows(result)
    return pd.DataFrame(rows, columns=header)


# ---- reprs -------------------------------------------------------------------------------------------------

def _score_repr(s: Score) -> str:
    return brief("Score", P=s.P, R=s.R, F=s.F, orders=len(s.orders))


def _document_repr(d: DocumentScore | MetricDocument) -> str:
    return brief(type(d).__name__, index=d.index, F=_doc_f(d), sentence=d.sentence)


#: Each result's one-line repr, by the name of its class.
_REPRS: dict[str, Callable[[Any], str]] = {
        "Score": _score_repr,
        "DocumentScore": _document_repr,
        "MetricDocument": _document_repr,
        "PairResult": lambda r: brief("PairResult", f"document {r.gold_graph.drs.index}", P=r.score.P, R=r.score.R,
                                    F=r.score.F, sentence=r.gold_graph.drs.sentence or r.pred_graph.drs.sentence,
                                    signature=r.signature),
        "CorpusResult": lambda r: brief("CorpusResult", f"{r.n_documents} documents", micro_F=r.micro.F,
                                      macro_F=r.macro.F, signature=r.signature),
        "CounterPair": lambda r: brief("CounterPair", index=r.index, matched=r.matched, pred_clauses=r.pred_clauses,
                                     gold_clauses=r.gold_clauses, F=r.F, optimal=r.optimal),
        "CounterResult": lambda r: brief("CounterResult", f"{r.n_documents} documents", F=r.F, matched=r.matched,
                                       pred_clauses=r.pred_clauses, gold_clauses=r.gold_clauses,
                                       signature=r.signature),
        "SmatchDocument": lambda r: brief("SmatchDocument", index=r.index, matched=r.matched,
                                        pred_triples=r.pred_triples, gold_triples=r.gold_triples, F=r.F,
                                        ill_formed=r.ill_formed is not None),
        "SmatchResult": lambda r: brief("SmatchResult", f"{r.n_documents} documents", F=r.F, mean_F=r.mean_F,
                                      ill_formed=r.ill_formed, signature=r.signature),
        "MetricResult": lambda r: brief("MetricResult", r.name, f"{len(r.documents)} documents", average=r.average,
                                      F=r.F, signature=str(r.signature)),
}


def result_repr(result: Any) -> str:
    """A result's one-line repr (under MAX_REPR characters): its kind, size, headline figures, signature."""
    make = _REPRS.get(_kind(result))
    return make(result) if make is not None else brief(type(result).__name__)


def _kind(result: Any) -> str:
    """What a result is: its class's name (the result modules are not imported here)."""
    return type(result).__name__


def result_html(result: Any) -> str:
    """What a notebook shows of any result: a pair's graphs and scores, a document's figures, or a
    corpus's figures and worst documents."""
    kind = _kind(result)
    if kind == "PairResult":
        return pair_html(result)
    if kind == "CounterPair":
        return counter_pair_html(result)
    if kind == "SmatchDocument":
        return smatch_document_html(result)
    return corpus_html(result)
