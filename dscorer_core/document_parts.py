"""Sentence parts of a multi-sentence DRS: which clauses belong to which sentence of the document.

A PMB clause file aligns each clause with the tokens it comes from (``% Tom [0...3]``: the token
and its character offsets); the ``%%%`` line holds the document's tokens, ``ø`` for an empty one.
``sentence_parts`` splits those tokens into sentences at ``.``, ``?`` and ``!`` and gives every
clause the sentence of its first aligned token. Offsets count from the start of one raw text, so
documents joined from several texts (``bench/make_documents.py``, whose sentences share no
variable) are first cut into texts: a group of clauses that shares no variable with the current
text and puts a different token on the same characters starts a new text. Clauses without an
alignment (parse-failure dummies, discourse relations with an empty comment) take the sentence of
the aligned clauses they share a variable with, else an empty sentence between their neighbours,
else the previous clause's. A DRS without alignments is cut at its groups of clauses that share no
variable when there are as many as sentences, else it is one part (docs/app.md, "Long documents").
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .clauses import Drs, is_constant

#: Tokens that end a sentence (a closing quote right after one stays with it).
SENTENCE_END = frozenset({".", "?", "!"})
_CLOSERS = frozenset({'"', "'", "''", ")", "»", "”"})
_ALIGNMENT = re.compile(r"(\S+) \[(\d+)\.\.\.(\d+)\]")


@dataclass(frozen=True)
class Alignment:
    """One token a clause is aligned with: its text and its character span in the raw text."""

    token: str
    start: int
    end: int


@dataclass(frozen=True)
class SentencePart:
    """Sentence ``number`` (1-based) of a document: its tokens' text and its clauses (indices into
    ``Drs.clauses``, in file order; empty when no clause came from it)."""

    number: int
    text: str
    clauses: tuple[int, ...]


def split_sentences(tokenised: str) -> list[list[str]]:
    """The tokens of a ``%%%`` line (``ø`` dropped) cut into sentences after ``.``, ``?``, ``!``."""
    tokens = [t for t in tokenised.split() if t != "ø"]
    sentences: list[list[str]] = []
    current: list[str] = []
    for i, tok in enumerate(tokens):
        if tok in _CLOSERS and not current and sentences and sentences[-1][-1] in SENTENCE_END:  # a closing quote
            sentences[-1].append(tok)
            continue
        current.append(tok)
        if tok in SENTENCE_END and not (i + 1 < len(tokens) and tokens[i + 1] in SENTENCE_END):
            sentences.append(current)
            current = []
    if current:
        sentences.append(current)
    return sentences


def clause_alignments(comment: str | None) -> tuple[Alignment, ...]:
    """The tokens a clause comment aligns the clause with (``% Tom [0...3] Tom [24...27]``)."""
    if not comment:
        return ()
    return tuple(Alignment(tok, int(a), int(b)) for tok, a, b in _ALIGNMENT.findall(comment))


def _groups(drs: Drs) -> list[list[int]]:
    """Clauses joined when they share a variable (constants do not join), in order of first clause."""
    parent = list(range(len(drs.clauses)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for ci, clause in enumerate(drs.clauses):
        for tok in (clause.tokens[0],) + clause.tokens[2:]:
            if is_constant(tok):
                continue
            if tok in owner:
                parent[find(ci)] = find(owner[tok])
            else:
                owner[tok] = ci
    groups: dict[int, list[int]] = {}
    for ci in range(len(drs.clauses)):
        groups.setdefault(find(ci), []).append(ci)
    return sorted(groups.values(), key=lambda g: g[0])


def _attached(token: str) -> bool:
    """A token written without a space before it (punctuation, clitics such as 's and n't)."""
    return token[:1] in ",.?!;:)%'" or token.lower() == "n't"


def _norm(token: str) -> str:
    return token.lower().replace("~", "").replace("_", "")


def sentence_parts(drs: Drs) -> tuple[SentencePart, ...]:
    """The sentences of a DRS, each with its clauses (see the module text for how they are found)."""
    sentences = split_sentences(drs.sentence or "")
    n_clauses = len(drs.clauses)
    aligned = [clause_alignments(c.comment) for c in drs.clauses]
    groups = _groups(drs)
    if len(sentences) <= 1:
        return (SentencePart(1, " ".join(sentences[0]) if sentences else "", tuple(range(n_clauses))),)
    texts = [" ".join(s) for s in sentences]
    if not any(aligned):
        if len(groups) == len(sentences):
            return tuple(SentencePart(i + 1, texts[i], tuple(g)) for i, g in enumerate(groups))
        return (SentencePart(1, " ".join(texts), tuple(range(n_clauses))),)

    all_tokens = [tok for s in sentences for tok in s]
    flat = [_norm(tok) for tok in all_tokens]
    positions: dict[str, list[int]] = {}  # token -> where it stands, in order
    for j, tok in enumerate(flat):
        positions.setdefault(tok, []).append(j)
    ends = set()  # token positions after which a sentence ends
    for s_end in itertools.accumulate(len(s) for s in sentences):
        ends.add(s_end - 1)
    token_of: list[int | None] = [None] * n_clauses
    text_spans: dict[tuple[int, int], str] = {}  # the current raw text: characters -> token
    text_start = text_end = 0  # where the current text's tokens start; one past its last matched one
    for group in groups:
        spans = sorted({(a.start, a.end, a.token) for ci in group for a in aligned[ci]})
        if not spans:
            continue
        clash = any(text_spans.get((a, b), t) != t or any(
            s0 < b and a < e0 and t0 != t for (s0, e0), t0 in text_spans.items() if (s0, e0) != (a, b))
            for a, b, t in spans)
        new_text = clash and bool(text_spans)
        if new_text:  # a new raw text starts after the current one's last matched token
            text_start, text_spans = text_end, {}
        where: dict[tuple[int, int], int] = {}
        q = text_start
        for a, b, t in spans:
            at = positions.get(_norm(t), [])
            nearest = bisect.bisect_left(at, q)
            found = at[nearest] if nearest < len(at) else None
            if found is not None:
                where[(a, b)] = found
                q = found + 1
        if new_text and where:  # the text's first token: its offset says how many unaligned ones precede it
            first = min(where.values())
            budget = min(a for a, b, _ in spans if where.get((a, b)) == first)
            k = first
            while k - 1 >= text_start and budget >= len(all_tokens[k - 1]):
                budget -= len(all_tokens[k - 1]) + (0 if _attached(all_tokens[k]) else 1)
                k -= 1
            ends.difference_update(range(k, first))  # the tokens before its first one are its own
            ends.add(k - 1)
        text_end = max([text_end, *(j + 1 for j in where.values())])
        text_spans.update({(a, b): t for a, b, t in spans})
        for ci in group:
            hits = [where[(a.start, a.end)] for a in aligned[ci] if (a.start, a.end) in where]
            if hits:
                token_of[ci] = min(hits)
    # sentences between the ends found (full stops, and where two texts meet)
    ends.discard(-1)
    cuts = sorted(ends | {len(flat) - 1})
    starts = [0] + [e + 1 for e in cuts[:-1]]
    texts = [" ".join(all_tokens[a:e + 1]) for a, e in zip(starts, cuts)]
    sentence_at = [bisect.bisect_left(cuts, j) for j in range(len(flat))]
    sentence_of: list[int | None] = [None if t is None else sentence_at[t] for t in token_of]
    sentences = [all_tokens[a:e + 1] for a, e in zip(starts, cuts)]
    _place_unaligned(sentence_of, groups, len(sentences))
    members: list[list[int]] = [[] for _ in sentences]
    for ci, si in enumerate(sentence_of):
        members[si if si is not None else 0].append(ci)
    return tuple(SentencePart(i + 1, texts[i], tuple(members[i])) for i in range(len(sentences)))


def _place_unaligned(sentence_of: list[int | None], groups: list[list[int]], n_sentences: int) -> None:
    """Give each clause without a sentence one: that of its group's aligned clauses (the first
    one's), else an empty sentence between its neighbours, else the previous clause's (or 0)."""
    for group in groups:
        known = [sentence_of[ci] for ci in group if sentence_of[ci] is not None]
        if known:
            for ci in group:
                if sentence_of[ci] is None:
                    sentence_of[ci] = known[0]
    used = {s for s in sentence_of if s is not None}
    for ci, s in enumerate(sentence_of):
        if s is not None:
            continue
        before = next((sentence_of[j] for j in range(ci - 1, -1, -1) if sentence_of[j] is not None), -1)
        after = next((sentence_of[j] for j in range(ci + 1, len(sentence_of)) if sentence_of[j] is not None),
                     n_sentences)
        assert before is not None and after is not None
        empty = next((s for s in range(before + 1, after) if s not in used), None)
        sentence_of[ci] = empty if empty is not None else max(0, before)
        used.add(sentence_of[ci])  # type: ignore[arg-type]


def part_drs(drs: Drs, part: SentencePart) -> Drs:
    """The DRS of one sentence: the part's clauses only (same index and source, its own sentence)."""
    clauses = tuple(drs.clauses[ci] for ci in part.clauses)
    return Drs(clauses, drs.index, part.text or None, drs.source, clauses[0].line if clauses else drs.line)


def shared_names(drs: Drs, part: SentencePart) -> frozenset[str]:
    """Variables and constants of a part that clauses of other sentences also use: where the sentence
    joins the rest of the document (drawn as context)."""
    inside = set(part.clauses)
    mine: set[str] = set()
    rest: set[str] = set()
    for ci, clause in enumerate(drs.clauses):
        names = (clause.tokens[0],) + (clause.tokens[3:] if clause.is_concept else clause.tokens[2:])  # no senses
        (mine if ci in inside else rest).update(names)
    return frozenset(mine & rest)


def pair_parts(pred: Drs, gold: Drs) -> list[tuple[SentencePart, SentencePart]]:
    """The sentence parts of a pred and a gold DRS, paired by number (a side with fewer sentences
    gets empty parts)."""
    p, g = sentence_parts(pred), sentence_parts(gold)
    n = max(len(p), len(g))

    def at(parts: Sequence[SentencePart], i: int, other: Sequence[SentencePart]) -> SentencePart:
        return parts[i] if i < len(parts) else SentencePart(i + 1, other[i].text, ())

    return [(at(p, i, g), at(g, i, p)) for i in range(n)]
