"""Fixtures: the real bot Application over the fake Telegram, on a real SQLite file."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from telegram import Bot
from telegram.ext import AIORateLimiter

from ddz_bot.config import Settings
from ddz_bot.storage import Engine
from ddz_bot.tg.app import build_application, runtime
from ddz_bot.tg.runtime import Runtime

from ..postgres import fresh_schema
from .clocks import manager_clock, outbox_waits  # noqa: F401 (fixtures for every test here)
from .fake_api import FakeBotAPI
from .harness import Harness

TOKEN = "123456:TEST-token"


def make_settings(tmp_path: Path, **changes: object) -> Settings:
    base = Settings(
        token=TOKEN,
        db_path=tmp_path / "ddz.sqlite3",
        group_interval=0.0,
        deal_window=0.0,
        lobby_timeout=600.0,
        ai_workers=0,
        overall_rate=0,  # no overall budget here (tests/tg/messages/test_budget.py has it)
    )
    return replace(base, **changes)  # type: ignore[arg-type]


async def start_bot(
    settings: Settings,
    api: FakeBotAPI | None = None,
    seed: int = 7,
) -> Harness:
    api = api or FakeBotAPI()
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    harness = Harness(api, application)

    async def settle() -> None:
        await runtime(application).drain()

    harness._settle = settle
    await harness.start()
    runtime(application).rng = random.Random(seed)
    return harness


@pytest.fixture(params=list(Engine))
async def engine_settings(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[Settings]:
    """The bot's settings on each database engine: an SQLite file, a fresh PostgreSQL schema."""
    if Engine(request.param) is Engine.SQLITE:
        yield make_settings(tmp_path)
        return
    async with fresh_schema() as url:
        yield make_settings(tmp_path, database_url=url)


@pytest.fixture
async def bot(engine_settings: Settings) -> AsyncIterator[Harness]:
    """The bot over the fake Telegram, on each database engine."""
    harness = await start_bot(engine_settings)
    try:
        yield harness
    finally:
        await harness.stop()


@pytest.fixture
async def api_bot() -> AsyncIterator[tuple[FakeBotAPI, Bot]]:
    """A bare ``telegram.Bot`` over the fake Bot API, without an Application."""
    api = FakeBotAPI()
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    await bot.initialize()
    yield api, bot
    await bot.shutdown()


def manager_of(harness: Harness) -> Runtime:
    return runtime(harness.app)
