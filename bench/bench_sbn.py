"""Speed of exact Smatch on SBN: a PMB release's test set (1,000-odd SBNs) and document-length SBNs.

Gold: a one-SBN-per-line file (``--gold``, e.g. ``data/pmb-5.0.0/seq2seq/en/test/standard.sbn`` of the
public LastDance500/PMB5.0.0 repository: 1,132 English test SBNs), or, without one, 1,000 SBNs made
from the seven PMB 4.0.0 examples in ``../shared/data/sbn-4.0.0`` by the same perturbations as below
(so they are varied, not copies).  Predictions are the gold SBNs perturbed with a fixed seed the way
parser output goes wrong: a sense or lemma changed, a role renamed, an offset moved by one, a role or a
whole line dropped (offsets then point elsewhere), and about 2% ill-formed (an offset out of range).
Documents of k sentences join k consecutive SBNs with ``CONTINUATION <1`` (offsets are relative, so
each sentence stays as it was).  Prints a table:

    python bench/bench_sbn.py [--gold FILE] [--sizes 1 10 20 40] [--documents 20]
    python bench/bench_sbn.py --joined-official sbn_smatch.py [--joined-sizes 1 10 20 40 80]

``--joined-official`` times the PMB 5 script and ``dscorer smatch`` as whole processes on documents
joined from the Dutch PMB 5.0.0 test pair (NeuralBoxer against gold): the sentences the script reads
on both sides (``neuralboxer_nl_test.official.json``), k consecutive ones joined by ``CONTINUATION <1``,
the first ``--joined-documents`` documents per size; the script is stopped after ``--official-timeout`` s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core.cli.output import format_table
from dscorer_core.reading.drs_files import read_sbn_file
from dscorer_core.reading.sbn_text import parse_sbn, parse_sbn_tolerant
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus

EXAMPLES = REPO.parent / "shared" / "data" / "sbn-4.0.0"
DUTCH = (REPO.parent / "shared" / "data" / "pmb-5.0.0" / "neuralboxer_nl_test.sbn",
         REPO.parent / "shared" / "data" / "pmb-5.0.0" / "gold_nl_test.sbn")
TOKEN = re.compile(r'"[^"]*"|\S+')
SYNSET = re.compile(r"^(.+)\.([nvarsx])\.(\d+)$")
OFFSET = re.compile(r"^[+-]\d+$")


def one_line(sbn_text: str) -> str:
    """An SBN written on one line (items in order, PMB 5 box offsets kept as written)."""
    return " ".join(sbn_text.split())


def items(line: str) -> list[list[str]]:
    """The tokens of a one-line SBN grouped by item (a synset or a box operator and what follows)."""
    out: list[list[str]] = []
    tokens = TOKEN.findall(line)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if SYNSET.match(tok) or tok.isupper() and len(tok) > 3 and i + 1 < len(tokens) and tokens[i + 1][0] in "<>+-":
            out.append([tok])
            if not SYNSET.match(tok):
                out[-1].append(tokens[i + 1])
                i += 2
                continue
        elif out:
            out[-1].append(tok)
        i += 1
    return out


def perturb(line: str, rng: random.Random, lemmas: list[str], roles: list[str]) -> str:
    """A plausible wrong parse of a one-line SBN (see the module docstring)."""
    result = []
    for item in items(line):
        match = SYNSET.match(item[0])
        if match and len(result) and rng.random() < 0.01:
            continue  # a dropped line
        if match:
            lemma, pos, sense = match.groups()
            if rng.random() < 0.08:
                sense = f"{int(sense) % 3 + 1:02d}"
            if rng.random() < 0.05:
                lemma = rng.choice(lemmas)
            item = [f"{lemma}.{pos}.{sense}"] + item[1:]
            pairs = [item[k:k + 2] for k in range(1, len(item) - 1, 2)]
            kept = []
            for role, value in pairs:
                r = rng.random()
                if r < 0.03:
                    continue
                if r < 0.09:
                    role = rng.choice(roles)
                elif r < 0.11 and OFFSET.match(value):
                    moved = int(value) + rng.choice((-1, 1))
                    value = f"+{moved}" if moved >= 0 else str(moved)
                kept.append([role, value])
            if rng.random() < 0.005:
                kept.append(["Theme", "+99"])  # ill-formed: points outside the SBN
            item = [item[0]] + [t for pair in kept for t in pair]
        result.append(" ".join(item))
    return " ".join(result) or line


def vocabulary(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lemmas and roles seen in the gold SBNs (what perturbations draw from)."""
    lemmas, roles = set(), set()
    for line in lines:
        for item in items(line):
            if m := SYNSET.match(item[0]):
                lemmas.add(m.group(1))
                roles.update(item[1::2])
    return sorted(lemmas), sorted(roles)


