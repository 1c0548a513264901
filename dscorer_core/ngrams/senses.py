"""WordNet sense normalisation for DSCORER: concepts are compared by their WordNet 3.0 synset, on both
sides, as the released code compares them (docs/metric.md, "WordNet senses").

The released code rewrites every concept of both files to its synset's name and then drops the
clauses that became equal, before it builds the graphs. Here every synset written in a pair takes
one name written in that pair, on both sides: the first name gold writes for it, else the first
name pred writes (pred's ``tyre.n.02`` becomes gold's ``tire.n.01``; where gold writes
``quantity.n.01`` and then ``measure.n.02``, one synset, both are ``quantity.n.01``). One synset,
one name: the matches are those of renaming both sides, while every label stays a name someone
wrote in the pair (``time.n.08`` never becomes its synset's name ``fourth_dimension.n.01``). The
graphs of ``scored_graphs`` keep the written DRSs, so clause lists and tooltips show what was
written; induction itself never renames: the teaching view draws a DRS exactly as written.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..clauses import Clause, Drs
from ..wordnet import canonical_concept
from .induction import Graph, concept_of, induce
from .presets import ConceptLemmas, Preset, get_preset


@lru_cache(maxsize=65536)
def _synset(label: str) -> str:
    """``lemma.p.NN`` -> its synset's name in the same form."""
    lemma, pos, number = label.rsplit(".", 2)
    found_lemma, found_sense = canonical_concept(lemma, f"{pos}.{number}")
    return f"{found_lemma}.{found_sense}"


def pair_concept_names(pred: Drs, gold: Drs, lemmas: ConceptLemmas = "lower-case") -> dict[str, str]:
    """Concept label -> the name it is scored under in this pair, for each label written while an
    earlier one names its synset (gold first, then pred); empty when each synset has one name."""
    chosen: dict[str, str] = {}
    names: dict[str, str] = {}
    for drs in (gold, pred):
        for clause in drs.clauses:
            concept = concept_of(clause.tokens, lemmas)
            if concept is not None:
                name = chosen.setdefault(_synset(concept[0]), concept[0])
                if name != concept[0]:
                    names[concept[0]] = name
    return names


def _renamed(clause: Clause, name: str) -> Clause:
    """A concept clause with the concept ``name`` (``lemma.p.NN``), in the form it is written in."""
    tokens = clause.tokens
    if len(tokens) == 4:
        lemma, pos, number = name.rsplit(".", 2)
        return replace(clause, tokens=(tokens[0], lemma, f'"{pos}.{number}"', tokens[3]))
    return replace(clause, tokens=(tokens[0], name, *tokens[2:]))


def rename_concepts(drs: Drs, names: dict[str, str], lemmas: ConceptLemmas = "lower-case"
                    ) -> tuple[Drs, tuple[int, ...]]:
    """``drs`` with its concepts renamed by ``names`` and each concept clause that then says what an
    earlier one says (box, concept, referent) dropped, as the released code drops clauses its renaming
    makes equal; with the written index of each clause kept (``drs`` itself when nothing changes)."""
    kept: list[int] = []
    clauses: list[Clause] = []
    seen: set[tuple[str, str, str]] = set()
    changed = False
    for index, clause in enumerate(drs.clauses):
        concept = concept_of(clause.tokens, lemmas)
        if concept is not None:
            name = names.get(concept[0], concept[0])
            key = (clause.tokens[0], name, clause.tokens[-1])
            if key in seen:
                changed = True
                continue
            seen.add(key)
            if name != concept[0]:
                clause = _renamed(clause, name)
                changed = True
        kept.append(index)
        clauses.append(clause)
    if not changed:
        return drs, tuple(kept)
    return replace(drs, clauses=tuple(clauses)), tuple(kept)


def scored_pair(pred: Drs, gold: Drs, preset: str | Preset) -> tuple[Drs, Drs]:
    """``pred`` and ``gold`` as ``preset`` scores them: under WordNet senses, each synset under one
    name on both sides (``pair_concept_names``), else as they are (the one place this is decided)."""
    found = get_preset(preset)
    if not found.wordnet:
        return pred, gold
    names = pair_concept_names(pred, gold, found.concepts)
    return rename_concepts(pred, names, found.concepts)[0], rename_concepts(gold, names, found.concepts)[0]


def scored_graphs(pred: Drs, gold: Drs, preset: str | Preset) -> tuple[Graph, Graph]:
    """The graphs ``preset`` scores for the pair (``scored_pair``), each keeping its written DRS: its
    edges' clause indices point into the DRS as written, so the app lists and highlights written clauses."""
    found = get_preset(preset)
    if not found.wordnet:
        return Graph(induce(pred, found)), Graph(induce(gold, found))
    names = pair_concept_names(pred, gold, found.concepts)
    graphs = []
    for drs in (pred, gold):
        scored, kept = rename_concepts(drs, names, found.concepts)
        induced = induce(scored, found)
        if scored is not drs:
            induced = replace(induced, drs=drs, edge_clauses=tuple(kept[c] for c in induced.edge_clauses))
        graphs.append(Graph(induced))
    return graphs[0], graphs[1]
