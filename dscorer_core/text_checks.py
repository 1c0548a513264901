"""Checks every reader makes on a line of text before any other work on it (docs/limits.md, issue 33):
a NUL character (a binary or UTF-16 file), a lone surrogate (text that no UTF-8 file can hold: it
comes only from a Python string made by hand, and breaks every later encoding of it), and a line
longer than MAX_LINE_CHARS (a clause line holds 3 or 4 tokens; tokenising a 50 MB line took a
minute and gigabytes before it was scored as ill-formed)."""

from __future__ import annotations

import codecs
import re

#: The longest line a reader reads, in characters (1 MiB): a 1 MB constant is still a valid token.
MAX_LINE_CHARS = 1 << 20

_SURROGATE = re.compile("[\ud800-\udfff]")


def surrogate_position(text: str) -> int | None:
    """The 0-based position of the first lone surrogate in ``text``, or None."""
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    return found.start() if found else None


def line_problem(raw: str) -> tuple[str, int | None] | None:
    """(what is wrong, 1-based column or None) with one line of a DRS file before it is parsed, or None."""
    if len(raw) > MAX_LINE_CHARS:
        return (f"the line holds {len(raw):,} characters, above the limit of {MAX_LINE_CHARS:,} per line "
                "(MAX_LINE_CHARS, docs/limits.md)", None)
    if "\x00" in raw:
        return "NUL character (a binary or UTF-16 file?)", raw.find("\x00") + 1
    at = surrogate_position(raw)
    if at is not None:
        return (f"lone surrogate U+{ord(raw[at]):04X}: not a Unicode character (text decoded with "
                "'surrogateescape'?); give the text as valid Unicode", at + 1)
    return None


def safe_excerpt(raw: str, chars: int = 120) -> str:
    """The first ``chars`` characters of a bad line, any lone surrogate written as ``\\udXXX`` and
    NULs dropped, so that the excerpt can be printed, encoded and written as JSON."""
    return raw[:chars].replace("\x00", "").encode("utf-8", "backslashreplace").decode("utf-8").strip()


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def escape_surrogates(text: str) -> str:
    """``text`` with every lone surrogate written out: a byte of a file name that is not UTF-8 (Python
    holds it as U+DC80..U+DCFF) as ``\\xNN``, any other as ``\\uDXXX``; other text unchanged."""
    if surrogate_position(text) is None:
        return text
    return _SURROGATE.sub(lambda m: _escape(m.group()), text)


def _escape_errors(exc: UnicodeError) -> tuple[str, int]:
    """A codec error handler: an unencodable surrogate is written as ``escape_surrogates`` writes it."""
    if isinstance(exc, UnicodeEncodeError):
        return "".join(_escape(ch) for ch in exc.object[exc.start:exc.end]), exc.end
    raise exc


#: The name of the codec error handler that escapes surrogates (``stream.reconfigure(errors=...)``).
ESCAPE_ERRORS = "dscorer-escape"
codecs.register_error(ESCAPE_ERRORS, _escape_errors)
