"""The options for corpora beyond one machine's memory or cores: ``--cluster`` and ``--per-doc-out``
(docs/scale.md); the cluster back end is imported only when one of them is given."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import OutputError, SettingsError
from ..output_files import atomic_text_file, check_output_target
from ..runner import Runner, runner_for


def add_cluster_option(p: argparse.ArgumentParser) -> None:
    """Add ``--cluster tcp://HOST:PORT | local:N``."""
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="score batches of pairs on a Dask cluster: tcp://HOST:PORT (a running scheduler) or "
                        "local:N (N worker processes on this machine); the same figures as one process "
                        '(needs pip install "dscorer[cluster]")')


def add_per_doc_out_option(p: argparse.ArgumentParser) -> None:
    """Add ``--per-doc-out FILE.jsonl``."""
    p.add_argument("--per-doc-out", metavar="FILE.jsonl",
                   help="write one JSON line per document to FILE as the corpus is scored, and read clause "
                        "files (and files of one SBN per line) as streams: memory stays bounded whatever "
                        "the corpus's size")


def at_scale(args: argparse.Namespace) -> bool:
    """Whether a command runs on a cluster or streams its files (``--cluster`` or ``--per-doc-out``)."""
    if getattr(args, "cluster", None) and getattr(args, "jobs", 1) > 1:
        raise SettingsError("--jobs and --cluster: choose one (a cluster's workers are its processes)")
    return bool(getattr(args, "cluster", None) or getattr(args, "per_doc_out", None))


def refuse_overwriting(option: str, target: str | None, *inputs: str) -> None:
    """``--csv gold.clf`` would destroy the gold file, ``--csv /dev/full`` would replace a device:
    refuse before reading anything."""
    if target and any(Path(target).resolve() == Path(i).resolve() for i in inputs):
        raise OutputError(f"{option} {target} is one of the input files; refusing to overwrite it")
    if target:
        check_output_target(target, f"{option}'s output")  # a device, FIFO or directory: before any work


@contextmanager
def open_cli_runner(args: argparse.Namespace) -> Iterator[Runner]:
    """The Runner the options ask for, handed down to the metrics: ``--cluster``'s (opened for the
    command and closed after it; dask imported only then), ``--jobs N`` processes, or this process."""
    cluster = getattr(args, "cluster", None)
    if not cluster:
        yield runner_for(getattr(args, "jobs", 1) or 1)
        return
    from ..cluster import open_runner

    with open_runner(cluster) as runner:
        yield runner


@contextmanager
def per_doc_lines(path: str | None, as_dict: Callable[[Any], dict]) -> Iterator[Callable[[Sequence[Any]], None] | None]:
    """A function that writes documents to ``path`` as JSON lines (``as_dict`` of each), or None without a path."""
    if not path:
        yield None
        return
    with atomic_text_file(path, "--per-doc-out's output") as out:  # renamed into place once complete
        def write(docs: Sequence[Any]) -> None:
            out.writelines(json.dumps(as_dict(d), ensure_ascii=False, allow_nan=False) + "\n" for d in docs)

        yield write
