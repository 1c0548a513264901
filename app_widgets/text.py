"""Making file text safe to show: Markdown escaping, tooltips pyvis cannot turn into HTML, JSON."""

from __future__ import annotations

import json
import re

__all__ = ["md_escape", "defuse_title", "json_text"]

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=\"'])")


#: The most characters of one text ``md_escape`` shows (a sentence line of a million characters).
MAX_SHOWN_CHARS = 2_000


def md_escape(text: str) -> str:
    """Escape text for Streamlit Markdown so it shows literally (no links, HTML or directives); at
    most MAX_SHOWN_CHARS characters of it, with its length."""
    if len(text) > MAX_SHOWN_CHARS:
        text = f"{text[:MAX_SHOWN_CHARS]}… ({len(text):,} characters)"
    return _MD_SPECIAL.sub(r"\\\1", text).replace("\n", "  \n")


def defuse_title(text: str) -> str:
    """Break every ``href`` in a tooltip with a zero-width joiner: pyvis switches to an
    innerHTML popup when a node title contains ``href``; at most MAX_SHOWN_CHARS characters."""
    if len(text) > MAX_SHOWN_CHARS:
        text = f"{text[:MAX_SHOWN_CHARS]}… ({len(text):,} characters)"
    return re.sub(r"(?i)(h)(ref)", "\\1\u200d\\2", text)


def json_text(data: object) -> str:
    """JSON for a download button."""
    return json.dumps(data, indent=2, ensure_ascii=False)
