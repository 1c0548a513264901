"""Standalone HTML: the core's style sheets and scripts, kept as files in ``render/assets/``, and
the one place that wraps them into ``<style>`` and ``<script>`` elements of a page.

The box view's style is the core's (``box_view.css``), so that its HTML fragments render styled
in the app, in a notebook and in a report alike; the report's small table script is
``report.js``. No Python source of the core holds CSS or JavaScript (tests/test_layers.py); this
module only reads those files and puts them in a page, with data as escaped JSON.
"""

from __future__ import annotations

import html
import json
from functools import cache
from importlib.resources import files
from typing import Any

#: The asset files this module reads (package data of ``dscorer_core.render``).
ASSETS = ("box_view.css", "notebook.css", "report.css", "report.js")


@cache
def asset(name: str) -> str:
    """The text of one asset file of ``render/assets/`` (``box_view.css``, ``report.js``, ...)."""
    if name not in ASSETS:
        raise ValueError(f"no asset {name!r}; the assets are {', '.join(ASSETS)}")
    return (files(__package__) / "assets" / name).read_text(encoding="utf-8")


def style_element(*names: str) -> str:
    """A ``<style>`` element holding the named asset style sheets."""
    return "<style>" + "\n".join(asset(n) for n in names) + "</style>"


def script_element(name: str) -> str:
    """A ``<script>`` element holding the named asset script."""
    code = asset(name)
    if "</" in code:  # an asset never closes its element early
        raise ValueError(f"asset {name} holds '</'")
    return f"<script>{code}</script>"


def json_script(element_id: str, data: Any) -> str:
    """Data for a page's script, as JSON that no text can break out of: ``<``, ``>``, ``&`` and the
    line separators are escaped, and the element is of a type the browser never runs."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                       ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return f'<script type="application/json" id="{html.escape(element_id, quote=True)}">{text}</script>'


def html_document(title: str, body: str, styles: tuple[str, ...] = (), scripts: tuple[str, ...] = (),
                  body_class: str = "") -> str:
    """A whole HTML page: ``title`` escaped, ``body`` as given (escaped fragments), the named asset
    style sheets in the head and the named asset scripts at the end of the body. No external reference."""
    head = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title>{style_element(*styles) if styles else ''}</head>")
    klass = f' class="{html.escape(body_class, quote=True)}"' if body_class else ""
    return f"{head}<body{klass}>{body}{''.join(script_element(s) for s in scripts)}</body></html>\n"
