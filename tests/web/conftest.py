"""Fixtures: the bot with its live table over the fake Bot API, on a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.tg.clocks import manager_clock, outbox_waits  # noqa: F401 (fixtures for tests here)
from tests.tg.harness import Harness

from .live import live_settings, start_live


@pytest.fixture
async def live(tmp_path: Path) -> AsyncIterator[Harness]:
    harness = await start_live(live_settings(tmp_path))
    try:
        yield harness
    finally:
        await harness.stop()
