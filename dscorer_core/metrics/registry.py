"""The registry of metrics: every command and page that offers a metric takes it from here.

``make_metric("smatch", settings)`` builds a registered metric from its settings (None: the
defaults); ``metric_names()`` lists them in the order they are offered; ``usable_metrics`` keeps those
that can score a set of files (Smatch only SBN). Adding a metric is one ``register_metric`` call
(docs/python-api.md, "Adding a metric").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import SettingsError
from .base import Average, Metric
from .counter_metric import CounterMetric
from .ngram_metric import DscorerMetric
from .smatch_metric import SmatchMetric

if TYPE_CHECKING:
    from ..clauses import Drs


#: Builds a metric from its settings (None: the defaults), a process count and a corpus average (None: its default).
MetricFactory = Callable[..., Metric]

#: name -> factory, in the order the metrics are offered.
REGISTRY: dict[str, MetricFactory] = {}
_TITLES: dict[str, str] = {}


def register_metric(name: str, factory: MetricFactory, title: str) -> None:
    """Offer a metric under ``name`` (``--metric NAME``) everywhere metrics are offered."""
    REGISTRY[name] = factory
    _TITLES[name] = title


def metric_names() -> tuple[str, ...]:
    """The registered metrics' names, in the order they are offered."""
    return tuple(REGISTRY)


def metric_title(name: str) -> str:
    """How people read a metric's name (``DSCORER``, ``COUNTER``, ``Smatch``)."""
    return _TITLES.get(name, name)


def make_metric(name: str, settings: Any = None, jobs: int = 1, average: Average | None = None) -> Metric:
    """The registered metric ``name`` under ``settings`` (its own settings type; None: the defaults)."""
    if name not in REGISTRY:
        raise SettingsError(f"unknown metric {name!r}; choose from {', '.join(REGISTRY)}")
    return REGISTRY[name](settings, jobs=jobs, average=average)


def make_metrics(names: Sequence[str], settings: Mapping[str, Any] | None = None, jobs: int = 1,
                 average: Average | None = None) -> list[Metric]:
    """``make_metric`` for each name, its settings taken from ``settings[name]``; ``average``, when
    given, for the metrics that offer it (the others keep their default)."""
    settings = settings or {}
    out = []
    for name in names:
        metric = make_metric(name, settings.get(name), jobs)
        if average is not None and average in metric.averages and average != metric.average:
            metric = make_metric(name, settings.get(name), jobs, average)
        out.append(metric)
    return out


def usable_metrics(metrics: Sequence[Metric], golds: Sequence[Drs],
                   systems: Sequence[Sequence[Drs]] = ()) -> list[Metric]:
    """The metrics that can score these files (none refuses the gold or a system file)."""
    return [m for m in metrics
            if m.refusal(golds, "gold") is None and all(m.refusal(s, "system") is None for s in systems)]


register_metric("dscorer", DscorerMetric.from_settings, "DSCORER")
register_metric("counter", CounterMetric.from_settings, "COUNTER")
register_metric("smatch", SmatchMetric.from_settings, "Smatch")
