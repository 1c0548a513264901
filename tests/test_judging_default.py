"""The judgement file offered first lies outside the checkout, and judgement files are ignored by git."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("streamlit")

from app_widgets.judging import DEFAULT_STORE, judgements_dir

REPO = Path(__file__).resolve().parent.parent


def test_the_offered_judgement_file_is_outside_the_checkout():
    assert not Path(DEFAULT_STORE).is_relative_to(REPO)
    assert Path(DEFAULT_STORE).name == "judgements.sqlite"
    assert judgements_dir({"DSCORER_JUDGEMENTS_DIR": "/srv/judging"}) == Path("/srv/judging")
    assert judgements_dir({"XDG_DATA_HOME": "/home/ann/.data"}) == Path("/home/ann/.data/dscorer")
    assert judgements_dir({}).parts[-3:] == (".local", "share", "dscorer")


@pytest.mark.skipif(shutil.which("git") is None or not (REPO / ".git").exists(), reason="not a git checkout")
def test_judgement_files_in_the_checkout_are_ignored_by_git():
    for name in ("judgements.sqlite", "sub/judgements.sqlite", "judgements.sqlite-journal"):
        done = subprocess.run(["git", "check-ignore", "-q", name], cwd=REPO, check=False)
        assert done.returncode == 0, name
