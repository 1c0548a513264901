"""WordNet 3.0 sense normalisation: a concept is compared by the name of its synset, as the official
COUNTER does (``tyre.n.02`` counts as ``tire.n.01``, ``climb_up.v.01`` as ``climb.v.01``).

The map ships in the package (``data/wordnet_senses.tsv.gz``, built once from the WordNet 3.0
database by ``scripts/build_wordnet_map.py``; WordNet's licence is ``data/WORDNET_LICENSE``) and is
read on first use. Names follow NLTK's synset names, which the PMB uses (docs/counter.md).
Its lines are sorted by sense name, so a name is found by bisecting the decompressed text
(about 15 ms to read once) instead of building a dictionary of 89,000 entries (about 0.1 s).
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

#: The WordNet whose synset names the map gives (it is part of the signatures).
WORDNET_VERSION = "3.0"


@lru_cache(maxsize=1)
def _table() -> bytes:
    """The map's lines ``sense<TAB>synset<NL>``, sorted by sense, without the header comment."""
    data = resources.files("dscorer_core").joinpath("data").joinpath("wordnet_senses.tsv.gz").read_bytes()
    text = gzip.decompress(data)
    while text.startswith(b"#"):
        text = text[text.index(b"\n") + 1:]
    return text


@lru_cache(maxsize=65536)
def synset_of(sense: str) -> str | None:
    """The synset name of a sense name (``tyre.n.02`` -> ``tire.n.01``), or None when the sense names
    its own synset or is unknown (a name that is not valid Unicode, a lone surrogate, is unknown):
    a bisection over the sorted lines of the map."""
    try:
        key = sense.encode("utf-8")
    except UnicodeEncodeError:
        return None
    table = _table()
    lo, hi = 0, len(table)
    while lo < hi:  # lo and hi are always the starts of lines
        start = table.rfind(b"\n", 0, (lo + hi) // 2) + 1
        tab = table.index(b"\t", start)
        found = table[start:tab]
        if found < key:
            lo = table.index(b"\n", tab) + 1
        elif found > key:
            hi = start
        else:
            return table[tab + 1:table.index(b"\n", tab)].decode("utf-8")
    return None


@lru_cache(maxsize=1)
def synset_names() -> dict[str, str]:
    """Sense name -> synset name, for every WordNet sense whose synset is named after another sense."""
    names: dict[str, str] = {}
    for line in _table().decode("utf-8").splitlines():
        if line:
            sense, synset = line.split("\t")
            names[sense] = synset
    return names


def canonical_concept(lemma: str, sense: str) -> tuple[str, str]:
    """The (lemma, sense) a concept is compared as: ``("tyre", "n.02")`` -> ``("tire", "n.01")``.

    The part-of-speech letter stays as written (the PMB writes satellite adjectives ``s``, which
    WordNet's index numbers with ``a``); an unknown sense is left as it is."""
    pos, _, number = sense.partition(".")
    found = synset_of(f"{lemma}.{'a' if pos == 's' else pos}.{number}")
    if found is None:
        return lemma, sense
    head, _, rest = found.rpartition(".")  # "tire.n" and "01"
    return head.rpartition(".")[0], f"{pos}.{rest}"
