"""``dscorer report``: one self-contained HTML file of a metric's corpus result, to share or put
behind any web server.

The page holds the signature and corpus figures, a table of every document (worst first; the
report's small script sorts it by a column and filters it by a search), and for each of the
worst documents both graphs highlighted as in the app (static SVG, ``render.svg``), the box view,
and COUNTER's mapping or Smatch's alignment. It loads nothing: no font, image, style sheet or
script from anywhere (the style and the script are the core's assets, ``render.page``). Every text
from a file is escaped; the script reads only the table's own cells.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..counter.score import CounterResult
from ..ngrams.scoring import CorpusResult, score_pair
from ..ngrams.senses import scored_graphs
from ..ngrams.settings import ScoreSettings
from ..sbn.smatch import SmatchResult
from .counter_view import counter_clause_marks
from .notebook import (
    boxes_block,
    counter_mapping_block,
    figures_block,
    html_table,
    pair_drawings,
    signature_block,
    worst_documents,
)
from .page import html_document

if TYPE_CHECKING:
    from ..clauses import Drs
    from ..metrics.base import MetricDocument, MetricResult


#: How many of the worst documents get their drawings, unless asked for all.
DEFAULT_WORST = 100

Progress = Callable[[int, int], None]


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _columns(result: MetricResult) -> tuple[list[str], list[list[object]]]:
    """The report table's header and rows (worst first): index, F, P, R, the metric's own figures, sentence."""
    subs = result.metric.sub_scores
    per_sub = result.metric.document_scores(result) if subs else {}
    header = ["index", "F", "P", "R"] + [f"F {s}" for s in subs]
    one = len(result.rows.components) == 1
    if one:
        header += ["matched", "pred", "gold"]
    header += ["optimal", "note", "sentence"]
    position = {d.index: i for i, d in enumerate(result.documents)}
    rows: list[list[object]] = []
    for d in worst_documents(result.documents, None):
        row: list[object] = [d.index, d.F, d.P, d.R]
        row.extend(per_sub[s][position[d.index]] for s in subs)
        if one:
            row.extend(d.counts[0])
        row += ["" if d.optimal is None else "yes" if d.optimal else "no", d.note or "", d.sentence or ""]
        rows.append(row)
    return header, rows


def document_table_html(result: MetricResult, drawn: set[int]) -> str:
    """The table of every document, worst first; a drawn document's index links to its section."""
    header, rows = _columns(result)
    head = "".join(f'<th data-col="{i}" tabindex="0" aria-sort="none">{_e(h)}</th>' for i, h in enumerate(header))
    lines = []
    for row in rows:
        cells = []
        for i, v in enumerate(row):
            if i == 0:
                text = f'<a href="#doc-{v}">{v}</a>' if v in drawn else str(v)
                cells.append(f'<td class="num" data-v="{v}">{text}</td>')
            elif isinstance(v, float):
                cells.append(f'<td class="num" data-v="{v!r}">{v:.4f}</td>')
            elif isinstance(v, int):
                cells.append(f'<td class="num" data-v="{v}">{v}</td>')
            else:
                cells.append(f"<td>{_e(v)}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return ('<div class="dsr-search"><label>Search <input type="search" id="dsr-filter" '
            'placeholder="sentence, note or index" autocomplete="off"></label> '
            f'<span id="dsr-count">{len(rows)} of {len(rows)} documents</span></div>'
            f'<table class="dsn-table dsr-table" id="dsr-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(lines)}</tbody></table>')


def _smatch_block(pred: Drs, gold: Drs, settings: Any) -> str:
    from ..metrics.smatch_metric import sbn_text_of
    from ..sbn.triple_match import triple_match

    found = triple_match(sbn_text_of(pred), sbn_text_of(gold), settings)
    triples = html_table(["side", "triple"], [[side, f"{v.triple.relation}({v.triple.source}, {v.triple.target})"]
                                              for side, verdicts in (("predicted", found.pred), ("gold", found.gold))
                                              for v in verdicts])
    why = found.ill_formed or found.note
    if why is not None:
        head = f'<p class="dsn-note">Not aligned: {_e(why)}</p>'
    else:
        head = (f"<h5>Node alignment ({found.matched} triples matched; "
                f"{'proven best' if found.optimal else 'not proven'}, {_e(found.method)})</h5>"
                + html_table(["predicted", "gold"], sorted(found.mapping)))
    return f'<div class="dsn-smatch">{head}<h5>Triples</h5>{triples}</div>'


