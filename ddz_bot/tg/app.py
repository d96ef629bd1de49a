"""Building the Application: handlers, rate limiter, job queue, and set-up in ``post_init``.

``post_init`` opens the database (running its migrations), publishes the command menus for
groups and private chats in the three languages, and resumes every table found in the
database (timers re-armed from the stored deadlines, messages refreshed). The "ready" line is
logged later, once updates can come (``say_ready``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Hashable
from typing import Any

from telegram.ext import AIORateLimiter, Application, ApplicationBuilder
from telegram.request import BaseRequest

from ..config import Settings
from ..storage import Database, EconomySettings
from .budget import Budget
from .commands import GROUP_MENU, PRIVATE_MENU
from .connection import connect, quiet_polling_outages
from .handlers import install
from .menus import publish_commands as publish_command_menus
from .ratelimit import ChatRateLimiter
from .runtime import RUNTIME_KEY, Runtime, runtime_of
from .updates import TableUpdates, update_key
from .workers import LOST_HOLD_KEY, handed_on, join_workers, lost_hold

__all__ = [
    "LOST_HOLD_KEY",
    "RUNTIME_KEY",
    "SWITCH_INTERVAL",
    "build_application",
    "lost_hold",
    "runtime",
    "say_ready",
    "tune_gc",
    "tune_switching",
]

log = logging.getLogger(__name__)

#: with several workers, how long the poller waits for the updates in hand before it polls
#: again (which confirms them to Telegram: a worker killed with them would lose them)
POLL_CONFIRM_WAIT = 1.0

#: where ``post_init`` leaves the "ready" line until ``say_ready`` logs it
READY_KEY = "ddz_ready_line"

AnyApp = Application[Any, Any, Any, Any, Any, Any]


def tune_gc(threshold: int = 50_000) -> None:
    """Fewer, cheaper garbage collections for a long-running bot.

    Every update allocates many small objects; with Python's default first-generation
    threshold (700) the collector runs constantly and its full passes over a large heap show
    up as latency spikes of a hundred milliseconds and more. Objects alive after start-up are
    frozen out of the collector's sight.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(threshold, 20, 100)


#: seconds another thread may hold the interpreter before the event loop gets it back
SWITCH_INTERVAL = 0.0005


def tune_switching(interval: float = SWITCH_INTERVAL) -> None:
    """Hand the interpreter back to the event loop sooner.

    The database writer and the picture threads run Python between their C calls; each
    time the loop hands them work, it may wait Python's default 5 ms for the interpreter
    lock to come back, and under load those waits add up to the slowest updates' latency.
    """
    sys.setswitchinterval(interval)


def say_ready(application: AnyApp) -> None:
    """Log that the bot takes updates, once: called when they can come (the webhook set,
    the polling begun), not when its parts are made (``post_init``), which is before."""
    line = application.bot_data.pop(READY_KEY, None)
    if isinstance(line, str):
        log.info("%s", line)


async def confirmed_only_when_handled(application: AnyApp, updates: TableUpdates) -> None:
    """Before the poller polls again (which confirms the updates it has to Telegram): its
    updates queued and in hand handled, for at most ``POLL_CONFIRM_WAIT``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + POLL_CONFIRM_WAIT
    while application.update_queue.qsize() and loop.time() < deadline:
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.01)  # each one taken from the queue reaches ``TableUpdates``
    await updates.quiet(max(0.0, deadline - loop.time()))


def runtime(application: AnyApp) -> Runtime:
    """The bot's parts in a running application (after ``post_init``)."""
    return runtime_of(application)


def build_application(
    settings: Settings,
    *,
    request: BaseRequest | None = None,
    updates_request: BaseRequest | None = None,
    rate_limiter: AIORateLimiter | None = None,
    publish_commands: bool = True,
) -> AnyApp:
    """The bot's Application. ``request`` replaces the HTTP client (tests use a fake)."""
    if not settings.token:
        raise ValueError("no bot token: set DDZ_BOT_TOKEN")
    limiter = rate_limiter or ChatRateLimiter(
        overall_max_rate=settings.overall_rate,
        group_max_rate=settings.group_rate,
        max_retries=2,
        budget=Budget(settings.overall_rate) if settings.overall_rate > 0 else None,
    )

    def key_of(update: object) -> Hashable | None:
        found = application.bot_data.get(RUNTIME_KEY)
        if not isinstance(found, Runtime):
            return None
        return update_key(update, found.registry, found.codec)

    async def elsewhere(update: object) -> bool:
        found = application.bot_data.get(RUNTIME_KEY)
        return isinstance(found, Runtime) and await handed_on(found, update)

    updates = TableUpdates(key_of, elsewhere=elsewhere)
    builder = (
        ApplicationBuilder().token(settings.token).rate_limiter(limiter).concurrent_updates(updates)
    )

    async def poll_gate() -> None:
        found = application.bot_data.get(RUNTIME_KEY)
        if isinstance(found, Runtime) and found.cluster is not None:
            await found.cluster.poll_turn()  # one worker polls; another when it goes
            await confirmed_only_when_handled(application, updates)

    builder = connect(
        builder, settings, request=request, updates_request=updates_request, poll_gate=poll_gate
    )

    async def post_init(application: AnyApp) -> None:
        economy = EconomySettings(daily_base=settings.daily_bonus)
        target = settings.database_url if settings.on_postgresql else settings.db_path
        db = await Database.open(target, economy=economy)
        me = application.bot
        parts = Runtime(settings, db, me, application.job_queue, bot_username=me.username or "")
        application.bot_data[RUNTIME_KEY] = parts
        if settings.on_postgresql:  # one of the database's workers (``cluster.py``)
            await join_workers(application, parts)
        if publish_commands:
            await publish_command_menus(me, GROUP_MENU, PRIVATE_MENU)
        resumed = await parts.resume()
        application.bot_data[READY_KEY] = (
            f"ready as @{me.username}; {resumed} table(s) resumed; {settings.describe()}"
        )

    async def post_shutdown(application: AnyApp) -> None:
        parts = application.bot_data.get(RUNTIME_KEY)
        if isinstance(parts, Runtime):
            await parts.close()
            await parts.db.close()

    application = builder.post_init(post_init).post_shutdown(post_shutdown).build()
    quiet_polling_outages(application)  # first: a failed poll during an outage goes no further
    install(application)
    return application
