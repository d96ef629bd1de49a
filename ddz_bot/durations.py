"""Durations as a host writes them in a setting: ``30m``, ``6h``, ``1d`` or seconds."""

from __future__ import annotations

__all__ = ["parse_duration"]

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400}


def parse_duration(raw: str) -> float:
    """Seconds of ``30m``, ``6h``, ``1d`` or a plain number of seconds (at least a minute)."""
    text = raw.strip().lower()
    unit = _UNITS.get(text[-1:], 0)
    number = text[:-1] if unit else text
    try:
        seconds = float(number) * (unit or 1)
    except ValueError:
        raise ValueError("a duration such as 30m, 6h or 1d") from None
    if not 60 <= seconds <= 366 * 86_400:
        raise ValueError("between 1 minute and a year")
    return seconds
