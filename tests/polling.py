"""Waiting for what another process or a server's own task does: there is no event to await,
so the condition is polled, and a run where it never comes fails with what was awaited."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def wait_until(condition: Callable[[], bool], what: str, limit: float = 30.0) -> None:
    """Poll ``condition`` until it holds (milliseconds normally; ``limit`` seconds only bound a
    broken run, which fails saying ``what`` was not seen)."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not seen within {limit:g} s")
        await asyncio.sleep(0.01)
