"""Time in tests without waiting: the outbox's sleeps are recorded and return at once, and
the tables' wall clock moves only when a test moves it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import ddz_bot.tg.clock as clock_module
import ddz_bot.tg.outbox as outbox_module

_real_sleep = asyncio.sleep


class RecordedWaits:
    """Stands in for the ``asyncio`` module inside the outbox: ``sleep`` records the delay
    and yields once instead of waiting."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.delays.append(float(delay))
        await _real_sleep(0)
        return result


class ManualClock:
    """Stands in for the ``time`` module of the tables' clock (``tg.clock``)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def outbox_waits(monkeypatch: pytest.MonkeyPatch) -> RecordedWaits:
    waits = RecordedWaits()
    monkeypatch.setattr(outbox_module, "asyncio", waits)
    return waits


@pytest.fixture
def manager_clock(monkeypatch: pytest.MonkeyPatch) -> ManualClock:
    clock = ManualClock()
    monkeypatch.setattr(clock_module, "time", clock)
    return clock
