"""The checks every reader makes on an input file before reading it (DRS files, SBN files, judgement
files): it exists, it is a regular file (a FIFO would block for ever, ``/dev/zero`` would be read
until memory runs out) and, for a reader that holds the whole file in memory, it is no bigger than
MAX_FILE_BYTES (docs/limits.md). Each failure is the reader's own error naming the file."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from ..errors import ClfProblem, DscorerInputError
from ..file_kinds import kind_of_mode

#: The largest file a reader holds whole in memory (64 MiB: about 1.1 GB once parsed, at the 17 bytes
#: a byte measured on PMB clause files). ``--per-doc-out`` reads clause files as streams, without it.
MAX_FILE_BYTES = 64 * 2**20

#: How a reader's error is made: (the file's name, its problems) -> the error (ClfError, JudgementError...).
ErrorOf = Callable[[str, list[ClfProblem]], DscorerInputError]


def checked_input(path: str | os.PathLike[str], error: ErrorOf) -> tuple[Path, int]:
    """(the path, its size in bytes) of an existing regular file, else ``error`` naming it: no such
    file, not a regular file (saying what it is), cannot be examined."""
    p = Path(path)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise error(str(p), [ClfProblem(0, "no such file", "")]) from None
    except OSError as exc:
        raise error(str(p), [ClfProblem(0, f"cannot be read ({exc.strerror or exc})", "")]) from None
    if not stat.S_ISREG(info.st_mode):
        kind = kind_of_mode(info.st_mode)
        what = "not a regular file" if kind == "not a regular file" else f"not a regular file (it is {kind})"
        raise error(str(p), [ClfProblem(0, what, "")])
    return p, info.st_size


def read_checked_bytes(path: str | os.PathLike[str], error: ErrorOf, max_bytes: int = MAX_FILE_BYTES,
                       advice: str = "") -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (``checked_input``; checked again while
    reading, for a file that grows), else ``error`` naming the file and the limit."""
    p, size = checked_input(path, error)

    def too_big(found: str) -> DscorerInputError:
        return error(str(p), [ClfProblem(0, f"holds {found} bytes, above the limit of {max_bytes:,} bytes for a file "
                                            f"read whole (MAX_FILE_BYTES, docs/limits.md){advice}", "")])

    if size > max_bytes:
        raise too_big(f"{size:,}")
    try:
        with p.open("rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:  # permission denied, I/O error, ...
        raise error(str(p), [ClfProblem(0, f"cannot be read ({exc.strerror or exc})", "")]) from None
    if len(data) > max_bytes:
        raise too_big(f"more than {max_bytes:,}")
    return data
