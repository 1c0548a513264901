"""A fuzzing harness over the readers and the three metrics, run for a given number of minutes
(issue 33), so that anyone can repeat the hostile-input audit.

Inputs are real PMB files (../shared/data, else sample_data) mutated by hypothesis: characters and
tokens inserted, lines repeated or cut, line ends changed, quotes and NULs dropped in, lone
surrogates, long tokens and long lines. Each target runs in this process under an address-space
ceiling (``--memory-gb``, RLIMIT_AS), and every input is counted in CPU seconds:

- a **crash** is any exception other than the project's own ``DscorerError`` (a MemoryError too);
- a **slow case** took more than ``--slow`` CPU seconds;
- **memory**: the inputs that raised the process's peak resident memory by more than ``--grew`` MB.

    python bench/fuzz_hostile.py --minutes 5                    # every target, round robin
    python bench/fuzz_hostile.py --minutes 1 --targets clf counter --out /tmp/fuzz

It prints a table per target (inputs, refused as DscorerError, crashes, slow cases, peak MB) and
writes each crashing or slow input to ``--out`` (``TARGET-N.txt``) with its exception, to replay.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from dscorer_core.counter import CounterSettings, counter_pair
from dscorer_core.errors import DscorerError
from dscorer_core.judgements.csv_io import parse_judgements_csv
from dscorer_core.ngrams.scoring import score_pair
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.decode import decode_bytes
from dscorer_core.reading.sbn_text import parse_sbn_tolerant
from dscorer_core.sbn.smatch import SmatchSettings, smatch_corpus

SHARED = REPO.parent / "shared" / "data"
#: How many inputs one target runs before the next takes its turn.
BATCH = 25
#: Past this many characters an input is not made longer (a line of 1.1 million is past the reader's limit).
MAX_INPUT_CHARS = 1_500_000


def _blocks(text: str) -> list[str]:
    return [b for b in text.replace("\r\n", "\n").split("\n\n") if b.strip()]


def _seed_clf() -> list[str]:
    """Real DRS blocks in clause format: PMB 2.2.0 dev gold and Boxer output, else the samples."""
    found = [SHARED / "pmb-2.2.0" / "gold_dev.clf", SHARED / "pmb-2.2.0" / "boxer_dev.clf"]
    files = [p for p in found if p.is_file()] or sorted((REPO / "sample_data").glob("*.clf"))
    return [b for p in files for b in _blocks(p.read_text(encoding="utf-8"))][:1500]


def _seed_sbn() -> list[str]:
    """Real SBN, one per line (PMB 5.0.0 gold and NeuralBoxer output), else a few written here."""
    files = sorted((SHARED / "pmb-5.0.0").glob("*.sbn")) if (SHARED / "pmb-5.0.0").is_dir() else []
    lines = [line.split("\t")[-1] for p in files for line in p.read_text(encoding="utf-8").splitlines() if line]
    return lines[:1500] or ['male.n.02 Name "Tom" nod.v.02 Agent -1 Time +1 time.n.08 TPR now',
                            "person.n.01 EQU speaker time.n.08 EQU now broke.a.01 AttributeOf -2 Time -1"]


CLF, SBN = _seed_clf(), _seed_sbn()
JUDGEMENT_HEADER = "document,system,judgement,rationale,annotator\n"
NASTY = ['"', '""', '"a b', "%", "% c", "\x00", "\r", "\r\n", "\t", "\ufeff", "\u2028", "\udce9", "\ud800",
         "ø", "~", "REF", "NOT", "b1", "x1", "-1", "+1", "<1", "[", "]", "(", ")", "=", ",", "\n\n"]


@st.composite
def mutated(draw: st.DrawFn, seeds: list[str], joiner: str = "\n\n") -> str:
    """A few real seeds joined, then mutated: insertions, deletions, repeats, long runs."""
    text = joiner.join(draw(st.lists(st.sampled_from(seeds), min_size=1, max_size=3)))
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["insert", "delete", "repeat-line", "long-token", "long-line", "swap-ends",
                                   "token"]))
        if len(text) > MAX_INPUT_CHARS and op in ("repeat-line", "long-token", "long-line"):
            op = "token"  # inputs stay near the limits they probe, not gigabytes
        at = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY) | st.text(max_size=8)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif op == "repeat-line":
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [lines[i]] * min(draw(st.integers(2, 400)), 1 + MAX_INPUT_CHARS // (1 + len(lines[i])))
            text = "\n".join(lines)
        elif op == "long-token":
            text = text[:at] + draw(st.sampled_from(["a", "\"", " a", "x1 "])) * draw(st.integers(100, 400_000)) \
                + text[at:]
        elif op == "long-line":
            text = text[:at] + "b1 Rel x1 x2 " * draw(st.integers(1000, 90_000)) + text[at:]
        elif op == "swap-ends":
            text = text.replace("\n", draw(st.sampled_from(["\r", "\r\n", "\n\r", "\x0c"])))
        else:
            text = text[:at] + " " + draw(st.sampled_from(NASTY)) + " " + text[at:]
    return text


@st.composite
def judgement_csv(draw: st.DrawFn) -> str:
    annotators = st.sampled_from(["ann", "", "\x00", "\udce9"])
    rows = [f"{draw(st.integers(-2, 9))},{draw(st.sampled_from(['sys', 'a|b', '=x', '']))},"
            f"{draw(st.sampled_from(['acceptable', 'A', 'B', 'same', 'x']))},"
            f"{draw(st.text(max_size=12))},{draw(annotators)}"
            for _ in range(draw(st.integers(0, 5)))]
    return draw(st.sampled_from([JUDGEMENT_HEADER, "", "document,system\n"])) + "\n".join(rows)


def _read_clf(text: str) -> None:
    parse_clf(text, "fuzz.clf", lenient=True)
    parse_clf(text, "fuzz.clf")


def _read_bytes(text: str) -> None:
    data = text.encode("utf-8", "surrogateescape") if "\udce9" in text else text.encode("utf-8", "replace")
    parse_clf(decode_bytes(data, "fuzz.clf"), "fuzz.clf")


def _read_sbn(text: str) -> None:
    parse_sbn_tolerant(text, "fuzz.sbn")
    parse_sbn_tolerant(text, "fuzz.sbn", layout="sbn-lines")


def _pair(pred_text: str) -> tuple:
    preds = parse_clf(pred_text, "pred.clf", lenient=True)
    golds = parse_clf(CLF[len(pred_text) % len(CLF)], "gold.clf")
    return preds[0] if preds else golds[0], golds[0]


def _dscorer(pred_text: str) -> None:
    pred, gold = _pair(pred_text)
    for preset, order in (("released", 4), ("typed", 1 + len(pred_text) % 5)):
        score_pair(pred, gold, preset=preset, order=order)


def _counter(pred_text: str) -> None:
    pred, gold = _pair(pred_text)
    counter_pair(pred, gold, CounterSettings(time_limit=2.0, max_moves=50_000))


def _smatch(pred_text: str) -> None:
    gold = SBN[len(pred_text) % len(SBN)]
    preds = parse_sbn_tolerant(pred_text, "pred.sbn", layout="sbn-lines")[:3]
    golds = parse_sbn_tolerant("\n".join([gold] * len(preds)), "gold.sbn", layout="sbn-lines")
    if preds and len(golds) == len(preds) and not any(isinstance(g, DscorerError) for g in golds):
        smatch_corpus(preds, golds, SmatchSettings(time_limit=2.0))


#: Target name -> (the inputs it gets, what it runs on each).
TARGETS: dict[str, tuple[st.SearchStrategy[str], Callable[[str], None]]] = {
    "clf": (mutated(CLF), _read_clf),
    "clf-bytes": (mutated(CLF), _read_bytes),
    "sbn": (mutated(SBN, "\n"), _read_sbn),
    "judgements": (judgement_csv(), lambda text: parse_judgements_csv(text, "fuzz.csv")),
    "dscorer": (mutated(CLF), _dscorer),
    "counter": (mutated(CLF), _counter),
    "smatch": (mutated(SBN, "\n"), _smatch),
}


@dataclass
class Tally:
    """What one target met: inputs run, refused (DscorerError), crashes, slow cases and memory jumps."""

    runs: int = 0
    refused: int = 0
    crashes: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    grew: list[str] = field(default_factory=list)
    slowest: float = 0.0


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def _keep(out: Path, name: str, n: int, text: str, why: str) -> str:
    path = out / f"{name}-{n}.txt"
    path.write_text(f"# {why}\n" + text.encode("utf-8", "backslashreplace").decode("utf-8"), encoding="utf-8")
    return str(path)


def probe(name: str, run: Callable[[str], None], text: str, tally: Tally, out: Path, slow: float, grew: int) -> None:
    """Run one input, counting its CPU seconds and the peak memory it added; never raises."""
    before_cpu, before_peak = _cpu(), _peak_mb()
    try:
        run(text)
    except DscorerError:
        tally.refused += 1
    except Exception as exc:  # a crash: what we are looking for
        why = f"{type(exc).__name__}: {str(exc)[:300]}\n# " + "# ".join(traceback.format_exc().splitlines(True)[-6:])
        kept = _keep(out, name, len(tally.crashes), text, why)
        tally.crashes.append(f"{type(exc).__name__}: {str(exc)[:120]} ({kept})")
    spent, added = _cpu() - before_cpu, _peak_mb() - before_peak
    tally.runs += 1
    tally.slowest = max(tally.slowest, spent)
    if spent > slow:
        tally.slow.append(f"{spent:.1f} s ({_keep(out, name + '-slow', len(tally.slow), text, f'{spent:.1f} CPU s')})")
    if added > grew:
        tally.grew.append(f"+{added} MB on {len(text):,} characters")


def _runner(name: str, args: argparse.Namespace, tally: Tally) -> Callable[[], None]:
    """A batch of BATCH inputs of one target (hypothesis generates; nothing is shrunk or stored)."""
    strategy, run = TARGETS[name]

    @settings(max_examples=BATCH, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def batch(text: str) -> None:
        probe(name, run, text, tally, args.out, args.slow, args.grew)

    return batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to run (default 5)")
    parser.add_argument("--targets", nargs="+", choices=list(TARGETS), default=list(TARGETS))
    parser.add_argument("--slow", type=float, default=2.0, help="CPU seconds above which an input is slow (2)")
    parser.add_argument("--grew", type=int, default=200, help="MB of peak memory an input may add (200)")
    parser.add_argument("--memory-gb", type=float, default=2.0, help="address-space ceiling (RLIMIT_AS, 2)")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="where inputs that failed go")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    ceiling = int(args.memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
    tallies = {name: Tally() for name in args.targets}
    end = time.monotonic() + 60 * args.minutes
    runners = {name: _runner(name, args, tallies[name]) for name in args.targets}
    while time.monotonic() < end:
        for name in args.targets:
            if time.monotonic() >= end:
                break
            try:
                runners[name]()
            except (HypothesisException, MemoryError) as exc:  # the generator itself: note it, go on
                tallies[name].crashes.append(f"in generation: {type(exc).__name__}: {str(exc)[:120]}")
    print(f"fuzzed for {args.minutes:g} min under {args.memory_gb:g} GB; peak {_peak_mb()} MB")
    print(f"| target | inputs | refused | crashes | slow (> {args.slow:g} s) | slowest s | memory jumps |")
    print("|---|---|---|---|---|---|---|")
    for name, t in tallies.items():
        print(f"| {name} | {t.runs} | {t.refused} | {len(t.crashes)} | {len(t.slow)} | {t.slowest:.2f} "
              f"| {len(t.grew)} |")
    for name, t in tallies.items():
        for line in t.crashes[:10] + t.slow[:10] + t.grew[:5]:
            print(f"{name}: {line}")


if __name__ == "__main__":
    main()
