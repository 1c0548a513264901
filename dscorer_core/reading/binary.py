"""Telling a binary file (compressed, an image, a program, a database) from text before it is read.

A binary file given as a DRS file would otherwise be reported line by line as "not UTF-8", its
bytes quoted twenty times over; ``binary_kind`` lets the reader refuse it in one line that names
the file and what it seems to be.
"""

from __future__ import annotations

#: Leading bytes of common binary formats and what to call a file that starts with them.
SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "gzip-compressed file"),
    (b"BZh91AY&SY", "bzip2-compressed file"),
    (b"\xfd7zXZ\x00", "xz-compressed file"),
    (b"(\xb5/\xfd", "zstd-compressed file"),
    (b"PK\x03\x04", "zip archive"),
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF8", "GIF image"),
    (b"%PDF-", "PDF document"),
    (b"\x7fELF", "program (ELF)"),
    (b"SQLite format 3\x00", "SQLite database"),
)
#: How many leading bytes the content test looks at.
SAMPLE_BYTES = 8192
#: A sample with more than this share of characters that no text file holds (control characters,
#: bytes that are not UTF-8) is binary; a text file in another encoding (a few accented letters in
#: Latin-1) stays below it and is reported line by line instead.
BINARY_SHARE = 0.1
_TEXT_CONTROLS = frozenset("\t\n\r\f\v")


def binary_kind(data: bytes) -> str | None:
    """What kind of binary file ``data`` holds ("gzip-compressed file", "binary file (it holds NUL
    bytes)", ...), or None when it reads as text (whatever its encoding)."""
    for magic, kind in SIGNATURES:
        if data.startswith(magic):
            return kind
    sample = data[:SAMPLE_BYTES]
    if b"\x00" in sample:
        return "binary file (it holds NUL bytes; UTF-16 text without a byte order mark looks the same)"
    text = sample.decode("utf-8", errors="replace")
    if len(sample) == SAMPLE_BYTES:  # a character cut at the sample's end is not a fault of the file
        text = text.rstrip("\ufffd")
    odd = sum(1 for ch in text if ch == "\ufffd" or (ch < " " and ch not in _TEXT_CONTROLS))
    return "binary file" if text and odd / len(text) > BINARY_SHARE else None


def binary_position(data: bytes) -> tuple[int, int]:
    """Where a binary file shows it is one, as (line, column), both from 1: its first byte for a known
    signature, else its first NUL byte, else its first byte that no text file holds (a control
    character or a byte that is not UTF-8); (1, 1) when none is found. Error messages name it as
    FILE:LINE:COL, as every other bad line."""
    if any(data.startswith(magic) for magic, _ in SIGNATURES):
        return 1, 1
    sample = data[:SAMPLE_BYTES]
    at = sample.find(b"\x00")
    if at < 0:
        text = sample.decode("utf-8", errors="replace")
        odd = next((i for i, ch in enumerate(text) if ch == "\ufffd" or (ch < " " and ch not in _TEXT_CONTROLS)), None)
        if odd is None:
            return 1, 1
        before = text[:odd]
        return before.count("\n") + 1, odd - (before.rfind("\n") + 1) + 1
    line_start = sample.rfind(b"\n", 0, at) + 1
    column = len(sample[line_start:at].decode("utf-8", errors="replace")) + 1
    return sample.count(b"\n", 0, at) + 1, column
