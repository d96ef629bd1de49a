"""The wall clock the tables' deadlines are read from (one place, so tests can move it)."""

from __future__ import annotations

import time

__all__ = ["now"]


def now() -> float:
    """The current UNIX time."""
    return time.time()