def document_section(doc: MetricDocument, pred: Drs, gold: Drs, result: MetricResult, k: int,
                     dscorer_settings: ScoreSettings) -> str:
    """One drawn document: its figures, both graphs at order ``k``, the box view, and COUNTER's
    mapping (under which the graphs pair their nodes) or Smatch's alignment."""
    counter = result.detail.documents[doc.index] if isinstance(result.detail, CounterResult) else None
    if isinstance(result.detail, CorpusResult):
        pair = score_pair(pred, gold, dscorer_settings)
        pred_graph, gold_graph = pair.pred_graph, pair.gold_graph
    else:
        pred_graph, gold_graph = scored_graphs(pred, gold, dscorer_settings.preset)
    k = min(k, dscorer_settings.order)
    drawings, highlight, note = pair_drawings(pred_graph, gold_graph, k, prefix=f"d{doc.index}",
                                              mapping=counter.mapping if counter is not None else None)
    graphs = (f'<p class="dsn-note">Graphs not drawn: {_e(note)}</p>' if drawings is None else
              '<div class="dsn-pair">' + "".join(f'<figure class="dsn-graph" data-side="{side}">{svg}</figure>'
                                                 for side, svg in zip(("pred", "gold"), drawings)) + "</div>")
    marks = None
    if counter is not None:
        marks = (counter_clause_marks(pred, counter, "pred"), counter_clause_marks(gold, counter, "gold"))
    extra = ""
    if counter is not None:
        extra = counter_mapping_block(counter)
    elif result.name == "smatch":
        extra = _smatch_block(pred, gold, result.metric.settings if hasattr(result.metric, "settings") else None)
    figures = html_table(["F", "P", "R", "optimal", "note"],
                     [[doc.F, doc.P, doc.R, "" if doc.optimal is None else "yes" if doc.optimal else "no",
                       doc.note or ""]])
    sentence = f'<div class="dsn-sentence">{_e(doc.sentence)}</div>' if doc.sentence else ""
    return (f'<section class="dsr-doc" id="doc-{doc.index}"><h3>Document {doc.index} · '
            f'{_e(result.metric.title)} F {doc.F:.4f}</h3>{sentence}{figures}'
            f'<p class="dsr-k">Graphs highlighted by DSCORER {k}-grams{" under COUNTER’s mapping" if counter else ""}'
            f' <a href="#top">back to the table</a></p>{graphs}'
            f"{boxes_block(pred_graph, gold_graph, highlight, marks, open_=True)}{extra}</section>")


def report_html(preds: Sequence[Drs], golds: Sequence[Drs], result: MetricResult, *, worst: int | None = DEFAULT_WORST,
                k: int = 2, dscorer_settings: ScoreSettings | None = None, pred_name: str = "", gold_name: str = "",
                signature: str | None = None, progress: Progress | None = None) -> str:
    """The report page: signature (``signature``, default the result's) and corpus figures, the table of
    every document, and the worst ``worst`` documents (all when None) drawn, worst first.
    ``progress(done, total)`` as they are drawn."""
    settings = dscorer_settings or (result.detail.settings if isinstance(result.detail, CorpusResult)
                                    else ScoreSettings())
    chosen = worst_documents(result.documents, worst)
    sections = []
    for done, doc in enumerate(chosen, 1):
        sections.append(document_section(doc, preds[doc.index], golds[doc.index], result, k, settings))
        if progress is not None:
            progress(done, len(chosen))
    drawn = {d.index for d in chosen}
    files = (f'<p class="dsr-files">predicted <code>{_e(pred_name)}</code> against gold <code>{_e(gold_name)}</code>'
             f" · {len(result.documents)} documents</p>") if pred_name or gold_name else ""
    detail = result.detail
    figures = figures_block(detail if isinstance(detail, CorpusResult | CounterResult | SmatchResult)
                             else result)
    body = (f'<header id="top"><h1>dscorer report: {_e(result.metric.title)}</h1>{files}'
            f"{signature_block(signature or result.signature)}{figures}</header>"
            f"<h2>Every document, worst first</h2>{document_table_html(result, drawn)}"
            f"<h2>The {len(chosen)} worst documents</h2>{''.join(sections)}")
    return html_document(f"dscorer report: {result.metric.title}", f'<div class="dsn dsr">{body}</div>',
                         styles=("box_view.css", "notebook.css", "report.css"), scripts=("report.js",))

