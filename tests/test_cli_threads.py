"""The command line starts numpy with one OpenBLAS thread unless the user chose a number
(``cli.THREAD_DEFAULTS``): a thread per core cost 0.05 to 0.08 s of CPU per process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dscorer_core.cli import THREAD_DEFAULTS, main

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE = REPO_ROOT / "sample_data"


def test_the_cli_sets_one_openblas_thread_when_the_user_set_none(monkeypatch, capsys):
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert main(["--version"]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == THREAD_DEFAULTS["OPENBLAS_NUM_THREADS"] == "1"


def test_the_cli_keeps_the_users_thread_setting(monkeypatch, capsys):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "3")
    assert main(["--version"]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == "3"


def _threads_after_score(env: dict[str, str]) -> int:
    """The thread count of a process that ran ``dscorer score`` on the sample (numpy loaded)."""
    code = ("import sys\nfrom dscorer_core.cli import main\nmain(sys.argv[1:])\n"
            "print(open('/proc/self/status').read().split('Threads:')[1].split()[0], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "score", str(SAMPLE / "paper_pred.clf"),
                           str(SAMPLE / "paper_gold.clf")], capture_output=True, text=True, env=env, cwd=REPO_ROOT,
                          check=True)
    return int(done.stderr.strip().splitlines()[-1])


def _numpy_uses_openblas() -> bool:
    import numpy

    return "openblas" in str(numpy.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"]).lower()


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="needs /proc to count threads")
@pytest.mark.skipif(not _numpy_uses_openblas(), reason="numpy is not built with OpenBLAS")
def test_dscorer_score_runs_numpy_in_one_thread():
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    env["PYTHONPATH"] = str(REPO_ROOT)
    assert _threads_after_score(env) == 1
    if (os.cpu_count() or 1) > 1:  # the user's choice is kept: OpenBLAS starts its threads
        assert _threads_after_score({**env, "OPENBLAS_NUM_THREADS": "2"}) == 2


_REUSE = """
import resource, sys
from dscorer_core.cli.process_memory import keep_freed_memory
tuned = sys.argv[1] == "tuned" and keep_freed_memory()
faults = []
size = 64 << 20
for _ in range(3):  # make, touch (a byte per 4 KB page) and free a 64 MB block three times
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    block = bytearray(size)
    memoryview(block)[::4096] = bytes(range(1, 2)) * (size // 4096)
    del block
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
print(int(tuned), *faults)
"""


def _faults(mode: str) -> tuple[bool, list[int]]:
    done = subprocess.run([sys.executable, "-c", _REUSE, mode], capture_output=True, text=True, cwd=REPO_ROOT,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, check=True)
    tuned, *faults = (int(x) for x in done.stdout.split())
    return bool(tuned), faults


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc thresholds are a Linux matter")
def test_keep_freed_memory_lets_a_second_large_array_reuse_the_first_ones_pages():
    tuned, faults = _faults("tuned")
    if not tuned:
        pytest.skip("this C library has no mallopt (not glibc)")
    pages = (64 << 20) // 4096
    assert faults[0] >= pages // 2  # the first array is new memory
    assert max(faults[1:]) < pages // 20  # the next ones reuse it
    _, plain = _faults("plain")  # without it, glibc maps and unmaps each one: every page faults again
    assert min(plain[1:]) >= pages // 2


def test_the_cli_keeps_freed_memory(monkeypatch, capsys):
    import dscorer_core.cli as cli

    calls = []
    monkeypatch.setattr(cli, "keep_freed_memory", lambda: calls.append(1) or True)
    assert main(["--version"]) == 0
    assert calls == [1]
