"""The strict reading of ``--triples corrected``: what a predicted SBN must not do to be scored.

dscorer's reader (``reader.py``) is forgiving so that every command can show a parser's output.
Scoring with the corrected triples refuses, like the PMB 5 script but with a message naming file,
line and column, a prediction that

* gives a role no value: the next token is a synset or a box operator (``female.n.02 Name
  sing.v.03``: the reader would take ``sing.v.03`` as the name);
* uses a role that is neither a PMB 5 role nor a DRS operator (``Co-Ame``, ``Female``; the lists
  of the script's ``sbn_spec.py``, ``pmb5_script.SCRIPT_ROLES`` and ``SCRIPT_DRS_OPERATORS``);
* has a quoted name closed by the quote that opens a later one (``Name "Le bakery.n.01 ... Name
  "Verenigde Staten"``: the reader would take it all as one name).
"""

from __future__ import annotations

from .model import Sbn, SbnConcept
from .pmb5_script import SCRIPT_DRS_OPERATORS, SCRIPT_ROLES
from .vocabulary import is_box_operator, is_synset

#: The roles and DRS operators a corrected prediction may use.
KNOWN_ROLES = SCRIPT_ROLES | SCRIPT_DRS_OPERATORS


def strict_problems(sbn: Sbn) -> tuple[str, ...]:
    """Why the corrected triples refuse this SBN (``FILE:LINE:COL: what``), empty when they do not."""
    out = []
    for item in sbn.items:
        if not isinstance(item, SbnConcept):
            continue
        for role in item.roles:
            where = f"{sbn.source}:{role.line}:{role.column}"
            value = role.target.text
            if role.role not in KNOWN_ROLES:
                out.append(f"{where}: {role.role} is not a PMB 5 role or DRS operator")
            if is_synset(value) or is_box_operator(value):
                out.append(f"{where}: role {role.role} has no value ({value} starts the next line)")
            if value.startswith('"') and '"' in value[1:-1]:
                out.append(f"{where}: the quoted name of {role.role} is closed by a later quote: {value[:40]}")
    return tuple(out)
