"""Which local files a hosted app may read: only below directories the operator allows.

The operator lists them in the environment variable ``DSCORER_ALLOWED_DIRS`` (separated by
``os.pathsep``, ``:`` on Linux; an empty value allows none). Unset, the app started on this
machine only (the default, 127.0.0.1) may read below the directory it was started in and
``../shared/data`` when that exists; an app that serves other machines reads none.
A path is resolved (``~``, ``..``, symlinks) before it is checked (docs/hosting.md).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from dscorer_core.errors import DscorerInputError

__all__ = ["ALLOWED_DIRS_VARIABLE", "LOOPBACK_ADDRESSES", "PathNotAllowed", "serves_only_this_machine",
           "allowed_roots", "resolve_allowed", "resolve_writable"]

#: The environment variable that lists the directories the Local path source may read.
ALLOWED_DIRS_VARIABLE = "DSCORER_ALLOWED_DIRS"
#: Server addresses that answer this machine only.
LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "localhost", "::1"})


class PathNotAllowed(DscorerInputError):
    """A local path outside the allowed directories (or none is allowed); quotes nothing of the file."""

    def __init__(self, text: str, roots: tuple[Path, ...]):
        self._init_args = (text, roots)
        self.roots = roots
        where = ("no directory is allowed (the operator lists them in "
                 f"{ALLOWED_DIRS_VARIABLE})") if not roots else \
            "only files below " + ", ".join(str(r) for r in roots) + " may be read"
        super().__init__(f"{text}: not an allowed path: {where}")


def serves_only_this_machine(address: str | None) -> bool:
    """True when a server bound to ``address`` answers this machine only (loopback)."""
    return (address or "").strip().strip("[]") in LOOPBACK_ADDRESSES


def allowed_roots(environ: Mapping[str, str], start_dir: Path, local_only: bool) -> tuple[Path, ...]:
    """The resolved directories below which files may be read: the operator's list when
    ``DSCORER_ALLOWED_DIRS`` is set, else the start directory and its ``../shared/data`` for an
    app on this machine only, and none for an app that serves others."""
    listed = environ.get(ALLOWED_DIRS_VARIABLE)
    if listed is not None:
        candidates = [Path(os.path.expanduser(p)) for p in listed.split(os.pathsep) if p.strip()]
    elif local_only:
        candidates = [start_dir, start_dir.parent / "shared" / "data"]
    else:
        candidates = []
    roots: list[Path] = []
    for c in candidates:
        resolved = (start_dir / c).resolve() if not c.is_absolute() else c.resolve()
        if resolved.is_dir() and resolved not in roots:
            roots.append(resolved)
    return tuple(roots)


def _check_text(text: str) -> str:
    """The path as typed, stripped; DscorerInputError for an empty one or one holding a NUL
    character (the operating system cannot take it: a one-line message, not a traceback)."""
    text = text.strip()
    if not text:
        raise DscorerInputError("no path given")
    if "\x00" in text:
        shown = text.replace("\x00", "\\0")[:200]
        raise DscorerInputError(f"{shown}: a path cannot hold a NUL character")
    return text


def resolve_allowed(text: str, roots: tuple[Path, ...], start_dir: Path, max_bytes: int | None = None) -> Path:
    """The file ``text`` names, fully resolved, if it lies below one of ``roots`` and is a readable
    regular file of at most ``max_bytes``; PathNotAllowed (checked first, so nothing is said about
    files elsewhere) or DscorerInputError otherwise."""
    text = _check_text(text)
    given = Path(os.path.expanduser(text))
    resolved = (given if given.is_absolute() else start_dir / given).resolve()
    if not any(resolved.is_relative_to(root) for root in roots):
        raise PathNotAllowed(text, roots)
    if not resolved.exists():
        raise DscorerInputError(f"{text}: no such file")
    if not resolved.is_file():
        raise DscorerInputError(f"{text}: not a regular file")
    if not os.access(resolved, os.R_OK):
        raise DscorerInputError(f"{text}: not readable")
    size = resolved.stat().st_size
    if max_bytes is not None and size > max_bytes:
        raise DscorerInputError(f"{text}: {size / 2**20:,.1f} MB, above the app's limit of "
                                f"{max_bytes / 2**20:,.0f} MB for one file (the upload limit; score it "
                                "with the command line)")
    return resolved


def resolve_writable(text: str, roots: tuple[Path, ...], start_dir: Path,
                     suffixes: tuple[str, ...] = (".sqlite", ".db")) -> Path:
    """The file ``text`` names for the app to create or write (a judgement store), fully resolved,
    if its folder lies below one of ``roots`` and exists, and its name ends with one of
    ``suffixes`` (so no other kind of file is ever written); PathNotAllowed or DscorerInputError."""
    text = _check_text(text)
    given = Path(os.path.expanduser(text))
    resolved = (given if given.is_absolute() else start_dir / given)
    resolved = resolved.parent.resolve() / resolved.name
    if resolved.is_symlink():  # a link to a file elsewhere would be written through
        resolved = resolved.resolve()
    if not any(resolved.is_relative_to(root) for root in roots):
        raise PathNotAllowed(text, roots)
    if resolved.suffix.lower() not in suffixes:
        raise DscorerInputError(f"{text}: a judgement file's name ends with {' or '.join(suffixes)}")
    if not resolved.parent.is_dir():
        raise DscorerInputError(f"{text}: no such folder")
    if resolved.exists() and not resolved.is_file():
        raise DscorerInputError(f"{text}: not a regular file")
    return resolved
