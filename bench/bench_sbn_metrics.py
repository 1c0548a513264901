"""Speed of the Smatch variants (hard, soft, SBN-evaluation-tool's, the fine-grained figures) on real
PMB 5 output: the PMB 5.1.0 English test set (byT5, 1,195 sentences) and the first documents of the
PMB 5.0.0 English long-text set (NeuralBoxer), from ../shared/data.  Prints a table (seconds, the
figure, how many documents are proven optimal):

    python bench/bench_sbn_metrics.py [--long 12]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core.cli.output import format_table
from dscorer_core.reading.drs_files import read_sbn_texts
from dscorer_core.sbn.fine_grained_scores import fine_grained_scores
from dscorer_core.sbn.smatch import SMATCH_VARIANTS, smatch_corpus

DATA = REPO.parent / "shared" / "data"
SETS = {"pmb-5.1.0 en test (byT5)": ("pmb-5.1.0/byt5_en_test.sbn", "pmb-5.1.0/gold_en_test.sbn"),
        "pmb-5.0.0 en long (LSTM)": ("pmb-5.0.0-long/lstm_en_long.sbn", "pmb-5.0.0-long/gold_en_long.sbn")}
#: The variants read by a script's own reader (dscorer's reader does not read every PMB 5 file yet).
VARIANTS = ("pmb5", "soft", "sbne-lenient", "no-roles", "no-senses")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--long", type=int, default=12, help="documents of the long-text set (default 12)")
    args = parser.parse_args()
    rows = []
    for name, (pred_path, gold_path) in SETS.items():
        preds, golds = read_sbn_texts(DATA / pred_path, "auto"), read_sbn_texts(DATA / gold_path, "auto")
        if "long" in name:
            preds, golds = preds[:args.long], golds[:args.long]
        for variant in VARIANTS:
            start = time.perf_counter()
            result = smatch_corpus(preds, golds, SMATCH_VARIANTS[variant])
            rows.append([name, len(golds), variant, time.perf_counter() - start, result.mean_F,
                         f"{result.optimal_documents}/{result.n_documents}"])
        start = time.perf_counter()
        fine_grained_scores(preds, golds)
        rows.append([name, len(golds), "--fine-grained (all)", time.perf_counter() - start, None, ""])
    print(format_table(["set", "documents", "variant", "seconds", "mean F", "optimal"], rows))


if __name__ == "__main__":
    main()
