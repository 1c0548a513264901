"""Loading DRS files in the app (clauses or SBN, by dscorer_core.reading): sample, upload or local
path, parsed once and cached."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import streamlit as st

from dscorer_core import Drs
from dscorer_core.clauses import check_pair
from dscorer_core.errors import BRIEF_QUOTE_CHARS, ClfError, ClfProblem, DscorerInputError
from dscorer_core.ill_formed import GoldCheck, IllFormed, IllFormedReport, apply_ill_policy, check_gold
from dscorer_core.ill_formed import signed as signed_by_reports
from dscorer_core.reading.detect import FORMAT_NAMES
from dscorer_core.reading.drs_files import read_drs_bytes
from dscorer_core.swapped_sides import suspect_swapped

from .file_access import allowed_roots, resolve_allowed, serves_only_this_machine
from .limits import check_pasted
from .text import md_escape

__all__ = ["APP_DIR", "SAMPLE_DIR", "MAX_UPLOAD_MB", "SOURCES", "DEFAULT_SAMPLES", "LoadedFile", "parse_upload",
           "parse_local", "local_roots", "check_local_path", "read_local", "signed", "show_swap_warning",
           "show_older_gold_note", "sample_files", "show_input_error", "file_widgets", "load_file", "load_pair",
           "show_file_errors", "failed_parse", "show_failed_parse"]

#: Session key of the file errors of this run, shown at the top of the main area (show_file_errors).
FILE_ERRORS_KEY = "_file_errors"

#: The app's folder (the parent of this package).
APP_DIR = Path(__file__).resolve().parent.parent
SAMPLE_DIR = APP_DIR / "sample_data"
#: Upload cap in MB; keep in step with server.maxUploadSize in .streamlit/config.toml.
MAX_UPLOAD_MB = 50

#: Where a DRS file can come from (file_widgets).
SOURCES = ("Sample", "Upload", "Local path", "Paste")
DEFAULT_SAMPLES = {"pred": "paper_pred.clf", "gold": "paper_gold.clf"}


@dataclass(frozen=True)
class LoadedFile:
    """A parsed DRS file (clauses or SBN), the name it is shown under and its notation."""

    name: str
    drss: tuple[Drs, ...]
    key: str  # identifies the content (for caching derived results)
    #: a predicted file's ill-formed DRSs and the well-formedness check (None for a gold file)
    report: IllFormedReport | None = None
    #: the file's notation (dscorer_core.reading.detect: clf, sbn, sbn-lines)
    notation: str = "clf"

    @property
    def kind(self) -> str:
        """What to call the file in the app's texts: "clause file", "SBN file", ..."""
        return FORMAT_NAMES.get(self.notation, "DRS file")


def _parse(data: bytes, name: str, lenient: bool) -> tuple[str, tuple[Drs, ...]]:
    """The notation of a file's bytes (detected) and its DRSs."""
    read = read_drs_bytes(data, name, lenient=lenient)  # dscorer_core.reading: what load() reads
    return read.format, read.drss


@st.cache_resource(max_entries=16, show_spinner="Reading the file...")
def parse_upload(name: str, data: bytes, lenient: bool = False) -> tuple[str, tuple[Drs, ...]]:
    """Parse uploaded bytes once (cached on name, content and leniency): the notation (clause or
    SBN file, detected) and the DRSs. A resource cache: every session gets the same (immutable)
    DRSs, not a pickled copy per rerun."""
    return _parse(data, name, lenient)


@st.cache_resource(max_entries=16, show_spinner="Reading the file...")
def parse_local(path: str, mtime_ns: int, size: int, lenient: bool = False) -> tuple[str, tuple[Drs, ...]]:
    """Parse a local file once per (path, modification time, size, leniency): its notation and DRSs."""
    return _parse(Path(path).read_bytes(), path, lenient)


def local_roots() -> tuple[Path, ...]:
    """The directories the Local path source may read (app_widgets.file_access): the operator's
    DSCORER_ALLOWED_DIRS, else the start directory and ../shared/data while the app answers this
    machine only, and none when it serves others."""
    local = serves_only_this_machine(str(st.get_option("server.address") or "127.0.0.1"))
    return allowed_roots(os.environ, Path.cwd(), local)


