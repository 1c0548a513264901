"""Scoring on a Dask cluster and reading corpora as streams (docs/scale.md): the same JSON, byte for
byte, as one process; a worker killed mid-run changes nothing; a file read in pieces is the file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dscorer_core.cli import main
from dscorer_core.cluster import MISSING_DASK, parse_cluster
from dscorer_core.errors import SettingsError
from dscorer_core.reading.chunks import clf_chunks, sbn_line_chunks, stream_format
from dscorer_core.reading.clause_text import parse_clf
from dscorer_core.reading.drs_files import read_drs_file, read_sbn_texts

REPO = Path(__file__).resolve().parent.parent


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of two worker processes (one thread each) and a client of it."""
    distributed = pytest.importorskip("distributed", reason="dask distributed is not installed (the cluster extra)")
    import logging
    import warnings

    with warnings.catch_warnings():  # no dashboard, but its port is tried all the same
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=logging.ERROR)
    with cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def dev(shared_path):
    return shared_path("pmb-2.2.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")


# ------------------------------------------------------------------ identical JSON on a cluster


@pytest.mark.parametrize("command", ["score", "counter"])
def test_cluster_json_is_byte_identical(capsys, client, dev, command):
    """PMB 2.2.0 dev (682 pairs, Boxer with its parse failures): the cluster's JSON is the one process's."""
    code, local, _ = run(capsys, command, *dev, "--json", "--per-doc")
    assert code == 0
    code, remote, err = run(capsys, command, *dev, "--json", "--per-doc", "--cluster", client.scheduler.address)
    assert code == 0, err
    assert remote == local
    assert json.loads(remote)["signature"].endswith("|wf:off|version:0.1.0")


def test_cluster_smatch_json_is_byte_identical(capsys, client, shared_path):
    """PMB 5.0.0 Dutch test (435 SBN pairs, 37 ill-formed predictions) with Smatch."""
    pair = shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn"), shared_path("pmb-5.0.0/gold_nl_test.sbn")
    code, local, _ = run(capsys, "smatch", *pair, "--json", "--per-doc")
    assert code == 0
    code, remote, err = run(capsys, "smatch", *pair, "--json", "--per-doc", "--cluster", client.scheduler.address)
    assert code == 0, err
    assert remote == local
    assert json.loads(remote)["ill_formed_count"] > 0


def test_cluster_compare_and_score_with_counter(capsys, client, dev):
    """``compare`` scores each system on the cluster; ``score --with-counter`` streams both metrics."""
    gold = dev[1]
    spar = dev[1].parent / "spar_baseline.clf"
    args = ["compare", gold, spar, dev[0], "--baseline", "--bootstrap", "50", "--ar", "50", "--json"]
    assert run(capsys, *args)[1] == run(capsys, *args, "--cluster", client.scheduler.address)[1]
    args = ["score", *dev, "--json", "--with-counter", "--order", "2"]
    assert run(capsys, *args)[1] == run(capsys, *args, "--cluster", client.scheduler.address)[1]


def test_python_api_takes_a_cluster(client, dev):
    from dscorer_core.cluster import DaskRunner
    from dscorer_core.counter import counter_corpus
    from dscorer_core.ill_formed import apply_ill_policy
    from dscorer_core.ngrams.corpus import score_corpus

    preds, _ = apply_ill_policy(read_drs_file(dev[0], lenient=True)[:250], "dummy")
    golds = read_drs_file(dev[1])[:250]
    local = score_corpus(preds, golds, preset="typed")
    runner = DaskRunner(client)  # the runner handed down to the metrics
    assert runner.workers == 2
    assert score_corpus(preds, golds, preset="typed", runner=runner) == local
    assert counter_corpus(preds, golds, runner=runner) == counter_corpus(preds, golds)
    from dscorer_core.metrics import make_metric
    from dscorer_core.metrics.driver import run_metric

    for name in ("dscorer", "counter"):  # the one driver, its batches on the cluster
        metric = make_metric(name)
        on_cluster = run_metric(metric, preds, golds, runner)
        assert on_cluster.as_dict(per_doc=True) == run_metric(metric, preds, golds).as_dict(per_doc=True)


# ------------------------------------------------------------------ faults


