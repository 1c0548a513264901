"""Shared fixtures: where the real PMB data and the sample files are.

The shared data lives outside the repository (``../shared/data`` from the repo
root) and is never copied in; tests that need it skip with a reason when absent.
The real-browser tests share one app server and one Chromium for the session (``app_url``,
``browser``, ``new_page``, ``page``); their page helpers are in browser_helpers.py.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
SAMPLE_DATA = REPO_ROOT / "sample_data"


#: The tiers of the suite, by what a file's tests need (the strongest wins): ``browser`` (Chromium
#: through Playwright), ``served`` (a served app or other processes), ``app`` (Streamlit's AppTest or
#: the app's widgets), else ``core`` (the library and the command line). ``-m core`` is the fast loop.
TIER_SIGNS = (("browser", ("pytest.mark.browser", "app_url", "new_page")),
              ("served", ("served_app", "bench_processes")),
              ("app", ("AppTest", "app_widgets", "app_helpers")))


def _tier(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return next((tier for tier, signs in TIER_SIGNS if any(sign in text for sign in signs)), "core")


def pytest_ignore_collect(collection_path, config):
    """Under ``-m``, skip importing a test file whose tier the expression can never select (whatever the
    other marks of its tests): the fast loop ``-m "core and not slow"`` then imports no app or browser
    test module. Only test files are judged; a file's tier is the one ``_tier`` gives its tests."""
    markexpr = config.getoption("markexpr", "")
    path = Path(str(collection_path))
    if not markexpr or path.suffix != ".py" or not path.name.startswith("test_"):
        return None
    import itertools

    from _pytest.mark.expression import Expression

    tier = _tier(path)
    tiers = {name for name, _ in TIER_SIGNS} | {"core"}
    others = sorted(set(re.findall(r"[A-Za-z_]\w*", markexpr)) - tiers - {"and", "or", "not"})
    expression = Expression.compile(markexpr)
    for values in itertools.product((False, True), repeat=len(others)):
        marks = {**dict(zip(others, values)), **{name: name == tier for name in tiers}}
        if expression.evaluate(lambda name, marks=marks, **_: marks.get(name, False)):
            return None
    return True


def pytest_collection_modifyitems(config, items):
    """Mark every test with its file's tier (``core``, ``app``, ``served``, ``browser``)."""
    tiers: dict[Path, str] = {}
    for item in items:
        path = Path(str(item.fspath))
        if path not in tiers:
            tiers[path] = _tier(path)
        item.add_marker(getattr(pytest.mark, tiers[path]))


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


# ---------------------------------------------------------------- the app in a real browser

# served_app.py (beside this file) serves the app for the browser tests and the benchmarks' browser scripts
from browser_helpers import VIEWPORTS  # noqa: E402
from served_app import CHROMIUM_FLAGS, served_app  # noqa: E402


@pytest.fixture(scope="session")
def judging_dir(tmp_path_factory) -> Path:
    """A directory the served app may write judgement files in (listed in its DSCORER_ALLOWED_DIRS)."""
    return tmp_path_factory.mktemp("judging")


@pytest.fixture(scope="session")
def app_url(judging_dir):
    """The app (``streamlit run app.py``) served on a free localhost port for the whole session;
    yields its base URL. Every test opens its own browser context, so its own Streamlit session:
    the server shares only caches between tests (results are the same, only faster). The app may
    read the repository and ../shared/data, and write judgement files in ``judging_dir``."""
    allowed = [REPO_ROOT, judging_dir] + ([SHARED_DATA] if SHARED_DATA.is_dir() else [])
    env = dict(os.environ, DSCORER_ALLOWED_DIRS=os.pathsep.join(str(p) for p in allowed))
    cache = REPO_ROOT / ".pytest_cache"
    log_path = cache / f"streamlit_{os.getpid()}.log" if cache.is_dir() else Path(os.devnull)
    try:
        with log_path.open("w") as log, served_app(60, env=env, log=log) as (url, _):
            yield url
    except SystemExit:
        pytest.fail("the Streamlit app did not start")


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium through Playwright (skips without Playwright or Chromium)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (Python package) is not installed")
    chromium = Path(os.environ.get("DSCORER_CHROMIUM", "/usr/bin/chromium"))
    if not chromium.is_file():
        pytest.skip(f"no Chromium at {chromium} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    """A function: (viewport height, default timeout in ms, Streamlit-idle timeout in ms, viewport width) -> a fresh
    page in its own browser context, closed after the test. The page records alert texts in
    ``page.dialogs`` (dismissing them) and console messages in ``page.console_lines``; helpers
    read ``page.idle_timeout`` (see browser_helpers.wait_idle)."""
    contexts = []

    def make(height: int = 1300, timeout: int = 60_000, idle_timeout: int = 120_000, width: int = 1500,
             accept_downloads: bool = False):
        context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=accept_downloads)
        contexts.append(context)
        pg = context.new_page()
        pg.set_default_timeout(timeout)
        pg.idle_timeout = idle_timeout
        pg.dialogs = []
        pg.console_lines = []
        pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
        pg.on("console", lambda m: pg.console_lines.append(m.text))
        return pg

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(params=VIEWPORTS, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_page(request, new_page, app_url):
    """A fresh page at one of VIEWPORTS (downloads accepted); ``page.app_url`` is the served app."""
    width, height = request.param
    page = new_page(height=height, width=width, timeout=120_000, idle_timeout=300_000, accept_downloads=True)
    page.app_url = app_url
    return page


@pytest.fixture
def viewport_page(new_page):
    """A function: (width, height) -> a fresh page of that viewport (downloads accepted)."""
    return lambda width, height: new_page(height=height, width=width, accept_downloads=True)


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where browser tests leave their screenshots (DSCORER_SCREENSHOTS, else a temporary directory)."""
    where = os.environ.get("DSCORER_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screens")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def page(new_page):
    """A fresh page with new_page's defaults (test_compare_browser.py has its own)."""
    return new_page()
