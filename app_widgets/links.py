"""The pair view's address: ``?pred=...&gold=...&doc=N&k=K`` (and ``&sentence=S`` when the sentence
navigator shows one sentence of a long document, ``&present=1`` in present mode) names what is on
screen, so a reload or a shared link opens the same view.

Files are named ``sample:NAME`` (a bundled sample) or ``path:PATH`` (a local path, read under the
same allowed-directory check as one typed in the sidebar); the bundled default pair and uploads
are left out of the address (an upload cannot be linked to)."""

from __future__ import annotations

import streamlit as st

from .files import DEFAULT_SAMPLES, sample_files

__all__ = ["SIDES", "read_view_link", "file_param", "write_view_link"]

SIDES = ("pred", "gold")


def read_view_link() -> None:
    """Once per session, before the widgets are drawn: take the files, document, order and present mode from
    the address into the widgets' state (values that do not fit are ignored)."""
    if st.session_state.get("url_read"):
        return
    st.session_state["url_read"] = True
    for side in SIDES:
        kind, _, value = st.query_params.get(side, "").partition(":")
        if kind == "sample" and value in sample_files():
            st.session_state[f"src_{side}"] = "Sample"
            st.session_state[f"sample_{side}"] = value
        elif kind == "path" and value.strip():
            st.session_state[f"src_{side}"] = "Local path"
            st.session_state[f"path_{side}"] = value
    for name, key in (("doc", "doc_index"), ("k", "k"), ("sentence", "sentence_from_link")):
        raw = st.query_params.get(name, "")
        if raw.isdigit():
            st.session_state[key] = int(raw)
    if st.query_params.get("present") == "1":
        st.session_state["present"] = True


def file_param(side: str) -> str | None:
    """How the address names the file of one side, or None (the default sample, an upload, nothing)."""
    src = st.session_state.get(f"src_{side}", "Sample")
    if src == "Sample":
        name = st.session_state.get(f"sample_{side}", DEFAULT_SAMPLES[side])
        return None if name == DEFAULT_SAMPLES[side] else f"sample:{name}"
    if src == "Local path":
        text = str(st.session_state.get(f"path_{side}", "")).strip()
        return f"path:{text}" if text else None
    return None


def write_view_link(doc: int, k: int) -> None:
    """Put the current files, document, order and present mode into the address (only when they changed)."""
    params = {side: p for side in SIDES if (p := file_param(side)) is not None}
    params.update(doc=str(doc), k=str(k))
    if st.session_state.get("sentence"):
        params["sentence"] = str(st.session_state["sentence"])
    if st.session_state.get("present"):
        params["present"] = "1"
    current = {key: st.query_params.get(key) for key in st.query_params}
    if current != params:
        st.query_params.from_dict(params)
