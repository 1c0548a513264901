"""The linear constraints of the project's integer programs (COUNTER's and Smatch's exact
alignments), built row by row as a sparse matrix."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class SparseRows:
    """A sparse constraint matrix, every row ``sum(vals * x[cols]) <= upper``."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.cols: list[int] = []
        self.vals: list[float] = []
        self.upper: list[float] = []

    def add(self, cols: Sequence[int], vals: Sequence[float], upper: float) -> None:
        """Append the row ``sum(vals[i] * x[cols[i]]) <= upper``."""
        r = len(self.upper)
        self.rows.extend([r] * len(cols))
        self.cols.extend(cols)
        self.vals.extend(vals)
        self.upper.append(upper)

    def constraints(self, columns: int) -> list[Any]:
        """The rows as scipy's ``LinearConstraint`` over ``columns`` variables (none if no row).
        scipy is imported here, on first use, so commands that solve nothing never load it."""
        if not self.upper:
            return []
        import numpy as np
        from scipy.optimize import LinearConstraint
        from scipy.sparse import coo_matrix

        matrix = coo_matrix((self.vals, (self.rows, self.cols)), shape=(len(self.upper), columns)).tocsr()
        return [LinearConstraint(matrix, -np.inf, np.array(self.upper))]
