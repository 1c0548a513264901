"""The words of Simple Box Notation: box operators, inverse roles, and the token shapes SBN uses.

The box operators and the inverse roles follow the PMB 5 evaluation (``sbn_spec.py`` of the
PMB 5.0.0 release); every other token with a role's shape is read as a role, so new role names
in later releases do not break reading.
"""

from __future__ import annotations

import re

#: Operators that open a new box related to an earlier one (``NEGATION -1``, ``CONTINUATION <0``).
BOX_OPERATORS = frozenset({
    "ALTERNATION", "ATTRIBUTION", "CONDITION", "CONSEQUENCE", "CONTINUATION", "CONTRAST",
    "EXPLANATION", "NECESSITY", "NEGATION", "POSSIBILITY", "PRECONDITION", "RESULT", "SOURCE",
    "CONJUNCTION", "ELABORATION", "COMMENTARY",
})

#: Roles the PMB 5 evaluation turns round (``A ColourOf B`` is scored as ``B Colour A``).
INVERTIBLE_ROLES = frozenset({"InstanceOf", "AttributeOf", "ColourOf", "ContentOf", "PartOf", "SubOf"})

#: A WordNet synset: lemma (anything, ``r/2``, ``ø``, ``josé_maria``), part of speech, sense number.
SYNSET_PATTERN = re.compile(r"^(.+)\.([nvarsx])\.(\d+)$")
#: A reference to a concept that many concepts back (``-2``) or ahead (``+1``).
SYNSET_OFFSET = re.compile(r"^[+-]\d+$")
#: A reference to a box that many boxes back (``<1``) or ahead (``>1``), as PMB 5 writes it.
BOX_OFFSET = re.compile(r"^[<>]\d+$")
#: A role or a DRS operator: ``Agent``, ``Co-Theme``, ``EQU``, ``TSU``, ``MonthOfYear``, ``SY1`` and
#: ``SY2`` (the spatial operators "beside" and "between", in the PMB 5 script's ``DRS_OPERATORS``).
ROLE_PATTERN = re.compile(r"^[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)*$")


def is_synset(token: str) -> bool:
    """A token that names a WordNet synset (``lie.v.05``)."""
    return SYNSET_PATTERN.match(token) is not None


def is_box_operator(token: str) -> bool:
    """A token that opens a new box (``NEGATION``)."""
    return token in BOX_OPERATORS


def is_role(token: str) -> bool:
    """A token with the shape of a role or DRS operator and that is not a box operator."""
    return ROLE_PATTERN.match(token) is not None and token not in BOX_OPERATORS
