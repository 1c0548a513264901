"""Icons with a text fallback: every alert icon of the app's pages is a Material icon (Streamlit ships
its font), never an emoji that needs an emoji font on the reader's system."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("streamlit")

from app_helpers import new_app, no_errors

REPO = Path(__file__).resolve().parent.parent
#: An icon= or page_icon= argument that is not a Material icon name.
EMOJI_ICON = re.compile(r"""\b(?:page_)?icon=["'](?!:material/)""")


def test_no_page_or_widget_asks_for_an_emoji_icon():
    sources = [REPO / "app.py", *sorted((REPO / "app_widgets").glob("*.py")),
               *(p for p in sorted((REPO / "pages").glob("*.py")) if p.name != "2_Graph_conversion.py")]
    found = [f"{p.name}: {line.strip()}" for p in sources for line in p.read_text(encoding="utf-8").splitlines()
             if EMOJI_ICON.search(line)]
    assert found == []


def test_the_pair_view_s_warnings_carry_material_icons():
    at = new_app().run()
    at.radio(key="src_pred").set_value("Upload").run()
    at.file_uploader(key="upload_pred").set_value(("bad.clf", b"b1 REF x1\nb1 male\n", "text/plain")).run()
    no_errors(at)
    icons = [a.icon for a in [*at.warning, *at.error]]
    assert icons and all(i.startswith(":material/") for i in icons), icons
