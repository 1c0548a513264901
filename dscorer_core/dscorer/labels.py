"""Node and edge labels as process-wide integer ids, so graphs induced at different times compare.

Induction interns every label once; the fast engine works on the ids and turns them
back into text only for the n-grams a user asks to see.
"""

from __future__ import annotations

import threading

__all__ = ["label_id", "label_text", "label_count"]

_IDS: dict[str, int] = {}
_TEXTS: list[str] = []
_LOCK = threading.Lock()


def label_id(label: str) -> int:
    """The process-wide integer id of a node or edge label (interned on first use)."""
    found = _IDS.get(label)
    if found is None:
        with _LOCK:
            found = _IDS.get(label)
            if found is None:
                found = len(_TEXTS)
                _TEXTS.append(label)
                _IDS[label] = found
    return found


def label_text(ident: int) -> str:
    """The label an id stands for."""
    return _TEXTS[ident]


def label_count() -> int:
    """How many labels have been interned so far (every id is below it)."""
    return len(_TEXTS)
