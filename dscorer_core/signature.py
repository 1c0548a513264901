"""Reproducibility signatures as values: a metric's name and its fields, printed as one line.

A signature is what a score depends on, in the order it is printed:
``dscorer|preset:released|n:4|w0:0.1|avg:micro|wn:3.0|version:0.1.0``. Fields before ``version``
are the metric's settings (and how ill-formed predictions were handled); fields after it say how a
figure was resampled (``|bs:1000|seed:1``). The text form is the one every guide and paper quotes,
so ``Signature.text`` must give it byte for byte; ``Signature.parse`` reads it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .version import __version__

#: One field: ``(key, value)`` prints as ``key:value``; a value of None prints the key alone (``sbn``).
Field = tuple[str, str | None]


def _field_text(f: Field) -> str:
    key, value = f
    return key if value is None else f"{key}:{value}"


def _read_field(text: str) -> Field:
    key, sep, value = text.partition(":")
    return (key, value) if sep else (key, None)


def fields_of(text: str) -> tuple[Field, ...]:
    """The fields of a signature fragment such as ``|ill:dummy|wf:off`` (empty parts skipped)."""
    return tuple(_read_field(part) for part in text.split("|") if part)


@dataclass(frozen=True)
class Signature:
    """A metric's signature: its ``name``, its settings (``fields``), the ``version`` that computed it
    (None: no version field) and how a figure was resampled (``resampling``, printed after the version)."""

    name: str
    fields: tuple[Field, ...] = ()
    version: str | None = __version__
    resampling: tuple[Field, ...] = ()

    def text(self) -> str:
        """The one-line form: ``name|key:value|...|version:V|bs:1000|seed:1``."""
        parts = [self.name, *map(_field_text, self.fields)]
        if self.version is not None:
            parts.append(f"version:{self.version}")
        parts += map(_field_text, self.resampling)
        return "|".join(parts)

    def __str__(self) -> str:
        return self.text()

    def get(self, key: str) -> str | None:
        """The value of a settings field (None when absent or a bare word)."""
        return next((v for k, v in (*self.fields, *self.resampling) if k == key), None)

    def with_fields(self, extra: Iterable[Field]) -> Signature:
        """The signature with ``extra`` settings fields added after the others, before the version
        (how ill-formed predictions were handled: ``|ill:dummy``, ``|wf:off``)."""
        extra = tuple(extra)
        return replace(self, fields=self.fields + extra) if extra else self

    def resampled(self, method: str, samples: int, seed: int) -> Signature:
        """The signature of a resampled figure: ``...|version:V|bs:1000|seed:1`` (or ``ar:``)."""
        return replace(self, resampling=self.resampling + ((method, str(samples)), ("seed", str(seed))))

    @classmethod
    def parse(cls, text: str) -> Signature:
        """Read a signature's text form back (``parse(s).text() == s`` for every signature dscorer prints)."""
        name, *rest = text.split("|")
        parts = [_read_field(p) for p in rest]
        at = next((i for i, (k, v) in enumerate(parts) if k == "version" and v is not None), None)
        if at is None:
            return cls(name, tuple(parts), None)
        return cls(name, tuple(parts[:at]), parts[at][1], tuple(parts[at + 1:]))