def gold_lines(path: str | None, count: int, seed: int) -> tuple[list[str], str]:
    """Gold SBNs, one per line, and where they came from."""
    if path:
        text = Path(path).read_text(encoding="utf-8")
        lines = [line.split("\t")[-1].strip() for line in text.splitlines() if line.strip()]
        return lines, f"{Path(path).name} ({len(lines)} SBNs)"
    seeds = [one_line(read_sbn_file(p, "sbn")[0].text()) for p in sorted(EXAMPLES.glob("*.drs.sbn"))]
    lemmas, roles = vocabulary(seeds)
    rng = random.Random(seed)
    made = [perturb(rng.choice(seeds), rng, lemmas, roles).replace(" Theme +99", "") for _ in range(count)]
    return made, f"{count} SBNs made from the seven PMB 4.0.0 examples"


def documents(lines: list[str], size: int, count: int) -> list[str]:
    """``count`` documents of ``size`` consecutive SBNs joined by ``CONTINUATION <1``."""
    return [" CONTINUATION <1 ".join(lines[k * size:(k + 1) * size]) for k in range(count)
            if len(lines) >= (k + 1) * size]


def run(gold: list[str], seed: int, time_limit: float | None) -> tuple[float, object]:
    lemmas, roles = vocabulary(gold)
    rng = random.Random(seed)
    pred = [perturb(line, rng, lemmas, roles) for line in gold]
    golds = parse_sbn("\n".join(gold) + "\n", "gold", "sbn-lines")
    preds = parse_sbn_tolerant("\n".join(pred) + "\n", "pred", "sbn-lines")
    start = time.perf_counter()
    result = smatch_corpus(preds, golds, SmatchSettings(time_limit=time_limit))
    return time.perf_counter() - start, result


