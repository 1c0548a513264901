"""The layering of the code, read from its import statements (docs/architecture.md): the core never
imports upwards nor the app, its modules import each other without cycles, and it holds no browser code."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The core's layers, lowest first: a unit (a top-level module or sub-package of dscorer_core, or one
#: of its modules named here, ``reading.decode``) may import units of lower layers only; units of one
#: layer are independent of each other. The reading package spans layers: its first stages sit under
#: the data they build, its last (SBN converted to DRSs, streams) over the metrics' SBN code.
LAYERS: tuple[tuple[str, ...], ...] = (
    # file_kinds: what a path that is not a regular file is, for readers' and writers' messages
    ("version", "errors", "file_kinds"),
    # checks every reader, writer and setting shares: text, input and output files, setting values
    # runner: where a corpus's batches run (this process, N processes), handed down to the metrics
    ("setting_checks", "text_checks", "reading.files", "output_files", "runner"),
    # sbn.model, sbn.vocabulary, sbn.token_alignment: the SBN data the SBN reader builds (no imports)
    # notebook_methods: the results' shared ``__repr__``, ``_repr_html_``, ``to_pandas`` and ``show``
    # batches: the one batch loop (a plan of ranges run in this process or on the runner, in corpus order)
    ("batches", "reading.binary", "clause_format", "sparse_rows", "csv_safety", "formula", "wordnet", "signature",
     "relay", "sbn.model", "sbn.vocabulary", "sbn.token_alignment", "notebook_methods"),
    ("clauses", "align", "reading.decode", "reading.detect"),
    # reading.clause_text, reading.sbn_text: clause and SBN text to DRSs and SBNs
    ("referee", "document_parts", "reading.clause_text", "reading.sbn_text"),
    ("ill_formed",),
    ("ngrams", "counter", "sbn"),  # the metrics, each on its own
    # reading: the whole read (SBN converted by sbn.to_drs) and the streams of pieces (reading.chunks)
    # metrics: the registry of all three; sentence_scores: a long document's sentences scored one by one
    ("reading", "swapped_sides", "undirected_kgrams", "judgements", "metrics", "sentence_scores", "drs_diff"),
    # compat: the 0.1 corpus functions as thin aliases of the metrics' driver (one release)
    ("analysis", "render", "stats", "compat"),
    # interface: the front door (load, loads, score), the one pipeline the command line calls too
    ("interface",),
    ("cluster",),  # the Dask back end: runs the metrics' batches on workers (docs/scale.md)
    ("cli",),
    ("__init__", "__main__"),  # the public facade (names imported on first use) and ``python -m``
)
RANK = {unit: i for i, layer in enumerate(LAYERS) for unit in layer}
#: The only imports allowed to point upwards, each inside a function (imported on use, never at load).
#: (module, module it imports) pairs. Where a corpus runs is handed down (``dscorer_core.runner``):
#: no metric imports the cluster back end.
LAZY_UPWARD = {
    # the results' notebook methods (``_repr_html_``, ``show``, ``to_pandas``, ``__repr__``), written once,
    # are thin calls into the renderer, which draws and tabulates them (issue 32) and never imports them back
    ("dscorer_core.notebook_methods", "dscorer_core.render.notebook"),
}
#: What the core never imports, not even lazily: the app and its libraries.
APP_ONLY = ("streamlit", "pyvis", "app_widgets", "pages", "app", "pandas", "altair")
#: The one exception: ``to_pandas()`` imports pandas inside the function that builds the DataFrame.
LAZY_APP_ONLY = {("dscorer_core.render.notebook", "pandas")}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, bool]]:
    """Every module ``path`` imports, absolute, with whether the import runs when the module is loaded
    (False inside a function: imported on first use). ``if TYPE_CHECKING`` blocks do not count."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, loaded: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if child.module is None:  # ``from .. import formula``: the modules named
                    found.extend((f"{target}.{a.name}", loaded) for a in child.names)
                else:
                    found.append((target, loaded))
            elif isinstance(child, ast.Import):
                found.extend((a.name, loaded) for a in child.names)
            visit(child, loaded and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


def _unit(module: str) -> str:
    """The unit of a core module: the longest of its names that LAYERS lists (``reading.decode``,
    ``sbn.model``), else its top-level module or sub-package (``ngrams``)."""
    parts = module.split(".")
    for end in range(len(parts), 2, -1):
        if ".".join(parts[1:end]) in RANK:
            return ".".join(parts[1:end])
    return parts[1] if len(parts) > 1 else "__init__"


def core_files() -> list[Path]:
    return sorted((ROOT / "dscorer_core").rglob("*.py"))


def test_every_core_unit_has_a_layer():
    units = {_unit(_module_name(p)) for p in core_files()}
    assert units <= set(RANK), sorted(units - set(RANK))


def test_the_core_never_imports_upwards_nor_across_a_layer():
    wrong = []
    for path in core_files():
        here = _unit(_module_name(path))
        for target, loaded in _imports(path):
            if not target.startswith("dscorer_core."):
                continue
            if not loaded and (_module_name(path), target) in LAZY_UPWARD:
                continue
            there = _unit(target)
            if there != here and RANK[there] >= RANK[here]:
                wrong.append(f"{path.relative_to(ROOT)} ({here}, layer {RANK[here]}) imports {target} "
                             f"({there}, layer {RANK[there]})")
    assert not wrong, "\n".join(wrong)


def test_the_core_never_imports_the_app():
    wrong = [f"{path.relative_to(ROOT)} imports {target}" for path in core_files()
             for target, loaded in _imports(path) if target.split(".")[0] in APP_ONLY
             and (loaded or (_module_name(path), target) not in LAZY_APP_ONLY)]
    assert not wrong, "\n".join(wrong)


def _import_graph(package: str, lazy: bool) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (at load; with ``lazy`` inside functions too)."""
    graph: dict[str, set[str]] = defaultdict(set)
    files = sorted((ROOT / package).rglob("*.py"))
    modules = {_module_name(p) for p in files}
    for path in files:
        here = _module_name(path)
        for target, loaded in _imports(path):
            if not loaded and not lazy:
                continue
            while target not in modules and "." in target:  # ``from .x import name`` names module x
                target = target.rpartition(".")[0]
            if target in modules and target != here and not target.startswith(here + "."):
                graph[here].add(target)
    return graph


@pytest.mark.parametrize("package", ["dscorer_core", "app_widgets"])
def test_no_import_cycles(package):
    """No cycle among the modules' load-time imports (a package's ``__init__`` importing its own
    modules is how a package is made, not a cycle; a module importing its package's ``__init__`` would be)."""
    cycles = _cycles(_import_graph(package, lazy=False))
    assert not cycles, cycles


def test_no_import_cycle_in_the_core_counting_imports_inside_functions():
    """Nor when the imports inside functions count too (a circle hidden behind imports made on first
    use is still a circle: the metrics once imported the cluster back end, which imports them)."""
    cycles = _cycles(_import_graph("dscorer_core", lazy=True))
    assert not cycles, cycles


def test_the_cycle_check_sees_a_cycle_behind_a_lazy_import():
    """The cycle finder is not blind: two modules importing each other, one inside a function."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_app_widgets_never_import_the_pages():
    wrong = [f"{path.relative_to(ROOT)} imports {target}" for path in sorted((ROOT / "app_widgets").rglob("*.py"))
             for target, _ in _imports(path) if target.split(".")[0] in ("pages", "app")]
    assert not wrong, "\n".join(wrong)


#: What browser code looks like in a Python source.
BROWSER_CODE = re.compile(r"<script|<style|addEventListener|function\s*\(|document\.querySelector")


#: The one core module that writes ``<style>`` and ``<script>`` elements: around the asset files of
#: ``dscorer_core/render/assets/`` (the box view's style, the report's table script) and JSON data.
PAGE_MODULE = ROOT / "dscorer_core" / "render" / "page.py"


def test_the_core_holds_no_browser_code():
    """The core is a library: its Python sources write escaped HTML fragments and SVG, never a script
    nor a style sheet; those are asset files (dscorer_core/render/assets/, the app's
    app_widgets/box_view_assets/ and static/), which only render/page.py puts in a page."""
    wrong = [f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}" for path in core_files() if path != PAGE_MODULE
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if BROWSER_CODE.search(line)]
    assert not wrong, "\n".join(wrong)


def test_the_layer_check_sees_an_upward_import(tmp_path):
    """The reader of imports is not blind: a relative upward import is found and named."""
    fake = ROOT / "dscorer_core" / "clauses.py"
    found = dict(_imports(fake))
    assert "dscorer_core.errors" in found and found["dscorer_core.errors"] is True
    render = dict(_imports(ROOT / "dscorer_core" / "render" / "svg.py"))
    assert any(t.startswith("dscorer_core.ngrams.") for t in render)
    assert RANK[_unit("dscorer_core.render.svg")] > RANK[_unit("dscorer_core.ngrams.induction")]


def _imported_modules(tree: ast.AST) -> set[str]:
    """The top-level names of every module a file imports, function-level imports included."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


#: How a test file could reach into bench/: the folder put on sys.path or a file loaded from it.
BENCH_PATH = re.compile(r"""["']bench["']|bench/\w+\.py["']""")


def test_no_test_imports_bench():
    """bench/ holds speed scripts; the tests' shared helpers live in tests/ (bench imports them from there)."""
    bench_modules = {p.stem for p in (ROOT / "bench").glob("*.py")}
    tests = sorted(p for p in (ROOT / "tests").glob("*.py") if p.name != Path(__file__).name)  # not this check
    assert tests and bench_modules
    for path in tests:
        text = path.read_text(encoding="utf-8")
        reached = _imported_modules(ast.parse(text)) & bench_modules
        assert not reached, f"{path.name} imports bench/ module(s) {sorted(reached)}"
        assert not BENCH_PATH.search(text), f"{path.name} reaches into bench/: {BENCH_PATH.search(text)[0]!r}"


def test_the_bench_check_sees_an_import_from_bench():
    bench_module = next((ROOT / "bench").glob("*.py")).stem
    assert bench_module in _imported_modules(ast.parse(f"def f():\n    import {bench_module}\n"))
    assert BENCH_PATH.search('sys.path.insert(0, str(ROOT / "bench"))')


#: The modules that hand tasks to a runner themselves: the one batch loop, and the cluster's streamed
#: file runs (pieces read lazily from files, always on the runner given: no in-process branch of their own).
MAP_ORDERED_CALLERS = {"dscorer_core.batches", "dscorer_core.cluster.runs"}


def _attribute_readers(attr: str) -> dict[str, int]:
    """Core module -> how often it reads ``x.attr`` for an ``x`` other than ``self`` (definitions and
    a class's own uses do not count)."""
    found: dict[str, int] = defaultdict(int)
    for path in core_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == attr
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self")):
                found[_module_name(path)] += 1
    return dict(found)


def test_the_in_process_or_runner_branch_is_written_once():
    """Issue 30, item 3: one batch loop (``dscorer_core.batches``) decides whether a corpus's batches run
    here or on the runner; the driver and the corpus functions of all three metrics go through it."""
    callers = _attribute_readers("map_ordered")
    assert set(callers) <= MAP_ORDERED_CALLERS, sorted(set(callers) - MAP_ORDERED_CALLERS)
    assert callers.get("dscorer_core.batches") == 1
    assert _attribute_readers("workers") == {"dscorer_core.batches": 1}, _attribute_readers("workers")
    users = {name for name in ("dscorer_core.metrics.driver", "dscorer_core.ngrams.corpus",
                               "dscorer_core.counter.score", "dscorer_core.sbn.smatch")
             if ("dscorer_core.batches", True) in _imports(ROOT / (name.replace(".", "/") + ".py"))}
    assert len(users) == 4, users


#: The per-metric corpus functions below the driver: building blocks of the streamed cluster runs and of
#: Smatch's explanation, never called by a door a user scores through.
CORPUS_FUNCTIONS = {"score_corpus", "counter_corpus", "smatch_corpus"}


def _doors() -> list[Path]:
    """The modules a user scores through: the command line, the library's front door, the app."""
    return sorted([*(ROOT / "dscorer_core" / "cli").glob("*.py"), ROOT / "dscorer_core" / "interface.py",
                   ROOT / "dscorer_core" / "__init__.py", ROOT / "app.py", *(ROOT / "app_widgets").glob("*.py"),
                   *(ROOT / "pages").glob("*.py")])


def test_every_door_scores_through_the_one_driver():
    """Issue 30, item 2: the command line, ``dscorer.score`` and the app's pages score a corpus with the
    driver (``run_metric``, ``metric_detail``, a metric's ``score``), never a per-metric corpus function;
    the old names live on only as the driver's thin aliases (``dscorer_core.compat``)."""
    calls = {}
    for path in _doors():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in CORPUS_FUNCTIONS:
                    calls[f"{path.relative_to(ROOT)}:{node.lineno}"] = name
    assert calls == {}
    compat = ast.parse((ROOT / "dscorer_core" / "compat.py").read_text(encoding="utf-8"))
    for function in (n for n in compat.body if isinstance(n, ast.FunctionDef)):
        called = {c.func.id for c in ast.walk(function) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
        assert "run_metric" in called, function.name
