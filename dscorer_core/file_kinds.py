"""What stands at a path that is not a regular file, in words a message can use: shared by the
readers' input checks (``reading.files``) and the writers' output checks (``output_files``)."""

from __future__ import annotations

import stat

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


def kind_of_mode(mode: int) -> str:
    """What a file of this ``st_mode`` that is not a regular file is ("a directory", "a FIFO (named
    pipe)", ...), so an error can say why the path was refused."""
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
