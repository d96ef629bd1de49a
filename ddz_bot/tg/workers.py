"""A worker among several on PostgreSQL: the Application's side of ``cluster.py``.

``join_workers`` registers the worker and answers the updates other workers hand it;
``handed_on`` is asked for every update before it is handled (``TableUpdates``): an update
of a group another worker holds goes there, and its caller (the webhook's call, the polling
loop) waits until it was handled.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.ext import Application

from .courier import TooLargeError
from .runtime import Runtime

__all__ = ["LOST_HOLD_KEY", "handed_on", "join_workers", "lost_hold"]

log = logging.getLogger(__name__)

AnyApp = Application[Any, Any, Any, Any, Any, Any]

#: set in ``bot_data`` when the worker lost its hold of the database while playing
LOST_HOLD_KEY = "ddz:lost-hold"


def lost_hold(application: AnyApp) -> None:
    """The worker's lock on the database went (the server or the network is gone): stop
    playing at once, so that only the workers that take its groups over play on (they
    resume every table from storage; a save this one still tries is refused by the table's
    stored version)."""
    log.error("lost the worker's hold of the database: stopping (the other workers take over)")
    application.bot_data[LOST_HOLD_KEY] = True
    application.stop_running()


async def join_workers(application: AnyApp, rt: Runtime) -> None:
    """Join the database's workers; updates handed here are routed and handled as if they
    had come from Telegram (the answer says whether this worker holds their group)."""
    cluster = await rt.join_workers(lambda: lost_hold(application))
    courier = rt.courier
    assert courier is not None

    async def handle(data: dict[str, Any]) -> bool:
        update = Update.de_json(data, application.bot)
        if update is None:
            return True
        route = await cluster.route(update, forwarded=True)
        if not route.here:
            return False
        courier.local.add(id(update))
        try:
            await application.update_processor.process_update(
                update, application.process_update(update)
            )
        finally:
            courier.local.discard(id(update))
        return True

    courier.handle = handle
    log.info("worker %d of the database's workers", cluster.id)


async def handed_on(rt: Runtime, update: object) -> bool:
    """Whether ``update`` was handed to (and handled by) the worker holding its group."""
    cluster, courier = rt.cluster, rt.courier
    if cluster is None or courier is None or not isinstance(update, Update):
        return False
    if id(update) in courier.local:
        return False  # routed here already
    route = await cluster.route(update)
    if route.here:
        return False
    try:
        await courier.deliver(update.to_dict(), route.chat, route.worker)
    except TooLargeError:
        log.warning("an update too large to hand over is handled by this worker")
        return False
    return True
