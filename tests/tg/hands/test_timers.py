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


class _Job:
    def __init__(self, name: str, when: float) -> None:
        self.name, self.when, self.removed = name, when, False

    def schedule_removal(self) -> None:
        self.removed = True


class _Queue:
    """The job queue's part the timers use: jobs scheduled, in order."""

    def __init__(self) -> None:
        self.jobs: list[_Job] = []

    def run_once(self, callback: Any, *, when: Any, name: str, job_kwargs: Any) -> _Job:
        self.jobs.append(_Job(name, when.timestamp()))
        return self.jobs[-1]


async def test_a_clock_moved_later_keeps_its_job_which_fires_at_the_new_deadline() -> None:
    fired: list[TimerName] = []

    async def fire(name: TimerName) -> None:
        fired.append(name)

    queue = _Queue()
    timers = Timers(cast(Any, queue), fire)
    first, second, third = (TimerName(7, TimerKind.PLAY, v) for v in (3, 4, 5))
    timers.arm(first, 100.0)
    timers.arm(second, 130.0)  # every move: a later deadline, the same job
    assert len(queue.jobs) == 1 and timers.pending(7) == second
    job = queue.jobs[0]
    context = _context(first, running=True)
    context.job = job
    await timers._callback(context)  # the first deadline: the clock has moved on
    assert fired == [] and [j.when for j in queue.jobs] == [100.0, 130.0]
    assert timers.pending(7) == second
    context = _context(second, running=True)
    context.job = queue.jobs[1]
    await timers._callback(context)
    assert fired == [second] and timers.pending(7) is None
    timers.arm(first, 100.0)
    timers.arm(third, 50.0)  # an earlier deadline: a job of its own, the other one removed
    assert queue.jobs[2].removed and queue.jobs[3].when == 50.0
    assert timers.pending(7) == third
