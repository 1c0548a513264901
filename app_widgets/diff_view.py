"""The diff view of the pair view: what is only in pred, only in gold and matched, as clauses under
COUNTER's variable mapping and, for an SBN pair, as triples under Smatch's alignment (no k to
choose). The lists come from ``dscorer_core.drs_diff``; this module only shows them, as escaped text."""

from __future__ import annotations

from html import escape

import streamlit as st

from dscorer_core import CounterSettings, Drs
from dscorer_core.drs_diff import DrsDiff, drs_diff

from .state import CLASS_SESSIONS, shared_cache
from .text import json_text, md_escape

__all__ = ["cached_drs_diff", "diff_view"]

TITLES = {"clause": "Clauses, under COUNTER's variable mapping",
          "triple": "Triples, under Smatch's alignment (corrected triples)"}
#: The three lists of a diff: (key, heading, colour of the heading's mark).
LISTS = (("only_pred", "Only in pred", "#D55E00"), ("only_gold", "Only in gold", "#D55E00"),
         ("matched", "Matched", "#0072B2"))


@shared_cache(maxsize=2 * CLASS_SESSIONS)
def cached_drs_diff(pred: Drs, gold: Drs, settings: CounterSettings | None = None) -> tuple[DrsDiff, ...]:
    """drs_diff, remembered per pair and COUNTER settings (its search can take seconds on big DRSs)."""
    return drs_diff(pred, gold, settings)


def _items(diff: DrsDiff, which: str) -> list[str]:
    if which == "matched":
        return [p if p == g else f"{p}  ↔  {g}" for p, g in diff.matched]
    return list(getattr(diff, which))


def diff_view(pred: Drs, gold: Drs, settings: CounterSettings | None = None, key: str = "diff") -> None:
    """Both DRSs as three lists per unit (only in pred, only in gold, matched: a matched pair with other
    variable names shows both), the mapping used, and a JSON download."""
    diffs = cached_drs_diff(pred, gold, settings)
    for diff in diffs:
        matched, n_pred, n_gold = diff.counts
        st.markdown(f"**{TITLES[diff.unit]}**: {matched} matched of {n_pred} in pred and {n_gold} in gold"
                    + ("" if diff.optimal else " (best mapping found, not proven best)"))
        for col, (which, heading, colour) in zip(st.columns(3), LISTS):
            items = _items(diff, which)
            rows = "".join(f"<li>{escape(t)}</li>" for t in items) or "<li><em>(none)</em></li>"
            with col, st.container(key=f"dscorer_{key}_{diff.unit}_{which}"):
                st.html(f'<div style="border-top:3px solid {colour};padding-top:4px"><b>{escape(heading)} '
                        f'({len(items)})</b><ol style="font-family:ui-monospace,Menlo,Consolas,monospace;'
                        f'font-size:.85rem;max-height:22rem;overflow:auto;margin:.3rem 0;padding-left:2.2em">'
                        f'{rows}</ol></div>')
        if diff.mapping:
            st.caption("Variables mapped (pred → gold): " + md_escape(", ".join(f"{p} → {g}" for p, g in diff.mapping)))
    st.download_button("Download the diff (JSON)", json_text([d.as_dict() for d in diffs]),
                       file_name=f"dscorer_diff_doc{gold.index}.json", mime="application/json", key=f"{key}_download")
