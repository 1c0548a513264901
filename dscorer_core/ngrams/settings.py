"""The settings of a DSCORER run and the reproducibility signature they print as (docs/cli.md, "Signatures")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from ..errors import SettingsError
from ..signature import Field, Signature
from ..wordnet import WORDNET_VERSION
from .engines import DEFAULT_MAX_NGRAMS, ENGINES
from .presets import PRESETS, Preset, get_preset, preset_label

#: Corpus average a figure stands for: summed counts (micro) or the mean of documents (macro).
Average = Literal["micro", "macro"]
#: n-gram engine: the default numpy one (paths enumerated, or counted by label sequence for a big
#: pair), ``walks`` (always by label sequence), or the enumeration of the definition (same counts).
Engine = Literal["fast", "reference", "walks"]


@dataclass(frozen=True)
class ScoreSettings:
    """What a DSCORER score depends on: preset, order n, w0, and how it is computed.

    ``preset`` is a preset name or a ``Preset`` (a named preset given as an object is
    stored by its name); every field is checked once, here.
    """

    preset: str | Preset = "released"
    order: int = 4
    w0: float = 0.1
    average: Average = "micro"
    engine: Engine = "fast"
    max_ngrams: int | None = DEFAULT_MAX_NGRAMS

    def __post_init__(self) -> None:
        preset_label(self.preset)  # raises ValueError on an unknown name
        if isinstance(self.preset, Preset) and PRESETS.get(self.preset.name) == self.preset:
            object.__setattr__(self, "preset", self.preset.name)
        if isinstance(self.order, bool) or not isinstance(self.order, int) or self.order < 1:
            raise SettingsError(f"order must be a whole number >= 1, not {self.order!r}")
        if isinstance(self.w0, bool) or not isinstance(self.w0, (int, float)) or not 0.0 <= self.w0 < 1.0:
            raise SettingsError(f"w0 must be a number in [0, 1), not {self.w0!r}")
        if self.average not in get_args(Average):
            raise SettingsError(f"average must be one of {', '.join(get_args(Average))}, not {self.average!r}")
        if self.engine not in ENGINES:
            raise SettingsError(f"unknown engine {self.engine!r}; choose one of {', '.join(ENGINES)}")
        if self.max_ngrams is not None and (isinstance(self.max_ngrams, bool) or not isinstance(self.max_ngrams, int)
                                            or self.max_ngrams < 1):
            raise SettingsError(f"max_ngrams must be a whole number >= 1 or None, not {self.max_ngrams!r}")

    @property
    def preset_spec(self) -> Preset:
        """The preset's knobs."""
        return get_preset(self.preset)

    @property
    def preset_label(self) -> str:
        """The preset as the signature names it: ``released``, ``typed`` or ``custom(knob=value,...)``."""
        return preset_label(self.preset)

    def replace(self, **changes: Any) -> ScoreSettings:
        """A copy with some settings changed (None values are ignored)."""
        kept = {k: v for k, v in changes.items() if v is not None}
        return replace(self, **kept) if kept else self

    def get_signature(self) -> Signature:
        """The signature's fields: preset, n, w0, avg, and ``wn:3.0`` when concepts are compared by
        WordNet synset; the engine does not change a score, so it is not part of the signature."""
        fields: list[Field] = [("preset", self.preset_label), ("n", str(self.order)), ("w0", f"{self.w0:g}"),
                               ("avg", self.average)]
        if get_preset(self.preset).wordnet:
            fields.append(("wn", WORDNET_VERSION))
        return Signature("dscorer", tuple(fields))

    def signature(self) -> str:
        """``dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|version:0.1.0`` (``get_signature``'s text)."""
        return self.get_signature().text()
