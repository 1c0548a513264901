"""Which k-gram occurrences the score counts as matched: exactly ``min(pred, gold)`` of each k-gram
on each side, so a picture drawn from them agrees with the clipped counts DSCORER sums.

The score only counts; it never says *which* of a parser's 14 ``Theme`` edges are the 3 that
gold has. This module decides it, the way a reader would: an occurrence whose nodes a variable
pairing (COUNTER's mapping, or equal names) sends onto a gold occurrence of the same k-gram is
matched with it first; the rest of the clipped count goes to the remaining occurrences in a fixed
order (by the clauses they come from, then by node and edge ids), so a clause's forward and
reverse edges are chosen together and the same pair always gets the same picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .ngram_counts import Path

#: Per k-gram text, one flag per occurrence (in the order given): True when it is matched.
OccurrenceFlags = dict[str, tuple[bool, ...]]


def _fill_order(paths: Sequence[Path], clause_of_edge: Sequence[int] | None) -> list[int]:
    """Indices of ``paths`` in the order the rest of the clipped count is handed out."""
    if clause_of_edge is None:
        return list(range(len(paths)))
    return sorted(range(len(paths)),
                  key=lambda i: (sorted(clause_of_edge[e] for e in paths[i].edges), paths[i].nodes, paths[i].edges))


def match_kgram(pred: Sequence[Path], gold: Sequence[Path], pairing: Mapping[int, int] | None = None,
                pred_clauses: Sequence[int] | None = None, gold_clauses: Sequence[int] | None = None,
                ) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Matched flags of the occurrences of one k-gram on each side: ``min(len(pred), len(gold))``
    True on each. ``pairing`` maps pred node ids to gold node ids (occurrences that it sends onto
    each other are matched first); ``*_clauses`` give each edge's clause (the order of the rest)."""
    wanted = min(len(pred), len(gold))
    p_flags, g_flags = [False] * len(pred), [False] * len(gold)
    if wanted == 0:
        return tuple(p_flags), tuple(g_flags)
    done = 0
    if pairing:
        free: dict[tuple[int, ...], list[int]] = {}
        for gi in _fill_order(gold, gold_clauses):
            free.setdefault(gold[gi].nodes, []).append(gi)
        for pi in _fill_order(pred, pred_clauses):
            image = tuple(pairing.get(n, -1) for n in pred[pi].nodes)
            partners = free.get(image)
            if partners:
                g_flags[partners.pop(0)] = p_flags[pi] = True
                done += 1
    for flags, paths, clauses in ((p_flags, pred, pred_clauses), (g_flags, gold, gold_clauses)):
        left = wanted - done
        for i in _fill_order(paths, clauses):
            if left == 0:
                break
            if not flags[i]:
                flags[i] = True
                left -= 1
    return tuple(p_flags), tuple(g_flags)


def match_occurrences(pred: Mapping[str, Sequence[Path]], gold: Mapping[str, Sequence[Path]],
                      pairing: Mapping[int, int] | None = None, pred_clauses: Sequence[int] | None = None,
                      gold_clauses: Sequence[int] | None = None) -> tuple[OccurrenceFlags, OccurrenceFlags]:
    """match_kgram for every k-gram text of two graphs' occurrence lists (text -> paths): per side,
    text -> one matched flag per occurrence, ``min(pred, gold)`` of them True."""
    p_out: OccurrenceFlags = {}
    g_out: OccurrenceFlags = {}
    for text in pred.keys() | gold.keys():
        p_flags, g_flags = match_kgram(pred.get(text, ()), gold.get(text, ()), pairing, pred_clauses, gold_clauses)
        if text in pred:
            p_out[text] = p_flags
        if text in gold:
            g_out[text] = g_flags
    return p_out, g_out
