"""WordNet taxonomy codes and the concept similarity of soft Smatch (Wu-Palmer from the codes).

The codes are the authors' files (``{n,v,a,t,r,o}.tax`` of LastDance500/neural-symbolic-parsing
@83999bad ``evaluation/s2match/utils/``, MIT, with their ``LICENSE.txt``), read from the folder
``DSCORER_TAXONOMY_DIR`` names, by default ``../shared/data/nsp-taxonomy`` beside the checkout
(``taxonomy_dir``); they are not copied into the project. One line per synset, ``offset code synset flag``.  A code is
the part of speech and then one character per level of the hypernym path (``n1131100...``), padded
with ``0``; a synset's depth is the position of its first ``0``, and two codes share the levels up to
their first differing character.  Adjective codes end with a sign (``+``/``-``) that the code's
rule moves into the first ``0`` before comparing.

``script_similarity`` is what the authors' ``maybe_sim`` (``evaluation/s2match/smatch.py``)
computes, quirks included (docs/sbn.md lists them); ``clean_similarity`` is the definition without
them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import SettingsError
from .pmb5_triples import split_depth

#: What the authors' code gives two nouns or verbs when a code is missing or the codes differ in length.
MISSING_CODE_SIMILARITY = 0.0869

#: The files the authors' code reads, in its order (``a n v t``; ``r.tax`` and ``o.tax`` are not read).
SCRIPT_FILES = ("a", "n", "v", "t")

_SCRIPT_NOUN_VERB = re.compile(r".*\.(n|v|t|i)\..*\d\d$")
_SCRIPT_ADJ_ADV = re.compile(r".*\.(a|r)\..*\d\d$")
_SYNSET = re.compile(r"^(.+)\.([nvarsx])\.(\d+)$")


@dataclass(frozen=True)
class Taxonomy:
    """Synset name -> taxonomy code, as the authors' ``create_mapping`` builds it (names as written),
    and the same by lower-cased name (the clean definition finds a name whatever its case)."""

    codes: dict[str, str]
    lower_codes: dict[str, str]

    def code(self, synset: str) -> str | None:
        """The code of a synset name as written, or None."""
        return self.codes.get(synset)


#: The environment variable that names the folder of the taxonomy files.
TAXONOMY_ENV = "DSCORER_TAXONOMY_DIR"


def taxonomy_dir() -> Path:
    """Where the taxonomy files are: ``$DSCORER_TAXONOMY_DIR``, else ``../shared/data/nsp-taxonomy``
    beside the checkout."""
    named = os.environ.get(TAXONOMY_ENV)
    if named:
        return Path(named)
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / "nsp-taxonomy"


def _read(name: str) -> list[str]:
    path = taxonomy_dir() / f"{name}.tax"
    if not path.is_file():
        raise SettingsError(f"soft Smatch needs the WordNet taxonomy codes of neural-symbolic-parsing "
                            f"({name}.tax): not found at {path}; set {TAXONOMY_ENV} to the folder holding them")
    return path.read_text(encoding="utf-8").splitlines()


@lru_cache(maxsize=1)
def taxonomy() -> Taxonomy:
    """The codes of the files the authors' code reads (``a n v t``), read once."""
    codes: dict[str, str] = {}
    for name in SCRIPT_FILES:
        for line in _read(name):
            parts = line.rstrip().split(" ")
            if len(parts) >= 3:
                codes[parts[2]] = parts[1]  # the authors' create_mapping: the last line of a name wins
    lower: dict[str, str] = {}
    for name, code in codes.items():
        lower.setdefault(name.lower(), code)
    return Taxonomy(codes, lower)


def wu_palmer(code1: str, code2: str) -> float:
    """Wu-Palmer similarity 2*cp/(d1+d2) of two codes, as the authors' ``wup`` computes it: 0 for two
    parts of speech, 1 for equal codes, ValueError for codes of different lengths."""
    if code1[0] != code2[0]:
        return 0.0
    if len(code1) != len(code2):
        raise ValueError("two taxonomy codes of different lengths")
    if code1 == code2:
        return 1.0
    d1 = code1.find("0") if "0" in code1 else len(code1)
    d2 = code2.find("0") if "0" in code2 else len(code2)
    common = next((i for i, (a, b) in enumerate(zip(code1, code2)) if a != b), d1)
    return 2 * common / (d1 + d2)


def _signed(code: str) -> str:
    """The adjective rule: the code's last character (its sign) moved into its first ``0``
    (ValueError when there is none)."""
    first_zero = code.index("0")
    return code[:first_zero] + code[-1] + code[first_zero:-1]


def _script_value(value: str) -> str:
    """A value as ``maybe_sim`` compares it: its depth and surrounding whitespace gone, the last character dropped."""
    return split_depth(value)[1].strip()[:-1]


def script_similarity(a: str, b: str, tax: Taxonomy | None = None) -> float:
    """The authors' ``maybe_sim`` on two instance values as ``amr.py`` reads them (lower-cased by its
    caller): surrounding whitespace stripped and the last character dropped (the ``_`` a closing quote
    became), then 1 if equal; two nouns or verbs: Wu-Palmer of their codes, 0.0869 when either code is
    missing or the lengths differ; two adjectives or adverbs: the adjective rule, 0 when a code is missing;
    anything else 0."""
    tax = tax or taxonomy()
    a, b = _script_value(a), _script_value(b)
    if a == b:
        return 1.0
    if _SCRIPT_NOUN_VERB.match(a) and _SCRIPT_NOUN_VERB.match(b):
        ca, cb = tax.code(a), tax.code(b)
        if ca is None or cb is None:
            return MISSING_CODE_SIMILARITY
        try:
            return wu_palmer(ca, cb)
        except ValueError:
            return MISSING_CODE_SIMILARITY
    if _SCRIPT_ADJ_ADV.match(a) and _SCRIPT_ADJ_ADV.match(b):
        ca, cb = tax.code(a), tax.code(b)
        if ca is None or cb is None:
            return 0.0
        try:
            return wu_palmer(_signed(ca), _signed(cb))
        except ValueError:
            return 0.0
    return 0.0


def clean_similarity(a: str, b: str, tax: Taxonomy | None = None) -> float:
    """The definition without the code's quirks, on two concepts as written (``male.n.02``): 1 if equal
    (case aside); two nouns or two verbs with codes: Wu-Palmer; two adjectives (or adverbs) with codes:
    the adjective rule; anything else, a missing code included, 0."""
    tax = tax or taxonomy()
    a, b = a.strip().lower(), b.strip().lower()
    if a == b:
        return 1.0
    ma, mb = _SYNSET.match(a), _SYNSET.match(b)
    if ma is None or mb is None or ma.group(2) != mb.group(2):
        return 0.0
    codes = tax.lower_codes
    ca, cb = codes.get(a), codes.get(b)
    if ca is None or cb is None or len(ca) != len(cb):
        return 0.0
    pos = ma.group(2)
    if pos in "nv":
        return wu_palmer(ca, cb)
    if pos in "ar":
        try:
            return wu_palmer(_signed(ca), _signed(cb))
        except ValueError:
            return 0.0
    return 0.0
