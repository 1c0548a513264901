"""Confidence and significance for DSCORER and COUNTER: bootstrap intervals, paired tests,
and per-document differences, all recomputed from per-document counts (no rescoring).

    >>> from dscorer_core.stats import dscorer_table, compare_tables
    >>> comparison = compare_tables([dscorer_table(old), dscorer_table(new)], ["old", "new"])
    >>> comparison.systems[1].difference, comparison.systems[1].p_value
"""

from .bootstrap import (
                     ConfidenceIntervals,
                     Interval,
                     bootstrap_distribution,
                     confidence_intervals,
)
from .compare import Comparison, SystemComparison, compare_results, compare_tables
from .differences import DocumentDifference, document_differences
from .paired import PairedTest, approximate_randomisation, paired_bootstrap
from .resampling import bootstrap_weights, stats_signature, swap_masks
from .tables import (
                     FIGURES,
                     CountTable,
                     clause_scores,
                     clause_table,
                     counter_table,
                     dscorer_scores,
                     dscorer_table,
                     macro_table,
                     mean_scores,
                     metric_table,
)

__all__ = [
    "FIGURES", "CountTable", "metric_table", "dscorer_table", "macro_table", "clause_table", "counter_table",
    "dscorer_scores", "mean_scores", "clause_scores",
    "bootstrap_weights", "swap_masks", "stats_signature",
    "Interval", "ConfidenceIntervals", "confidence_intervals", "bootstrap_distribution",
    "PairedTest", "paired_bootstrap", "approximate_randomisation",
    "DocumentDifference", "document_differences",
    "SystemComparison", "Comparison", "compare_tables", "compare_results",
]
