"""Scoring corpora beyond one machine: batches of pairs sent to a Dask cluster's workers, count rows
gathered in corpus order, so every figure is the one a single process gives (docs/scale.md).

``connect`` opens a cluster (``tcp://HOST:PORT`` or ``local:N``); ``runner`` runs tasks on it and hands
their results back in order (the ``dscorer_core.runner`` protocol, as this process and N processes
do); ``tasks`` is what a worker runs; ``runs`` reads files as streams into tasks and adds up what
comes back. Dask is imported only when a cluster is opened:
``import dscorer_core`` never imports it.
"""

from ..runner import InProcess, Processes, Runner
from .connect import MISSING_DASK, ClusterSpec, open_runner, parse_cluster
from .runner import DaskRunner

__all__ = ["MISSING_DASK", "ClusterSpec", "DaskRunner", "InProcess", "Processes", "Runner", "open_runner",
           "parse_cluster"]
