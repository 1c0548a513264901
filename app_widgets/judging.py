"""Judging mode: people record whether a parse is acceptable (pair view) or which of two parses is
better (compare page) into one SQLite file (dscorer_core.judgements), with keyboard shortcuts,
progress, and CSV import and export. The store file must lie in an allowed directory, like a
Local path (docs/hosting.md); nothing else on the server is written."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from dscorer_core.errors import DscorerInputError
from dscorer_core.judgements import Judgement, JudgementStore, preference_system

from .file_access import resolve_writable, serves_only_this_machine
from .files import local_roots
from .text import md_escape

__all__ = ["DEFAULT_STORE", "JUDGEMENTS_DIR_VARIABLE", "judgements_dir", "JUDGING_KEYS",
           "Judging", "judging_sidebar", "system_name", "acceptability_panel",
           "preference_panel", "next_unjudged"]

#: The environment variable naming the folder of the judgement file offered first.
JUDGEMENTS_DIR_VARIABLE = "DSCORER_JUDGEMENTS_DIR"


def judgements_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the judgement file offered first lives: ``DSCORER_JUDGEMENTS_DIR``, else the user's data
    folder (``$XDG_DATA_HOME/dscorer``, by default ``~/.local/share/dscorer``): outside the checkout,
    so judgements are neither committed by accident nor lost with a fresh clone."""
    env = os.environ if environ is None else environ
    if env.get(JUDGEMENTS_DIR_VARIABLE):
        return Path(os.path.expanduser(env[JUDGEMENTS_DIR_VARIABLE]))
    base = env.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "dscorer"


#: The judgement file offered first (docs/judgements.md): in judgements_dir(), outside the checkout.
DEFAULT_STORE = str(judgements_dir() / "judgements.sqlite")
#: Session keys of the judging widgets that should survive a page switch.
JUDGING_KEYS = ("judging", "judge_store", "judge_annotator")
#: Keys: accept and reject (pair view); A, B and same (compare page); next unjudged document.
KEYS = {"acceptable": "Y", "unacceptable": "X", "A": "A", "B": "B", "same": "S", "next": "U"}


@dataclass(frozen=True)
class Judging:
    """An open judgement store and who is judging."""

    store: JudgementStore
    annotator: str


@st.cache_resource(max_entries=8)
def _store(path: str) -> JudgementStore:
    """One store object per file for all sessions (each operation opens its own connection)."""
    return JudgementStore(path)


def system_name(file_name: str) -> str:
    """How judgements name a system: its file's name without extension (``boxer_dev.clf`` -> ``boxer_dev``)."""
    return Path(file_name).stem


def judging_sidebar() -> Judging | None:
    """The sidebar's judging settings (on/off, the store file, the annotator, import and export);
    the open store when judging is on and usable, else None."""
    for key, default in (("judging", False), ("judge_store", DEFAULT_STORE), ("judge_annotator", "")):
        st.session_state.setdefault(key, default)
    with st.sidebar.expander("Judging", expanded=bool(st.session_state["judging"])):
        if not st.toggle("Judging mode", key="judging",
                         help="Record your judgement of each parse: acceptable or not here, which of two "
                              "parses is better on the compare page. Keys are shown on the buttons."):
            return None
        path_text = st.text_input("Judgement file (SQLite)", key="judge_store",
                                  help="Created on first use, in a directory the operator allows "
                                       "(DSCORER_ALLOWED_DIRS; docs/hosting.md). Several people can share one file.")
        annotator = st.text_input("Your name", key="judge_annotator", placeholder="e.g. ann",
                                  help="Judgements are kept per person; agreement between people is Cohen's kappa "
                                       "(Error analysis page).").strip()
        try:
            path = resolve_writable(path_text, _writable_roots(), Path.cwd())
        except DscorerInputError as exc:
            st.error(md_escape(str(exc)), icon=":material/warning:")
            return None
        if not annotator:
            st.info("Type your name to start judging.")
            return None
        try:
            judging = Judging(_store(str(path)), annotator)
            _import_export(judging)
        except DscorerInputError as exc:  # not a database, a full disk, a locked file...
            st.error(_one_line(exc), icon=":material/warning:")
            _say_unsaved()
            return None
        return judging


def _writable_roots() -> tuple[Path, ...]:
    """Where a judgement file may be written: the directories Local path may read, and the folder of the
    file offered first (created on first use) while the app answers this machine only or the operator
    named it (DSCORER_JUDGEMENTS_DIR)."""
    roots = local_roots()
    local = serves_only_this_machine(str(st.get_option("server.address") or "127.0.0.1"))
    if local or os.environ.get(JUDGEMENTS_DIR_VARIABLE):
        folder = judgements_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return roots
        roots = (*roots, folder.resolve())
    return roots


def _say_unsaved() -> None:
    """The notice that the last judgement could not be saved (``_record``), where the judging widgets are."""
    if st.session_state.get("_judge_unsaved"):
        st.error(st.session_state["_judge_unsaved"], icon=":material/warning:")


def _one_line(exc: Exception) -> str:
    """An error as one escaped line for the page (a store's message names the file and the reason)."""
    return md_escape(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)


