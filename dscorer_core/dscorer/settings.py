"""The settings of a DSCORER run and the reproducibility signature they print as (spec section 5)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..version import __version__
from .engines import DEFAULT_MAX_NGRAMS
from .presets import PRESETS

__all__ = ["ScoreSettings"]


@dataclass(frozen=True)
class ScoreSettings:
    """What a DSCORER score depends on: preset, order n, w0, and how it is computed."""

    preset: str = "released"
    order: int = 4
    w0: float = 0.1
    average: str = "micro"
    engine: str = "fast"
    max_ngrams: int | None = DEFAULT_MAX_NGRAMS

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset {self.preset!r}; choose one of {', '.join(PRESETS)}")
        if not isinstance(self.order, int) or self.order < 1:
            raise ValueError(f"order must be a whole number >= 1, not {self.order!r}")
        if not 0.0 <= self.w0 < 1.0:
            raise ValueError(f"w0 must be in [0, 1), not {self.w0!r}")

    def replace(self, **changes) -> "ScoreSettings":
        """A copy with some settings changed (None values are ignored)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def signature(self) -> str:
        """``dscorer|preset:released|n:4|w0:0.1|avg:micro|version:0.1.0``; the engine does
        not change a score, so it is not part of the signature."""
        return (f"dscorer|preset:{self.preset}|n:{self.order}|w0:{self.w0:g}|"
                f"avg:{self.average}|version:{__version__}")
