"""The app's shared charts are converted once for all sessions (``app_widgets.charts``): a corpus
of more than 2,500 documents (over 5,000 rows in the corpus page's histogram) keeps all its rows,
where altair's default conversion refuses them, and altair's global setting is left as it was."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("streamlit")

import altair as alt

from app_widgets.charts import altair_to_dict


def test_a_chart_of_more_than_five_thousand_rows_keeps_them_all():
    frame = pd.DataFrame({"F": np.linspace(0, 1, 6000), "metric": ["DSCORER", "COUNTER"] * 3000})
    chart = alt.Chart(frame).mark_bar().encode(alt.X("F:Q", bin=True), alt.Y("count():Q"), color="metric:N")
    with pytest.raises(alt.MaxRowsError):
        chart.to_dict()  # altair's own conversion
    spec = altair_to_dict(chart)
    [rows] = spec["datasets"].values()
    assert len(rows) == 6000 and rows[1] == {"F": frame.F[1], "metric": "COUNTER"}
    with pytest.raises(alt.MaxRowsError):
        chart.to_dict()  # the global default is back
