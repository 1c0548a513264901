"""Scoring corpora beyond one machine: batches of pairs sent to a Dask cluster's workers, count rows
gathered in corpus order, so every figure is the one a single process gives (docs/scale.md).

``connect`` opens a cluster (``tcp://HOST:PORT`` or ``local:N``); ``runner`` runs tasks on it (or in
this process) and hands their results back in order; ``tasks`` is what a worker runs; ``runs`` cuts a
corpus into tasks and adds up what comes back. Dask is imported only when a cluster is opened:
``import dscorer_core`` never imports it.
"""

from .connect import MISSING_DASK, ClusterSpec, open_runner, parse_cluster
from .runner import InProcess, Runner

__all__ = ["MISSING_DASK", "ClusterSpec", "InProcess", "Runner", "open_runner", "parse_cluster"]