def local_max_bytes() -> int:
    """The largest file Local path reads: the upload limit (``server.maxUploadSize``, MB)."""
    return int(st.get_option("server.maxUploadSize")) * 2**20


def check_local_path(text: str) -> Path:
    """The resolved path if ``text`` names a readable regular file in an allowed directory, no
    larger than an upload may be; PathNotAllowed or DscorerInputError otherwise (quoting nothing
    from any file)."""
    return resolve_allowed(text, local_roots(), Path.cwd(), local_max_bytes())


def read_local(path: Path, lenient: bool = False) -> tuple[str, tuple[Drs, ...]]:
    """Parse an allowed local file; a malformed one is reported by its first bad line only, a
    few characters of it quoted (the file may not be a DRS file at all: docs/hosting.md); its
    notation and DRSs."""
    stat = path.stat()
    try:
        return parse_local(str(path), stat.st_mtime_ns, stat.st_size, lenient)
    except ClfError as exc:
        raise DscorerInputError(exc.brief()) from None


def signed(signature: str, *files: LoadedFile | None) -> str:
    """A score's signature naming how the predicted files' ill-formed DRSs were handled
    (``|ill:dummy``, ``|wf:off``), as the command line's signatures do."""
    return signed_by_reports(signature, [f.report for f in files if f is not None and f.report is not None])


def sample_files() -> list[str]:
    """Names of the bundled sample files."""
    return sorted(p.name for p in SAMPLE_DIR.glob("*.clf"))


def show_input_error(what: str, exc: Exception) -> None:
    """An st.error that names the file and lists the bad lines, as escaped text."""
    st.error(f"**Cannot use the {md_escape(what)}.**  \n" + md_escape(str(exc)), icon=":material/warning:")


@st.cache_resource(max_entries=16, show_spinner=False)
def _gold_check(gold_key: str, _gold: tuple[Drs, ...]) -> GoldCheck:
    """COUNTER's well-formedness check of a gold file, once per file (every system of the compare
    page is checked against the same gold)."""
    return check_gold(_gold)


@st.cache_resource(max_entries=32, show_spinner=False)
def _ill_policy(pred_key: str, gold_key: str | None, _pred: tuple[Drs, ...],
                _gold: tuple[Drs, ...] | None) -> tuple[tuple[Drs, ...], IllFormedReport]:
    """The predicted DRSs with the ill-formed ones scored as failed parses (``dummy``, as official
    results), checked for well-formedness when the gold file follows COUNTER's signature (``auto``).
    Keyed by the files' keys, which name their contents; shared by all sessions."""
    gold_check = _gold_check(gold_key, _gold) if gold_key is not None and _gold is not None else None
    drss, report = apply_ill_policy(_pred, "dummy", gold_check)
    return tuple(drss), report


def file_widgets(slot: str, label: str, default_sample: str, *, key_prefix: str = "", compact: bool = False,
                 placeholder: str = "../shared/data/pmb-2.2.0/gold_dev.clf",
                 predicted: bool = False, gold: LoadedFile | None = None) -> LoadedFile | None:
    """A predicted file (``predicted``) is read leniently: its ill-formed DRSs (lines that do not
    read, or, against a ``gold`` file that follows COUNTER's signature, DRSs that fail its
    well-formedness check) are scored as failed parses, as official results count them, and
    listed in a notice (docs/ill-formed.md)."""
    loaded = _file_widgets(slot, label, default_sample, key_prefix=key_prefix, compact=compact,
                           placeholder=placeholder, lenient=predicted)
    if loaded is None or not predicted:
        return loaded
    drss, report = _ill_policy(loaded.key, gold.key if gold else None, loaded.drss, gold.drss if gold else None)
    if report.entries:
        def brief(e: IllFormed) -> str:
            """Which DRS, its line and column and what is wrong (the file is named once, above),
            quoting a few characters of the file's first bad line only."""
            first = e is report.entries[0]
            return f"DRS {e.index}: " + "; ".join(_where(p, BRIEF_QUOTE_CHARS if first and i == 0 else 0)
                                                  for i, p in enumerate(e.problems[:4]))

        st.warning(f"{len(report.entries)} predicted DRS(s) of {md_escape(loaded.name)} are ill-formed and are scored "
                   "as failed parses (all their gold clauses and k-grams unmatched):  \n"
                   + "  \n".join(md_escape(brief(e)) for e in report.entries[:8])
                   + (f"  \n... and {len(report.entries) - 8} more" if len(report.entries) > 8 else ""),
                   icon=":material/warning:")
    return LoadedFile(loaded.name, tuple(drss), loaded.key, report, loaded.notation)


