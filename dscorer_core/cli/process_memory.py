"""The command line keeps the memory it frees (glibc's malloc), so that the next numpy array of the
same size reuses pages the process already has instead of asking the kernel for new ones.

glibc hands out a large block (above a threshold that starts at 128 KB and moves up to 32 MB) by
``mmap`` and gives it back at once when freed; every new one then costs a page fault per 4 KB page.
Counting a long document makes and frees many arrays of a few MB: at 320 joined sentences that was
27,000 page faults and 0.03 to 0.05 s of system time in a 0.3 s process (docs/benchmarks.md,
"Whole processes"). With the thresholds raised, blocks come from the heap and stay there until the
process ends: about 13,000 faults. Only the command line does this (a short process); the library
leaves a host program's allocator alone.
"""

from __future__ import annotations

import ctypes
import sys

#: Blocks smaller than this come from the heap (glibc's own maximum for the setting is 32 MB on
#: 64-bit machines, but ``mallopt`` accepts more): 256 MB.
MMAP_THRESHOLD = 256 << 20
#: The heap is shrunk only when this much at its top is free: 512 MB.
TRIM_THRESHOLD = 512 << 20

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def keep_freed_memory() -> bool:
    """Raise glibc's mmap and trim thresholds for this process; False where the C library is
    not glibc (or refuses), which changes nothing but speed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter runs on
    except (OSError, AttributeError):  # no mallopt there
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
