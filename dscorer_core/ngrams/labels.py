"""Node and edge labels as integer ids, in bounded tables, so graphs compare by numbers.

Induction interns every label of a graph in the current ``LabelTable`` and the graph keeps that
table; the fast engine works on the ids and turns them back into text only for the n-grams a user
asks to see.  A table holds at most ``LABEL_LIMIT`` labels (and as many remembered derivations):
when it is full, the next graph starts a new one, so a hosted server that reads file after file
does not grow forever.  A full table lives on only while graphs that use it do; graphs of two
tables are compared through their labels' text (``arrays.batch_from_induced``,
``fast_engine.HashedTable.matched``).  Every table starts with the type labels ``B P E S T X``,
so those ids are the same in all of them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

#: The labels (plus remembered derivations) one table holds before the next graph starts a new
#: table: about 100 MB of strings at most; PMB 2.2.0 dev and test together use under 10,000.
LABEL_LIMIT = 1_000_000

#: Interned first in every table, so their ids (0 to 5) never change.
TYPE_LABELS = ("B", "P", "E", "S", "T", "X")


class LabelTable:
    """Labels and their integer ids (0, 1, ...), and memos (``memo``): named dictionaries of what
    induction derives from labels (relation and concept label ids), which live and die with the table."""

    __slots__ = ("ids", "texts", "_memos", "limit", "_lock", "__weakref__")

    def __init__(self, limit: int = LABEL_LIMIT) -> None:
        self.ids: dict[str, int] = {}
        self.texts: list[str] = []
        self._memos: dict[str, dict] = {}
        self.limit = limit
        self._lock = threading.Lock()
        for label in TYPE_LABELS:
            self.id(label)

    def id(self, label: str) -> int:
        """The id of ``label`` in this table (interned on first use)."""
        found = self.ids.get(label)
        if found is None:
            with self._lock:
                found = self.ids.get(label)
                if found is None:
                    found = len(self.texts)
                    self.texts.append(label)
                    self.ids[label] = found
        return found

    def memo(self, name: str) -> dict:
        """The memo called ``name`` (made empty on first use); its entries count towards ``limit``."""
        found = self._memos.get(name)
        if found is None:
            found = self._memos.setdefault(name, {})
        return found

    def text(self, ident: int) -> str:
        """The label an id stands for."""
        return self.texts[ident]

    def texts_of(self, idents: Sequence[int]) -> tuple[str, ...]:
        """The labels of several ids (a negative id, "none", stays as ``""``)."""
        return tuple(self.texts[i] if i >= 0 else "" for i in idents)

    def __len__(self) -> int:
        return len(self.texts)

    @property
    def full(self) -> bool:
        """Whether the table holds ``limit`` labels and derivations (the next graph starts a new table)."""
        return len(self.texts) + sum(len(m) for m in self._memos.values()) >= self.limit


_CURRENT = LabelTable()
_SWITCH = threading.Lock()


def current_table() -> LabelTable:
    """The table the next graph is induced against: a new one when the current one is full."""
    global _CURRENT
    table = _CURRENT
    if table.full:
        with _SWITCH:
            if _CURRENT.full:
                _CURRENT = LabelTable(_CURRENT.limit)
            table = _CURRENT
    return table


def set_label_limit(limit: int) -> int:
    """Start a new current table holding at most ``limit`` labels; returns the limit before (for tests
    and for a server that wants a smaller bound)."""
    global _CURRENT
    with _SWITCH:
        before = _CURRENT.limit
        _CURRENT = LabelTable(limit)
    return before


def label_id(label: str) -> int:
    """The id of a label in the current table (interned on first use)."""
    return current_table().id(label)


def label_text(ident: int) -> str:
    """The label an id of the current table stands for (a graph's own ids: ``Induced.labels.text``)."""
    return _CURRENT.text(ident)


def label_count() -> int:
    """How many labels the current table holds (every id of it is below this)."""
    return len(_CURRENT)
