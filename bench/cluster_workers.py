"""The workers of ``bench/cluster_load.py``: ``python bot.py`` processes started, counted,
killed and replaced, and their CPU from /proc.

Each worker has a slot: with the live table, the slot's port for its server (a worker that
joins after a kill listens where the killed one did, as a host's process manager restarts
it). The CPU counted is each worker's user and system time from the moment it is counted
from (``count_from``: the play's start; a worker that joins later: once it is ready) to its
kill or the end: a start's own CPU left out, a take-over's resume counted.
"""

from __future__ import annotations

import contextlib
import signal
import time
from pathlib import Path

import asyncpg

from tests.cluster.workers import Worker

__all__ = ["CLOCK_TICKS", "Pool", "any_says", "cpu_seconds", "logged_errors", "terminate"]

CLOCK_TICKS = 100  # /proc's clock ticks a second (Linux's usual USER_HZ)


def cpu_seconds(pid: int) -> float:
    """A process's user and system time so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def logged_errors(workers: list[Worker]) -> list[str]:
    """The ERROR and WARNING lines of every worker's log."""
    found: list[str] = []
    for worker in workers:
        while not worker.lines.empty():
            worker.said.append(worker.lines.get_nowait())
        found += [line.strip() for line in worker.said if " ERROR " in line or " WARNING " in line]
    return found


class Pool:
    """The workers playing now, every one started, and the CPU they used (module docstring)."""

    def __init__(
        self,
        target: Path | str,
        api_url: str,
        folder: Path,
        settings: dict[str, str],
        ports: list[int] | None = None,
    ) -> None:
        self.target, self.api_url, self.folder = target, api_url, folder
        self.settings = settings
        self.ports = ports
        self.workers: list[Worker] = []  # every one started
        self.alive: list[Worker] = []
        self.slots: dict[int, int] = {}  # pid: slot
        self.cpu = 0.0  # CPU seconds of the workers gone, since counted from
        self._from: dict[int, float] = {}  # pid: its CPU when counted from

    def start(self, slot: int) -> Worker:
        settings = dict(self.settings)
        if self.ports is not None:
            settings["DDZ_WEBAPP_PORT"] = str(self.ports[slot])
        database = self.target if isinstance(self.target, str) else ""
        worker = Worker(database, self.api_url, self.folder, **settings)
        self.workers.append(worker)
        self.alive.append(worker)
        self.slots[worker.process.pid] = slot
        return worker

    async def start_all(self, count: int) -> None:
        for slot in range(count):  # one after the other: the first makes the schema
            worker = self.start(slot)
            await worker.says("ready as @", timeout=60)
            self.count(worker)

    def count(self, worker: Worker) -> None:
        self._from[worker.process.pid] = cpu_seconds(worker.process.pid)

    def count_from(self) -> None:
        """The CPU counted from now on (what came before is no part of it)."""
        self.cpu = 0.0
        for worker in self.alive:
            self.count(worker)

    def used(self, worker: Worker) -> float:
        pid = worker.process.pid
        return cpu_seconds(pid) - self._from.get(pid, 0.0)

    async def kill(self) -> float:
        """SIGKILL of the busiest worker, a new one in its slot; the seconds until another
        took its groups over (one worker alone: until the restarted one is ready)."""
        victim = self.alive.pop(await self.busiest())
        self.cpu += self.used(victim)
        killed = time.monotonic()
        victim.stop(signal.SIGKILL)
        slot = self.slots[victim.process.pid]
        if self.alive:  # the others take its groups over; a new worker joins them
            taken = await any_says(self.alive, "took over", timeout=60)
            joined = self.start(slot)
            await joined.says("ready as @", timeout=60)
        else:  # one worker: a restart
            joined = self.start(slot)
            taken = await joined.says("ready as @", timeout=60)
        self.count(joined)
        return taken - killed

    def cpu_now(self) -> float:
        """The CPU used so far since counted from, the workers gone and alive."""
        return self.cpu + sum(self.used(worker) for worker in self.alive)

    def stop(self) -> float:
        """Every worker stopped; the CPU they used since counted from."""
        for worker in self.alive:
            if worker.process.poll() is None:
                self.cpu += self.used(worker)
                worker.stop(signal.SIGTERM)
        self.alive = []
        return self.cpu

    async def busiest(self) -> int:
        """The index of the worker holding the most groups (the only one, on SQLite)."""
        if not isinstance(self.target, str) or len(self.alive) == 1:
            return 0
        connection = await asyncpg.connect(self.target)
        try:
            query = "SELECT worker, COUNT(*) FROM chat_leases GROUP BY worker"
            rows = await connection.fetch(query)
        finally:
            await connection.close()
        held = {int(r[0]): int(r[1]) for r in rows}

        def groups(worker: Worker) -> int:
            said = "".join(worker.said)
            found = (n for w, n in held.items() if f"worker {w} of the database" in said)
            return max(found, default=0)

        return max(range(len(self.alive)), key=lambda index: groups(self.alive[index]))


async def any_says(workers: list[Worker], words: str, timeout: float) -> float:
    """When the first of ``workers`` logs ``words``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for worker in workers:
            with contextlib.suppress(AssertionError):
                return await worker.says(words, timeout=0.02)
    raise AssertionError(f"no worker said {words!r}")


def terminate(pool: Pool) -> None:
    """Any worker still running (a run cut short) killed: no process outlives the bench."""
    for worker in pool.workers:
        if worker.process.poll() is None:
            worker.process.kill()
            worker.process.wait()
