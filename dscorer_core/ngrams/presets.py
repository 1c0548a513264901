"""The two named ways of turning a DRS into a graph and scoring it (docs/metric.md, "Presets").

``released`` reproduces the released DSCORER code (and so the paper's Table 1);
``typed`` follows the paper's text.  Each knob is a typed field of its own, checked
when a ``Preset`` is made, so a user can mix them: a ``Preset`` object is accepted
wherever a preset name is.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from ..errors import SettingsError

#: "name": B for a variable whose name starts with b, X otherwise; "structure": B P E S T X from the DRS.
NodeTypes = Literal["name", "structure"]
#: "not-upper": a reverse edge unless the relation is all upper-case (EQU renamed Equ first);
#: "not-box-box": a reverse edge unless both ends are boxes.
ReverseEdges = Literal["not-upper", "not-box-box"]
#: "released": drop the orders from the first one the predicted side lacks and add the mean
#: left-out weight to each kept order; "renormalise": drop orders neither side has, rescale to sum 1.
MissingOrders = Literal["released", "renormalise"]
#: Which clauses ``b lemma "p.NN" x`` (or merged ``b lemma.p.NN x``) are concepts:
#: "lower-case": only a lemma that does not start with a capital letter (the released code's
#: input form merges only those; ``b Value "a.01" x`` stays a role with two arguments);
#: "any": every lemma.
ConceptLemmas = Literal["lower-case", "any"]

_CHOICES: dict[str, tuple[object, ...]] = {
    "node_types": get_args(NodeTypes),
    "reverse_edges": get_args(ReverseEdges),
    "missing_orders": get_args(MissingOrders),
    "concepts": get_args(ConceptLemmas),
    "merge_constants": (True, False),
    "wordnet": (True, False),
}


@dataclass(frozen=True)
class Preset:
    """Graph-induction and order-weighting choices (each knob is checked when the preset is made)."""

    name: str
    node_types: NodeTypes
    reverse_edges: ReverseEdges
    #: True: one node per distinct constant string; False: one per occurrence.
    merge_constants: bool
    missing_orders: MissingOrders
    concepts: ConceptLemmas = "any"
    #: True: concepts are compared by their WordNet 3.0 synset on both sides (``tyre.n.02`` as
    #: ``tire.n.01``), as the released tools normalise senses (``senses.scored_pair``); False:
    #: concepts compared as written.
    wordnet: bool = False

    def __post_init__(self) -> None:
        for knob in fields(self):
            choices = _CHOICES.get(knob.name)
            value = getattr(self, knob.name)
            if choices is not None and (value not in choices or type(value) is not type(choices[0])):
                raise SettingsError(f"preset {self.name!r}: {knob.name} must be one of "
                                 f"{', '.join(repr(c) for c in choices)}, not {value!r}")

    def knobs(self, with_wordnet: bool = True) -> str:
        """The knobs as ``key=value`` pairs, for the signature of a custom preset."""
        skip = {"name"} if with_wordnet else {"name", "wordnet"}
        return ",".join(f"{k.name}={getattr(self, k.name)}" for k in fields(self) if k.name not in skip)


PRESETS: dict[str, Preset] = {
    "released": Preset("released", "name", "not-upper", True, "released", "lower-case", wordnet=True),
    "typed": Preset("typed", "structure", "not-box-box", False, "renormalise", "any"),
}


def get_preset(preset: str | Preset) -> Preset:
    """Look a preset up by name (a Preset passes through)."""
    if isinstance(preset, Preset):
        return preset
    try:
        return PRESETS[preset]
    except (KeyError, TypeError):
        raise SettingsError(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}") from None


def preset_label(preset: str | Preset) -> str:
    """How a signature names a preset: its name if it is a named one (whatever its ``wordnet``
    knob: the signature records that apart, as ``wn:3.0``), else ``custom(knobs)``."""
    found = get_preset(preset)
    named = PRESETS.get(found.name)
    if named is not None and replace(named, wordnet=found.wordnet) == found:
        return found.name
    return f"custom({found.knobs(with_wordnet=False)})"
