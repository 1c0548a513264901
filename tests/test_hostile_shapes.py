"""Hostile shapes cost bounded time and memory (issue 24): generated DRSs that are wide (10,000
clauses), deep (5,000 nested boxes), hold many referents or many boxes, through every command in a
subprocess under an address-space ceiling (``resource.setrlimit``) and a timeout; each either
finishes or refuses at once naming the file, the DRS and the limit. Also: the Referee's fast
subordination agrees with the rule written as sets, COUNTER's direct mapping, and the CLI's
outputs on a full disk (a file-size limit stands in for it)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_cases import SHAPES, write_shape

from dscorer_core.counter import CounterSettings, counter_pair
from dscorer_core.errors import CounterExplosion
from dscorer_core.reading.clause_text import parse_clf, read_clf
from dscorer_core.referee import check_drs

REPO = Path(__file__).resolve().parent.parent
#: Address space a command may use (numpy, scipy and the interpreter reserve about 1 GB of it).
MEMORY_CEILING = 3 * 2**30
TIMEOUT = 120

_RUN = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
{extra}
from dscorer_core.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run_cli(*args: str, ceiling: int = MEMORY_CEILING, extra: str = "", cwd: Path | None = None,
            stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    """``dscorer ARGS`` in a subprocess with its address space capped at ``ceiling`` bytes."""
    return subprocess.run([sys.executable, "-c", _RUN.format(ceiling=ceiling, extra=extra), *args],
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=TIMEOUT, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.fixture(scope="module")
def shapes(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("shapes")
    return {shape: write_shape(folder, shape) for shape in SHAPES}


COMMANDS = {"score": ["score"], "counter": ["counter"], "errors": ["errors"],
            "compare": ["compare", "--metric=both"]}  # = : --metric takes several values


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_command_finishes_or_refuses_each_shape_within_the_ceiling(shapes, shape, command):
    path = shapes[shape]
    done = run_cli(*COMMANDS[command], str(path), str(path))
    assert done.returncode in (0, 2), done.stderr[-2000:]
    if done.returncode == 2:  # refused: one line naming the file, the DRS and the cap
        message = done.stderr.strip().splitlines()[-1]
        assert message.startswith(f"dscorer {command}: error: {path}, DRS 0 (line 2)"), message
        assert "cap of" in message and "Traceback" not in done.stderr
    else:
        assert "Traceback" not in done.stderr and done.stdout.strip()


def test_counter_scores_each_shape_against_itself_at_once_and_in_full(shapes):
    for shape, path in shapes.items():
        drs = read_clf(path)[0]
        pair = counter_pair(drs, drs)
        assert pair.method == "direct" and pair.optimal, shape
        assert pair.matched == pair.pred_clauses == pair.gold_clauses > 1000, shape


def test_counter_finds_renamed_and_shortened_copies_at_once(tmp_path):
    lines = SHAPES["deep"][0](1000)
    gold = parse_clf("\n".join(lines) + "\n", "gold.clf")[0]
    renamed = parse_clf("\n".join(line.replace(" x", " y") for line in lines) + "\n", "pred.clf")[0]
    pair = counter_pair(renamed, gold)
    assert (pair.method, pair.optimal) == ("direct", True)
    assert pair.matched == pair.pred_clauses == pair.gold_clauses == 3001  # REF clauses are redundant here
    shorter = parse_clf("\n".join(line for line in lines if not line.startswith("b500 Of")) + "\n", "pred.clf")[0]
    pair = counter_pair(shorter, gold)
    assert pair.optimal and pair.matched == pair.pred_clauses == pair.gold_clauses - 1


def test_counter_refuses_a_large_pair_it_cannot_settle_at_once_naming_both_drss(tmp_path):
    lines = SHAPES["deep"][0](1000)
    gold = parse_clf("\n".join(lines) + "\n", "gold.clf")[0]
    changed = parse_clf("\n".join(lines).replace("b5 Of x5 x4", "b5 Of x5 x3") + "\n", "pred.clf")[0]
    with pytest.raises(CounterExplosion) as caught:
        counter_pair(changed, gold)
    message = str(caught.value)
    assert message.startswith("pred.clf, DRS 0 (line 1) against gold.clf, DRS 0 (line 1): ")
    assert "cap of 1,000,000" in message and "--max-candidates" in message
    small = parse_clf("\n".join(SHAPES["deep"][0](30)).replace("b5 Of x5 x4", "b5 Of x5 x3") + "\n")[0]
    searched = counter_pair(small, parse_clf("\n".join(SHAPES["deep"][0](30)) + "\n")[0],
                            CounterSettings(max_candidates=10))  # small problems are searched as before
    assert searched.method != "direct" and searched.matched == searched.pred_clauses - 1  # one Of differs


def test_the_move_budget_ends_the_hill_climbing_and_is_in_the_signature():
    lines = SHAPES["deep"][0](60)
    gold = parse_clf("\n".join(lines) + "\n")[0]
    changed = parse_clf("\n".join(lines).replace("b5 Of x5 x4", "b5 Of x5 x3") + "\n")[0]
    settings = CounterSettings(max_moves=100, search="hill")
    pair = counter_pair(changed, gold, settings)
    assert not pair.optimal and pair.matched <= pair.upper_bound
    # the move budget is one of the work limits the signature names (work:bnb...-moves100-...)
    assert "-moves100-" in settings.signature() and "-moves1000000-" in CounterSettings().signature()


# ---------------------------------------------------------------- the Referee's subordination

def _reference_subordination_check(drs) -> str:
    """The Referee's subordination rule as first written here (sets of pairs, cubic): the problem
    message it gives, or '' (used only after the types have passed)."""
    from dscorer_core.referee import _box_structure, _clause_types

    kinds = [_clause_types(clause)[0] for clause in drs.clauses]
    boxes, relations = _box_structure(drs, kinds, lambda a: a.startswith("x"))
    subs = {(b0, b1) for b0, box in boxes.items() for b1 in box.subs} | relations
    for b2, box in boxes.items():
        for ref in box.cond_refs - box.refs:
            subs.update((b1, b2) for b1, other in boxes.items() if b1 != b2 and ref in other.refs)
    while True:
        before = set(subs)
        closed = set(subs)
        while True:
            extra = {(a, d) for (a, b) in closed for (c, d) in closed if b == c} - closed
            if not extra:
                break
            closed |= extra
        subs = set(closed)
        for b0, box in boxes.items():
            for b1 in box.subs:
                subs.update((b, b0) for (b, b3) in closed if b3 == b1 and b != b0 and (b0, b) not in closed)
        if subs == before:
            break
    loops = sorted(a for a, b in subs if a == b)
    if loops:
        return f"the boxes' subordination has a loop through {loops[0]}"
    if subs:
        reached, grown = {sorted(boxes)[0]}, True
        while grown:
            grown = False
            for a, b in subs:
                if (a in reached) != (b in reached):
                    reached |= {a, b}
                    grown = True
        if set(boxes) - reached:
            return f"box(es) {', '.join(sorted(set(boxes) - reached))} are not connected to the others"
    unbound = sorted(x for b, box in boxes.items() for x in box.cond_refs - box.refs
                     if not any(b2 == b and x in boxes[b1].refs for (b1, b2) in subs))
    return f"unbound referent(s) {', '.join(dict.fromkeys(unbound))}" if unbound else ""


def _random_drs(rng: random.Random) -> str:
    names = [f"b{i}" for i in range(rng.randint(1, 6))]
    refs = [f"x{i}" for i in range(rng.randint(1, 4))]

    def later() -> tuple[str, str]:  # mostly outer box first, sometimes any order (loops)
        a, b = rng.choice(names), rng.choice(names)
        return (min(a, b), max(a, b)) if rng.random() < 0.8 else (a, b)

    lines = []
    for _ in range(rng.randint(1, 12)):
        roll, b = rng.random(), rng.choice(names)
        if roll < 0.25:
            lines.append(f"{b} REF {rng.choice(refs)}")
        elif roll < 0.4:
            lines.append("{} NOT {}".format(*later()))
        elif roll < 0.47:
            a, c = later()
            lines.append(f"{a} {rng.choice(['IMP', 'DIS', 'DUP'])} {c} {rng.choice(names)}")
        elif roll < 0.52:
            a, c = later()
            lines.append(f"{a} PRP {rng.choice(refs)} {c}")
        elif roll < 0.62:
            lines.append("{} {} {}".format(later()[0], rng.choice(["CONTINUATION", "PRESUPPOSITION"]), later()[1]))
        elif roll < 0.82:
            lines.append(f'{b} entity "n.01" {rng.choice(refs)}')
        else:
            lines.append(f"{b} Agent {rng.choice(refs)} {rng.choice(refs)}")
    return "\n".join(lines) + "\n"


def test_the_fast_subordination_check_agrees_with_the_rule_written_as_sets():
    rng = random.Random(24)
    seen = set()
    for _ in range(3000):
        drs = parse_clf(_random_drs(rng))[0]
        found = check_drs(drs)
        expected = _reference_subordination_check(drs)
        got = found[0].message if found else ""
        assert got.startswith(expected) and bool(got) == bool(expected), drs.clauses
        seen.add(got.split(" ")[0] if got else "ok")
    assert {"ok", "the", "box(es)", "unbound"} <= seen  # every verdict was met


def test_the_referee_checks_deep_and_wide_drss_in_near_linear_time(shapes):
    done = run_cli("score", "--order", "1", str(shapes["deep"]), str(shapes["deep"]), ceiling=2 * 2**30)
    assert done.returncode == 0, done.stderr[-500:]
    chain = "\n".join([f"b{i} NOT b{i + 1}" for i in range(5000)] + ['b5000 REF x1', 'b5000 entity "n.01" x1'])
    assert check_drs(parse_clf(chain + "\n")[0]) == ()


# ---------------------------------------------------------------- writing on a full disk

_FULL_DISK = "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))"


def test_csv_on_a_full_disk_names_the_file_and_leaves_the_old_one(shared_path, tmp_path):
    pred, gold = shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    done = run_cli("counter", "--per-doc", str(pred), str(gold), "--csv", str(target), extra=_FULL_DISK)
    assert done.returncode == 2
    assert f"dscorer counter: error: {target}: cannot write the CSV file (File too large)" in done.stderr
    assert target.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]
    done = run_cli("counter", "--per-doc", str(pred), str(gold), "--csv", str(target))
    assert done.returncode == 0 and target.read_text().count("\n") == 683
    assert oct(target.stat().st_mode & 0o777) != "0o600"  # not the temporary file's private mode


def test_json_on_a_full_disk_says_so_instead_of_a_silent_truncation(shared_path, tmp_path):
    pred, gold = shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")
    with open(tmp_path / "out.json", "w") as out:
        done = run_cli("counter", "--json", "--per-doc", str(pred), str(gold), extra=_FULL_DISK, stdout=out)
    assert done.returncode == 2
    assert "cannot write the JSON to standard output (File too large)" in done.stderr
    with open(tmp_path / "out.json", "w") as out:
        done = run_cli("counter", "--json", str(pred), str(gold), stdout=out)
    assert done.returncode == 0 and json.loads((tmp_path / "out.json").read_text())["matched"] > 4000


# ---------------------------------------------------------------- SBN: smatch

def test_smatch_reads_wide_and_deep_sbn_against_itself_within_the_ceiling(tmp_path):
    wide = tmp_path / "wide.sbn"
    wide.write_text("entity.n.01\n" + "entity.n.01 Of -1\n" * 1999, encoding="utf-8")
    deep = tmp_path / "deep.sbn"  # 2,500 boxes, each negating the one before: a RecursionError before
    deep.write_text("entity.n.01\n" + "NEGATION -1\nentity.n.01 Of -1\n" * 2500, encoding="utf-8")
    for path in (wide, deep):
        done = run_cli("smatch", str(path), str(path), ceiling=2 * 2**30)  # 3 GB on the wide one before
        assert done.returncode == 0, done.stderr[-500:]
        assert "1.0000  1.0000  1.0000" in done.stdout