def perturbed_pair(gold: list[str], seed: int) -> list[str]:
    """The gold SBNs and their perturbed predictions (as ``run`` makes them) written to two files."""
    lemmas, roles = vocabulary(gold)
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="bench_sbn_"))
    (folder / "gold.sbn").write_text("".join(f"{line}\n" for line in gold), encoding="utf-8")
    (folder / "pred.sbn").write_text("".join(f"{perturb(line, rng, lemmas, roles)}\n" for line in gold),
                                     encoding="utf-8")
    return [str(folder / "pred.sbn"), str(folder / "gold.sbn")]


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """Wall-clock seconds of one whole process, and its standard output."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    return time.perf_counter() - start, done.stdout


def against_official(official: str, pred: str, gold: str, runs: int) -> None:
    """Time the PMB 5 script and ``dscorer smatch`` on one pair, alternating, and print both figures."""
    script = Path(official).resolve()
    theirs = [sys.executable, str(script), "-s1", gold, "-s2", pred]
    # both as Python normally runs: compiled modules cached (outside the repository), not recompiled each run
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    plain["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "bench_sbn_pycache")
    env = {**plain, "PYTHONPATH": str(REPO)}
    ours = [sys.executable, "-m", "dscorer_core", "smatch", pred, gold, "--json"]
    times: dict[str, list[float]] = {"official": [], "dscorer": []}
    out = {}
    timed(theirs, plain), timed(ours, env)  # a first run of each fills the module cache
    for _ in range(runs):
        seconds, out["official"] = timed(theirs, plain)
        times["official"].append(seconds)
        seconds, out["dscorer"] = timed(ours, env)
        times["dscorer"].append(seconds)
    found = re.search(r"average f1 smatch score: ([0-9.]+)", out["official"])
    their_f = float(found.group(1)) if found else float("nan")
    ours_json = json.loads(out["dscorer"])
    median = {k: statistics.median(v) for k, v in times.items()}
    sentences = ours_json["documents_count"]
    print(f"\nwhole processes on {Path(pred).name} against {Path(gold).name} ({sentences} sentences), "
          f"median of {runs} alternating runs:")
    print(format_table(["scorer", "seconds", "ms/sentence", "mean F", "ill-formed", "search"], [
        ["PMB 5 script (sbn_smatch.py)", f"{median['official']:.2f}", f"{median['official'] / sentences * 1000:.1f}",
         f"{their_f:.4f}", "", "hill climbing"],
        ["dscorer smatch", f"{median['dscorer']:.2f}", f"{median['dscorer'] / sentences * 1000:.1f}",
         f"{ours_json['mean_F']:.4f}", f"{ours_json['ill_formed']:.4f}",
         f"exact ({ours_json['optimal_count']}/{sentences} proven)"]]))
    print(f"dscorer is {median['official'] / median['dscorer']:.1f} times faster")


def process_seconds(command: list[str], timeout: float, env: dict[str, str] | None = None
                    ) -> tuple[float | None, float | None, str]:
    """CPU (user + system, children included) and wall seconds of one whole process, and its output;
    None, None when it did not finish within ``timeout`` (or was killed, e.g. out of memory)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, None, "timeout"
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode < 0:
        return None, None, f"killed by signal {-done.returncode} after {wall:.0f} s"
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, done.stdout


