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
