"""Document-level DRS pairs for benchmarks: k consecutive sentence DRSs joined into one DRS.

Each sentence's variables are renamed apart (``x1`` of sentence 3 becomes
``x1_3``, so a box variable still starts with ``b``); constants stay as they are,
so in the ``released`` preset a constant such as ``"now"`` becomes one node that
every sentence shares.

    python bench/make_documents.py PRED GOLD OUTDIR [--sizes 1 5 10 20 40 80 160]

writes ``OUTDIR/k{K}_pred.clf`` and ``OUTDIR/k{K}_gold.clf`` (one document per
k consecutive DRSs, the last partial group dropped).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dscorer_core.clauses import Clause, Drs, is_constant
from dscorer_core.reading.clause_text import read_clf

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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pred", help="predicted clause file (one DRS per sentence)")
    parser.add_argument("gold", help="gold clause file, same sentences in the same order")
    parser.add_argument("outdir", help="where to write k{K}_pred.clf and k{K}_gold.clf")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="K")
    parser.add_argument("--first", type=int, default=None, metavar="N",
                        help="only the first document of each size (N: the sentence it starts at)")
    parser.add_argument("--comments", action="store_true",
                        help="keep the clauses' token alignments (the app finds sentences from them)")
    args = parser.parse_args(argv)
    preds, golds = read_clf(args.pred), read_clf(args.gold)
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    for k in args.sizes:
        if args.first is not None:
            p = [join_drss(preds[args.first:args.first + k], 0, "pred")]
            g = [join_drss(golds[args.first:args.first + k], 0, "gold")]
        else:
            p, g = document_pairs(preds, golds, k)
        (out / f"k{k}_pred.clf").write_text(clf_text(p, args.comments), encoding="utf-8")
        (out / f"k{k}_gold.clf").write_text(clf_text(g, args.comments), encoding="utf-8")
        print(f"k={k}: {len(p)} document pair(s) -> {out}/k{k}_{{pred,gold}}.clf")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
