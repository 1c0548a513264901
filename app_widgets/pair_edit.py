"""Editing the predicted DRS in place, in the pair view: its clauses in a text area; the edited DRS
replaces the file's in everything the page draws (graphs, highlighting, scores), and can be
downloaded. The edit is read by ``dscorer_core.reading`` (clauses or SBN) as any pasted text."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

import streamlit as st

from dscorer_core import Drs
from dscorer_core.errors import DscorerInputError
from dscorer_core.reading.drs_files import parse_drs_text

from .files import show_input_error
from .limits import MAX_PASTED_CHARS, check_pasted
from .state import CLASS_SESSIONS, shared_cache
from .text import md_escape

__all__ = ["drs_as_text", "edited_note", "edited_pred", "parse_edit"]


def drs_as_text(drs: Drs) -> str:
    """A DRS as a clause file of one DRS: its sentence as a ``%%%`` line, then its clauses."""
    head = f"%%% {drs.sentence}\n" if drs.sentence else ""
    return head + drs.text() + "\n"


@shared_cache(maxsize=2 * CLASS_SESSIONS)
def parse_edit(text: str, index: int) -> Drs:
    """The edited text read as one DRS (clauses or SBN, detected), numbered as the document it
    stands for; DscorerInputError when it does not read or holds more or fewer than one DRS."""
    found = parse_drs_text(check_pasted(text), "edited pred")
    if len(found) != 1:
        raise DscorerInputError(f"edited pred: {len(found)} DRSs; the edit must hold exactly one")
    return replace(found[0], index=index)


def edited_pred(pred: Drs, where: str, place: Any = None) -> Drs:
    """The predicted DRS to show: ``pred`` itself, or the user's edit of it once it reads. The edit lives in a
    popover drawn in ``place`` (a column of a row the page has anyway, so the control moves nothing below
    it; default: here), one text area per document and sentence (``where`` names them), with a download
    of the edit and a reset."""
    at = st if place is None else place
    original = drs_as_text(pred)
    if len(original) > MAX_PASTED_CHARS:  # an edit is read as a paste; a longer DRS is not put in a page
        at.caption("Too long to edit here", help=f"The predicted DRS has {len(original):,} characters, more than "
                   f"the {MAX_PASTED_CHARS:,} an edit may hold here: edit it in the file.")
        return pred
    key = "edit_pred_" + hashlib.sha1(f"{where}\n{original}".encode()).hexdigest()[:16]
    edited = st.session_state.get(key, original)
    changed = edited.strip() != original.strip()
    with at.popover("Pred edited" if changed else "Edit pred", icon=":material/edit:", width="stretch",
                    type="primary" if changed else "secondary",
                    help="Edit the predicted DRS: the graphs, the highlighting and the scores follow the edit."):
        text = st.text_area("Predicted DRS (clauses or SBN): edit, then Ctrl+Enter or click outside", original,
                            key=key, height=220,
                            help="The graphs, the highlighting and the scores follow the edited DRS; the file "
                                 "is not changed. Empty the box or use Reset to go back to the file's DRS.")
        if not text.strip() or text.strip() == original.strip():
            return pred
        try:
            drs = parse_edit(text, pred.index)
        except DscorerInputError as exc:
            show_input_error("edited DRS (the file's DRS is shown)", exc)
            return pred
        c_note, c_down, c_reset = st.columns([4, 2, 1], vertical_alignment="center")
        c_note.caption(f"Showing your edit: {len(drs.clauses)} clauses (the file's DRS has {len(pred.clauses)}).")
        c_down.download_button("Download the edited DRS", drs_as_text(drs), file_name=f"edited_pred_{where}.clf",
                               mime="text/plain", key=f"{key}_download", icon=":material/download:")
        c_reset.button("Reset", key=f"{key}_reset", on_click=lambda: st.session_state.pop(key, None))
    return drs


def edited_note(drs: Drs) -> str:
    """The one-line notice (Markdown) that the page shows the user's edit of the predicted DRS."""
    return f":orange[**Predicted DRS edited**] ({md_escape(str(len(drs.clauses)))} clauses) · "