def _import_export(judging: Judging) -> None:
    """Download every judgement of the store as CSV (read when clicked: a judgement recorded by a part of the
    page that reran alone is in it too); add judgements from a CSV file."""
    store = judging.store
    st.download_button("Export judgements (CSV)", store.export_csv, "judgements.csv", "text/csv",
                       key="judge_export", on_click="ignore",
                       help="document,system,judgement,rationale,annotator; formula-like cells are neutralised.")
    uploaded = st.file_uploader("Import judgements (CSV)", type=["csv"], key="judge_import",
                                help="Same columns as the export; all rows or none are added.")
    if uploaded is not None and st.session_state.get("_judge_imported") != uploaded.file_id:
        try:
            added = store.import_csv_text(uploaded.getvalue().decode("utf-8-sig"), uploaded.name)
        except (DscorerInputError, UnicodeDecodeError) as exc:
            st.error(md_escape(str(exc)), icon=":material/warning:")
        else:
            st.session_state["_judge_imported"] = uploaded.file_id
            st.success(f"{added} judgement(s) imported.")


def next_unjudged(order: Sequence[int], judged: set[int], after: int) -> int | None:
    """The first document of ``order`` after ``after`` (wrapping around) that is not judged yet."""
    if after in order:
        start = order.index(after) + 1
        order = list(order[start:]) + list(order[:start])
    return next((d for d in order if d not in judged), None)


def _record(judging: Judging, document: int, system: str, word: str, rationale_key: str,
            order: Sequence[int], go_to: Callable[[int], None]) -> None:
    """Button callback: store the judgement, clear the rationale, open the next unjudged document;
    when the store cannot save it, stay on the document and say it is unsaved (``_judge_unsaved``)."""
    try:
        judging.store.record(Judgement(document, system, word, st.session_state.get(rationale_key, "").strip(),
                                       judging.annotator))
    except DscorerInputError as exc:
        st.session_state["_judge_unsaved"] = (f"Not saved: your judgement *{md_escape(word)}* of document "
                                              f"{document} is unsaved. {_one_line(exc)}")
        return
    st.session_state.pop("_judge_unsaved", None)
    st.session_state[rationale_key] = ""
    following = next_unjudged(order, judging.store.judged_documents(judging.annotator, system), document)
    if following is not None:
        go_to(following)


def _skip(judging: Judging, document: int, system: str, order: Sequence[int], go_to: Callable[[int], None]) -> None:
    try:
        judged = judging.store.judged_documents(judging.annotator, system)
    except DscorerInputError:  # the panel says why on this rerun
        return
    following = next_unjudged(order, judged, document)
    if following is not None:
        go_to(following)


def _panel(judging: Judging, document: int, system: str, order: Sequence[int], go_to: Callable[[int], None],
           choices: Sequence[tuple[str, str]], question: str, key: str) -> None:
    try:
        judged = judging.store.judged_documents(judging.annotator, system)
        current = judging.store.get(judging.annotator, document, system)
    except DscorerInputError as exc:  # the store cannot be read now (a full disk, a locked file...)
        st.error(_one_line(exc), icon=":material/warning:")
        _say_unsaved()
        return
    done = len(judged & set(order))
    with st.container(border=True, key=f"judging_panel_{key}"):
        _say_unsaved()
        st.progress(done / max(1, len(order)), text=f"Judging as {md_escape(judging.annotator)}: {done} of "
                                                    f"{len(order)} documents judged")
        st.markdown(f"**{question}** Document {document}: "
                    + (f"you said *{md_escape(current.judgement)}*" if current else "not judged yet"))
        rationale_key = f"judge_rationale_{key}"
        st.text_input("Why (optional)", key=rationale_key, placeholder="e.g. the negation has the wrong scope")
        cols = st.columns(len(choices) + 1)
        for col, (word, label) in zip(cols, choices):
            col.button(f"{label} ({KEYS[word]})", key=f"judge_{key}_{word}", shortcut=KEYS[word], width="stretch",
                       type="primary" if current is not None and current.judgement == word else "secondary",
                       on_click=_record, args=(judging, document, system, word, rationale_key, order, go_to))
        cols[-1].button(f"Next unjudged ({KEYS['next']})", key=f"judge_{key}_next", shortcut=KEYS["next"],
                        width="stretch", on_click=_skip, args=(judging, document, system, order, go_to),
                        disabled=done >= len(order))


def acceptability_panel(judging: Judging, document: int, system: str, n_documents: int,
                        go_to: Callable[[int], None]) -> None:
    """Acceptable or not, for the predicted DRS of ``document`` (pair view); a judgement moves on
    to the next document not judged yet."""
    _panel(judging, document, system, range(n_documents), go_to,
           (("acceptable", "Acceptable"), ("unacceptable", "Unacceptable")),
           "Is the predicted DRS an acceptable meaning of the sentence?", "accept")


def preference_panel(judging: Judging, document: int, system_a: str, system_b: str, order: Sequence[int],
                     go_to: Callable[[int], None]) -> None:
    """Which parse of ``document`` is better, A, B or the same (compare page); ``order`` is the
    order documents are offered in."""
    _panel(judging, document, preference_system(system_a, system_b), list(order), go_to,
           (("A", f"A is better: {md_escape(system_a)}"), ("B", f"B is better: {md_escape(system_b)}"),
            ("same", "Same")),
           "Which parse is better?", "prefer")
