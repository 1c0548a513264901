"""Large DRS pairs without the quadratic search: a direct mapping proven best at once, or a refusal.

COUNTER's problem pairs every predicted clause with every gold clause of the same shape, so a DRS
of 10,000 clauses compared with itself makes millions of candidate pairs (gigabytes) before any
search. Two things avoid that:

- ``direct_outcome``: two mappings read straight off the DRSs (variables of the same name and type;
  variables paired in order of first use) are counted in linear time against an upper bound that
  needs no candidates (per clause shape, the smaller of the two clause counts). When one reaches
  the bound it is the best mapping: an identical pair, a pair whose variables are renamed, or one
  whose differences are only in concepts, constants or extra clauses is scored at once (method
  ``direct``, optimal).
- ``estimated_candidates`` counts the candidate pairs the full problem would hold, so a pair above
  ``CounterSettings.max_candidates`` is refused (``CounterExplosion``) before any memory is spent.
"""

from __future__ import annotations

from collections import Counter

from ..align import NO_KIND, Candidate, count_matched
from .normalise import CounterDrs
from .problem import MatchProblem, is_symmetric
from .search import SearchOutcome

#: Pairs whose problem would hold at least this many candidates try the direct mapping first
#: (smaller ones are searched as before, so their mappings and methods do not change).
DIRECT_FROM = 20_000
#: Memory one candidate clause pair costs while it is built and searched (measured: about 780 bytes).
BYTES_PER_CANDIDATE = 800


def _shape_counts(drs: CounterDrs) -> Counter:
    return Counter(drs.shapes)


def shape_bound(pred: CounterDrs, gold: CounterDrs) -> int:
    """An upper bound on the clauses any mapping matches: per clause shape, the smaller count."""
    p, g = _shape_counts(pred), _shape_counts(gold)
    return sum(min(n, g[s]) for s, n in p.items())


def estimated_candidates(pred: CounterDrs, gold: CounterDrs) -> int:
    """How many candidate clause pairs the full problem would hold, at most (linear time)."""
    p, g = _shape_counts(pred), _shape_counts(gold)
    symmetric = {shape for c, shape in zip(pred.clauses, pred.shapes) if is_symmetric(c.tokens)}
    return sum(n * g[s] * (2 if s in symmetric else 1) for s, n in p.items())


def _first_uses(drs: CounterDrs) -> list[str]:
    """The DRS's variables in order of first use."""
    seen: dict[str, None] = {}
    for c in drs.clauses:
        for k, t in enumerate(c.tokens):
            if k != 1 and t[0] != '"' and t in drs.types:
                seen.setdefault(t, None)
    return list(seen)


def _by_name(pred: CounterDrs, gold: CounterDrs) -> dict[str, str]:
    return {v: v for v, t in pred.types.items() if gold.types.get(v) == t}


def _by_order(pred: CounterDrs, gold: CounterDrs) -> dict[str, str]:
    """The k-th predicted variable of each type to the k-th gold variable of that type (first uses)."""
    queues: dict[str, list[str]] = {}
    for v in reversed(_first_uses(gold)):
        queues.setdefault(gold.types[v], []).append(v)
    mapping = {}
    for v in _first_uses(pred):
        queue = queues.get(pred.types[v])
        if queue:
            mapping[v] = queue.pop()
    return mapping


def _satisfied(pred: CounterDrs, gold: CounterDrs, mapping: dict[str, str]) -> list[Candidate]:
    """The candidate clause pairs ``mapping`` satisfies, found by looking each mapped clause up."""
    where = {c.tokens: j for j, c in enumerate(gold.clauses)}
    found = []
    for i, c in enumerate(pred.clauses):
        mapped = tuple(t if k == 1 or t[0] == '"' else mapping.get(t, "") for k, t in enumerate(c.tokens))
        if "" in mapped:
            continue
        orders = [mapped]
        if is_symmetric(mapped):
            orders.append(mapped[:2] + (mapped[3], mapped[2]))
        for tokens in orders:
            j = where.get(tokens)
            if j is not None:
                needs = tuple(sorted({(t, mapping[t]) for k, t in enumerate(c.tokens) if k != 1 and t[0] != '"'}))
                found.append(Candidate(i, j, needs))
    return found


def direct_outcome(pred: CounterDrs, gold: CounterDrs) -> tuple[MatchProblem, SearchOutcome] | None:
    """A mapping proven best without search (see the module), with the problem of the clause pairs
    it matches; None when neither direct mapping reaches the bound."""
    bound = shape_bound(pred, gold)
    kinds = _kinds(pred, gold)
    for mapping in (_by_name(pred, gold), _by_order(pred, gold)):
        candidates = _satisfied(pred, gold, mapping)
        if len(candidates) < bound:
            continue
        problem = MatchProblem(candidates=tuple(candidates), upper_bound=bound,
                               pred_kinds=kinds[0], gold_kinds=kinds[1], pred=pred, gold=gold)
        used = dict(problem.pairs)
        matched = count_matched(problem, used)
        if matched >= bound:
            return problem, SearchOutcome(used, matched, bound, True, "direct")
    return None


def _kinds(pred: CounterDrs, gold: CounterDrs) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """Each clause's kind as the alignment core reads it, for both DRSs: the number of its shape
    (shared by the two sides, multiplicity 1), or ``NO_KIND`` for a shape the other DRS lacks."""
    pred_shapes = list(pred.shapes)
    gold_shapes = list(gold.shapes)
    numbers = {s: n for n, s in enumerate(dict.fromkeys(pred_shapes).keys() & set(gold_shapes))}
    return (tuple((numbers.get(s, NO_KIND), 1) for s in pred_shapes),
            tuple((numbers.get(s, NO_KIND), 1) for s in gold_shapes))
