"""Fixtures of the tests with several bot processes: a fresh PostgreSQL schema, the fake
Telegram over HTTP, and the workers started (killed at the end if still running)."""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Iterator

import pytest

from ..postgres import fresh_schema
from ..tg.fake_api import FakeBotAPI
from ..tg.local_telegram import LocalTelegram, local_telegram
from .workers import Worker


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_schema() as schema_url:
        yield schema_url


@pytest.fixture
def telegram() -> Iterator[LocalTelegram]:
    with local_telegram(FakeBotAPI()) as local:
        yield local


@pytest.fixture
def workers() -> Iterator[list[Worker]]:
    started: list[Worker] = []
    yield started
    for one in started:
        if one.process.poll() is None:
            one.stop(signal.SIGKILL)
