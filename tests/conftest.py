"""Shared fixtures: where the real PMB data and the sample files are.

The shared data lives outside the repository (``../shared/data`` from the repo
root) and is never copied in; tests that need it skip with a reason when absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
SAMPLE_DATA = REPO_ROOT / "sample_data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (real PMB clause files), or skip when it is not there."""
    if not (SHARED_DATA / "pmb-2.2.0" / "gold_dev.clf").is_file():
        pytest.skip(f"shared PMB data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def sample_data() -> Path:
    """The repository's ``sample_data`` directory (paper_gold.clf, paper_pred.clf)."""
    return SAMPLE_DATA


@pytest.fixture(scope="session")
def shared_path(shared_data: Path):
    """A function: relative path under the shared data -> Path, or skip naming the missing file."""
    def find(relative: str) -> Path:
        path = shared_data / relative
        if not path.is_file():
            pytest.skip(f"shared data file {path} not found")
        return path
    return find
