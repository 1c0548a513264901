"""Scoring a corpus in several processes, with exactly the results of one process.

The corpus is cut into consecutive chunks of about equal size (in clauses);
each worker scores its chunks with ``batch.score_documents`` and the
document scores come back in corpus order, so the corpus figures built from them
are the same to the last bit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from ..clauses import Drs
from ..errors import DscorerInputError
from .batch import score_documents
from .scoring import DocumentScore
from .settings import ScoreSettings


def chunk_ranges(sizes: Sequence[int], chunks: int) -> list[tuple[int, int]]:
    """Cut items with these sizes into at most ``chunks`` consecutive ranges of about equal total size."""
    total = sum(sizes) or 1
    ranges: list[tuple[int, int]] = []
    first, used = 0, 0
    for i, size in enumerate(sizes):
        used += size
        if used * chunks >= total * (len(ranges) + 1) and i + 1 < len(sizes):
            ranges.append((first, i + 1))
            first = i + 1
    ranges.append((first, len(sizes)))
    return [r for r in ranges if r[0] < r[1]]


def score_documents_parallel(preds: Sequence[Drs], golds: Sequence[Drs], settings: ScoreSettings, jobs: int,
                             progress: Callable[[int, int], None] | None = None) -> list[DocumentScore]:
    """Score aligned DRSs in ``jobs`` processes; the same DocumentScores as one process, in order."""
    sizes = [len(p.clauses) + len(g.clauses) for p, g in zip(preds, golds)]
    ranges = chunk_ranges(sizes, jobs * 4)
    docs: list[DocumentScore] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(score_documents, list(preds[a:b]), list(golds[a:b]), settings, a) for a, b in ranges]
        for future in futures:
            try:
                docs.extend(future.result())
            except DscorerInputError:  # pickled back from the worker as it was raised there
                for other in futures:
                    other.cancel()
                raise
            if progress:
                progress(len(docs), len(preds))
    return docs
