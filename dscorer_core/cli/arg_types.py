"""argparse types shared by the sub-commands: a bad value is an argparse error naming the option."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1 (``--jobs``, ``--max-ngrams``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type: a whole number >= 0 (``--max-candidates``, where 0 lifts the cap; ``--differences``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {value}")
    return value


def positive_seconds(text: str) -> float:
    """argparse type: a positive number of seconds (``--time-limit``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:  # NaN too
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value
