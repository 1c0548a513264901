"""The operators of the clause format and how their arguments are typed.

Names come from the PMB signature (``clf_signature.yaml`` in the shared data):
box operators take boxes as arguments; everything all upper-case is an operator.
"""

from __future__ import annotations

DISCOURSE_RELATIONS = frozenset({
    "ALTERNATION", "ATTRIBUTION", "BACKGROUND", "COMMENTARY", "CONDITION",
    "CONTINUATION", "CONTRAST", "CONSEQUENCE", "ELABORATION", "EXPLANATION",
    "INSTANCE", "NARRATION", "NEGATION", "NECESSITY", "POSSIBILITY", "PARALLEL",
    "PRECONDITION", "RESULT", "SOURCE", "TOPIC",
})

#: Operators all of whose arguments are boxes (``DRS`` appears in system output).
BOX_OPERATORS = frozenset({"NOT", "POS", "NEC", "IMP", "DIS", "DUP", "DRS",
                           "PRESUPPOSITION"}) | DISCOURSE_RELATIONS


def is_operator_name(relation: str) -> bool:
    """True for an all upper-case relation (REF, NOT, TPR, CONTRAST, ...)."""
    return relation.isupper()
