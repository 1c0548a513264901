"""``dscorer app [PRED GOLD] [--port N]``: start the browser app (``streamlit run app.py``) from an
installed package, on a pair of files if given.

The app's files (``app.py``, ``pages/``, ``app_widgets/``, ``.streamlit/config.toml`` and
``sample_data/``) stay at the repository's top level; the wheel carries them as the folder
``dscorer_core/_app/`` (setuptools' package-dir mapping in pyproject.toml; docs/app.md). This
launcher finds them there, or at the top of a checkout, and runs Streamlit with the app's
settings on the command line, so the user's own folder stays the app's start folder (the files
it may read, docs/hosting.md). Streamlit itself comes with the ``app`` extra.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
import webbrowser
from pathlib import Path

from ..errors import SettingsError
from .arg_types import positive_int

#: Where the wheel puts the app, and the checkout's top level (two folders above this one).
PACKAGED = Path(__file__).resolve().parent.parent / "_app"
CHECKOUT = Path(__file__).resolve().parent.parent.parent
#: How long to wait for the server before opening a browser (seconds).
START_TIMEOUT = 60.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("app", help="start the browser app (needs the app extra: pip install \"dscorer[app]\")",
                       description="Start the dscorer app in Streamlit on this machine (127.0.0.1) and open it "
                                   "in a browser, on PRED and GOLD if given (else on the bundled samples). "
                                   "Stop it with Ctrl+C.")
    p.add_argument("pred", nargs="?", help="predicted clause or SBN file to open")
    p.add_argument("gold", nargs="?", help="gold clause or SBN file to open")
    p.add_argument("--port", type=positive_int, default=8501, metavar="N", help="the server's port (default 8501)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser; print the address only")
    p.set_defaults(func=run)


def app_folder() -> Path:
    """The folder holding ``app.py``: ``dscorer_core/_app`` in an installed wheel, else the checkout."""
    for folder in (PACKAGED, CHECKOUT):
        if (folder / "app.py").is_file() and (folder / "app_widgets").is_dir():
            return folder
    raise SettingsError(f"the app's files are in neither {PACKAGED} nor {CHECKOUT}: reinstall dscorer")


def config_flags(config: Path) -> list[str]:
    """``--section.key=value`` for every setting of a Streamlit config file (its plain ``key = value``
    lines under ``[section]`` headings: what the app's own config.toml holds)."""
    flags: list[str] = []
    section = ""
    if not config.is_file():
        return flags
    for raw in config.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif "=" in line and section:
            key, value = (part.strip() for part in line.split("=", 1))
            flags.append(f"--{section}.{key}={value.strip(chr(34))}")
    return flags


def streamlit_command(folder: Path, port: int) -> list[str]:
    """The ``streamlit run`` command line of the app in ``folder`` with its settings on ``port``."""
    return [sys.executable, "-m", "streamlit", "run", str(folder / "app.py"),
            *config_flags(folder / ".streamlit" / "config.toml"), f"--server.port={port}"]


def app_url(port: int, pred: str | None, gold: str | None) -> str:
    """The address that opens the app, on ``pred`` and ``gold`` when given (``?pred=path:...``)."""
    base = f"http://127.0.0.1:{port}/"
    if not (pred and gold):
        return base
    query = urllib.parse.urlencode({"pred": f"path:{Path(pred).resolve()}", "gold": f"path:{Path(gold).resolve()}"})
    return f"{base}?{query}"


def _environment(pred: str | None, gold: str | None) -> dict[str, str]:
    """The server's environment: when files are given and no allowed folders are set, their folders
    join the start folder and ``../shared/data`` as the folders the app may read (docs/hosting.md)."""
    env = dict(os.environ)
    if pred and gold and "DSCORER_ALLOWED_DIRS" not in env:
        here = Path.cwd()
        folders = [here, here.parent / "shared" / "data", *(Path(p).resolve().parent for p in (pred, gold))]
        env["DSCORER_ALLOWED_DIRS"] = os.pathsep.join(dict.fromkeys(str(f) for f in folders))
    return env


def _wait_until_up(port: int, server: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            time.sleep(0.3)
    return False


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    if (args.pred is None) != (args.gold is None):
        raise SettingsError("give both PRED and GOLD, or neither (the app then opens on its samples)")
    for path in (args.pred, args.gold):
        if path is not None and not Path(path).is_file():
            raise SettingsError(f"{path}: no such file")
    if importlib.util.find_spec("streamlit") is None:
        raise SettingsError('the app needs Streamlit: pip install "dscorer[app]"')
    folder = app_folder()
    url = app_url(args.port, args.pred, args.gold)
    server = subprocess.Popen(streamlit_command(folder, args.port), env=_environment(args.pred, args.gold))
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupted)  # a terminated launcher stops its server too
    try:
        if _wait_until_up(args.port, server):
            print(f"dscorer app: {url} (Ctrl+C stops it)", file=sys.stderr)
            if not args.no_browser:
                webbrowser.open(url)
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        server.wait()
        return 130
