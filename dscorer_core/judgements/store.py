"""Judgements kept in one SQLite file the user chooses, created on first use.

Safe when several writers share the file (two browser tabs, two processes): every operation
opens its own connection (Streamlit reruns a page on other threads), the journal is WAL and a
writer waits for a lock (busy timeout) instead of failing. One person has one judgement per
document and system: recording it again replaces the earlier one.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import JudgementStoreError
from ..output_files import target_kind
from .csv_io import judgements_to_csv, parse_judgements_csv, read_judgements_csv
from .model import Judgement

#: How long a writer waits for another one's lock before giving up.
BUSY_TIMEOUT_SECONDS = 30.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS judgements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    annotator TEXT NOT NULL,
    document INTEGER NOT NULL,
    system TEXT NOT NULL,
    judgement TEXT NOT NULL,
    rationale TEXT NOT NULL DEFAULT '',
    UNIQUE (annotator, document, system)
)
"""
_COLUMNS = "document, system, judgement, rationale, annotator"
_UPSERT = (f"INSERT INTO judgements ({_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
           "ON CONFLICT (annotator, document, system) DO UPDATE SET "
           "judgement = excluded.judgement, rationale = excluded.rationale")


def _prepare(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL and create the table. Switching the journal fails at once (no
    busy wait) while another connection holds a lock, e.g. a second process creating the same
    new file, so it is retried until the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
    conn.execute(_SCHEMA)
    conn.commit()


class JudgementStore:
    """Judgements in the SQLite file at ``path`` (created with its folder on first use)."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self._ready = False

    def __repr__(self) -> str:
        return f"JudgementStore({str(self.path)!r})"

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A fresh connection in one transaction (committed on success), closed afterwards;
        SQLite's errors become JudgementStoreError naming the file."""
        try:
            if not self._ready:
                kind = target_kind(self.path)
                if kind is not None:  # a device, FIFO or directory is never opened as a database
                    raise JudgementStoreError(str(self.path), f"it is {kind}, not a regular file; it was "
                                                              "left as it was (give a new path or a regular file)")
                self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS)
            try:
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
                if not self._ready:
                    _prepare(conn)
                    self._ready = True
                with conn:
                    yield conn
            finally:
                conn.close()
        except sqlite3.Error as exc:
            raise JudgementStoreError(str(self.path), str(exc)) from exc
        except OSError as exc:
            raise JudgementStoreError(str(self.path), exc.strerror or str(exc)) from exc

    def record(self, judgement: Judgement) -> None:
        """Store a judgement, replacing the same person's earlier one of that document and system."""
        self.record_many([judgement])

    def record_many(self, judgements: Iterable[Judgement]) -> int:
        """Store several judgements in one transaction (each replaces an earlier one of its key);
        returns how many."""
        rows = [(j.document, j.system, j.judgement, j.rationale, j.annotator) for j in judgements]
        with self._connection() as conn:
            conn.executemany(_UPSERT, rows)
        return len(rows)

    def _select(self, where: str = "", params: tuple[object, ...] = ()) -> tuple[Judgement, ...]:
        with self._connection() as conn:
            rows = conn.execute(f"SELECT id, {_COLUMNS} FROM judgements {where} ORDER BY id", params).fetchall()
        out = []
        for row_id, document, system, judgement, rationale, annotator in rows:
            try:
                out.append(Judgement(int(document), system, judgement, rationale, annotator))
            except (TypeError, ValueError) as exc:  # a row written by another program
                raise JudgementStoreError(str(self.path), f"row {row_id} of table judgements: {exc}") from exc
        return tuple(out)

    def all(self) -> tuple[Judgement, ...]:
        """Every judgement, in the order first recorded (a re-judgement keeps its place)."""
        return self._select()

    def for_annotator(self, annotator: str) -> tuple[Judgement, ...]:
        """One person's judgements, in the order first recorded."""
        return self._select("WHERE annotator = ?", (annotator,))

    def get(self, annotator: str, document: int, system: str) -> Judgement | None:
        """One person's judgement of a document and system (or ``A|B`` pair), or None."""
        found = self._select("WHERE annotator = ? AND document = ? AND system = ?", (annotator, document, system))
        return found[0] if found else None

    def annotators(self) -> tuple[str, ...]:
        """The people who judged something, sorted."""
        with self._connection() as conn:
            rows = conn.execute("SELECT DISTINCT annotator FROM judgements ORDER BY annotator").fetchall()
        return tuple(r[0] for r in rows)

    def judged_documents(self, annotator: str, system: str) -> set[int]:
        """The documents a person has judged for a system (or ``A|B`` pair): progress, and where to resume."""
        with self._connection() as conn:
            rows = conn.execute("SELECT document FROM judgements WHERE annotator = ? AND system = ?",
                                (annotator, system)).fetchall()
        return {int(r[0]) for r in rows}

    def remove(self, annotator: str, document: int, system: str) -> bool:
        """Forget one judgement; True if there was one."""
        with self._connection() as conn:
            cursor = conn.execute("DELETE FROM judgements WHERE annotator = ? AND document = ? AND system = ?",
                                  (annotator, document, system))
        return cursor.rowcount > 0

    def import_csv(self, path: str | os.PathLike[str]) -> int:
        """Add the judgements of a CSV file, each replacing the same person's earlier one; all or
        nothing: a bad row raises JudgementError naming the file and line and stores nothing; a
        file that cannot be opened raises OSError. Returns how many."""
        return self.record_many(read_judgements_csv(path))

    def import_csv_text(self, text: str, source: str = "<csv>") -> int:
        """``import_csv`` for CSV text (an upload), errors naming ``source``; the text is never
        taken for a path."""
        return self.record_many(parse_judgements_csv(text, source))

    def export_csv(self) -> str:
        """Every judgement as CSV text (``document,system,judgement,rationale,annotator``)."""
        return judgements_to_csv(self.all())

    def clear(self) -> int:
        """Forget every judgement; returns how many there were."""
        with self._connection() as conn:
            cursor = conn.execute("DELETE FROM judgements")
        return cursor.rowcount
