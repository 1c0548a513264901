"""The package as users get it: the wheel holds the app (app.py, pages/, app_widgets/ as
dscorer_core/_app/) and ``dscorer app`` serves it from there; the metadata a package index shows;
the sdist holds the sample data and its tests pass or skip. The install of the wheel into a fresh
virtual environment is .ci/run's step (it takes a minute: numpy and scipy from the index)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from served_app import free_port, wait_healthy

ROOT = Path(__file__).resolve().parent.parent

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_package_list_holds_every_core_package_and_the_app():
    listed = pyproject()["tool"]["setuptools"]["packages"]
    found = sorted(".".join(p.relative_to(ROOT).parts[:-1]) for p in (ROOT / "dscorer_core").rglob("__init__.py"))
    app = ["dscorer_core._app", "dscorer_core._app.app_widgets", "dscorer_core._app.pages"]
    assert sorted(listed) == sorted(found + app)
    mapping = pyproject()["tool"]["setuptools"]["package-dir"]
    assert mapping == {"dscorer_core._app": ".", "dscorer_core._app.app_widgets": "app_widgets",
                       "dscorer_core._app.pages": "pages"}


def test_the_metadata_a_package_index_shows():
    project = pyproject()["project"]
    assert project["license"] == "MIT" and "setuptools>=77" in pyproject()["build-system"]["requires"]
    assert any(c.startswith("Programming Language :: Python :: 3.1") for c in project["classifiers"])
    assert any(c.startswith("Topic ::") for c in project["classifiers"]) and project["keywords"]
    assert project["urls"]
    readme = ROOT / project["readme"]["file"]
    links = re.findall(r"\]\(([^)]+)\)", readme.read_text(encoding="utf-8"))
    assert links and all(link.startswith("https://") for link in links)  # no link relative to a repository
    assert {"nbclient", "nbformat", "ipykernel"} <= {re.split(r"[<>=\[]", d)[0]
                                                     for d in project["optional-dependencies"]["dev"]}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode:
        pytest.skip(f"the wheel could not be built here: {done.stderr[-500:]}")
    (found,) = out.glob("dscorer-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_holds_the_app_and_the_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("dscorer_core/_app/app.py", "dscorer_core/_app/pages/1_Corpus.py",
                 "dscorer_core/_app/app_widgets/__init__.py",
                 "dscorer_core/_app/app_widgets/box_view_assets/box_view.js",
                 "dscorer_core/_app/.streamlit/config.toml", "dscorer_core/_app/sample_data/paper_gold.clf",
                 "dscorer_core/render/assets/box_view.css", "dscorer_core/render/assets/report.js",
                 "dscorer_core/cli/app_command.py", "dscorer_core/data/wordnet_senses.tsv.gz"):
        assert name in names, name
    assert not any(n.startswith(("tests/", "bench/", "app_widgets/", "pages/")) for n in names)
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta and "Classifier: Topic :: Text Processing :: Linguistic" in meta


@pytest.mark.slow
@pytest.mark.browser
def test_dscorer_app_serves_the_app_from_the_unpacked_wheel(wheel, tmp_path, new_page):
    """The wheel's files alone (unpacked, first on the path): ``dscorer app PRED GOLD`` starts the
    app from dscorer_core/_app and it shows the pair view on the given files."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    samples = site / "dscorer_core" / "_app" / "sample_data"
    pred, gold = samples / "paper_pred.clf", samples / "paper_gold.clf"
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("DSCORER_ALLOWED_DIRS", None)
    server = subprocess.Popen([sys.executable, "-m", "dscorer_core", "app", str(pred), str(gold), "--port", str(port),
                               "--no-browser"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_healthy(f"http://127.0.0.1:{port}", server, 90, lambda: "dscorer app did not start")
        page = new_page()
        page.goto(f"http://127.0.0.1:{port}/?pred=path:{pred}&gold=path:{gold}")
        page.get_by_text("Pair view").first.wait_for()
        page.get_by_text("He did n't play the piano").first.wait_for()  # document 0 of the given files
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the launcher and the Streamlit server it started
        server.wait(30)


@pytest.mark.slow
def test_the_sdist_holds_the_samples_and_its_tests_pass_or_skip(tmp_path):
    build = pytest.importorskip("build", reason="the sdist is built with `python -m build` (pip install build)")
    assert build
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    (sdist,) = tmp_path.glob("dscorer-*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (top,) = (tmp_path / "unpacked").iterdir()
    assert (top / "sample_data" / "paper_gold.clf").is_file() and (top / "docs" / "notebook.ipynb").is_file()
    # a few test modules of the unpacked sdist, its package first on the path; no ../shared/data beside it
    env = dict(os.environ, PYTHONPATH=str(top))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow",
                          "tests/test_layers.py", "tests/test_svg.py", "tests/test_notebook.py",
                          "tests/test_reader.py"],
                         cwd=top, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "skipped" in run.stdout and "failed" not in run.stdout
