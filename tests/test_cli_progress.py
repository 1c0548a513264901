"""The CLI's progress bar on stderr: drawn on a terminal only, wiped when done (dscorer_core.cli.progress)."""

from __future__ import annotations

import io

import pytest

from dscorer_core.cli import main
from dscorer_core.cli.progress import terminal_progress
from dscorer_core.counter import counter_corpus
from dscorer_core.ngrams import score_corpus
from dscorer_core.reading.clause_text import read_clf


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_no_bar_unless_stderr_is_a_terminal():
    assert terminal_progress("x", io.StringIO()) is None
    assert terminal_progress("x", Terminal()) is not None


def test_bar_moves_over_a_real_corpus_and_is_wiped(shared_path):
    """Scoring PMB 2.2.0 dev (682 documents) draws a bar that ends at 682/682's wiped line."""
    preds = read_clf(shared_path("pmb-2.2.0/boxer_dev.clf"))[:200]
    golds = read_clf(shared_path("pmb-2.2.0/gold_dev.clf"))[:200]
    for label, run in (("DSCORER", lambda p: score_corpus(preds, golds, progress=p)),
                       ("COUNTER", lambda p: counter_corpus(preds, golds, progress=p))):
        stream = Terminal()
        run(terminal_progress(label, stream))
        text = stream.getvalue()
        assert text.startswith(f"\r{label} [")
        assert "/200" in text
        assert text.endswith("\r") and text.rstrip("\r ").endswith("/200")  # last drawn line, then wiped


@pytest.mark.parametrize("command", ["score", "counter"])
def test_piped_stderr_gets_no_bar(sample_data, capsys, command):
    assert main([command, str(sample_data / "paper_pred.clf"), str(sample_data / "paper_gold.clf")]) == 0
    assert "[#" not in capsys.readouterr().err


def test_smatch_reports_progress_to_the_last_sentence(shared_path):
    """SBN Smatch on the Dutch PMB 5.0.0 test set (435 sentences) calls progress up to 435/435, in order."""
    from dscorer_core.reading.drs_files import read_sbn_texts
    from dscorer_core.sbn.smatch import smatch_corpus

    gold = shared_path("pmb-5.0.0/gold_nl_test.sbn")
    pred = shared_path("pmb-5.0.0/neuralboxer_nl_test.sbn")
    seen: list[tuple[int, int]] = []
    result = smatch_corpus(read_sbn_texts(pred, "auto"), read_sbn_texts(gold, "auto"),
                           progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(result.documents), len(result.documents))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