def joined_dutch(size: int, count: int, folder: Path) -> tuple[Path, Path, int]:
    """The first ``count`` documents of ``size`` joined Dutch sentences (those the PMB 5 script reads on
    both sides) written as one-SBN-per-line files; their paths and how many documents they hold."""
    pred_path, gold_path = DUTCH
    gold = [line.split("\t")[-1].strip() for line in gold_path.read_text(encoding="utf-8").splitlines()]
    pred = [line.strip() for line in pred_path.read_text(encoding="utf-8").splitlines()]
    official = json.loads(gold_path.with_name("neuralboxer_nl_test.official.json").read_text(encoding="utf-8"))
    readable = [s["index"] for s in official["sentences"] if "ill_formed" not in s]
    groups = [readable[k * size:(k + 1) * size] for k in range(min(count, len(readable) // size))]
    out_pred, out_gold = folder / f"k{size}_pred.sbn", folder / f"k{size}_gold.sbn"
    out_pred.write_text("".join(" CONTINUATION <1 ".join(pred[i] for i in g) + "\n" for g in groups), encoding="utf-8")
    out_gold.write_text("".join(" CONTINUATION <1 ".join(gold[i] for i in g) + "\n" for g in groups), encoding="utf-8")
    return out_pred, out_gold, len(groups)


def joined_against_official(official: str, sizes: list[int], count: int, timeout: float) -> None:
    """Whole processes of the PMB 5 script and ``dscorer smatch`` on joined Dutch documents."""
    script = Path(official).resolve()
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    plain["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "bench_sbn_pycache")
    env = {**plain, "PYTHONPATH": str(REPO)}
    folder = Path(tempfile.mkdtemp(prefix="bench_sbn_joined_"))
    rows = []
    for size in sizes:
        pred, gold, n = joined_dutch(size, count, folder)
        if not n:
            continue
        theirs = [sys.executable, str(script), "-s1", str(gold), "-s2", str(pred)]
        o_cpu, o_wall, o_out = process_seconds(theirs, timeout, plain)
        ours = [sys.executable, "-m", "dscorer_core", "smatch", str(pred), str(gold), "--json"]
        d_cpu, d_wall, d_out = process_seconds(ours, 3600, env)
        found = re.search(r"average f1 smatch score: ([0-9.]+)", o_out)
        data = json.loads(d_out) if d_cpu is not None else {}
        triples = sum(len(line.split()) for line in gold.read_text(encoding="utf-8").splitlines()) // max(n, 1)
        stopped = o_out if o_out.startswith("killed") else f"did not finish in {timeout:.0f} s"
        rows.append([size, n, triples, f"{o_cpu:.2f}" if o_cpu is not None else stopped,
                     f"{o_wall:.2f}" if o_wall is not None else "-",
                     f"{float(found.group(1)):.4f}" if found and o_cpu is not None else "-",
                     f"{d_cpu:.2f}" if d_cpu is not None else "-", f"{d_wall:.2f}" if d_wall is not None else "-",
                     f"{data.get('mean_F', float('nan')):.4f}",
                     f"{data.get('optimal_count', 0)}/{data.get('documents_count', 0)}"])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\njoined Dutch PMB 5.0.0 test documents (NeuralBoxer against gold), whole processes, load average {load}:")
    print(format_table(["sentences/doc", "docs", "gold tokens/doc", "script CPU s", "script wall s", "script mean F",
                        "dscorer CPU s", "dscorer wall s", "dscorer mean F", "proven optimal"], rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gold", help="one-SBN-per-line gold file (default: made from the seven examples)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 10, 20, 40])
    parser.add_argument("--documents", type=int, default=20, help="documents per size above 1")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--time-limit", type=float, default=None, help="opt-in wall-clock cap per solver call")
    parser.add_argument("--official", metavar="PATH", help="the PMB 5 script sbn_smatch.py, to time beside dscorer")
    parser.add_argument("--pair", nargs=2, metavar=("PRED", "GOLD"),
                        help="the pair both scorers run on with --official (default: --gold and its perturbed "
                             "predictions, or without --gold the Dutch test set)")
    parser.add_argument("--runs", type=int, default=5, help="whole-process runs per scorer with --official")
    parser.add_argument("--joined-official", metavar="PATH",
                        help="the PMB 5 script: time it beside dscorer on joined Dutch documents (and nothing else)")
    parser.add_argument("--joined-sizes", type=int, nargs="+", default=[1, 10, 20, 40, 80])
    parser.add_argument("--joined-documents", type=int, default=1, help="documents per size with --joined-official")
    parser.add_argument("--official-timeout", type=float, default=300.0)
    args = parser.parse_args()
    if args.joined_official:
        joined_against_official(args.joined_official, args.joined_sizes, args.joined_documents, args.official_timeout)
        return
    gold, origin = gold_lines(args.gold, 1000, args.seed)
    print(f"gold: {origin}; python {platform.python_version()} on {platform.machine()}")
    rows = []
    for size in args.sizes:
        sample = gold if size == 1 else documents(gold, size, args.documents)
        seconds, result = run(sample, args.seed, args.time_limit)
        docs = result.documents  # type: ignore[attr-defined]
        optimal = sum(1 for d in docs if d.optimal and not d.ill_formed)
        scored = sum(1 for d in docs if not d.ill_formed)
        triples = sum(d.gold_triples for d in docs) / len(docs)
        rows.append([f"{size}", f"{len(docs)}", f"{triples:.0f}", f"{seconds:.2f}",
                     f"{seconds / len(docs) * 1000:.1f}", f"{optimal}/{scored}",
                     f"{result.mean_F:.4f}", f"{result.F:.4f}", f"{result.ill_formed:.3f}"])  # type: ignore[attr-defined]
    print(format_table(["sentences/doc", "docs", "gold triples/doc", "seconds", "ms/doc", "proven optimal",
                        "mean F", "micro F", "ill-formed"], rows))
    if args.official:
        pair = args.pair or ([str(p) for p in DUTCH] if not args.gold else perturbed_pair(gold, args.seed))
        against_official(args.official, pair[0], pair[1], args.runs)


if __name__ == "__main__":
    main()
