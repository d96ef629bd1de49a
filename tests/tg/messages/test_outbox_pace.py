"""Every chat keeps its own pace in the outbox, private chats too, and a flood in one chat
holds back that chat alone. Time here is virtual: a sleep moves the clock at once, and the
fake Telegram judges the pace by the same clock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

import ddz_bot.tg.outbox as outbox_module
from ddz_bot.tg.outbox import PRIVATE_PACE, Content, Outbox

from ..fake_api import TELEGRAM_LIMITS, FakeBotAPI

_real_sleep = asyncio.sleep


class VirtualTime:
    """Stands in for both ``time`` and ``asyncio`` inside the outbox: ``sleep`` yields until
    the test has moved the clock past the end of the wait (``advance``)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.delays: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    def monotonic(self) -> float:
        return self.now

    async def to_thread(self, function: Any, /, *args: Any) -> Any:
        """Drawn at once: a thread's real time must not race the virtual clock."""
        return function(*args)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.delays.append(float(delay))
        until = self.now + max(delay, 0.0)
        await _real_sleep(0)
        while self.now < until:
            await _real_sleep(0)
        return result

    async def advance(self, seconds: float, step: float = 0.05) -> None:
        """Let ``seconds`` pass in small steps, everything due running on the way."""
        end = self.now + seconds
        while self.now < end:
            self.now = min(end, self.now + step)
            for _ in range(5):
                await _real_sleep(0)

    async def settle(self, outbox: Outbox, limit: float = 120.0) -> None:
        """Let time pass until the outbox has sent everything."""
        end = self.now + limit
        while outbox.busy and self.now < end:
            await self.advance(0.05)
        assert not outbox.busy, "the outbox never finished"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> VirtualTime:
    virtual = VirtualTime()
    monkeypatch.setattr(outbox_module, "asyncio", virtual)
    monkeypatch.setattr(outbox_module, "time", virtual)
    return virtual


@pytest.fixture
async def paced_api(clock: VirtualTime) -> Any:
    api = FakeBotAPI(limits=TELEGRAM_LIMITS, clock=clock.monotonic)
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    await bot.initialize()
    yield api, bot
    await bot.shutdown()


def _panel(n: int) -> Content:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton(f"card {n}", callback_data=str(n))]])
    return Content("your turn", markup, photo_key="hand", render=lambda: b"png-hand")


async def test_a_fast_tapper_gets_the_newest_panel_at_the_private_pace(
    paced_api: tuple[FakeBotAPI, Bot], clock: VirtualTime
) -> None:
    api, bot = paced_api
    api.add_user(42, "Ann")
    outbox = Outbox(bot, group_interval=3.5)
    assert outbox.private_pace == PRIVATE_PACE
    for n in range(12):  # a tap every 0.2 s for 2.4 s
        outbox.show(42, "panel", _panel(n))
        await clock.advance(0.2)
    await clock.settle(outbox)
    assert api.too_many == {}  # never over Telegram's pace
    calls = api.calls_to(42)
    assert len(calls) <= PRIVATE_PACE.burst + 3  # a burst, then about one a second
    last = api.last_message(42)
    assert last is not None and last.buttons()[0]["text"] == "card 11"  # the newest state


async def test_a_flood_in_one_chat_holds_back_only_that_chat(
    paced_api: tuple[FakeBotAPI, Bot], clock: VirtualTime
) -> None:
    api, bot = paced_api
    api.add_user(42, "Ann")
    api.add_user(43, "Bo")
    api.add_group(-5, "g")
    outbox = Outbox(bot, group_interval=3.5)
    start = clock.now
    api.flood_chat(42, retry_after=5)
    outbox.show(42, "panel", _panel(1))
    await clock.advance(0.05)
    outbox.post(42, "a notice for Ann")  # the same chat: waits for the flood too
    outbox.show(43, "panel", _panel(2))  # other chats go on at once
    outbox.show(-5, "table", Content("table", None))
    await clock.settle(outbox)
    sent = {(c.chat_id, c.method): c.at for c in api.calls if c.ok}
    assert sent[(43, "sendPhoto")] - start < 1 and sent[(-5, "sendMessage")] - start < 1
    assert sent[(42, "sendPhoto")] - start >= 5 and sent[(42, "sendMessage")] - start >= 5
    assert api.too_many == {42: 1}
    assert outbox.held_chats() == []


async def test_without_a_group_pace_private_chats_are_not_paced_either(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)
    for n in range(3):
        outbox.show(42, "panel", _panel(n))
        await outbox.drain()
    assert len(api.calls_to(42)) == 3


async def test_telegram_out_of_reach_is_retried_with_backoff(
    paced_api: tuple[FakeBotAPI, Bot], clock: VirtualTime
) -> None:
    api, bot = paced_api
    api.add_user(42, "Ann")
    outbox = Outbox(bot, group_interval=3.5)
    api.unreachable = 3
    outbox.show(42, "panel", _panel(1))
    outbox.post(42, "a notice")
    await clock.settle(outbox)
    assert api.unreachable == 0
    assert [m.caption or m.text for m in api.chat_messages(42)] == ["your turn", "a notice"]
    waits = [round(d) for d in clock.delays if d >= 0.5]
    assert waits[:2] == [1, 2]  # a growing backoff, the chat held meanwhile


async def test_the_pace_of_idle_chats_is_forgotten(
    paced_api: tuple[FakeBotAPI, Bot], clock: VirtualTime
) -> None:
    api, bot = paced_api
    outbox = Outbox(bot, group_interval=3.5)
    for user in range(1, 1500):
        api.add_user(user, f"user {user}")
        outbox.post(user, "hello")
        if user % 100 == 0:
            await clock.settle(outbox)
            await clock.advance(PRIVATE_PACE.burst * PRIVATE_PACE.interval)
    await clock.settle(outbox)
    assert outbox.paced_chats < 1100  # not one per person who was ever written to
    assert len([c for c in api.calls if c.method == "sendMessage"]) == 1499 and api.too_many == {}