def test_a_killed_worker_changes_nothing(client, dev):
    """A worker killed with SIGKILL while it runs a batch: the scheduler runs its batches again on the
    other worker (and the nanny restarts it); every document is counted once."""
    from dscorer_core.cluster.runs import score_files

    local, local_report = score_files(*dev, keep_documents=True)
    before = set(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_a_busy_worker(done: int, _total: int) -> None:
        if killed:
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.01)

    remote, report = score_files(*dev, cluster=client, keep_documents=True, size=25, progress=kill_a_busy_worker)
    assert killed, "no worker was busy to kill"
    assert remote.n_documents == local.n_documents == 682
    assert json.dumps(remote.as_dict(per_doc=True)) == json.dumps(local.as_dict(per_doc=True))
    assert report == local_report
    client.wait_for_workers(2, timeout=60)
    after = set(client.run(os.getpid).values())
    assert killed[0] in before and killed[0] not in after


def test_ill_formed_policy_on_the_workers(capsys, client, shared_path):
    """PMB 3.0.0 Boxer output has 8 lines that do not read: each policy is applied as on one machine,
    and ``--ill error`` is an error naming the file and line, not a lost batch."""
    pair = shared_path("pmb-3.0.0/boxer_dev.clf"), shared_path("pmb-3.0.0/gold_dev.clf")
    local = run(capsys, "score", *pair, "--json", "--ill", "score")
    remote = run(capsys, "score", *pair, "--json", "--ill", "score", "--cluster", client.scheduler.address)
    assert remote[:2] == local[:2]
    assert json.loads(remote[1])["ill_formed"]["count"] > 0
    code, out, err = run(capsys, "score", *pair, "--ill", "error", "--cluster", client.scheduler.address)
    assert code == 2 and not out
    assert "boxer_dev.clf:15456:1: the box position (first token) holds a constant" in err


# ------------------------------------------------------------------ streams


@pytest.mark.parametrize("name", ["pmb-2.2.0/gold_dev.clf", "pmb-3.0.0/boxer_dev.clf", "pmb-2.1.0/spar_dev.clf"])
def test_a_clause_file_read_in_pieces_is_the_file(shared_path, name):
    path = shared_path(name)
    whole = read_drs_file(path, lenient=True)
    for size in (1, 13, 100, 10_000):
        pieces = list(clf_chunks(path, size))
        assert [c.count for c in pieces[:-1]] == [size] * (len(pieces) - 1)
        read = [d for c in pieces for d in parse_clf(c.text, c.source, True, c.first_line, c.first_index)]
        assert read == whole


def test_an_sbn_line_file_read_in_pieces_is_the_file(shared_path):
    path = shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn")
    assert stream_format(path) == "sbn-lines"
    for size in (1, 50, 1000):
        assert [t for piece in sbn_line_chunks(path, size) for t in piece] == read_sbn_texts(path)


def test_pieces_keep_line_ends_bom_comments_and_numbering(tmp_path):
    """CRLF, a lone CR, a BOM, a comment-only block that hands its sentence on, a bad line and blank
    lines at the end: the pieces read as the whole file does, line numbers included."""
    text = ("\ufeff%%% first\r\nb1 REF x1\r\nb1 cat \"n.01\" x1\r\n\r\n%%% second\n\nb2 REF x2\rb2 dog \"n.01\" x2\n\n"
            "\n\n% Input sent: third\nb3 REF x3 extra tokens here\nb3 owl \"n.01\" x3\n\n\n")
    path = tmp_path / "odd.clf"
    path.write_bytes(text.encode("utf-8"))
    whole = read_drs_file(path, lenient=True)
    assert [d.sentence for d in whole] == ["first", "second", "third"]
    for size in (1, 2, 3):
        read = [d for c in clf_chunks(path, size) for d in parse_clf(c.text, c.source, True, c.first_line,
                                                                     c.first_index)]
        assert read == whole


def test_per_doc_out_streams_the_json_documents(capsys, tmp_path, dev):
    """``--per-doc-out`` (no cluster: streamed in this process) writes the JSON's documents, one a line."""
    target = tmp_path / "docs.jsonl"
    code, local, _ = run(capsys, "score", *dev, "--json", "--per-doc")
    code, streamed, _ = run(capsys, "score", *dev, "--json", "--per-doc-out", target)
    assert code == 0
    expected = json.loads(local)
    del expected["documents"]
    assert json.loads(streamed) == expected
    lines = target.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == json.loads(local)["documents"]
    code, _, err = run(capsys, "score", *dev, "--per-doc-out", dev[1])
    assert code == 2 and "refusing to overwrite" in err


