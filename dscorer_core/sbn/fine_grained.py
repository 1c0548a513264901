"""The fine-grained rewrites of the PMB 5 fine-grained script (``sbn_smatch_fine_grained.py -d
role|relation|operator|sense`` of LastDance500/neural-symbolic-parsing, ``evaluation/parsing_smatch/sbn``).

The script writes each SBN line as Penman (a newline and tabs before every edge; a token its reader
cannot place is passed over, not refused), rewrites the string with one regular expression, and scores
the pair with smatch 1.0.4; the figure is the mean of per-sentence F1 (an ill-formed prediction 0).
The rewrites, as the script applies them (quirks kept, docs/sbn.md):

* ``role`` (No Roles): ``:([A-Z][a-z]*)`` -> ``:role``: every edge label starting with a capital loses
  its first capitalised word (``:Agent`` -> ``:role``, ``:Co-Agent`` -> ``:role-Agent``, ``:EQU`` ->
  ``:roleQU``, ``:NEGATION`` -> ``:roleEGATION``; ``:member`` kept);
* ``relation`` (No Discourse): ``:([A-Z]{4,12}) `` -> ``:relation ``: box operators (``:NEGATION``,
  ``:CONTINUATION``) become one label;
* ``operator`` (No Operators): ``:([A-Z]\\{3\\}) `` -> ``:operator ``: the braces are escaped, so the
  pattern asks for a literal ``{3}`` and never matches: this rewrite changes nothing;
* ``sense`` (No Senses): ``(.+)\\.(n|v|a|r)\\.\\d+`` -> ``\\1`` on each line of the string: the last synset
  of a line loses its part of speech and sense number (every synset, as each stands on its own line).
"""

from __future__ import annotations

import re
from typing import Literal

from .pmb5_script import ScriptRefusal, script_penman
from .pmb5_triples import Pmb5Reading, penman_reading

FineGrained = Literal["role", "relation", "operator", "sense"]
FINE_GRAINED: tuple[FineGrained, ...] = ("role", "relation", "operator", "sense")
#: How the papers name each rewrite's figure.
FINE_GRAINED_TITLES: dict[str, str] = {"role": "No Roles", "relation": "No Discourse", "operator": "No Operators",
                                       "sense": "No Senses"}

_REWRITES: dict[str, tuple[re.Pattern[str], str]] = {
    "role": (re.compile(r":([A-Z][a-z]*)"), ":role"),
    "relation": (re.compile(r":([A-Z]{4,12}) "), ":relation "),
    "operator": (re.compile(r":([A-Z]\{3\}) "), ":operator "),
    "sense": (re.compile(r"(.+)\.(n|v|a|r)\.\d+"), r"\1"),
}


def rewrite(penman: str, detail: FineGrained | None) -> str:
    """The script's ``penman_fine_grained``: the string with one rewrite applied (None: as it is)."""
    if detail is None:
        return penman
    pattern, replacement = _REWRITES[detail]
    return pattern.sub(replacement, penman)


def fine_grained_penman(line: str) -> str:
    """The Penman string the fine-grained script writes for one SBN line (ScriptRefusal where it refuses)."""
    return script_penman(line, skip_invalid=True, edge_break="\n")


def fine_grained_reading(line: str, detail: FineGrained | None) -> Pmb5Reading:
    """The triples the fine-grained script scores for one SBN line under one rewrite, or why it does not."""
    try:
        penman = fine_grained_penman(line)
    except ScriptRefusal as exc:
        return Pmb5Reading(refusal=str(exc))
    return penman_reading(rewrite(penman, detail))
