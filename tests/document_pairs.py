"""Document-level DRS pairs: k consecutive sentence DRSs joined into one DRS, each sentence's
variables renamed apart (``x1`` of sentence 3 becomes ``x1_3``, so a box variable still starts with
``b``); constants stay as they are. Used by the tests and by the benchmarks (bench/make_documents.py
writes them as clause files)."""

from __future__ import annotations

from collections.abc import Sequence

from dscorer_core.clauses import Clause, Drs, is_constant

SIZES = (1, 5, 10, 20, 40, 80, 160)


def rename_apart(drs: Drs, tag: str) -> tuple[Clause, ...]:
    """The clauses of a DRS with every variable suffixed by ``_tag`` (constants unchanged)."""
    def rename(token: str) -> str:
        return token if is_constant(token) else f"{token}_{tag}"

    # the second token is a relation or lemma; a concept's sense is a constant
    return tuple(Clause((rename(c.tokens[0]), c.tokens[1]) + tuple(rename(t) for t in c.tokens[2:]),
                        c.line, c.comment) for c in drs.clauses)


def join_drss(drss: Sequence[Drs], index: int = 0, source: str = "<document>") -> Drs:
    """One DRS holding the clauses of several, variables renamed apart per sentence."""
    clauses: list[Clause] = []
    for i, drs in enumerate(drss):
        clauses.extend(rename_apart(drs, str(i + 1)))
    sentence = " ".join(d.sentence for d in drss if d.sentence) or None
    return Drs(tuple(clauses), index, sentence, source, drss[0].line if drss else 0)


def make_documents(drss: Sequence[Drs], k: int, source: str = "<document>") -> list[Drs]:
    """Documents of k consecutive DRSs each (the last partial group is dropped)."""
    return [join_drss(drss[i:i + k], n, f"{source} (k={k})") for n, i in enumerate(range(0, len(drss) - k + 1, k))]


def document_pairs(preds: Sequence[Drs], golds: Sequence[Drs], k: int) -> tuple[list[Drs], list[Drs]]:
    """Aligned predicted and gold documents of k sentences."""
    return make_documents(preds, k, "pred"), make_documents(golds, k, "gold")


def clf_text(drss: Sequence[Drs], comments: bool = False) -> str:
    """DRSs as clause-file text: a ``%%%`` sentence line, clauses, a blank line; ``comments`` keeps
    each clause's token alignment (``% Tom [0...3]``), from which ``document_parts`` finds sentences."""
    blocks = []
    for drs in drss:
        lines = [f"%%% {drs.sentence}"] if drs.sentence else []
        lines += [c.text() + (f"  {c.comment}" if comments and c.comment else "") for c in drs.clauses]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