def test_streamed_files_given_the_wrong_way_round_are_warned_of(capsys, dev, tmp_path):
    """The swapped-files warning, gathered batch by batch: the same lines as one process prints."""
    _, _, whole = run(capsys, "score", dev[1], dev[0])
    # a regular file: a device such as /dev/null is refused as an output (issue 33)
    code, _, streamed = run(capsys, "score", dev[1], dev[0], "--per-doc-out", str(tmp_path / "out.jsonl"))
    assert code == 0 and "are the predicted and gold files swapped?" in streamed
    assert sorted(streamed.splitlines()) == sorted(whole.splitlines())


def test_unequal_files_are_refused_with_both_counts(capsys, shared_path, tmp_path):
    pred, gold = shared_path("pmb-3.0.0/boxer_dev.clf"), shared_path("pmb-2.2.0/gold_dev.clf")
    code, _, err = run(capsys, "score", pred, gold, "--per-doc-out", str(tmp_path / "out.jsonl"))
    assert code == 2 and "holds 885 DRS(s) but" in err and "holds 682" in err


# ------------------------------------------------------------------ without dask, and bad addresses


def test_cluster_without_dask_says_how_to_install(capsys, monkeypatch, sample_data):
    """``distributed`` made unimportable: exit 2 and one line with the install command."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    pair = sample_data / "paper_pred.clf", sample_data / "paper_gold.clf"
    code, out, err = run(capsys, "score", *pair, "--cluster", "local:2")
    assert code == 2 and not out
    last = err.strip().splitlines()[-1]
    assert last == f"dscorer score: error: {MISSING_DASK}"
    assert 'pip install "dscorer[cluster]"' in last


@pytest.mark.parametrize("spec", ["local:0", "local", "my-scheduler:8786", ""])
def test_bad_cluster_addresses(spec):
    with pytest.raises(SettingsError, match="--cluster"):
        parse_cluster(spec)


def test_jobs_and_cluster_together_are_refused(capsys, sample_data):
    pair = sample_data / "paper_pred.clf", sample_data / "paper_gold.clf"
    code, _, err = run(capsys, "score", *pair, "--jobs", "2", "--cluster", "local:2")
    assert code == 2 and "choose one" in err


def test_dask_is_imported_only_for_a_cluster(sample_data, tmp_path):
    """Start-up: ``import dscorer_core`` and a run without --cluster (streamed or not) import no dask."""
    pair = [str(sample_data / "paper_pred.clf"), str(sample_data / "paper_gold.clf")]
    out = str(tmp_path / "out.jsonl")
    code = ("import sys, os; from dscorer_core.cli import main; "
            f"main(['score', *{pair!r}, '--json']); "
            f"assert main(['counter', *{pair!r}, '--per-doc-out', {out!r}]) == 0; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')); "
            "assert not bad, bad")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]


def _tail(path: Path, first: int, out: Path) -> Path:
    """The DRSs of a clause file from number ``first`` on, written to ``out`` as the file has them."""
    start = read_drs_file(path, "clf", lenient=True)[first].line
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[start - 1:]), encoding="utf-8")
    return out


@pytest.mark.parametrize(("command", "ill"), [("score", "dummy"), ("counter", "score")])
def test_a_streamed_run_gives_the_front_doors_figure_and_signature(capsys, tmp_path, shared_path, command, ill):
    """The last 185 pairs of PMB 3.0.0 Boxer dev (two DRSs in them do not read): ``--per-doc-out`` reads
    both files as streams and applies the ill-formed policy batch by batch, ``dscorer.score`` reads them
    whole through ``prepare_pair``; the JSON report is the same byte for byte and so is the library's
    figure and signature (issue 30: one number, whatever the door)."""
    import dscorer_core as dscorer

    pair = (_tail(shared_path("pmb-3.0.0/boxer_dev.clf"), 700, tmp_path / "boxer.clf"),
            _tail(shared_path("pmb-3.0.0/gold_dev.clf"), 700, tmp_path / "gold.clf"))
    code, whole, err = run(capsys, command, *pair, "--json", "--ill", ill)
    assert code == 0, err
    out = tmp_path / "docs.jsonl"
    code, streamed, err = run(capsys, command, *pair, "--json", "--ill", ill, "--per-doc-out", out)
    assert code == 0, err
    assert streamed == whole
    assert len(out.read_text(encoding="utf-8").splitlines()) == 185
    report = json.loads(whole)
    assert report["ill_formed"]["count"] > 0 and None not in report["macro"].values()
    library = dscorer.score(*map(str, pair), metric="dscorer" if command == "score" else "counter", ill=ill)
    assert str(library.signature) == report["signature"]
    assert abs(library.micro.F - report["micro"]["F"]) <= 1e-12
