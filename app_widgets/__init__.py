"""Shared Streamlit widgets of the dscorer app, one module per job: ``files`` (loading), ``controls``
(settings), ``state`` (session state and caching), ``drawing`` (pyvis graphs), ``box_view`` (DRT boxes),
``tables``, ``charts`` (altair charts converted once), ``diff_view`` (only in pred, only in gold, matched),
``pair_edit`` (the predicted DRS edited in place), ``text`` (escaping), ``judging`` (human
judgements), ``sentences`` (a long document a sentence at a time), ``corpus_jobs`` (corpus-sized
results, started in the background when a pair is loaded), ``workers`` (the process pool),
``server`` (how the server process shares its interpreter among sessions).

Pages ``import app_widgets as aw``; this package lays out what ``dscorer_core`` computes and holds
no scoring logic. Everything that comes from a clause file is shown as text.
"""

from .box_view import box_view_pair, box_view_single  # noqa: F401
from .charts import MAX_CHARTS, shared_chart  # noqa: F401
from .controls import APP_MAX_NGRAMS, COUNTER_MAX_CLAUSES, settings_sidebar  # noqa: F401
from .corpus_jobs import (  # noqa: F401
                     ERROR_ROWS,
                     CorpusJob,
                     cached_job,
                     counter_job,
                     dscorer_job,
                     error_orders,
                     errors_job,
                     start_corpus_jobs,
)
from .diff_view import cached_drs_diff, diff_view  # noqa: F401
from .drawing import (  # noqa: F401
                     COLOURS,
                     EDGE_STYLE,
                     MARK_BORDER,
                     MARK_SHADOW,
                     drawing_box,
                     fit_options,
                     graph_html,
                     graph_pane,
                     legend,
                     pane_box,
                     pane_height,
                     pane_layer,
                     prepare_pane,
                     present_mode,
                     show_pane,
)
from .files import (  # noqa: F401
                     APP_DIR,
                     DEFAULT_SAMPLES,
                     MAX_UPLOAD_MB,
                     SAMPLE_DIR,
                     SOURCES,
                     LoadedFile,
                     check_local_path,
                     failed_parse,
                     file_widgets,
                     load_file,
                     load_pair,
                     parse_local,
                     parse_upload,
                     sample_files,
                     show_failed_parse,
                     show_file_errors,
                     show_input_error,
                     show_older_gold_note,
                     show_swap_warning,
                     signed,
)
from .judging import (  # noqa: F401
                     JUDGING_KEYS,
                     Judging,
                     acceptability_panel,
                     judging_sidebar,
                     next_unjudged,
                     preference_panel,
                     system_name,
)
from .limits import (  # noqa: F401
                     MAX_AR,
                     MAX_BOOTSTRAP,
                     MAX_ORDER,
                     MAX_PASTED_CHARS,
                     MAX_RESTARTS,
                     MAX_SYSTEMS,
                     app_counter_settings,
                     check_pasted,
                     counter_refusal,
)
from .links import SIDES, file_param, read_view_link, write_view_link  # noqa: F401
from .navigation import PAGE_ICON, PAGES, page_links  # noqa: F401
from .pair_edit import drs_as_text, edited_note, edited_pred, parse_edit  # noqa: F401
from .sbn_scores import cached_sbn_comparison, sbn_smatch_corpus, sbn_smatch_pair  # noqa: F401
from .sbn_view import SMATCH_DRAWING, cached_triple_match, is_sbn_pair, smatch_pair_view  # noqa: F401
from .sentences import SENTENCE_KEY, SentenceView, context_nodes, sentence_navigator  # noqa: F401
from .server import SWITCH_INTERVAL, share_the_interpreter  # noqa: F401
from .state import (  # noqa: F401
                     MAX_STORED_RESULTS,
                     PERSISTENT_KEYS,
                     cached_comparison,
                     cached_counter_pair,
                     cached_layout,
                     cached_pair_score,
                     cached_run,
                     keep_widget_state,
                     run_with_progress,
                     shared_text,
)
from .tables import (  # noqa: F401
                     MAX_COLOURED_TABLES,
                     VARIABLE_ROW_CSS,
                     clause_frame,
                     clause_pairs_frame,
                     coloured_table,
                     data_table,
                     order_table,
                     safe_frame,
                     score_table,
)
from .text import defuse_title, json_text, md_escape  # noqa: F401
from .workers import WORKERS, in_worker  # noqa: F401
