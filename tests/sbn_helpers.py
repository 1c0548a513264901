"""The seven PMB 4.0.0 SBN examples of ../shared/data/sbn-4.0.0, shared by the SBN tests."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sbn-4.0.0"


def examples() -> list[Path]:
    """The seven ``.drs.sbn`` files, or a skip naming where they should be."""
    files = sorted(EXAMPLES.glob("*.drs.sbn"))
    if len(files) != 7:
        pytest.skip(f"the seven SBN examples are not at {EXAMPLES}")
    return files
