"""Scores per sentence of a multi-sentence DRS pair: where in a long document the parser goes wrong.

Each sentence's part of both DRSs (``document_parts``) is scored on its own: DSCORER on the two
parts' graphs, and COUNTER either on the clauses of that sentence under the document's variable
mapping (when COUNTER was run on the whole document) or on the two parts alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from .clauses import Drs
from .counter import CounterPair, CounterSettings, counter_pair
from .document_parts import SentencePart, pair_parts, part_drs
from .ngrams.scoring import Score, score_pair
from .ngrams.settings import ScoreSettings

CounterSource = Literal["document", "sentence", "none"]


@dataclass(frozen=True)
class SentenceScore:
    """One sentence of a document pair: its parts of both DRSs, DSCORER on them and COUNTER's
    clause counts for it (``counter_source`` says under which mapping; ``none``: not run)."""

    number: int
    text: str
    pred: SentencePart
    gold: SentencePart
    score: Score
    counter_matched_pred: int
    counter_matched_gold: int
    counter_pred: int
    counter_gold: int
    counter_source: CounterSource

    @property
    def counter_P(self) -> float | None:
        if self.counter_source == "none":
            return None
        return self.counter_matched_pred / self.counter_pred if self.counter_pred else 0.0

    @property
    def counter_R(self) -> float | None:
        if self.counter_source == "none":
            return None
        return self.counter_matched_gold / self.counter_gold if self.counter_gold else 0.0

    @property
    def counter_F(self) -> float | None:
        p, r = self.counter_P, self.counter_R
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0


def counter_by_sentence(pred: Drs, gold: Drs, parts: Sequence[tuple[SentencePart, SentencePart]],
                        document: CounterPair) -> list[tuple[int, int, int, int]]:
    """Per sentence, COUNTER's counts under the document's mapping: (matched pred clauses of the
    sentence, matched gold clauses of it, its pred clauses, its gold clauses), redundant REFs left out."""
    dropped_p, dropped_g = set(document.dropped_pred), set(document.dropped_gold)
    matched_p = {p for p, _ in document.matched_clauses}
    matched_g = {g for _, g in document.matched_clauses}
    out = []
    for p_part, g_part in parts:
        p_cl = [pred.clauses[i] for i in p_part.clauses if pred.clauses[i] not in dropped_p]
        g_cl = [gold.clauses[i] for i in g_part.clauses if gold.clauses[i] not in dropped_g]
        out.append((sum(c in matched_p for c in p_cl), sum(c in matched_g for c in g_cl), len(p_cl), len(g_cl)))
    return out


def sentence_scores(pred: Drs, gold: Drs, settings: ScoreSettings | None = None, *,
                    counter: CounterPair | None = None, counter_settings: CounterSettings | None = None,
                    with_counter: bool = True,
                    progress: Callable[[int, int], None] | None = None) -> tuple[SentenceScore, ...]:
    """Every sentence of a document pair, in document order, with DSCORER on its parts and COUNTER:
    under ``counter``'s mapping (COUNTER run on the whole document) when given, else on the parts
    alone (``with_counter``); ``progress(done, total)`` is called after each sentence."""
    parts = pair_parts(pred, gold)
    by_document = counter_by_sentence(pred, gold, parts, counter) if counter is not None else None
    out = []
    for i, (p_part, g_part) in enumerate(parts):
        p_drs, g_drs = part_drs(pred, p_part), part_drs(gold, g_part)
        if p_drs.clauses and g_drs.clauses:
            score = score_pair(p_drs, g_drs, settings).score
        else:  # a sentence one side has no clause for scores nothing
            score = Score(0.0, 0.0, 0.0)
        source: CounterSource
        if by_document is not None:
            mp, mg, np_, ng = by_document[i]
            source = "document"
        elif with_counter and p_drs.clauses and g_drs.clauses:
            cp = counter_pair(p_drs, g_drs, counter_settings)
            mp = mg = cp.matched
            np_, ng = cp.pred_clauses, cp.gold_clauses
            source = "sentence"
        elif with_counter:
            mp = mg = 0
            np_, ng = len(p_drs.clauses), len(g_drs.clauses)
            source = "sentence"
        else:
            mp = mg = np_ = ng = 0
            source = "none"
        out.append(SentenceScore(p_part.number, g_part.text or p_part.text, p_part, g_part, score,
                                 mp, mg, np_, ng, source))
        if progress is not None:
            progress(i + 1, len(parts))
    return tuple(out)


def worst_first(scores: Sequence[SentenceScore]) -> list[SentenceScore]:
    """Sentences by DSCORER F, lowest first (then COUNTER F, then document order)."""
    return sorted(scores, key=lambda s: (s.score.F, s.counter_F if s.counter_F is not None else 1.0, s.number))
