"""The settings of a COUNTER-compatible run and the signature they print as (spec section 5)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..align.budget import WorkBudget, WorkLimits
from ..setting_checks import check_choice, check_flag, check_seconds, check_whole
from ..signature import Signature
from ..wordnet import WORDNET_VERSION

#: ``exact+hill``: exact integer program where affordable, hill climbing otherwise;
#: ``hill``: hill climbing from smart and random starts only, like the released COUNTER.
SEARCHES = ("exact+hill", "hill")
#: Hill-climbing moves per document after the first pass (``CounterSettings.max_moves``).
DEFAULT_MOVES = 1_000_000
#: Branch-and-bound steps per document before the integer program takes over.
BNB_NODES = 5000


@dataclass(frozen=True)
class CounterSettings:
    """What a COUNTER score depends on: restarts, seed, REF handling and the search used.

    ``max_exact_pairs``, ``node_limit`` (the integer program's branch-and-bound nodes),
    ``lp_iterations`` (the linear relaxation's) and ``max_moves`` bound the exact search of one
    document in counted work (``work``, ``align.WorkLimits``), so a result is the same on every
    machine and under any load; when they stop it, hill climbing decides and the document is not
    marked optimal, reported with the best upper bound proven (``CounterPair.upper_bound``).
    ``time_limit`` (seconds, None by default) is an opt-in wall-clock cap on each solver call on top:
    a document it cuts is reported with its bound, and the signature then names it (``time:S``).
    ``max_candidates`` bounds one document's problem (candidate clause pairs, about 800 bytes
    each): a larger pair whose best mapping cannot be read off directly is refused
    (``CounterExplosion``); None lifts the bound. It changes no score, so it is not in the signature.
    ``max_moves`` bounds the hill climbing after the first pass (moves tried per document, counted,
    so the result is the same on every machine); when it is spent the best mapping so far is
    reported, not marked optimal. No PMB document comes near it; it is in the signature only when
    it is not the default.
    """

    restarts: int = 20
    seed: int = 1
    keep_ref: bool = False
    search: str = "exact+hill"
    max_exact_pairs: int = 10_000
    time_limit: float | None = None
    node_limit: int = 20_000
    #: Compare concepts by their WordNet 3.0 synset's name, as the official COUNTER does.
    wordnet: bool = True
    max_candidates: int | None = 1_000_000
    max_moves: int | None = DEFAULT_MOVES
    lp_iterations: int = 500

    def __post_init__(self) -> None:
        check_whole("restarts", self.restarts, 1)
        check_whole("seed", self.seed, -(2**63))
        check_flag("keep_ref", self.keep_ref)
        check_choice("search", self.search, SEARCHES)
        check_whole("max_exact_pairs", self.max_exact_pairs, 0)
        if self.time_limit is not None:
            check_seconds("time_limit", self.time_limit)
        check_whole("node_limit", self.node_limit, 1, none_allowed=True)
        check_flag("wordnet", self.wordnet)
        check_whole("max_candidates", self.max_candidates, 0, none_allowed=True)
        check_whole("max_moves", self.max_moves, 0, none_allowed=True)
        _ = self.work  # checks the work limits (SettingsError)

    @property
    def work(self) -> WorkLimits:
        """The counted limits of one document's search (named in the signature)."""
        return WorkLimits(BNB_NODES, self.max_moves, self.lp_iterations, self.node_limit)

    def budget(self) -> WorkBudget:
        """A fresh budget for one document's search: the work limits and the opt-in time limit."""
        return WorkBudget(self.work, self.time_limit)

    def replace(self, **changes: Any) -> CounterSettings:
        """A copy with some settings changed (None values are ignored)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def get_signature(self) -> Signature:
        """The signature's fields: restarts, seed, REF handling, search, the WordNet version (or off),
        the work limits (``work:bnb5000-moves1000000-lp500-mip20000``) and an opt-in time limit (``time:S``)."""
        time: tuple[tuple[str, str | None], ...] = (
            () if self.time_limit is None else (("time", f"{self.time_limit:g}"),))
        return Signature("counter", (("restarts", str(self.restarts)), ("seed", str(self.seed)),
                                     ("ref", "keep" if self.keep_ref else "drop"), ("search", self.search),
                                     ("wn", WORDNET_VERSION if self.wordnet else "off"),
                                     ("work", self.work.text()), *time))

    def signature(self) -> str:
        """``counter|restarts:20|seed:1|ref:drop|search:exact+hill|wn:3.0|work:bnb5000-moves1000000-lp500-mip20000|version:0.1.0``."""
        return self.get_signature().text()
