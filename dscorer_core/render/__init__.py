"""Data for drawing and explaining comparisons (no UI code): the n-gram view, the layout, labels and
tooltips, the teaching steps, COUNTER's view and the
DRT box view. The app lays these out; it computes none of them."""

from .box_view import (
    BoxDiagram,
    box_diagram,
    box_view_document,
    box_view_html,
    clause_elements,
)
from .counter_view import (
    CounterClauseView,
    VariableLink,
    counter_clause_marks,
    counter_view,
    variable_links,
)
from .display import EdgeDisplay, NodeDisplay, edge_display, node_display
from .layout import (
    MAX_LAYOUT_NODES,
    Layout,
    edge_curves,
    node_key,
    shared_layout,
    too_large_to_draw,
)
from .ngram_view import (
    MATCHED,
    MAX_DISPLAY_PATHS,
    UNMATCHED,
    UNUSED,
    NgramComparison,
    NgramRow,
    PairHighlight,
    SideHighlight,
    compare_ngrams,
    filter_rows,
    fold_reverse,
    highlight_pair,
    ngram_table,
    occurrences,
    path_elements,
    reverse_partners,
)
from .teaching import ClauseStep, conversion_steps, paths_from

__all__ = [
    "MATCHED",
    "UNMATCHED",
    "UNUSED",
    "MAX_DISPLAY_PATHS",
    "NgramRow",
    "SideHighlight",
    "PairHighlight",
    "occurrences",
    "NgramComparison",
    "compare_ngrams",
    "ngram_table",
    "filter_rows",
    "highlight_pair",
    "path_elements",
    "reverse_partners",
    "fold_reverse",
    "MAX_LAYOUT_NODES",
    "Layout",
    "node_key",
    "shared_layout",
    "edge_curves",
    "too_large_to_draw",
    "NodeDisplay",
    "EdgeDisplay",
    "node_display",
    "edge_display",
    "ClauseStep",
    "conversion_steps",
    "paths_from",
    "counter_clause_marks",
    "VariableLink",
    "variable_links",
    "CounterClauseView",
    "counter_view",
    "BoxDiagram",
    "box_diagram",
    "box_view_html",
    "box_view_document",
    "clause_elements",
]
