"""Smatch on SBN in the app: the PMB 5 figure, the corrected one and soft Smatch, labelled, for a pair
and a corpus.

Shown only where both files are SBN (each DRS then carries its SBN, ``Drs.sbn``); the scores and the
causes of a difference come from ``dscorer_core.sbn.smatch_causes``.
"""

from __future__ import annotations

from collections import Counter

import streamlit as st

from dscorer_core import Drs
from dscorer_core.errors import DscorerInputError
from dscorer_core.sbn.smatch_causes import CAUSE_TEXT, SmatchComparison, compare_sbn_lines

from .files import LoadedFile
from .state import shared_cache
from .text import md_escape

__all__ = ["cached_sbn_comparison", "cached_soft_smatch", "sbn_smatch_corpus", "sbn_smatch_pair"]

PMB5_HELP = ("Smatch as the PMB 5 evaluation script computes it (sbn_smatch.py with smatch 1.0.4), quirks "
             "included, with an exact alignment: the figure PMB 5 papers report.")
CORRECTED_HELP = ("Smatch on the same graphs without the script's bugs (depth-free concepts, whole names, "
                  "strict reader).")
SOFT_HELP = ("Soft Smatch (neural-symbolic-parsing, `dscorer smatch --soft`): concepts match by Wu-Palmer "
             "similarity on WordNet taxonomy codes instead of 0 or 1, with an exact alignment; the authors' "
             "definition, quirks included (docs/sbn.md).")


@shared_cache(maxsize=8)
def cached_soft_smatch(pred: tuple[str, ...], gold: tuple[str, ...]) -> float | None:
    """Soft Smatch (mean of per-sentence F, ill-formed 0) of SBN pairs given one per string, remembered;
    None if a gold SBN cannot be read."""
    from dscorer_core.metrics import make_metric
    from dscorer_core.metrics.driver import metric_detail
    from dscorer_core.reading.sbn_text import SbnText
    from dscorer_core.sbn.smatch import SmatchResult, SmatchSettings

    try:
        found: SmatchResult = metric_detail(make_metric("smatch", SmatchSettings(soft=True)),
                              [SbnText(t, "pred", i + 1) for i, t in enumerate(pred)],
                              [SbnText(t, "gold", i + 1) for i, t in enumerate(gold)])
    except DscorerInputError:
        return None
    return found.mean_F


@shared_cache(maxsize=8)
def cached_sbn_comparison(pred: tuple[str, ...], gold: tuple[str, ...]) -> SmatchComparison | None:
    """Both Smatch figures of SBN pairs given one per string, remembered; None if gold SBN cannot be read."""
    try:
        return compare_sbn_lines(pred, gold)
    except DscorerInputError:
        return None


def _sbns(drss: tuple[Drs, ...] | list[Drs]) -> tuple[str, ...] | None:
    texts = tuple(d.sbn for d in drss)
    return None if any(t is None for t in texts) else texts  # type: ignore[return-value]


def sbn_smatch_pair(pred: Drs, gold: Drs) -> None:
    """For an SBN pair: Smatch F (PMB 5) and Smatch F (corrected), and why they differ."""
    texts = _sbns([pred]), _sbns([gold])
    if texts[0] is None or texts[1] is None:
        return
    found = cached_sbn_comparison(texts[0], texts[1])
    if found is None:
        return
    a, b = found.pmb5.documents[0], found.corrected.documents[0]
    soft = cached_soft_smatch(texts[0], texts[1])
    cols = st.columns([1.2, 1.4, 1.2, 2.6], vertical_alignment="center")  # room for the labels at 1280 px
    cols[0].metric("Smatch F (PMB 5)", f"{a.F:.4f}", help=PMB5_HELP)
    cols[1].metric("Smatch F (corrected)", f"{b.F:.4f}", help=CORRECTED_HELP)
    cols[2].metric("soft Smatch F", "-" if soft is None else f"{soft:.4f}", help=SOFT_HELP)
    if a.ill_formed:
        why = md_escape("The PMB 5 script refuses this output (F 0, counted ill-formed): "
                        + a.ill_formed.split(": ", 1)[-1])
    elif found.differences:
        d = found.differences[0]
        why = "The two differ because of " + "; ".join(f"**{c}**: {md_escape(CAUSE_TEXT[c])}" for c in d.causes)
        why += md_escape(f" ({d.detail})") if d.detail else ""
    else:
        why = md_escape("Both Smatch figures agree: the PMB 5 script's quirks do not touch this pair.")
    cols[3].caption(why)


def sbn_smatch_corpus(pred: LoadedFile, gold: LoadedFile) -> None:
    """For SBN files: mean Smatch F and ill-formed rate, PMB 5 and corrected, and what moved the difference."""
    texts = _sbns(pred.drss), _sbns(gold.drss)
    if texts[0] is None or texts[1] is None:
        return
    found = cached_sbn_comparison(texts[0], texts[1])
    if found is None:
        return
    a, b = found.pmb5, found.corrected
    soft = cached_soft_smatch(texts[0], texts[1])
    cols = st.columns([1, 1, 1, 1, 1, 2], vertical_alignment="center")
    cols[0].metric("Smatch F (PMB 5)", f"{a.mean_F:.4f}", help=PMB5_HELP + " Mean of per-sentence F1.")
    cols[1].metric("ill-formed (PMB 5)", f"{a.ill_formed:.4f}")
    cols[2].metric("Smatch F (corrected)", f"{b.mean_F:.4f}", help=CORRECTED_HELP + " Mean of per-sentence F1.")
    cols[3].metric("ill-formed (corrected)", f"{b.ill_formed:.4f}")
    cols[4].metric("soft Smatch F", "-" if soft is None else f"{soft:.4f}",
                   help=SOFT_HELP + " Mean of per-sentence F1.")
    counts = Counter(c for d in found.differences for c in d.causes)
    cols[5].caption(md_escape(f"Smatch on the SBN, mean of per-sentence F1 (ill-formed = 0). {len(found.differences)} "
                              "sentence(s) differ between the two: "
                              + (", ".join(f"{c} {n}" for c, n in counts.most_common()) or "none")
                              + f". Signature: {a.signature}"))
