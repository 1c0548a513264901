"""WordNet 3.0 sense normalisation: a concept is compared by the name of its synset, as the official
COUNTER does (``tyre.n.02`` counts as ``tire.n.01``, ``climb_up.v.01`` as ``climb.v.01``).

The map ships in the package (``data/wordnet_senses.tsv.gz``, built once from the WordNet 3.0
database by ``scripts/build_wordnet_map.py``; WordNet's licence is ``data/WORDNET_LICENSE``) and is
read on first use. Names follow NLTK's synset names, which the PMB uses (docs/counter.md).
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

__all__ = ["WORDNET_VERSION", "synset_names", "canonical_concept"]

#: The WordNet whose synset names the map gives (it is part of the signatures).
WORDNET_VERSION = "3.0"


@lru_cache(maxsize=1)
def synset_names() -> dict[str, str]:
    """Sense name -> synset name, for every WordNet sense whose synset is named after another sense."""
    data = resources.files("dscorer_core").joinpath("data").joinpath("wordnet_senses.tsv.gz").read_bytes()
    names: dict[str, str] = {}
    for line in gzip.decompress(data).decode("utf-8").splitlines():
        if line and not line.startswith("#"):
            sense, synset = line.split("\t")
            names[sense] = synset
    return names


def canonical_concept(lemma: str, sense: str) -> tuple[str, str]:
    """The (lemma, sense) a concept is compared as: ``("tyre", "n.02")`` -> ``("tire", "n.01")``.

    The part-of-speech letter stays as written (the PMB writes satellite adjectives ``s``, which
    WordNet's index numbers with ``a``); an unknown sense is left as it is."""
    pos, _, number = sense.partition(".")
    found = synset_names().get(f"{lemma}.{'a' if pos == 's' else pos}.{number}")
    if found is None:
        return lemma, sense
    head, _, rest = found.rpartition(".")  # "tire.n" and "01"
    return head.rpartition(".")[0], f"{pos}.{rest}"
