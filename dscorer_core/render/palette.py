"""The colours and line styles of a drawn graph, shared by the app's panes and the SVG export, so
both draw a node kind, a verdict or a grade of the matched share the same way."""

from __future__ import annotations

from dataclasses import dataclass

from ..ngrams.ngram_comparison import MATCHED, UNMATCHED, UNUSED
from .edge_colour import FULL, NO_KGRAM, NONE_MATCHED, PARTLY

#: Fill of a node per kind: boxes yellow, referents light blue, constants white (their border is dashed).
KIND_FILL = {"box": "#F6E8B1", "referent": "#DCEBF7", "constant": "#FFFFFF"}
#: Border of a node that nothing highlights.
NODE_BORDER = "#444444"
#: Fill of a node without a partner in the other graph (Layout.pred_unpaired / gold_unpaired).
UNPAIRED_FILL = "#E4E4E4"
#: A chosen n-gram or variable (Okabe-Ito reddish purple).
FOCUS_COLOUR = "#CC79A7"
#: Labels on a light background.
TEXT_COLOUR = "#1E1E1E"
#: An edge drawn without verdicts (no k-gram data).
PLAIN_EDGE_COLOUR = "#555555"
#: Okabe-Ito colours (safe for colour-blind readers) of the edge verdicts; each also has its own line.
STATUS_COLOURS = {MATCHED: "#0072B2", UNMATCHED: "#D55E00", UNUSED: "#B0B0B0"}
#: Font size (px at zoom 1) of edge labels.
EDGE_FONT_SIZE = 16


@dataclass(frozen=True)
class LineStyle:
    """Width (px at zoom 1) and dash pattern (dash, gap, ...; empty: solid) of an edge."""

    width: float
    dashes: tuple[int, ...] = ()


#: Line per verdict (SideHighlight.edges), so a verdict does not rest on colour alone.
STATUS_LINES = {MATCHED: LineStyle(3), UNMATCHED: LineStyle(2, (8, 5)), UNUSED: LineStyle(1, (2, 4))}
#: Line per grade of the matched share (edge_shades): solid when all its k-grams match, long dashes
#: when some do, short dashes when none does, dotted when no k-gram of the order passes.
GRADE_LINES = {FULL: LineStyle(4), PARTLY: LineStyle(3, (14, 4)), NONE_MATCHED: LineStyle(2, (6, 6)),
               NO_KGRAM: LineStyle(1, (2, 4))}
#: An edge without verdicts.
PLAIN_LINE = LineStyle(1.5)
#: What the legend says of each node kind, and of each grade's line.
LEGEND_NODE_TEXT = {"box": "box (B)", "referent": "referent (X, E, S, T, P)", "constant": "constant (dashed)"}
LEGEND_GRADE_TEXT = {FULL: "all its k-grams matched", PARTLY: "partly matched", NONE_MATCHED: "none matched",
                     NO_KGRAM: "on no k-gram of this order"}
