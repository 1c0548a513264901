"""The sidebar's list of pages, with names a user understands ("Pair view", not the file name ``app``).

Streamlit's own page list (hidden in .streamlit/config.toml: ``client.showSidebarNavigation``)
names the landing page after ``app.py``; st.navigation would rename it but cannot live beside
the ``pages/`` directory the pages and their tests use, so every page draws this list instead."""

from __future__ import annotations

import streamlit as st

__all__ = ["PAGES", "page_links"]

#: (script relative to app.py, label, icon) in sidebar order (Material icons: Streamlit ships their font,
#: emoji need one on the reader's system).
PAGES = (("app.py", "Pair view", ":material/compare:"), ("pages/1_Corpus.py", "Corpus", ":material/table_chart:"),
         ("pages/2_Graph_conversion.py", "Graph conversion", ":material/school:"),
         ("pages/3_Compare_systems.py", "Compare systems", ":material/leaderboard:"),
         ("pages/4_Error_analysis.py", "Error analysis", ":material/troubleshoot:"))


def page_links() -> None:
    """Links to every page at the top of the sidebar (the current page is highlighted)."""
    with st.sidebar:
        for script, label, icon in PAGES:
            st.page_link(script, label=label, icon=icon)
        st.divider()
