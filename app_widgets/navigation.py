"""The sidebar's list of pages, with names a user understands ("Pair view", not the file name ``app``).

Streamlit's own page list (hidden in .streamlit/config.toml: ``client.showSidebarNavigation``)
names the landing page after ``app.py``; st.navigation would rename it but cannot live beside
the ``pages/`` directory the pages and their tests use, so every page draws this list instead."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

__all__ = ["PAGE_ICON", "PAGES", "WORKING_CSS", "page_links"]

#: The browser tab's icon, served by the app itself (a Material icon as ``page_icon`` made every rerun
#: fetch the tab's icon from fonts.gstatic.com: a request off the machine, which fails with no internet).
PAGE_ICON = str(Path(__file__).resolve().parent / "box_view_assets" / "dscorer_icon.svg")

#: A "Working..." sign at the top of the window while a page's script has run for more than a second
#: (Streamlit marks the app ``data-test-script-state=running``; the sign fades in after 1 s, so quick
#: reruns do not flicker). CSS only: it shows even while Python is busy and cannot send anything.
WORKING_CSS = ("<style>[data-testid=stApp][data-test-script-state=running]::after{content:'Working\\2026';"
               "position:fixed;top:.55rem;left:50%;transform:translateX(-50%);z-index:1000100;"
               "padding:.2rem .9rem;border-radius:1rem;background:#0072B2;color:#fff;"
               "font:600 .9rem system-ui,sans-serif;box-shadow:0 1px 4px rgba(0,0,0,.3);pointer-events:none;"
               "opacity:0;animation:dscorer-working .2s linear 1s forwards}"
               "@keyframes dscorer-working{to{opacity:1}}</style>")

#: (script relative to app.py, label, icon) in sidebar order (Material icons: Streamlit ships their font,
#: emoji need one on the reader's system).
PAGES = (("app.py", "Pair view", ":material/compare:"), ("pages/1_Corpus.py", "Corpus", ":material/table_chart:"),
         ("pages/2_Graph_conversion.py", "Graph conversion", ":material/school:"),
         ("pages/3_Compare_systems.py", "Compare systems", ":material/leaderboard:"),
         ("pages/4_Error_analysis.py", "Error analysis", ":material/troubleshoot:"))


def page_links() -> None:
    """Links to every page at the top of the sidebar (the current page is highlighted), and the page's
    "Working..." sign (WORKING_CSS)."""
    st.html(WORKING_CSS)
    with st.sidebar:
        for script, label, icon in PAGES:
            st.page_link(script, label=label, icon=icon)
        st.divider()
