"""The methods every result shares where researchers work, written once: ``__repr__`` (one line under
300 characters), ``_repr_html_`` (what Jupyter shows), ``to_pandas()`` (one flat row per document)
and, for a DSCORER pair, ``show(k=...)``; a corpus result's signature and size (``SettledCorpus``).
Each is a thin call into ``render.notebook``, imported on first use; the renderer reads the results
by their attributes and never imports their modules, so no import circle runs through it
(tests/test_layers.py). A dataclass that mixes these in is declared with ``repr=False``, or its
generated ``__repr__`` would hide the mixin's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from .ngrams.scoring import PairResult


class Brief:
    """``__repr__``: one line, the kind and the headline figures (``render.notebook.result_repr``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        from .render.notebook import result_repr

        return result_repr(self)


class NotebookResult(Brief):
    """A result with documents: ``__repr__``, ``_repr_html_`` and ``to_pandas()``."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        """What a notebook shows (``render.notebook.result_html``)."""
        from .render.notebook import result_html

        return result_html(self)

    def to_pandas(self) -> Any:
        """One flat row per document as a pandas DataFrame (the rows ``--csv`` writes)."""
        from .render.notebook import to_pandas

        return to_pandas(self)


class SettledCorpus(NotebookResult):
    """A corpus result made under a metric's ``settings`` (DSCORER's, COUNTER's): its signature is the
    settings', and it counts its documents whether it kept them or only their sums (``count``)."""

    __slots__ = ()
    settings: Any
    documents: tuple[Any, ...]
    count: int | None

    @property
    def signature(self) -> str:
        return cast(str, self.settings.signature())

    @property
    def n_documents(self) -> int:
        """How many documents the figures cover (kept in ``documents`` or not)."""
        return len(self.documents) if self.count is None else self.count


class PairNotebook(NotebookResult):
    """A DSCORER pair: the result's methods and ``show(k=...)``."""

    __slots__ = ()

    def show(self, k: int | None = None, compact: bool = True, boxes: bool = True) -> Any:
        """Both graphs side by side highlighted at order ``k`` (default 2), the scores, the signature
        and the box view, for a notebook (``render.notebook.pair_view``)."""
        from .render.notebook import pair_view

        return pair_view(cast("PairResult", self), k, compact, boxes)