def _where(problem: ClfProblem, quote_chars: int) -> str:
    """``line L:C: message: 'text'`` of one problem, its file left out (named once around it)."""
    text = problem.text if len(problem.text) <= quote_chars else \
        problem.text[:quote_chars] + "..." if quote_chars else ""
    where = f"line {problem.line}" + (f":{problem.column}" if problem.column else "") + ": " if problem.line else ""
    return where + problem.message + (f": {text!r}" if text else "")


def failed_parse(pred: LoadedFile, index: int) -> IllFormed | None:
    """The predicted DRS ``index`` when it is ill-formed and so scored as a failed parse, else None."""
    if pred.report is None:
        return None
    return next((e for e in pred.report.entries if e.index == index), None)


def show_failed_parse(pred: LoadedFile, index: int) -> bool:
    """In the pair view, above the scores: that the predicted DRS of this document is scored as a failed
    parse, and why (FILE:LINE:COL of each bad line, a few characters quoted); whether it is."""
    entry = failed_parse(pred, index)
    if entry is None:
        return False
    reasons = "  \n".join(md_escape(p.format(entry.source, BRIEF_QUOTE_CHARS)) for p in entry.problems[:4])
    more = f"  \n... and {len(entry.problems) - 4} more" if len(entry.problems) > 4 else ""
    st.warning(f"**The predicted DRS of document {index} is scored as a failed parse** (it is ill-formed, so none "
               f"of its clauses count and every gold clause and k-gram is unmatched):  \n{reasons}{more}",
               icon=":material/warning:")
    return True


def show_older_gold_note(*predicted: LoadedFile | None) -> None:
    """Once for a page, however many predicted files were checked against its gold file: that the gold
    file follows an older PMB format, so COUNTER's well-formedness check is off."""
    check = next((f.report.gold for f in predicted if f is not None and f.report is not None
                  and f.report.gold is not None and f.report.gold.warnings and not f.report.gold.active), None)
    if check is not None:
        st.caption(f"The gold file follows an older PMB format ({len(check.warnings)} DRS(s) outside COUNTER's "
                   "current signature), so a predicted DRS is ill-formed here only for lines that do not read.")


