"""One alignment core for COUNTER and Smatch: the variable-mapping problem (``problem``), one hill
climber (``hill``), one branch and bound (``branch``), one integer program (``program``, HiGHS through
scipy, imported only when solved) and one outcome type (``outcome.Alignment``); for long documents,
a start from paired-up parts and a quick bound (``blocks``) and the linear relaxation's proven bound
with reduced-cost fixing (``bound``).

``counter/`` (clauses, COUNTER's search order and restarts) and ``sbn/alignment.py`` (Smatch
triples, its starts) build a ``MappingProblem`` and call these; neither solves anything itself.
"""

from .blocks import anchor_bound, block_start, item_parts
from .bound import RelaxationBound, bounded_search, relaxation_bound
from .branch import BranchResult, branch_and_bound
from .budget import WorkBudget, WorkLimits
from .hill import Climber, climb, greedy_start, perturbed, random_start
from .outcome import Alignment
from .problem import (
    NO_KIND,
    Candidate,
    DisjointSets,
    Mapping,
    MappingProblem,
    candidate_pairs,
    count_matched,
    independent_parts,
    kind_bound,
    matched_candidates,
    restricted,
)
from .program import ProgramOutcome, solve_in_batches, solve_program, solve_programs

__all__ = ["Alignment", "BranchResult", "Candidate", "Climber", "DisjointSets", "Mapping",
           "MappingProblem", "NO_KIND", "ProgramOutcome", "RelaxationBound", "anchor_bound", "block_start",
           "bounded_search", "branch_and_bound", "candidate_pairs", "climb", "count_matched", "greedy_start",
           "independent_parts", "item_parts", "kind_bound", "matched_candidates", "perturbed", "random_start",
           "relaxation_bound", "restricted", "solve_in_batches", "solve_program", "solve_programs", "WorkBudget",
           "WorkLimits"]
