"""Edge colours that mean the order k: the share of the k-gram occurrences through an edge that
are matched, on a continuous orange (0 %) to blue (100 %) scale, grey when no k-gram passes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Colour stops of the scale (share, hex colour): Okabe-Ito vermillion, a purple, Okabe-Ito blue.
SCALE_STOPS: tuple[tuple[float, str], ...] = ((0.0, "#D55E00"), (0.5, "#9A5EA8"), (1.0, "#0072B2"))

#: Colour of an edge that lies on no k-gram of the chosen order.
NO_KGRAM_COLOUR = "#B0B0B0"

FULL = "full"
PARTLY = "partly"
NONE_MATCHED = "none-matched"
NO_KGRAM = "no-kgram"


@dataclass(frozen=True)
class EdgeShade:
    """How one edge is coloured at order k: the matched share (None: on no k-gram), its colour,
    and its grade (full / partly / none-matched / no-kgram), which also sets width and dashes."""

    share: float | None
    colour: str
    grade: str
    matched: int
    unmatched: int


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def share_colour(share: float) -> str:
    """The scale's colour for a matched share in [0, 1] (linear between the stops)."""
    share = min(1.0, max(0.0, share))
    for (s0, c0), (s1, c1) in zip(SCALE_STOPS, SCALE_STOPS[1:]):
        if share <= s1:
            t = 0.0 if s1 == s0 else (share - s0) / (s1 - s0)
            a, b = _hex(c0), _hex(c1)
            return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b))
    return SCALE_STOPS[-1][1]


def edge_shades(counts: Sequence[tuple[int, int]]) -> tuple[EdgeShade, ...]:
    """Per edge, from its (matched, unmatched) k-gram occurrence counts (SideHighlight.edge_counts):
    the matched share, its colour on the scale and its grade."""
    shades = []
    for matched, unmatched in counts:
        total = matched + unmatched
        if total == 0:
            shades.append(EdgeShade(None, NO_KGRAM_COLOUR, NO_KGRAM, 0, 0))
            continue
        share = matched / total
        grade = FULL if unmatched == 0 else NONE_MATCHED if matched == 0 else PARTLY
        shades.append(EdgeShade(share, share_colour(share), grade, matched, unmatched))
    return tuple(shades)


def least_matched(shades: Sequence[EdgeShade]) -> EdgeShade:
    """The shade with the lowest matched share (on no k-gram counts lowest): the compact drawing
    gives a referent's border the colour of its least matched concept."""
    return min(shades, key=lambda sh: -1.0 if sh.share is None else sh.share)
