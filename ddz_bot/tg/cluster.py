"""This worker among the others on PostgreSQL: which groups it plays, where the rest go.

Several ``python bot.py`` processes share one database. Each group's tables are played by one
worker at a time, the one holding the group's lease (``storage.leases``); an update that
reaches another worker (the reverse proxy spreads Telegram's calls over them) is handed to
the holder and answered once the holder has handled it (``Courier``). A group nobody holds
goes to the least loaded worker, which takes its lease and resumes its stored tables, as a
restart does. A worker that dies loses its lock at once (its machine: within seconds); every
other worker looks each second for groups with tables whose lease is free and takes its
share of them. A worker told to stop finishes its work in hand, lets go of its tables and
its leases and tells the others, who take them within a moment.

The key an update is routed by is its group: a group's message or button belongs to that
group; a private message to the group whose table its sender sits at (written down by the
holder, ``seated``); a private button names its table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update

from ..storage.leases import Leases, LiveWorker
from .budget import Budget
from .codec import BadCallback, Button, CallbackCodec
from .registry import TableRegistry
from .shares import Demand, Share, budget_share
from .table import Table

__all__ = ["SWEEP_SECONDS", "Cluster", "Route"]

log = logging.getLogger(__name__)

#: how often a worker reports its load and looks for groups nobody holds
SWEEP_SECONDS = 1.0
#: seconds a worker waits before it takes a larger share of the token's budget, or joins:
#: the calls of the last second still count in Telegram's window
SHARE_GAP = 1.05
#: seconds a worker waits before it takes a larger share of the token's budget as the others'
#: demands change: they read its report at their next look (a second at most) and give up
#: theirs at once, and their calls of the second before still count in Telegram's window
RAISE_GAP = SWEEP_SECONDS + SHARE_GAP
#: how often a worker not polling asks whether its turn came (the poller gone)
POLL_TURN_SECONDS = 0.25
#: how long a stopping worker's held groups are waited for by an update routed meanwhile
HANDOVER_WAIT = 10.0

ResumeChat = Callable[[int], Awaitable[int]]


class Route:
    """Where an update is handled: here (``worker`` 0) or at ``worker``."""

    __slots__ = ("chat", "worker")

    def __init__(self, chat: int | None, worker: int = 0) -> None:
        self.chat = chat
        self.worker = worker

    @property
    def here(self) -> bool:
        return self.worker == 0


class Cluster:
    """This worker's groups and its view of the others (see the module docstring)."""

    def __init__(
        self,
        leases: Leases,
        registry: TableRegistry,
        codec: CallbackCodec,
        *,
        resume_chat: ResumeChat,
        budget: Budget | None = None,
    ) -> None:
        self.leases = leases
        self.registry = registry
        self.codec = codec
        self._resume_chat = resume_chat
        self._budget = budget
        #: the groups this worker holds (their stored tables resumed)
        self.held: set[int] = set()
        self._acquiring: dict[int, asyncio.Lock] = {}
        self._live: dict[int, LiveWorker] = {}
        self._sent_since: dict[int, int] = {}  # free groups sent to each since its load
        self._taking = 0  # groups being taken now
        self._holders: dict[int, int] = {}  # group -> worker, as last looked up
        self._lapsed_before: set[int] = set()  # free groups left to another's share once
        self._table_chat: dict[int, int] = {}  # table -> group (never changes)
        self._seated: dict[int, frozenset[int]] = {}  # table -> people written down
        self._seat_writes: dict[int, int] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.draining = False
        self.taken_over = 0  # groups taken from a worker gone or stopped
        self.polls = False  # this worker is the one polling Telegram
        self._share = Share(RAISE_GAP)  # of the token's budget, kept to by this worker
        self._demand = Demand()  # of the token's budget, reported
        #: told of every table published here (the courier tells the other workers)
        self.announce: Callable[[int, int], None] | None = None
        self._said_polling = False
        registry.observers.append(self._published)

    @property
    def id(self) -> int:
        return self.leases.id

    @staticmethod
    def worker_name() -> str:
        return f"{socket.gethostname()}:{os.getpid()}"

    # ---- life ---------------------------------------------------------------------------
    async def join(self) -> None:
        """The first look at the others, before any call to Telegram: joining others, the
        worker tells them (they take their smaller share of the token's budget at once) and
        waits out their last second."""
        await self._refresh()
        if len(self._live) > 1:
            await self.leases.notify(self.leases.everyone, '{"k":"free"}')
            await asyncio.sleep(SHARE_GAP)

    async def start(self) -> None:
        """Take this worker's share of the groups left free, then look again each second."""
        await self.sweep()
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="ddz:cluster-sweep")

    def wake(self) -> None:
        """Look for free groups now (a worker said it let go of its own)."""
        self._wake.set()

    async def _sweep_forever(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), SWEEP_SECONDS)
            self._wake.clear()
            try:
                await self._refresh()
                await self.sweep()
                await self._write_seats()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking after the workers' leases failed (tried again)")

    async def _refresh(self) -> None:
        """Report this worker's load and demand; read who is alive; take this worker's
        share of the token's budget (``shares.py``)."""
        budget = self._budget
        demand = 0 if budget is None else self._demand.sample(budget.demand)
        await self.leases.report(self.load, draining=self.draining, demand=demand)
        self._live = {worker.id: worker for worker in await self.leases.live_workers()}
        self._sent_since = {}  # the loads just read count the groups sent them
        if budget is None or self.draining:
            return
        demands = {w.id: w.demand for w in self._live.values() if not w.draining}
        demands[self.id] = demand
        wanted = budget_share(demands, self.id)
        changed = self._share.wanted(wanted, asyncio.get_running_loop().time())
        if changed is not None:
            log.debug("this worker's share of the token's budget: %.0f%%", changed * 100)
            budget.set_share(changed)

    @property
    def share(self) -> float:
        """Of the token's budget, the part this worker keeps to."""
        return self._share.share

    @property
    def load(self) -> int:
        """The groups this worker holds or is taking."""
        return len(self.held) + self._taking

    def live(self) -> list[LiveWorker]:
        return list(self._live.values())

    def alive(self, worker: int) -> bool:
        """Whether ``worker`` was alive at this worker's last look (each second)."""
        return worker in self._live

    async def sweep(self) -> int:
        """Take this worker's share of the groups with tables nobody holds (a worker
        died or stopped): an even split by group over the live workers, then, a sweep
        later, any left."""
        if self.draining:
            return 0
        lapsed = await self.leases.lapsed()
        self._lapsed_before.intersection_update(lapsed)  # those taken since are forgotten
        if not lapsed:
            return 0
        playing = sorted(w.id for w in self._live.values() if not w.draining) or [self.id]
        mine = playing.index(self.id) if self.id in playing else 0
        taken = 0
        for chat in lapsed:
            if chat % len(playing) != mine and not self._overdue(chat):
                continue
            if await self.acquire(chat):
                taken += 1
        self.taken_over += taken
        if taken:
            log.info("took over %d group(s) whose worker stopped or went away", taken)
        return taken

    def _overdue(self, chat: int) -> bool:
        """Free for a second sweep: whoever's share it was, anyone takes it now."""
        if chat in self._lapsed_before:
            return True
        self._lapsed_before.add(chat)
        return False

    async def acquire(self, chat: int) -> bool:
        """Take the group (unless a live worker holds it) and resume its stored tables;
        whether this worker holds it now."""
        if chat in self.held:
            return True
        lock = self._acquiring.setdefault(chat, asyncio.Lock())
        async with lock:
            if chat in self.held:
                return True
            if self.draining:
                return False
            self._taking += 1
            try:
                holder = await self.leases.claim(chat)
                self._holders[chat] = holder
                if holder != self.id:
                    return False
                await self._resume_chat(chat)
                self.held.add(chat)
                return True
            finally:
                self._taking -= 1

    async def hand_over(self, forget: Callable[[Table], None]) -> int:
        """Stopping: let go of every table (``forget`` cancels its timers) and every
        lease, and tell the others; how many groups were handed over."""
        self.draining = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sweeper
        with contextlib.suppress(Exception):
            await self._write_seats()
        groups = len(self.held)
        self.held.clear()
        for table in list(self.registry.tables()):
            forget(table)
        try:
            await self.leases.report(0, draining=True)
            await self.leases.release()
            await self.leases.notify(self.leases.everyone, '{"k":"free"}')
        except Exception:
            log.exception("letting go of the leases failed: they lapse when this worker exits")
        return groups

    async def poll_turn(self, wanted: Callable[[], bool]) -> bool:
        """Return once this worker is the one that polls Telegram (exactly one does; when
        it goes, its lock goes with it and another worker's turn comes); False once
        ``wanted`` says polling stopped before the turn came."""
        while not self.polls:
            if not wanted():
                return False
            self.polls = await self.leases.try_poll()
            if not self.polls:
                await asyncio.sleep(POLL_TURN_SECONDS)
        if not self._said_polling:
            self._said_polling = True
            log.info("this worker polls Telegram and hands each update to its group's worker")
        return True

    # ---- routing ------------------------------------------------------------------------
    async def route(self, update: object, *, forwarded: bool = False) -> Route:
        """Where ``update`` is handled (see the module docstring)."""
        chat = await self.home_of(update)
        if chat is None:
            return Route(None)
        return await self.route_chat(chat, forwarded=forwarded)

    async def route_chat(self, chat: int, *, forwarded: bool = False) -> Route:
        """Where an update of group ``chat`` is handled: here (the group taken first if
        nobody holds it and this worker is the one it goes to) or at its holder.
        ``forwarded``: the update was handed here, so this worker takes a free group."""
        deadline = asyncio.get_running_loop().time() + HANDOVER_WAIT
        while True:
            if chat in self.held:
                return Route(chat)
            holder = self._holders.get(chat)
            if holder is None or holder not in self._live:
                holder = await self.leases.holder(chat)
            alive = holder is not None and holder in self._live
            if holder is not None and alive and holder != self.id:
                self._holders[chat] = holder
                return Route(chat, holder)
            if not self.draining and (holder == self.id or forwarded or self._least_loaded()):
                if await self.acquire(chat):
                    return Route(chat)
                continue  # another worker took it meanwhile: asked again
            if not self.draining and not alive:
                target = self._least_loaded_other()
                if target is not None:
                    self._sent_since[target] = self._sent_since.get(target, 0) + 1
                    return Route(chat, target)
                if await self.acquire(chat):
                    return Route(chat)
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"no worker holds group {chat}")
            await asyncio.sleep(0.05)  # this worker stops and hands it over: the next one
            await self._refresh()

    def _least_loaded(self) -> bool:
        """Whether this worker is the one a free group goes to."""
        other = self._least_loaded_other()
        if other is None:
            return True
        return self.load <= self._load_of(other)

    def _load_of(self, worker: int) -> int:
        """Another worker's load as it last said, and the free groups sent it since."""
        return self._live[worker].load + self._sent_since.get(worker, 0)

    def _least_loaded_other(self) -> int | None:
        others = [w.id for w in self._live.values() if w.id != self.id and not w.draining]
        if not others:
            return None
        return min(others, key=lambda worker: (self._load_of(worker), worker))

    def forget_holder(self, chat: int) -> None:
        """The worker an update was handed to does not hold the group (any more)."""
        self._holders.pop(chat, None)

    async def home_of(self, update: object) -> int | None:
        """The group ``update`` belongs to (None: none, handled where it is)."""
        if not isinstance(update, Update):
            return None
        chat = update.effective_chat
        if chat is not None and chat.id < 0:
            return chat.id
        user = update.effective_user
        query = update.callback_query
        if query is not None and query.data:
            with contextlib.suppress(BadCallback):
                found = self.codec.decode(query.data)
                if found.table and found.action is not Button.TOURNAMENT:
                    at = await self._chat_of_table(found.table)
                    if at is not None:
                        return at
        message = update.message
        text = message.text if message is not None and message.text else ""
        if text.startswith("/start j"):
            with contextlib.suppress(ValueError):
                at = await self._chat_of_table(int(text.split()[1][1:], 16))
                if at is not None:
                    return at
        if user is None:
            return None
        table = self.registry.of_user(user.id)
        if table is not None:
            return table.chat_id
        return await self.leases.seated_at(user.id)

    async def _chat_of_table(self, table_id: int) -> int | None:
        table = self.registry.get(table_id)
        if table is not None:
            return table.chat_id
        chat = self._table_chat.get(table_id)
        if chat is None:
            chat = await self.leases.chat_of_table(table_id)
            if chat is not None:
                if len(self._table_chat) > 100_000:
                    self._table_chat.clear()
                self._table_chat[table_id] = chat
        return chat

    # ---- where people sit -------------------------------------------------------------------
    def _published(self, table: Table) -> None:
        """A table's people are written down (soon, in the background) when they change;
        the other workers hear that it moved (``announce``: their pages of it)."""
        if self.announce is not None:
            self.announce(table.id, table.version)
        people = frozenset(seat.user_id for _, seat in table.humans())
        if self._seated.get(table.id) == people:
            return
        self._seated[table.id] = people
        for user in people:
            self._seat_writes[user] = table.chat_id
        self._wake.set()

    async def _write_seats(self) -> None:
        writes, self._seat_writes = self._seat_writes, {}
        try:
            await self.leases.seat(writes.items())
        except BaseException:
            self._seat_writes = {**writes, **self._seat_writes}
            raise

    def status(self) -> dict[str, Any]:
        """For ``/healthz`` and the metrics: this worker, its groups, the others."""
        return {
            "worker": self.id,
            "groups": len(self.held),
            "workers": len(self._live),
            "taken_over": self.taken_over,
            "leases": self.leases.alive(),
        }
