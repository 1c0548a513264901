"""Checks of one setting's value, shared by the settings records (``CounterSettings``,
``SmatchSettings``, ...) so that a negative, NaN or unknown value is refused where the settings are
built, by a SettingsError that names the setting, the value given and what is allowed (issue 33)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .errors import SettingsError


def check_whole(name: str, value: object, least: int = 0, none_allowed: bool = False) -> None:
    """``value`` is a whole number (not a bool) of at least ``least``, or None when ``none_allowed``."""
    if value is None and none_allowed:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        also = " or None" if none_allowed else ""
        raise SettingsError(f"{name} must be a whole number >= {least}{also}, not {value!r}")


def check_seconds(name: str, value: object) -> None:
    """``value`` is a positive, finite or infinite, number of seconds (not NaN, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) or not value > 0:
        raise SettingsError(f"{name} must be a positive number of seconds, not {value!r}")


def check_choice(name: str, value: object, choices: Iterable[object]) -> None:
    """``value`` is one of ``choices`` (compared by equality and type)."""
    allowed = tuple(choices)
    if not any(value == c and type(value) is type(c) for c in allowed):
        raise SettingsError(f"unknown {name} {value!r}; choose one of {', '.join(map(str, allowed))}")


def check_flag(name: str, value: object) -> None:
    """``value`` is True or False."""
    if not isinstance(value, bool):
        raise SettingsError(f"{name} must be True or False, not {value!r}")
