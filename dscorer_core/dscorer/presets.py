"""The two named ways of turning a DRS into a graph and scoring it (spec sections 2 and 3).

``released`` reproduces the released DSCORER code (and so the paper's Table 1);
``typed`` follows the paper's text.  Each knob is a field of its own so a user
can mix them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Preset", "PRESETS", "get_preset"]


@dataclass(frozen=True)
class Preset:
    """Graph-induction and order-weighting choices."""

    name: str
    #: "name": B for variables starting with b, X otherwise; "structure": B P E S T X.
    node_types: str
    #: "not-upper": reverse unless the relation is all upper-case (EQU renamed Equ);
    #: "not-box-box": reverse unless both ends are boxes.
    reverse_edges: str
    #: True: one node per distinct constant string; False: one per occurrence.
    merge_constants: bool
    #: "released": drop orders the predicted side lacks, add the mean left-out weight
    #: to each kept order; "renormalise": drop orders neither side has, rescale to sum 1.
    missing_orders: str


PRESETS: dict[str, Preset] = {
    "released": Preset("released", "name", "not-upper", True, "released"),
    "typed": Preset("typed", "structure", "not-box-box", False, "renormalise"),
}


def get_preset(preset: "str | Preset") -> Preset:
    """Look a preset up by name (a Preset passes through)."""
    if isinstance(preset, Preset):
        return preset
    try:
        return PRESETS[preset]
    except KeyError:
        raise ValueError(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}") from None