def _file_widgets(slot: str, label: str, default_sample: str, *, key_prefix: str, compact: bool,
                  placeholder: str, lenient: bool) -> LoadedFile | None:
    """Source choice (sample, upload or local path) and file widget of one file slot; the loaded
    file, or None while none is chosen (unreadable or malformed files raise DscorerInputError).

    Widget keys are ``{key_prefix}src_{slot}``, ``{key_prefix}sample_{slot}``,
    ``{key_prefix}upload_{slot}``, ``{key_prefix}path_{slot}`` and ``{key_prefix}paste_{slot}`` (pasted
    DRSs, clauses or SBN, at most MAX_PASTED_CHARS characters); the last upload is kept in
    ``_{key_prefix}uploaded_{slot}``. By default the slot is headed ``**{label} file**`` and says
    what to do while no file is chosen; ``compact`` labels the source radio with ``label``,
    collapses the other labels and shows no hints.
    """
    key = {what: f"{key_prefix}{what}_{slot}" for what in ("src", "sample", "upload", "path", "paste")}
    stored_key = f"_{key_prefix}uploaded_{slot}"
    if compact:
        st.session_state.setdefault(key["src"], "Sample")
        src = st.radio(label, SOURCES, key=key["src"], horizontal=True)
        labels = (f"{label}: sample file", f"{label}: file (clauses or SBN)",
                  f"{label}: path of a local file (clauses or SBN)")
    else:
        st.markdown(f"**{label} file**")
        src = st.radio("Source", SOURCES, key=key["src"], horizontal=True, label_visibility="collapsed")
        labels = ("Sample file", f"{label} file (clauses or SBN)", "Path of a local file (clauses or SBN)")
    visibility: Literal["collapsed", "visible"] = "collapsed" if compact else "visible"
    try:
        if src == "Sample":
            st.session_state.setdefault(key["sample"], default_sample)
            name = str(st.selectbox(labels[0], sample_files(), key=key["sample"], label_visibility=visibility))
            p = SAMPLE_DIR / name
            stat = p.stat()
            notation, drss = parse_local(str(p), stat.st_mtime_ns, stat.st_size, lenient)
            return LoadedFile(name, drss, f"sample:{name}:{stat.st_mtime_ns}", notation=notation)
        if src == "Upload":
            up = st.file_uploader(labels[1], key=key["upload"], label_visibility=visibility,
                                  help=f"Up to {MAX_UPLOAD_MB} MB; use 'Local path' for larger files.")
            if up is not None:
                st.session_state[stored_key] = (up.name, up.getvalue())
            elif stored_key in st.session_state:
                st.caption("Using the earlier upload: " + md_escape(st.session_state[stored_key][0]))
            stored = st.session_state.get(stored_key)
            if stored is None:
                if not compact:
                    st.info("Upload a clause file or an SBN file.")
                return None
            name, data = stored
            digest = hashlib.sha1(data).hexdigest()
            notation, drss = parse_upload(name, data, lenient)
            return LoadedFile(name, drss, f"upload:{name}:{digest}", notation=notation)
        if src == "Paste":
            pasted = st.text_area(f"{label}: DRS(s) pasted (clauses or SBN)", key=key["paste"], height=140,
                                  label_visibility=visibility, placeholder="b1 REF x1\nb1 male \"n.02\" x1\n...",
                                  help="One or more DRSs as clauses (a blank line between two) or SBN; "
                                       "Ctrl+Enter or a click outside reads them.")
            if not pasted.strip():
                if not compact:
                    st.info("Paste a DRS as clauses or as SBN.")
                return None
            data = check_pasted(pasted).encode("utf-8")
            name = f"pasted {label.split(' (')[0].lower()}"
            notation, drss = parse_upload(name, data, lenient)
            return LoadedFile(name, drss, f"paste:{hashlib.sha1(data).hexdigest()}", notation=notation)
        text = st.text_input(labels[2], key=key["path"], label_visibility=visibility, placeholder=placeholder)
        if not text.strip():
            if not compact:
                st.info("Type the path of a clause file or an SBN file on this machine.")
            return None
        p = check_local_path(text)
        stat = p.stat()
        notation, drss = read_local(p, lenient)
        return LoadedFile(str(p), drss, f"path:{p}:{stat.st_mtime_ns}:{stat.st_size}", notation=notation)
    except OSError as exc:
        raise DscorerInputError(f"cannot read the file: {exc.strerror or exc}") from None


@st.cache_resource(max_entries=32, show_spinner=False)
def _swap_message(pred_key: str, gold_key: str, _pred: LoadedFile, _gold: LoadedFile) -> str | None:
    """suspect_swapped's warning for a pair of files (None: none), once per pair of contents for all
    sessions: it reads every DRS of both files, which every rerun of the pair view would repeat."""
    swapped = suspect_swapped(_pred.drss, _gold.drss, _pred.name, _gold.name)
    return None if swapped is None else swapped.message("choose the predicted file as pred and the gold file as gold")


