"""Human judgements of parses, beside the metrics (docs/judgements.md).

    >>> from dscorer_core.judgements import JudgementStore, Judgement, read_judgements_csv
    >>> store = JudgementStore("judgements.sqlite")
    >>> store.record(Judgement(3, "boxer", "unacceptable", "wrong scope of not", annotator="ann"))
    >>> store.export_csv()
"""

from .csv_io import HEADER, judgements_to_csv, parse_judgements_csv, read_judgements_csv, validate
from .model import (
                     ACCEPTABILITY,
                     JUDGEMENT_WORDS,
                     PAIR_SEPARATOR,
                     PREFERENCE,
                     Judgement,
                     canonical_preference,
                     judgement_problem,
                     preference_system,
                     systems_of,
)
from .store import JudgementStore

__all__ = [
    "ACCEPTABILITY", "PREFERENCE", "JUDGEMENT_WORDS", "PAIR_SEPARATOR", "Judgement", "judgement_problem",
    "systems_of", "preference_system", "canonical_preference",
    "HEADER", "parse_judgements_csv", "read_judgements_csv", "judgements_to_csv", "validate",
    "JudgementStore",
]
