"""A human judgement of a parse: acceptable or not (one system), or which of two parses is better.

These are the two annotation dimensions of Opitz and Frank ("Better Smatch = Better Parser?",
2022). A preference names its two systems as ``NAME_A|NAME_B``; ``A`` means NAME_A's parse is
better, ``B`` NAME_B's, ``same`` neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: The judgements of one parse against its sentence.
ACCEPTABILITY = ("acceptable", "unacceptable")
#: The judgements of two systems' parses of one document.
PREFERENCE = ("A", "B", "same")
#: Every judgement word.
JUDGEMENT_WORDS = ACCEPTABILITY + PREFERENCE
#: Between the two system names of a preference.
PAIR_SEPARATOR = "|"


def judgement_problem(document: object, system: str, judgement: str) -> str | None:
    """What is wrong with a judgement's three key fields, or None: the one check the model,
    the CSV reader and the store share."""
    if isinstance(document, bool) or not isinstance(document, int) or document < 0:
        return f"document must be a whole number >= 0 (the 0-based index), not {document!r}"
    if judgement not in JUDGEMENT_WORDS:
        return f"judgement must be one of {', '.join(JUDGEMENT_WORDS)}, not {judgement!r}"
    names = system.split(PAIR_SEPARATOR)
    if judgement in PREFERENCE:
        if len(names) != 2 or not all(n.strip() for n in names):
            return (f"a preference ({judgement}) needs two systems as NAME_A{PAIR_SEPARATOR}NAME_B, "
                    f"not {system!r}")
        if names[0] == names[1]:
            return f"a preference compares two different systems, not {names[0]!r} with itself"
    elif len(names) != 1 or not system.strip():
        return (f"an acceptability judgement ({judgement}) names one system, not {system!r} "
                f"(a preference is A, B or same)")
    return None


@dataclass(frozen=True)
class Judgement:
    """One person's judgement of one document (0-based index) for one system or pair of systems.

    ``line`` is the CSV line it was read from (0 when it was not read from a file); it is not
    part of equality, so a judgement read back from an export equals the one written.
    """

    document: int
    system: str
    judgement: str
    rationale: str = ""
    annotator: str = ""
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        problem = judgement_problem(self.document, self.system, self.judgement)
        if problem:
            raise ValueError(problem)

    @property
    def kind(self) -> str:
        """``acceptability`` or ``preference``."""
        return "acceptability" if self.judgement in ACCEPTABILITY else "preference"

    @property
    def key(self) -> tuple[str, int, str]:
        """(annotator, document, system): one person has at most one judgement per key."""
        return self.annotator, self.document, self.system


def systems_of(judgement: Judgement) -> tuple[str, ...]:
    """The system a judgement is about, or the two of a preference (A's first)."""
    return tuple(judgement.system.split(PAIR_SEPARATOR))


def preference_system(system_a: str, system_b: str) -> str:
    """The ``system`` field of a preference between two systems: ``NAME_A|NAME_B``."""
    return f"{system_a}{PAIR_SEPARATOR}{system_b}"


def canonical_preference(judgement: Judgement) -> tuple[str, str, int]:
    """A preference with its two systems in sorted order and the verdict as +1 (the first of the
    sorted pair is better), -1 (the second) or 0 (same), so ``x|y: A`` and ``y|x: B`` are equal."""
    a, b = systems_of(judgement)
    verdict = {"A": 1, "B": -1, "same": 0}[judgement.judgement]
    return (a, b, verdict) if a <= b else (b, a, -verdict)