def show_swap_warning(pred: LoadedFile, gold: LoadedFile) -> bool:
    """A warning when the gold file looks like a parser's output (``swapped_sides``: parse-failure
    dummies, sentences on the predicted side only, names); whether one was shown."""
    message = _swap_message(pred.key, gold.key, pred, gold)
    if message is not None:
        st.warning(md_escape(message), icon=":material/swap_horiz:")
    return message is not None


def load_file(slot: str, label: str, default_sample: str, *, what: str | None = None,
              **options: Any) -> tuple[LoadedFile | None, bool]:
    """file_widgets (``options`` are its keyword arguments) plus error display: (the file or None,
    whether an error was shown). A file that cannot be used, or holds no DRS, is an st.error
    naming ``what`` (default: ``label``)."""
    what = what or label
    try:
        loaded = file_widgets(slot, label, default_sample, **options)
    except DscorerInputError as exc:
        _file_error(what, exc)
        return None, True
    if loaded is not None and not loaded.drss:
        _file_error(what, DscorerInputError(
            f"{loaded.name}: no DRS in this file (it is empty or holds only comments)"))
        return None, True
    if loaded is not None:
        st.caption(f"{loaded.kind[0].upper()}{loaded.kind[1:]}, {len(loaded.drss)} DRS(s)")
    return loaded, False


def _file_error(what: str, exc: Exception) -> None:
    """A file that cannot be used: a pointer where its widgets are (the sidebar), the message itself
    kept for show_file_errors, which puts it at the top of the main area, where the eye is."""
    st.caption(f":red[**Cannot use the {md_escape(what)}**] (the reason is at the top of the page)")
    st.session_state.setdefault(FILE_ERRORS_KEY, []).append((what, str(exc)))


def show_file_errors() -> None:
    """The errors of the files that could not be used in this run (FILE:LINE:COL: what is wrong), at
    the top of the main area; call it in the main area after the file widgets."""
    for what, message in st.session_state.pop(FILE_ERRORS_KEY, []):
        st.error(f"**Cannot use the {md_escape(what)}.**  \n" + md_escape(message), icon=":material/warning:")


def _load_side(side: str, container: Any, gold: LoadedFile | None = None) -> LoadedFile | None:
    """The file widgets of one side of the pair in ``container`` (the predicted side is checked
    against ``gold``); the loaded file or None (after showing an error, if any)."""
    with container:
        loaded, _ = load_file(side, "Predicted (pred)" if side == "pred" else "Gold", DEFAULT_SAMPLES[side],
                              what=f"{side} file", predicted=side == "pred", gold=gold)
    return loaded


def load_pair(container: Any = None) -> tuple[LoadedFile | None, LoadedFile | None, bool]:
    """File widgets for both sides (in the sidebar by default).

    Returns (pred, gold, paired): ``paired`` is True when both loaded and hold as many DRSs.
    A bad file shows an error and leaves the other side and the rest of the page working.
    """
    container = container or st.sidebar
    st.session_state.pop(FILE_ERRORS_KEY, None)
    with container, st.expander("DRS files (clauses or SBN)", expanded=True):
        pred_box, gold_box = st.container(), st.container()
        gold = _load_side("gold", gold_box)  # first: the predicted file's check depends on it
        pred = _load_side("pred", pred_box, gold)
        with pred_box:
            show_older_gold_note(pred)
    show_file_errors()  # the main area's top: the page has drawn nothing there yet
    paired = False
    if pred and gold:
        try:
            check_pair(list(pred.drss), list(gold.drss), pred.name, gold.name)
            paired = True
            show_swap_warning(pred, gold)
        except DscorerInputError as exc:
            samples = [f.key.startswith("sample:") for f in (pred, gold)]
            if any(samples) and not all(samples):  # half loaded: the other side is still the sample
                still = "gold" if samples[1] else "predicted"
                st.info(f"Now choose the {still} file: the {still} side still shows the bundled sample "
                        f"({len(pred.drss)} predicted and {len(gold.drss)} gold DRSs so far).")
            else:
                show_input_error("pair of files", exc)
    return pred, gold, paired
