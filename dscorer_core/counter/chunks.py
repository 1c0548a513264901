"""COUNTER's chunks of a corpus, and whether several workers pay for them (``--jobs``, a cluster).

A chunk is up to ``CHUNK`` consecutive documents, cut earlier when its work (the product of
predicted and gold clauses, summed: what the candidate pairs grow with) reaches ``CHUNK_WORK``, so
long documents make chunks of their own that workers can share.  One process and several score
the same chunks with the same seeds, so the documents are the same.  Processes cost a start and the
pickling of every DRS and result (about 0.2 s for PMB dev on 2 cores, where the work itself is 0.3 s),
so ``worth_processes`` hands chunks to the runner only from ``PARALLEL_WORK`` work units (about a
second of search) and two chunks; below that they are scored in this process.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..batches import BatchPlan
from ..clauses import Drs
from ..runner import chunk_ranges

#: Documents scored together, their small integer programs sharing solver calls.
CHUNK = 100
#: A chunk closes when its documents' work reaches this (a 20-sentence document is about 32,000).
CHUNK_WORK = 50_000
#: Several processes only from this much work in all (PMB 2.2.0 dev, 682 sentences: about 55,000).
PARALLEL_WORK = 200_000


def work(pred: Drs, gold: Drs) -> int:
    """What one document's search grows with: predicted clauses times gold clauses."""
    return len(pred.clauses) * len(gold.clauses)


def counter_chunks(preds: Sequence[Drs], golds: Sequence[Drs]) -> list[tuple[int, int]]:
    """Consecutive (start, end) ranges: CHUNK documents, or fewer once their work reaches CHUNK_WORK."""
    return chunk_ranges([work(p, g) for p, g in zip(preds, golds)], CHUNK, CHUNK_WORK)


def worth_processes(preds: Sequence[Drs], golds: Sequence[Drs], ranges: Sequence[tuple[int, int]]) -> bool:
    """Whether several workers pay: at least two chunks and PARALLEL_WORK units of work."""
    return len(ranges) > 1 and sum(work(p, g) for p, g in zip(preds, golds)) >= PARALLEL_WORK


def counter_plan(preds: Sequence[Drs], golds: Sequence[Drs], workers: int) -> BatchPlan:
    """COUNTER's chunks (the same chunks and seeds on one worker or many), the heaviest first when
    several workers pay for them (a long document does not start last), else run in this process."""
    ranges = counter_chunks(preds, golds)
    if workers <= 1 or not worth_processes(preds, golds, ranges):
        return BatchPlan(tuple(ranges), spread=False)
    weights = [sum(work(p, g) for p, g in zip(preds[a:b], golds[a:b])) for a, b in ranges]
    order = sorted(range(len(ranges)), key=lambda k: -weights[k])
    return BatchPlan(tuple(ranges[k] for k in order))
