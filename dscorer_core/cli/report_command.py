"""``dscorer report PRED GOLD -o report.html``: one self-contained HTML file to share a case study:
the signature and corpus figures, a sortable, searchable table of every document, and the worst
documents drawn as in the app (``dscorer_core.render.report``)."""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from pathlib import Path

from ..errors import OutputError, SettingsError
from .arg_types import positive_int
from .counter_command import add_counter_options, counter_settings_from_args
from .input_format import add_format_option, add_ill_option, read_predictions
from .progress import terminal_progress
from .scale_options import refuse_overwriting
from .score_command import add_dscorer_options, settings_from_args

#: How many of the worst documents are drawn by default (render.report.DEFAULT_WORST, which
#: ``dscorer --help`` does not import: the renderer loads networkx).
DEFAULT_WORST = 100


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..metrics.registry import metric_names
    from ..sbn.smatch import SMATCH_TRIPLES

    p = sub.add_parser("report", help="one self-contained HTML report of a predicted against a gold file",
                       description="Write one HTML file that opens from disk with no network request: the "
                                   "signature and corpus figures, a sortable, searchable table of every document "
                                   "(worst first), and the worst documents with both graphs highlighted, the box "
                                   "view and COUNTER's mapping or Smatch's alignment.")
    p.add_argument("pred", help="predicted clause or SBN file")
    p.add_argument("gold", help="gold clause or SBN file")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file to write")
    p.add_argument("--metric", choices=metric_names(), default="dscorer",
                   help="the metric that ranks the documents (default dscorer; smatch: SBN files)")
    p.add_argument("--worst", type=positive_int, default=DEFAULT_WORST, metavar="N",
                   help=f"draw the N worst documents (default {DEFAULT_WORST})")
    p.add_argument("--all", action="store_true", help="draw every document")
    p.add_argument("--k", type=positive_int, default=2, metavar="K",
                   help="the order whose k-grams colour the graphs (default 2, at most --order)")
    add_format_option(p)
    add_ill_option(p)
    add_dscorer_options(p)
    add_counter_options(p)
    p.add_argument("--triples", choices=SMATCH_TRIPLES, default="pmb5", help="Smatch's triples (default pmb5)")
    p.set_defaults(func=run)


def check_target(path: str) -> None:
    """Refuse an output path that exists and is not a regular file (a folder, a device, a pipe, a link)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputError(f"cannot use {path} as the report ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode):
        raise OutputError(f"{path} exists and is not a regular file; refusing to write the report over it")


def write_text(path: str, text: str) -> None:
    """Write ``text`` whole: to a temporary file beside ``path``, renamed over it once complete."""
    target = Path(path)
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(temporary, 0o644 & ~_umask())
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        raise OutputError(f"cannot write the report to {path} ({exc.strerror or exc})") from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def run(args: argparse.Namespace) -> int:
    from ..ill_formed import signed
    from ..metrics.registry import make_metric
    from ..render.report import report_html
    from ..sbn.smatch import SmatchSettings

    refuse_overwriting("-o", args.output, args.pred, args.gold)
    check_target(args.output)
    if args.k > args.order:
        raise SettingsError(f"--k {args.k} is above --order {args.order}")
    dscorer = settings_from_args(args)
    settings = {"dscorer": dscorer, "counter": counter_settings_from_args(args),
                "smatch": SmatchSettings(triples=args.triples)}[args.metric]
    preds, golds, report = read_predictions(args)
    metric = make_metric(args.metric, settings, jobs=args.jobs)
    why = metric.refusal(golds, args.gold) or metric.refusal(preds, args.pred)
    if why:
        raise SettingsError(why)
    result = metric.score(preds, golds, terminal_progress(metric.title))
    signature = signed(str(result.signature), [report]) if metric.scores_clauses else str(result.signature)
    page = report_html(preds, golds, result, worst=None if args.all else args.worst, k=args.k,
                       dscorer_settings=dscorer, pred_name=os.path.basename(args.pred),
                       gold_name=os.path.basename(args.gold), signature=signature,
                       progress=terminal_progress("drawing"))
    write_text(args.output, page)
    print(f"{signature}\n{metric.title} F {result.F:.4f} over {len(result.documents)} documents; "
          f"wrote {args.output} ({len(page.encode('utf-8')) / 1e6:.1f} MB)", file=sys.stdout)
    return 0
