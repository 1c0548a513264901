"""The app's server with a sampling profiler: where the script threads spend their time under load.

Used in place of ``python -m streamlit`` (``load_app.py --profile OUT``): a thread samples every
script thread's stack every few milliseconds (``sys._current_frames``), and OUT gets, every ten
seconds and at exit, the functions of the project (app, pages, app_widgets, dscorer_core) and of
Streamlit with the share of samples in which they were on the stack (inclusive) or on top (own).

    python3 bench/profile_server.py OUT run app.py [streamlit options]
"""

from __future__ import annotations

import atexit
import sys
import threading
import time
from collections import Counter
from pathlib import Path

INTERVAL = 0.005


def _name(code) -> str:
    path = code.co_filename
    for marker in ("site-packages/", "/wt-", "/main/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{code.co_firstlineno}:{code.co_name}"


class Sampler:
    """Counts, per function, the samples of script threads it was on (inclusive) and on top of (own)."""

    def __init__(self, out: Path):
        self.out, self.samples = out, 0
        self.inclusive: Counter[str] = Counter()
        self.own: Counter[str] = Counter()
        self.lock = threading.Lock()

    def run(self) -> None:
        me, last = threading.get_ident(), time.monotonic()
        while True:
            time.sleep(INTERVAL)
            names = {t.ident: t.name for t in threading.enumerate()}
            for ident, frame in sys._current_frames().items():
                if ident == me or not names.get(ident, "").startswith("ScriptRunner"):
                    continue
                stack, f = [], frame
                while f is not None:
                    stack.append(_name(f.f_code))
                    f = f.f_back
                with self.lock:
                    self.samples += 1
                    self.own[stack[0]] += 1
                    self.inclusive.update(set(stack))
            if time.monotonic() - last > 10:
                self.write()
                last = time.monotonic()

    def write(self) -> None:
        with self.lock:
            n = max(1, self.samples)
            lines = [f"{self.samples} samples of script threads, every {INTERVAL * 1000:g} ms", "", "inclusive:"]
            lines += [f"{c / n:6.1%}  {name}" for name, c in self.inclusive.most_common(60)]
            lines += ["", "own (on top of the stack):"]
            lines += [f"{c / n:6.1%}  {name}" for name, c in self.own.most_common(40)]
        self.out.write_text("\n".join(lines) + "\n")


def main() -> None:
    out = Path(sys.argv[1])
    sampler = Sampler(out)
    threading.Thread(target=sampler.run, daemon=True, name="profiler").start()
    atexit.register(sampler.write)
    sys.argv = ["streamlit", *sys.argv[2:]]
    from streamlit.web.cli import main as streamlit_main
    streamlit_main()


if __name__ == "__main__":
    main()
