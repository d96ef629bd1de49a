"""Turn timers on python-telegram-bot's JobQueue, from absolute deadlines.

A table has at most one timer: the deadline of the decision it waits for. The job's name says
what it is for (``ddz:<table>:<kind>:<version>``) so a timer that fires after the table moved
on is recognised as stale and does nothing. Deadlines are stored with the table, so after a
restart ``arm`` re-creates the same timer (firing at once if the deadline has passed).

A table's clock moves on with almost every move, nearly always to a later deadline: the job
already scheduled is then kept (the scheduler is not touched on every move) and, when it
runs, finds what the table's timer is for by then and is scheduled again for that deadline.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from telegram.ext import ContextTypes, Job, JobQueue

__all__ = ["TimerKind", "TimerName", "Timers"]

Fire = Callable[["TimerName"], Awaitable[None]]


class TimerKind(StrEnum):
    """What a table's one timer is waiting for."""

    LOBBY = "lobby"  # a lobby nobody touched closes
    IDLE = "idle"  # a finished table's Again / Leave stop working
    DEAL = "deal"  # the deal window (明牌 while dealing) closes
    BID = "bid"  # the decision's clock (``TimeLimit``): bidding, 明牌 after the bottom
    DOUBLE = "double"  # 加倍
    PLAY = "play"  # play or pass
    FINISH = "finish"  # a hand that could not be settled is tried again


@dataclass(frozen=True, slots=True)
class TimerName:
    """What a timer is for: ``kind`` of ``table`` at state ``version``. Prints as the job
    name and parses back."""

    table: int
    kind: TimerKind
    version: int

    def __str__(self) -> str:
        return f"ddz:{self.table}:{self.kind}:{self.version}"

    @classmethod
    def parse(cls, text: str) -> TimerName:
        try:
            prefix, table, kind, version = text.split(":")
            if prefix != "ddz":
                raise ValueError(text)
            return cls(int(table), TimerKind(kind), int(version))
        except ValueError:
            raise ValueError(f"not a table timer name: {text!r}") from None


class Timers:
    """One timer per table, armed from an absolute deadline (a UNIX time)."""

    def __init__(self, job_queue: JobQueue[Any] | None, fire: Fire) -> None:
        self.job_queue = job_queue
        self.fire = fire
        self._jobs: dict[int, Job[Any]] = {}
        #: when each table's scheduled job runs (the deadline it was scheduled for)
        self._due: dict[int, float] = {}
        #: each table's timer as armed since its job was scheduled, when the job runs first
        self._later: dict[int, tuple[TimerName, float]] = {}

    def arm(self, name: TimerName, deadline: float) -> None:
        job = self._jobs.get(name.table)
        if job is not None and not job.removed and self._due[name.table] <= deadline:
            self._later[name.table] = (name, deadline)  # the job moves on when it runs
            return
        self.cancel(name.table)
        self._schedule(name, deadline)

    def _schedule(self, name: TimerName, deadline: float) -> None:
        if self.job_queue is None:
            return
        when = datetime.fromtimestamp(max(deadline, 0.0), tz=UTC)
        # a late timer must still run (a loaded loop must not drop a time-out: the table
        # would wait for ever), hence no misfire grace limit
        self._jobs[name.table] = self.job_queue.run_once(
            self._callback, when=when, name=str(name), job_kwargs={"misfire_grace_time": None}
        )
        self._due[name.table] = deadline

    def cancel(self, table: int) -> None:
        self._later.pop(table, None)
        self._due.pop(table, None)
        job = self._jobs.pop(table, None)
        if job is not None and not job.removed:
            # the job may already have been handed to its callback (waiting for the table's
            # lock): the scheduler no longer knows it, and its stale version makes it a no-op
            with contextlib.suppress(JobLookupError):
                job.schedule_removal()

    def pending(self, table: int) -> TimerName | None:
        job = self._jobs.get(table)
        if job is None or job.removed or job.name is None:
            return None
        later = self._later.get(table)
        return TimerName.parse(job.name) if later is None else later[0]

    async def fire_now(self, table: int) -> bool:
        """Run the table's timer at once (tests; the bench). Returns whether there was one."""
        name = self.pending(table)
        if name is None:
            return False
        self.cancel(table)
        await self.fire(name)
        return True

    async def _callback(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        job = context.job
        if job is None or job.name is None:
            return
        name = TimerName.parse(job.name)
        running = context.application.running
        if self._jobs.get(name.table) is job:
            del self._jobs[name.table]
            due = self._due.pop(name.table)
            later = self._later.pop(name.table, None)
            if later is not None:
                name, deadline = later
                if deadline > due:  # the table's clock moved on meanwhile: not yet
                    if running:
                        self._schedule(name, deadline)
                    return
        if not running:
            # the bot is stopping: the jobs already running are waited for, then the
            # scheduler shuts down and cancels half-way any job begun meanwhile. The deadline
            # is stored with the table; the timer is armed again when the bot starts
            return
        await self.fire(name)
