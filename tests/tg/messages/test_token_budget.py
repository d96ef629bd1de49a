"""The bot token's budget holds in every second, counting every call when it is made: a turn
used late, an answer to a press or a deletion that took no turn before, all count; two bots
sharing one token, each with half of it, together keep to Telegram's 30 calls a second with
more than that to send, Telegram refuses none, and the panel of a seat that must decide still
goes at once. Time is virtual (``VirtualTime``): the outbox, the budget and the fake Telegram
read one clock that the test moves."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import TypeVar

import pytest

import ddz_bot.tg.budget as budget_module
import ddz_bot.tg.outbox as outbox_module
from ddz_bot.tg.app import build_application, runtime
from ddz_bot.tg.budget import Budget, Urgency
from ddz_bot.tg.outbox import Content
from ddz_bot.tg.ratelimit import ChatRateLimiter
from ddz_bot.tg.screens import PANEL_SLOT

from ..conftest import make_settings
from ..fake_api import FakeBotAPI, FloodLimits, most_in_a_second
from ..harness import Harness
from .test_outbox_pace import VirtualTime

#: Telegram's limits, the overall one included
LIMITS = FloodLimits(overall_per_second=30)
T = TypeVar("T")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> VirtualTime:
    virtual = VirtualTime()
    for module in (outbox_module, budget_module):
        monkeypatch.setattr(module, "asyncio", virtual)
        monkeypatch.setattr(module, "time", virtual)
    return virtual


async def while_time_passes(clock: VirtualTime, work: Awaitable[T]) -> T:
    """``work`` while the clock goes on (a start or a stop that waits for the budget)."""

    async def keep_time() -> None:
        while True:
            await clock.advance(0.05)

    ticking = asyncio.create_task(keep_time())
    try:
        return await asyncio.wait_for(work, timeout=60)
    finally:
        ticking.cancel()


async def test_turns_used_late_and_calls_without_a_turn_keep_to_the_second(
    clock: VirtualTime,
) -> None:
    budget = Budget(10)
    made: list[float] = []

    async def panel(late: bool) -> None:  # its turn, then its call after a busy moment
        await budget.take(Urgency.WAITING)
        await clock.sleep(0.4 if late else 0.0)
        await budget.call(Urgency.WAITING)
        made.append(clock.now)

    async def answer() -> None:  # an answer to a press: no turn taken before its call
        await budget.call(Urgency.ANSWER)
        made.append(clock.now)

    tasks = [clock.create_task(panel(k % 2 == 0)) for k in range(30)]
    tasks += [clock.create_task(answer()) for _ in range(20)]
    await clock.advance(8.0, step=0.01)
    await clock.gather(*tasks)
    assert len(made) == 50
    assert most_in_a_second(made) <= 10


async def test_a_smaller_share_keeps_to_it_from_the_moment_it_says(clock: VirtualTime) -> None:
    budget = Budget(30)
    made: list[float] = []

    async def one() -> None:
        await budget.call(Urgency.GROUP)
        made.append(clock.now)

    first = [clock.create_task(one()) for _ in range(60)]
    await clock.advance(1.5, step=0.01)
    settled = budget.set_share(0.5)
    assert budget.per_second == 15
    later = [clock.create_task(one()) for _ in range(60)]
    await clock.advance(8.0, step=0.01)
    await clock.gather(*first, *later)
    assert most_in_a_second(made) <= 30
    assert most_in_a_second(t for t in made if t >= settled) <= 15
    assert most_in_a_second(t for t in made if t >= settled) >= 12  # the half is used


@pytest.fixture
async def two_bots(
    tmp_path: Path, clock: VirtualTime
) -> AsyncIterator[tuple[FakeBotAPI, list[Harness]]]:
    """Two bots of one token over one Telegram, each leased half of the token's budget."""
    api = FakeBotAPI(limits=LIMITS, clock=clock.monotonic)
    bots: list[Harness] = []
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        settings = make_settings(tmp_path / name, group_interval=3.5, overall_rate=30)
        budget = Budget(settings.overall_rate, share=0.5)
        limiter = ChatRateLimiter(
            overall_max_rate=30, group_max_rate=0, max_retries=2, budget=budget
        )
        application = build_application(
            settings,
            request=api,
            updates_request=api,
            rate_limiter=limiter,
            publish_commands=False,
        )
        harness = Harness(api, application)
        await while_time_passes(clock, harness.start())
        assert runtime(application).outbox.budget is budget  # one budget for every call
        bots.append(harness)
    try:
        yield api, bots
    finally:
        for harness in bots:
            await while_time_passes(clock, harness.stop())


async def test_two_bots_with_half_the_budget_each_keep_to_the_tokens_second(
    clock: VirtualTime, two_bots: tuple[FakeBotAPI, list[Harness]]
) -> None:
    api, bots = two_bots
    started, deciders = clock.now, []
    for k, bot in enumerate(bots):
        outbox = runtime(bot.app).outbox
        for g in range(15):
            group = -1000 - 100 * k - g
            api.add_group(group, f"group {group}")
            outbox.show(group, "table", Content(f"table of {group}"))
        for p in range(30):
            person = 5000 + 100 * k + p
            api.add_user(person, f"P{person}")
            outbox.show(person, PANEL_SLOT, Content("you wait"), urgency=Urgency.WAITING)
        for q in range(15):  # presses answered: no chat's pace, the token's budget all the same
            outbox.spawn(bot.app.bot.answer_callback_query(f"press {k}-{q}"))
        deciders.append(5099 + 100 * k)
        api.add_user(deciders[-1], "Decider")
    await clock.advance(0.3)  # the queue is long now: 120 calls for 30 a second
    asked = clock.now
    for k, bot in enumerate(bots):
        runtime(bot.app).outbox.show(
            deciders[k], PANEL_SLOT, Content("your turn"), urgency=Urgency.DECIDING, decision=1
        )
    outboxes = [runtime(bot.app).outbox for bot in bots]
    while any(outbox.busy for outbox in outboxes) and clock.now < started + 60:
        await clock.advance(0.05)
    calls = [c for c in api.calls if c.at >= started]
    assert len(calls) == 2 * (15 + 30 + 15 + 1)  # everything went, once
    assert clock.now - started > 3.0  # more than the token's second could take at once
    assert api.too_many_total == 0
    assert most_in_a_second(c.at for c in calls) <= 30
    assert most_in_a_second(c.at for c in calls) >= 25  # the halves add up to the whole
    for decider in deciders:  # within a few turns, not behind the queue of waiting panels
        told = [c.at for c in calls if c.chat_id == decider]
        assert told and told[0] - asked < 0.25
    assert len(api.callback_answers) == 30
