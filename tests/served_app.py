"""The app served on a free loopback port for everything that drives it in a browser
(bench_app.py, load_app.py, scripts/take_screenshots.py, the browser tests' ``app_url``): one way
to start it and wait for it."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parent.parent
#: Debian's Chromium, driven by Playwright (no browser is downloaded), and the flags every script uses.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served_app(timeout: float = 90, env: Mapping[str, str] | None = None,
               log: IO[str] | None = None, launcher: Sequence[str] = (),
               port: int | None = None, app_dir: Path = REPO) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``streamlit run app.py`` on a free loopback port: (its URL, its process) once the health
    check answers; stopped on leaving the block. ``env``: the server's environment (default this
    one's); ``log``: where its output goes (default nowhere); ``launcher``: the command in place of
    ``python -m streamlit`` (e.g. bench/profile_server.py); ``port``: a fixed port (default a free one);
    ``app_dir``: the checkout whose app.py runs."""
    port = port or free_port()
    out: IO[str] | int = log if log is not None else subprocess.DEVNULL
    command = [*(launcher or (sys.executable, "-m", "streamlit"))]
    proc = subprocess.Popen([*command, "run", "app.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
                            cwd=app_dir, stdout=out, stderr=subprocess.STDOUT,
                            env=dict(env) if env is not None else None)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc, timeout, lambda: "the app did not start")
        yield url, proc
    finally:
        stop(proc)


def wait_healthy(url: str, proc: subprocess.Popen[bytes], timeout: float, why: Callable[[], str]) -> None:
    """Return once ``url``'s Streamlit health check answers ok; SystemExit(why()) when ``proc`` ends
    or ``timeout`` seconds pass first."""
    deadline = time.time() + timeout
    while True:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            raise SystemExit(why())
        time.sleep(0.25)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Terminate a server, killing it when it has not ended in 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
