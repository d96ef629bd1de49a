"""A decision whose panel came late, the bot's budget being spent on others, gets its full
time: its time-out waits as long as the panel came late (``tg/grace.py``), then comes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import ddz_bot.tg.budget as budget_module
import ddz_bot.tg.outbox as outbox_module
from ddz_bot.tg.budget import Urgency
from ddz_bot.tg.grace import LATE_GRACE_SECONDS
from ddz_bot.tg.outbox import Content
from ddz_bot.tg.screens import PANEL_SLOT

from ..clocks import ManualClock
from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI, FloodLimits
from ..harness import Harness
from ..scripts import current_table, fire_timer, seat_three, whose_turn
from .test_outbox_pace import VirtualTime

#: an overall limit small enough to exceed: the outbox keeps to 4 calls in any second
SMALL = FloodLimits(overall_per_second=5)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> VirtualTime:
    virtual = VirtualTime()
    for module in (outbox_module, budget_module):
        monkeypatch.setattr(module, "asyncio", virtual)
        monkeypatch.setattr(module, "time", virtual)
    return virtual


@pytest.fixture
async def short_budget(tmp_path: Path, clock: VirtualTime) -> AsyncIterator[Harness]:
    api = FakeBotAPI(limits=SMALL, clock=clock.monotonic)
    settings = make_settings(tmp_path, overall_rate=SMALL.overall_per_second)
    harness = await start_bot(settings, api)

    async def settle() -> None:
        rt = manager_of(harness)
        for _ in range(3):
            await clock.settle(rt.outbox, limit=600.0)
            await rt.drain()

    harness._settle = settle
    try:
        yield harness
    finally:
        await harness.stop()


async def test_a_decision_whose_panel_came_late_gets_its_full_time(
    short_budget: Harness, manager_clock: ManualClock
) -> None:
    bot = short_budget
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    group = bot.group()
    await seat_three(bot, group, users)
    first = whose_turn(bot, group, users)
    assert first is not None
    rt = manager_of(bot)
    for k in range(12):  # twelve other people must decide now: their panels go first
        other = bot.user(f"Other {k}")
        rt.outbox.show(
            other.id, PANEL_SLOT, Content("decide"), urgency=Urgency.DECIDING, decision=k
        )
    await first.press(first.panel(), "叫地主")
    table = current_table(bot, group)
    second = whose_turn(bot, group, users)
    assert second is not None and second is not first
    late = rt.outbox.lateness(second.id, PANEL_SLOT)
    assert late > LATE_GRACE_SECONDS  # its panel waited behind the twelve
    version, deadline = table.version, table.deadline
    assert deadline is not None
    manager_clock.now = deadline  # its clock runs out: not yet its time-out
    await fire_timer(bot, table)
    assert table.version == version and whose_turn(bot, group, users) is second
    assert rt.timers.pending(table.id) is not None  # armed again, the late seconds later
    manager_clock.now = deadline + late + 0.5  # once that time is over too, it times out
    await fire_timer(bot, table)
    assert table.version != version
