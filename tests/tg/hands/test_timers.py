"""A table's timer fires its decision's time-out, except while the bot stops."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from ddz_bot.tg.timers import TimerKind, TimerName, Timers


def _context(name: TimerName, running: bool) -> Any:
    return cast(
        Any,
        SimpleNamespace(
            job=SimpleNamespace(name=str(name)), application=SimpleNamespace(running=running)
        ),
    )


async def test_a_timer_due_while_the_bot_stops_waits_for_the_restart() -> None:
    fired: list[TimerName] = []

    async def fire(name: TimerName) -> None:
        fired.append(name)

    timers = Timers(None, fire)
    name = TimerName(7, TimerKind.PLAY, 3)
    await timers._callback(_context(name, running=False))
    assert fired == []
    await timers._callback(_context(name, running=True))
    assert fired == [name]
