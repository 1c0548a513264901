"""Naming a cluster (``tcp://HOST:PORT``, ``local:N``) and opening it: the only place dask is imported."""

from __future__ import annotations

import logging
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import SettingsError
from ..runner import IN_PROCESS, InProcess, Processes, Runner
from ..version import __version__
from .runner import DaskRunner

if TYPE_CHECKING:
    from types import ModuleType


#: What ``--cluster`` says when Dask distributed is not installed.
MISSING_DASK = '--cluster needs Dask distributed, which is not installed: pip install "dscorer[cluster]"'

_LOCAL = re.compile(r"^local:(\d+)$")
_ADDRESS = re.compile(r"^(tcp|tls|ws|wss|inproc|ucx)://\S+$")


@dataclass(frozen=True)
class ClusterSpec:
    """Where to score: the scheduler of a running cluster (``address``), or a LocalCluster of
    ``local_workers`` worker processes started for the run."""

    address: str | None = None
    local_workers: int | None = None

    def __str__(self) -> str:
        return self.address or f"local:{self.local_workers}"


def parse_cluster(text: str) -> ClusterSpec:
    """``tcp://HOST:PORT`` (a running scheduler) or ``local:N`` (N worker processes on this machine)."""
    text = text.strip()
    if found := _LOCAL.match(text):
        n = int(found.group(1))
        if n < 1:
            raise SettingsError(f"--cluster {text}: a local cluster needs at least 1 worker")
        return ClusterSpec(local_workers=n)
    if _ADDRESS.match(text):
        return ClusterSpec(address=text)
    raise SettingsError(f"--cluster {text!r}: give a scheduler address (tcp://HOST:PORT) or local:N "
                            "(a cluster of N worker processes on this machine)")


def import_distributed() -> ModuleType:
    """The ``distributed`` package, or SettingsError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SettingsError(MISSING_DASK) from None
    return distributed


def worker_version() -> str:
    """The dscorer version a worker runs (``client.run`` calls this on each worker)."""
    return __version__


def check_workers(client: Any, spec: ClusterSpec) -> None:
    """Refuse a cluster whose workers cannot import dscorer or run another version of it: their figures
    would not be the ones the signature's version stands for."""
    try:
        versions = client.run(worker_version)
    except Exception as exc:  # a worker without dscorer: ModuleNotFoundError, pickled back
        raise SettingsError(f"--cluster {spec}: a worker cannot run dscorer ({type(exc).__name__}: {exc}); "
                                f'install dscorer {__version__} with pip install "dscorer[cluster]" on every worker'
                                ) from None
    other = sorted(f"{worker} ({version})" for worker, version in versions.items() if version != __version__)
    if other:
        raise SettingsError(f"--cluster {spec}: workers run another dscorer than this one ({__version__}): "
                                + ", ".join(other))


@contextmanager
def open_runner(cluster: str | ClusterSpec | Runner | Any | None) -> Iterator[Runner]:
    """A Runner for ``cluster``: a spec (str or ClusterSpec) is connected to, or started, for the
    block and closed after it; a Runner is used as it is; a ``distributed.Client`` is wrapped
    (and left open); None runs in this process."""
    if cluster is None:
        yield IN_PROCESS
        return
    if isinstance(cluster, (InProcess, Processes, DaskRunner)):
        yield cluster
        return
    if not isinstance(cluster, (str, ClusterSpec)):  # a distributed.Client the caller owns
        yield DaskRunner(cluster)
        return
    spec = parse_cluster(cluster) if isinstance(cluster, str) else cluster
    distributed = import_distributed()
    import dask

    with dask.config.set(LEAN_CONFIG), _opened(distributed, spec) as runner:
        yield runner


#: Dask keeps the last 1,000 messages under 1 MB of each connection for debugging
#: (``distributed.admin.low-level-log-length``): 1,000 batches of text, hundreds of MB in the
#: client (and in a LocalCluster's scheduler, which runs in the client). Ten are enough.
LEAN_CONFIG = {"distributed.admin.low-level-log-length": 10}


@contextmanager
def _opened(distributed: ModuleType, spec: ClusterSpec) -> Iterator[Runner]:
    """A Runner on the cluster ``spec`` names, closed (a local one stopped) after the block."""
    if spec.address is not None:
        try:
            client = distributed.Client(spec.address, timeout="20s")
        except OSError as exc:
            raise SettingsError(f"--cluster {spec.address}: cannot reach the scheduler ({exc})") from None
        with client:
            check_workers(client, spec)
            yield DaskRunner(client)
        return
    with warnings.catch_warnings():  # no dashboard, but its port is tried all the same: not the user's business
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        local = distributed.LocalCluster(n_workers=spec.local_workers, threads_per_worker=1, processes=True,
                                         dashboard_address=None, silence_logs=logging.ERROR)
    with local, distributed.Client(local) as client:
        yield DaskRunner(client)
