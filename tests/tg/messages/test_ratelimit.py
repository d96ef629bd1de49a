"""A 429 in one chat holds back that chat alone (python-telegram-bot's own limiter pauses
every request of the bot); a caller that waits out floods itself gets the 429 at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from telegram.error import RetryAfter
from telegram.ext import ExtBot

import ddz_bot.tg.ratelimit as ratelimit_module
from ddz_bot.tg.ratelimit import ChatRateLimiter, caller_waits_out_floods

from ..fake_api import FakeBotAPI


class HeldSleeps:
    """Stands in for ``asyncio`` inside the limiter: a sleep lasts until the test lets go."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.over = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.delays.append(float(delay))
        await self.over.wait()
        return result


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> HeldSleeps:
    held = HeldSleeps()
    monkeypatch.setattr(ratelimit_module, "asyncio", held)
    return held


@pytest.fixture
async def limited() -> AsyncIterator[tuple[FakeBotAPI, ExtBot[Any]]]:
    api = FakeBotAPI()
    limiter = ChatRateLimiter(overall_max_rate=30, group_max_rate=20, max_retries=2)
    bot: ExtBot[Any] = ExtBot(
        "123:TEST", request=api, get_updates_request=api, rate_limiter=limiter
    )
    await bot.initialize()
    for user in (42, 43):
        api.add_user(user, f"user {user}")
    yield api, bot
    await bot.shutdown()


async def _turns(n: int = 20) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_a_flood_in_one_chat_holds_back_that_chat_alone(
    limited: tuple[FakeBotAPI, ExtBot[Any]], sleeps: HeldSleeps
) -> None:
    api, bot = limited
    api.flood_chat(42, retry_after=3)
    first = asyncio.create_task(bot.send_message(42, "first"))
    await _turns()
    assert sleeps.delays and sleeps.delays[0] == pytest.approx(3, abs=0.1)
    # another chat is not held: this returns while chat 42 waits out its flood
    await asyncio.wait_for(bot.send_message(43, "another chat"), timeout=5)
    second = asyncio.create_task(bot.send_message(42, "second"))
    await _turns()
    assert not first.done() and not second.done()
    assert [m.text for m in api.chat_messages(42)] == []
    assert bot.rate_limiter is not None
    assert isinstance(bot.rate_limiter, ChatRateLimiter) and bot.rate_limiter.held_chats() == [42]
    sleeps.over.set()
    await asyncio.gather(first, second)
    assert [m.text for m in api.chat_messages(42)] == ["first", "second"]
    assert api.too_many == {42: 1}


async def test_a_caller_that_waits_out_floods_itself_gets_the_429_at_once(
    limited: tuple[FakeBotAPI, ExtBot[Any]], sleeps: HeldSleeps
) -> None:
    api, bot = limited
    api.flood_chat(42, retry_after=3)

    async def outbox_like() -> None:
        caller_waits_out_floods()
        await bot.send_message(42, "panel")

    with pytest.raises(RetryAfter):
        await asyncio.wait_for(asyncio.create_task(outbox_like()), timeout=5)
    assert sleeps.delays == []
    assert api.chat_messages(42) == []
