"""COUNTER's chunks of a corpus, and scoring them in several processes when that pays (``--jobs``).

A chunk is up to ``score.CHUNK`` consecutive documents, cut earlier when its work (the product of
predicted and gold clauses, summed: what the candidate pairs grow with) reaches ``CHUNK_WORK``, so
long documents make chunks of their own that processes can share.  One process and several score
the same chunks with the same seeds, so the documents are the same.  Processes cost a start and the
pickling of every DRS and result (about 0.2 s for PMB dev on 2 cores, where the work itself is 0.3 s),
so ``worth_processes`` uses them only from ``PARALLEL_WORK`` work units (about a second of search)
and two chunks; below that ``--jobs`` scores in this process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..clauses import Drs
from ..errors import DscorerInputError

if TYPE_CHECKING:
    from .score import CounterPair
    from .settings import CounterSettings


#: A chunk closes when its documents' work reaches this (a 20-sentence document is about 32,000).
CHUNK_WORK = 50_000
#: Several processes only from this much work in all (PMB 2.2.0 dev, 682 sentences: about 55,000).
PARALLEL_WORK = 200_000


def work(pred: Drs, gold: Drs) -> int:
    """What one document's search grows with: predicted clauses times gold clauses."""
    return len(pred.clauses) * len(gold.clauses)


def chunk_ranges(preds: Sequence[Drs], golds: Sequence[Drs]) -> list[tuple[int, int]]:
    """Consecutive (start, end) ranges: CHUNK documents, or fewer once their work reaches CHUNK_WORK."""
    from .score import CHUNK

    ranges: list[tuple[int, int]] = []
    first, used = 0, 0
    for i, (p, g) in enumerate(zip(preds, golds)):
        used += work(p, g)
        if i + 1 - first >= CHUNK or used >= CHUNK_WORK:
            ranges.append((first, i + 1))
            first, used = i + 1, 0
    if first < len(preds):
        ranges.append((first, len(preds)))
    return ranges


def worth_processes(preds: Sequence[Drs], golds: Sequence[Drs], ranges: Sequence[tuple[int, int]]) -> bool:
    """Whether several processes pay: at least two chunks and PARALLEL_WORK units of work."""
    return len(ranges) > 1 and sum(work(p, g) for p, g in zip(preds, golds)) >= PARALLEL_WORK


def score_in_processes(preds: Sequence[Drs], golds: Sequence[Drs], settings: CounterSettings,
                       ranges: Sequence[tuple[int, int]], jobs: int, first_index: int = 0,
                       progress: Callable[[int, int], None] | None = None) -> list[CounterPair]:
    """The chunks' documents scored in ``jobs`` processes, in corpus order (the same as one process)."""
    from concurrent.futures import ProcessPoolExecutor

    from .score import score_chunk

    # the heaviest chunks first, so a long document does not start last; results are put back in order
    order = sorted(range(len(ranges)), key=lambda k: -sum(work(p, g) for p, g in zip(
        preds[ranges[k][0]:ranges[k][1]], golds[ranges[k][0]:ranges[k][1]])))
    done: dict[int, list[CounterPair]] = {}
    finished = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {k: pool.submit(score_chunk, list(preds[ranges[k][0]:ranges[k][1]]),
                                  list(golds[ranges[k][0]:ranges[k][1]]), settings, first_index + ranges[k][0])
                   for k in order}
        for k in order:
            try:
                done[k] = futures[k].result()
            except DscorerInputError:  # pickled back from the worker as it was raised there
                for other in futures.values():
                    other.cancel()
                raise
            finished += len(done[k])
            if progress:
                progress(finished, len(preds))
    return [d for k in range(len(ranges)) for d in done[k]]
