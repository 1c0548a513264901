"""COUNTER's view of a DRS: normalised clauses, redundant REF clauses dropped, variables typed.

Spec section 4, steps 1-4: inverse roles (``AttributeOf``) are turned round, a quoted first
argument of ``APX NEQ EQU TAB`` is swapped to the second place, and ``b REF x`` is dropped when
``x`` occurs again in box ``b``.  Every clause keeps the original Clause it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..clauses import Clause, Drs, box_arguments, is_constant
from ..wordnet import canonical_concept

#: Operators whose quoted first argument is moved to the second place.
SWAPPED_OPERATORS = frozenset({"APX", "NEQ", "EQU", "TAB"})

BOX = "box"
REFERENT = "referent"


@dataclass(frozen=True)
class CounterClause:
    """A clause as COUNTER compares it: normalised tokens and the Clause it came from."""

    tokens: tuple[str, ...]
    source: Clause
    kind: str

    def text(self) -> str:
        return " ".join(self.tokens)


@dataclass(frozen=True)
class CounterDrs:
    """The clauses COUNTER scores, the ones it left out (redundant REF clauses, clauses that normalise
    to an earlier clause), and each variable's type."""

    clauses: tuple[CounterClause, ...]
    dropped: tuple[Clause, ...]
    types: dict[str, str]
    source: Drs

    def __len__(self) -> int:
        return len(self.clauses)

    @cached_property
    def shapes(self) -> tuple[tuple, ...]:
        """Each clause's shape (``shape_of``), worked out once: the problem and the size estimate both need it."""
        types = self.types
        return tuple(shape_of(c.tokens, types) for c in self.clauses)


def is_symmetric(tokens: tuple[str, ...]) -> bool:
    """A clause whose two arguments may be matched in either order: a symmetric operator with two variables."""
    return len(tokens) == 4 and tokens[1] in SWAPPED_OPERATORS and tokens[2][0] != '"' and tokens[3][0] != '"'


def shape_of(tokens: tuple[str, ...], types: dict[str, str]) -> tuple:
    """What two clauses must share to be comparable: relation, constants and variable types by position
    (for a symmetric clause, the argument types in either order)."""
    shape = [t if i == 1 or t[0] == '"' else types.get(t) for i, t in enumerate(tokens)]
    if is_symmetric(tokens):
        shape[2:] = sorted(shape[2:], key=str)
    return tuple(shape)


def normalise_clause(clause: Clause, kind: str | None = None, wordnet: bool = False) -> tuple[str, ...]:
    """The tokens of a clause after COUNTER's normalisation (inverse roles, quoted first arguments,
    and with ``wordnet`` a concept renamed to its WordNet synset's name)."""
    tokens = clause.tokens
    rel = tokens[1]
    kind = kind or clause.kind
    if wordnet and kind == "concept":
        lemma, sense = canonical_concept(rel, tokens[2][1:-1])
        return (tokens[0], lemma, f'"{sense}"', tokens[3])
    if len(tokens) == 4 and kind == "role" and len(rel) > 2 and rel.endswith("Of"):
        return (tokens[0], rel[:-2], tokens[3], tokens[2])
    if len(tokens) == 4 and rel in SWAPPED_OPERATORS and is_constant(tokens[2]) and not is_constant(tokens[3]):
        return (tokens[0], rel, tokens[3], tokens[2])
    return tokens


def redundant_refs(clauses: tuple[tuple[str, ...], ...]) -> set[int]:
    """Indices of ``b REF x`` clauses whose ``x`` is one of the last two tokens of another clause in box ``b``."""
    seen_in_box: dict[tuple[str, str], int] = {}
    for tokens in clauses:
        for tok in set(tokens[-2:]):
            key = (tokens[0], tok)
            seen_in_box[key] = seen_in_box.get(key, 0) + 1
    redundant = set()
    for i, tokens in enumerate(clauses):
        # the REF clause itself counts once for (b, x); another occurrence makes it redundant
        if tokens[1] == "REF" and len(tokens) == 3 and seen_in_box.get((tokens[0], tokens[2]), 0) > 1:
            redundant.add(i)
    return redundant


def variable_types(clauses: tuple[CounterClause, ...]) -> dict[str, str]:
    """Each variable's type: a box if it is ever a box (first token, box operator argument), else a referent."""
    types: dict[str, str] = {}
    for c in clauses:
        types[c.tokens[0]] = BOX
        box_positions = box_arguments(c.source)
        for pos, tok in enumerate(c.tokens[2:]):
            if is_constant(tok) or (c.kind == "concept" and pos == 0):
                continue
            if pos in box_positions:
                types[tok] = BOX
            else:
                types.setdefault(tok, REFERENT)
    return types


def prepare_drs(drs: Drs, keep_ref: bool = False, wordnet: bool = False) -> CounterDrs:
    """Normalise a DRS for COUNTER, dropping redundant REF clauses (unless ``keep_ref``) and
    clauses that normalise to an earlier one (``b AttributeOf x y`` after ``b Attribute y x``);
    ``wordnet`` compares concepts by their synset's name (dscorer_core.wordnet)."""
    kinds = [c.kind for c in drs.clauses]
    normalised = tuple(normalise_clause(c, k, wordnet) for c, k in zip(drs.clauses, kinds))
    drop = set() if keep_ref else redundant_refs(normalised)
    first: dict[tuple[str, ...], int] = {}
    for i, tokens in enumerate(normalised):  # a clause that normalises to an earlier one is a duplicate
        if first.setdefault(tokens, i) != i:
            drop.add(i)
    kept = tuple(CounterClause(t, c, k) for i, (t, c, k) in enumerate(zip(normalised, drs.clauses, kinds))
                 if i not in drop)
    dropped = tuple(c for i, c in enumerate(drs.clauses) if i in drop)
    return CounterDrs(kept, dropped, variable_types(kept), drs)
