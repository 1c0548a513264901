"""WordNet sense normalisation for DSCORER: a predicted concept that names the same WordNet 3.0
synset as a gold concept counts as that gold concept (``tyre.n.02`` against ``tire.n.01``), as the
released tools compare concepts by their synset (docs/metric.md, "WordNet senses").

The released code renames every concept to its synset's name before it builds the graphs. Here
the predicted concept takes the gold concept's name instead: the same matches, while every graph,
table and k-gram keeps the names people write (``time.n.08`` stays ``time.n.08`` rather than its
synset's name ``fourth_dimension.n.01``). Induction itself never renames: the teaching view
draws a DRS exactly as written.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..clauses import Clause, Drs
from ..wordnet import canonical_concept
from .induction import concept_of
from .presets import ConceptLemmas, Preset, get_preset

__all__ = ["align_senses", "pred_as_scored"]


@lru_cache(maxsize=65536)
def _canonical(label: str) -> str:
    """``lemma.p.NN`` -> its synset's name in the same form."""
    lemma, pos, number = label.rsplit(".", 2)
    found_lemma, found_sense = canonical_concept(lemma, f"{pos}.{number}")
    return f"{found_lemma}.{found_sense}"


def align_senses(pred: Drs, gold: Drs, lemmas: ConceptLemmas = "lower-case") -> Drs:
    """``pred`` with each concept written as the gold concept of the same WordNet synset, where
    gold never writes it the way pred does (``pred`` itself when nothing changes)."""
    gold_names: dict[str, str] = {}
    written: set[str] = set()
    for clause in gold.clauses:
        concept = concept_of(clause.tokens, lemmas)
        if concept is not None:
            gold_names.setdefault(_canonical(concept[0]), concept[0])
            written.add(concept[0])
    if not gold_names:
        return pred
    clauses: list[Clause] = []
    changed = False
    for clause in pred.clauses:
        concept = concept_of(clause.tokens, lemmas)
        # a concept gold also writes this way stays: it matches as written
        target = gold_names.get(_canonical(concept[0])) if concept is not None and concept[0] not in written else None
        if concept is None or target is None:
            clauses.append(clause)
            continue
        lemma, pos, number = target.rsplit(".", 2)
        tokens = clause.tokens
        renamed = ((tokens[0], lemma, f'"{pos}.{number}"', tokens[3]) if len(tokens) == 4
                   else (tokens[0], target, *tokens[2:]))
        clauses.append(replace(clause, tokens=renamed))
        changed = True
    return replace(pred, clauses=tuple(clauses)) if changed else pred


def pred_as_scored(pred: Drs, gold: Drs, preset: str | Preset) -> Drs:
    """``pred`` as ``preset`` scores it against ``gold``: senses aligned when the preset compares
    WordNet synsets, else as it is (the one place scoring, batches and error analysis decide it)."""
    found = get_preset(preset)
    return align_senses(pred, gold, found.concepts) if found.wordnet else pred
