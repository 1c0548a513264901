"""Metrics of one kind (DSCORER, COUNTER, Smatch): the ``Metric`` protocol, its corpus result and the registry.

    >>> from dscorer_core.metrics import make_metric
    >>> result = make_metric("counter").score(preds, golds)     # MetricResult
    >>> result.F, str(result.signature), result.documents[0].F, result.breakdown
"""

from .base import Average, CountRows, Figures, Metric, MetricDocument, MetricResult, result_from_rows
from .counter_metric import CounterMetric
from .ngram_metric import DscorerMetric
from .registry import (
                       REGISTRY,
                       make_metric,
                       make_metrics,
                       metric_names,
                       metric_title,
                       register_metric,
                       usable_metrics,
)
from .smatch_metric import SmatchMetric

__all__ = ["Average", "CountRows", "Figures", "Metric", "MetricDocument", "MetricResult", "result_from_rows",
           "DscorerMetric", "CounterMetric", "SmatchMetric", "REGISTRY", "register_metric", "metric_names",
           "metric_title", "make_metric", "make_metrics", "usable_metrics"]
