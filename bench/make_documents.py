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

from dscorer_core.reading.clause_text import read_clf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the helpers it shares with tests

from document_pairs import SIZES, clf_text, document_pairs, join_drss


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
