"""Writing an output file atomically, and only onto a new path or a regular file (issue 33).

``--csv``, ``--per-doc-out`` and the judgement store are written where the user says. A rename
over a device (``/dev/full``), a FIFO or a socket would replace it with a regular file, and a
directory cannot be replaced: any existing target that is not a regular file (a symbolic link is
judged by what it points to) is refused with an ``OutputError`` naming it, and left as it was.
A symbolic link to a regular file is followed: the file it points to is replaced, the link kept.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from .errors import OutputError
from .file_kinds import kind_of_mode


def target_kind(path: str | os.PathLike[str]) -> str | None:
    """What stands at ``path`` when it is not a regular file ("a directory", "a character device",
    "a FIFO", ...), or None for a regular file or a new path (a dangling link makes a new file)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:  # a loop of links, a component that is a file, permission denied
        return f"a path that cannot be examined ({exc.strerror or exc})"
    return None if stat.S_ISREG(mode) else kind_of_mode(mode)


def check_output_target(path: str | os.PathLike[str], what: str = "the output") -> None:
    """Refuse (OutputError naming ``path``) an existing target that is not a regular file, before
    any work is done: only a new path or a regular file is written."""
    kind = target_kind(path)
    if kind is not None:
        link = " (through a symbolic link)" if os.path.islink(path) else ""
        raise OutputError(f"{os.fsdecode(path)!s}: is {kind}{link}, not a regular file; refusing to write "
                          f"{what} there (give a new path or a regular file); it was left as it was")


@contextmanager
def atomic_text_file(path: str | os.PathLike[str], what: str, newline: str | None = None) -> Iterator[TextIO]:
    """A text file (UTF-8) to write ``what`` into: a temporary file in the target's folder, renamed
    over the target once complete, so a full disk or an error leaves the old file (or none) rather
    than a truncated one. The target is checked first (``check_output_target``); a failure is an
    OutputError naming ``path``. The new file gets the permissions a plain ``open()`` would give."""
    check_output_target(path, what)
    target = os.path.realpath(path)  # a link to a regular file: replace the file, keep the link
    folder = os.path.dirname(target) or "."
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        with os.fdopen(fd, "w", newline=newline, encoding="utf-8") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        check_output_target(path, what)  # it may have changed while the output was written
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:  # no such directory, permission denied, disk full...
        raise OutputError(f"{os.fsdecode(path)}: cannot write {what} ({exc.strerror or exc}); "
                          "it was left as it was before") from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
