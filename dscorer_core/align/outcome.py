"""What an alignment search found: one type for COUNTER and Smatch alike."""

from __future__ import annotations

from dataclasses import dataclass

from .problem import Mapping


@dataclass(frozen=True)
class Alignment:
    """A mapping, the matches it gives (a lower bound on the best), an upper bound, whether the
    mapping is proven best, and the search that found it.

    ``method``: ``trivial`` (nothing could match), ``greedy`` or ``hill`` (a start or hill climbing,
    proven when it met the bound), ``bnb`` (branch and bound) or ``milp`` (the integer program).
    ``stopped``: what left an unproven mapping open, ``"work limit"`` (the counted limits, the same on
    every machine) or ``"time limit"`` (the opt-in wall-clock cap); None when proven.
    """

    mapping: Mapping
    matched: int
    upper_bound: int
    optimal: bool
    method: str
    stopped: str | None = None

    @property
    def lower_bound(self) -> int:
        """The best is at least this: the matches of ``mapping``."""
        return self.matched
