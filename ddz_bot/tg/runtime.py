"""The bot's parts, put together once: who gets what in their constructor.

``Runtime`` builds the registry, the outbox, the timers, the presenter and the flows, and
hands each one the parts it uses; it lives in ``application.bot_data`` (``runtime_of``), where
the handlers (plain functions, as python-telegram-bot's examples write them) find it. The
timers' callback comes back here and is routed by the timer's kind.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Any

from telegram import Bot
from telegram.ext import Application, CallbackContext, JobQueue

from ..config import Settings
from ..games import GAMES
from ..storage import Database
from . import clock
from .answers import Answers
from .closing import Closer
from .cluster import Cluster
from .codec import CallbackCodec
from .courier import Courier
from .ending import Ending
from .grace import postponed
from .hands import HandFlow
from .hosts import host_for
from .keyboards import Keyboards
from .lobby import LobbyFlow
from .metrics import Metrics
from .outbox import Outbox
from .panels import PanelState
from .people import People, Recent
from .presenter import Presenter
from .ratelimit import ChatRateLimiter
from .reach import Reach
from .refusals import explain_illegal
from .registry import TableRegistry
from .resume import Resumer
from .seasons import Seasons
from .table import Table
from .thinker import Thinker
from .timers import TimerKind, TimerName, Timers
from .tournament import Tournaments

__all__ = ["RUNTIME_KEY", "Runtime", "runtime_of"]

log = logging.getLogger(__name__)

#: a stop waits this long for the work in hand (messages, AI seats) before it lets go
STOP_DRAIN_SECONDS = 3.0
#: a stop among other workers waits this long for the AI seats before it hands tables over
HAND_OVER_WAIT = 0.5

RUNTIME_KEY = "ddz"
AnyApp = Application[Any, Any, Any, Any, Any, Any]


class Runtime:
    """Every part of the running bot (see the module docstring)."""

    #: on PostgreSQL, this worker among the others (``join_workers``); None on SQLite
    cluster: Cluster | None = None
    courier: Courier | None = None

    def __init__(
        self,
        settings: Settings,
        db: Database,
        bot: Bot,
        job_queue: JobQueue[Any] | None,
        *,
        bot_username: str = "",
    ) -> None:
        self.settings = settings
        self.db = db
        self.bot = bot
        self.bot_username = bot_username
        self.codec = CallbackCodec(settings.token)
        self.keyboards = Keyboards(self.codec)
        #: what a host watches (``/metrics``): this bot's own, handed to whoever records
        self.metrics = Metrics()
        db.transaction_observer = self.metrics.transaction
        self.metrics.holding(db.holds)
        limiter = getattr(bot, "rate_limiter", None)  # an ExtBot's: every call goes through it
        if isinstance(limiter, ChatRateLimiter):
            limiter.report_to(self.metrics)
        self.registry = TableRegistry(db, host_for, self.metrics)
        self.outbox = Outbox(
            bot,
            group_interval=settings.group_interval,
            on_forbidden=self._forbidden,
            on_sent=self._sent,
            on_sending=self._sending,
            budget=limiter.budget if isinstance(limiter, ChatRateLimiter) else None,
            overall_rate=settings.overall_rate,
        )
        self.timers = Timers(job_queue, self.on_timer)
        self.presenter = Presenter(self.outbox, self.keyboards, PanelState())
        self.closer = Closer(self.registry, self.presenter, self.timers, db)
        self.ending = Ending(
            settings,
            db,
            self.registry,
            self.presenter,
            self.timers,
            self.closer,
        )
        self.reach = Reach(bot, db, self.registry, self.presenter, self.ending.group_gone)
        self.thinker = Thinker(settings.ai_workers, self.metrics)
        self.hands = HandFlow(
            settings,
            db,
            self.registry,
            self.presenter,
            self.timers,
            self.ending,
            explain_illegal,
            self.thinker,
            self.metrics,
        )
        self.lobby = LobbyFlow(
            settings,
            db,
            self.registry,
            self.presenter,
            self.timers,
            self.closer,
            self.reach,
            self.hands,
        )
        self.resumer = Resumer(
            db,
            self.registry,
            self.presenter,
            self.timers,
            self.reach,
            self.closer,
            self.lobby,
            self.hands,
            self.ending,
        )
        self.people = People(db, bot, settings.lang)
        self.answers = Answers(self.outbox)
        self.seasons, self.tournaments = self._competitions(job_queue)

    def _competitions(self, job_queue: JobQueue[Any] | None) -> tuple[Seasons, Tournaments]:
        """The seasons (their minute job on ``job_queue``) and the tournaments, told of
        every settled tournament hand."""
        seasons = Seasons(self.db, self.outbox)
        seasons.start(job_queue)
        tournaments = Tournaments(
            self.settings,
            self.db,
            self.registry,
            self.outbox,
            self.keyboards,
            self.hands,
            self.closer,
        )
        self.ending.event_over = tournaments.hand_over
        return seasons, tournaments

    # ---- the timers' callback ---------------------------------------------------------------
    async def on_timer(self, name: TimerName) -> None:
        """A table's timer ran out: what it was for, if the table has not moved on since."""
        table = self.registry.get(name.table)
        if table is None:
            return
        try:
            async with self.registry.lock(table.id):
                if table.version != name.version or not self.registry.holds(table):
                    return  # the table moved on: a stale timer
                try:
                    if name.kind is TimerKind.LOBBY:
                        await self.lobby.expire(table)
                    elif name.kind is TimerKind.IDLE:
                        await self.ending.idle_over(table)
                    elif (later := postponed(table, self.outbox, clock.now())) is not None:
                        self.timers.arm(name, later)  # its panel came late: its full time
                    else:
                        await self.hands.timed_out(table, name.kind)
                except Exception:
                    if self.registry.holds(table):
                        self.ending.rearm_after_failure(table)  # tried again, not at once
                    raise
        except Exception:
            log.exception("timer %s failed", name)

    async def fire_timer(self, table: Table) -> bool:
        """Run the table's pending timer now (tests and the benchmark)."""
        return await self.timers.fire_now(table.id)

    # ---- what the outbox reports --------------------------------------------------------------
    async def _forbidden(self, chat_id: int, slot: str) -> None:
        await self.reach.forbidden(chat_id, slot)

    async def _sent(self, chat_id: int, slot: str, message_id: int) -> None:
        await self.reach.sent(chat_id, slot, message_id)
        await self.tournaments.sent(chat_id, slot, message_id)

    async def _sending(self, chat_id: int, slot: str, newest: int) -> None:
        await self.reach.sending(chat_id, slot, newest)

    # ---- look-ups the handlers, the tests and the benchmark use -------------------------------
    def table_in(self, chat_id: int) -> Table | None:
        return self.registry.in_chat(chat_id)

    def table_of(self, user_id: int) -> Table | None:
        return self.registry.of_user(user_id)

    def get(self, table_id: int) -> Table | None:
        return self.registry.get(table_id)

    @property
    def tables(self) -> dict[int, Table]:
        return {table.id: table for table in self.registry.tables()}

    @property
    def dm_ok(self) -> Recent:
        return self.reach.dm_ok

    @property
    def accepted_moves(self) -> int:
        return self.hands.accepted_moves

    @property
    def rng(self) -> random.Random | None:
        return self.hands.rng

    @rng.setter
    def rng(self, value: random.Random | None) -> None:
        self.hands.rng = value

    @staticmethod
    def owes_settlement(table: Table) -> bool:
        return table.owes_settlement()

    def refresh_panel(self, table: Table, seat: int, *, repost: bool = False) -> None:
        self.hands.refresh_panel(table, seat, repost=repost)

    def deep_link(self, table: Table) -> str:
        return f"https://t.me/{self.bot_username}?start=j{table.id:x}"

    def dm_link(self) -> str:
        """A link that opens the bot's private chat (nothing to join: a plain start)."""
        return f"https://t.me/{self.bot_username}?start=hi"

    async def join_workers(self, on_lost: Callable[[], None]) -> Cluster:
        """On PostgreSQL: join the database's workers (``cluster.py``); the groups nobody
        holds are taken at ``resume``. ``on_lost`` is told if this worker's lock goes."""
        from ..storage.leases import Leases

        backend = getattr(self.db.backend, "pool", None)
        if backend is None:
            raise RuntimeError("several workers need PostgreSQL")
        leases = Leases(backend, self.settings.database_url)
        limiter = getattr(self.bot, "rate_limiter", None)
        budget = limiter.budget if isinstance(limiter, ChatRateLimiter) else None
        cluster = Cluster(
            leases,
            self.registry,
            self.codec,
            resume_chat=self._resume_chat,
            budget=budget,
        )
        courier = Courier(cluster)
        cluster.announce = courier.announce
        await leases.register(Cluster.worker_name(), courier.received_text, on_lost)
        self.cluster, self.courier = cluster, courier
        self.metrics.holding(leases.alive)
        self.metrics.workers(cluster.status)
        await cluster.join()
        return cluster

    async def _resume_chat(self, chat_id: int) -> int:
        """A group taken over: its stored tables and tournaments play on here."""
        resumed = await self.resumer.resume_chat(chat_id)
        self.metrics.resumed(resumed)
        await self.tournaments.resume(chat_id)
        return resumed

    async def resume(self) -> int:
        """Start the AI's workers (ready before any table asks them), fill the games' tables
        built on first use (``GameModule.warm_up``: not on a person's first move), then resume
        the stored tables (on PostgreSQL, this worker's share of the groups nobody holds)."""
        await self.thinker.start()
        for name in GAMES:
            GAMES[name].warm_up()
        if self.cluster is not None:
            await self.cluster.start()
            return self.load()
        resumed = await self.resumer.resume()
        self.metrics.resumed(resumed)
        await self.tournaments.resume()
        return resumed

    async def drain(self) -> None:
        """Until nothing is left to do: the AI seats have answered, everything is sent."""
        await self.hands.quiet()
        await self.outbox.drain()
        while self.hands.thinking():
            await self.hands.quiet()
            await self.outbox.drain()

    async def close(self) -> None:
        """Shutting down: the work in hand done, for at most ``STOP_DRAIN_SECONDS`` (a
        worker standing by takes over once this one is gone; what is left unsent, it shows
        again as it resumes the tables), the AI's workers stopped."""
        if self.cluster is not None:  # the tables go first: nobody waits for the outbox
            await self._hand_over(self.cluster)
        try:
            await asyncio.wait_for(self.drain(), STOP_DRAIN_SECONDS)
        except TimeoutError:
            log.warning(
                "stopping with messages still to send after %.0f s: the next start shows"
                " the tables again",
                STOP_DRAIN_SECONDS,
            )
        if self.cluster is not None:
            await self.cluster.leases.close()
        self.thinker.close()

    async def _hand_over(self, cluster: Cluster) -> None:
        """Stopping among other workers: the AI seats' answers in hand given (for at most
        ``HAND_OVER_WAIT``), then every table and lease let go; the messages still to send
        go out after, the tables already another worker's (which shows them again)."""
        cluster.draining = True  # no group taken from here on
        try:
            await asyncio.wait_for(self.hands.quiet(), HAND_OVER_WAIT)
        except TimeoutError:
            log.warning("handing the tables over with AI seats still thinking")
        handed = await cluster.hand_over(self._let_go)
        log.info("handed %d group(s) over to the other workers", handed)

    def _let_go(self, table: Table) -> None:
        """Stopping: the table is another worker's from now on (its timer too)."""
        self.timers.cancel(table.id)
        self.registry.forget(table)

    def load(self) -> int:
        """The tables this worker holds."""
        return sum(1 for _ in self.registry.tables())


def runtime_of(holder: AnyApp | CallbackContext[Any, Any, Any, Any]) -> Runtime:
    """The runtime of a running application (after ``post_init``), from the application or
    a handler's context."""
    application = holder.application if isinstance(holder, CallbackContext) else holder
    found = application.bot_data.get(RUNTIME_KEY)
    if not isinstance(found, Runtime):
        raise RuntimeError("the application has not been set up (post_init has not run)")
    return found
