"""Updates handled concurrently across tables, in order within one.

python-telegram-bot hands every update to an update processor; ``TableUpdates`` keys each one
by the table it belongs to (a button carries its table's id; a group message belongs to the
group's table, a private one to the table its sender sits at; otherwise the chat) and runs
updates of one key one after another, in the order they came, and those of different keys at
the same time. A slow Telegram call made for one table (checking a private chat when someone
sits down, asking whether a /settings sender is an admin) holds up only that table's updates.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from .codec import BadCallback, CallbackCodec
from .registry import TableRegistry

__all__ = ["MAX_CONCURRENT_UPDATES", "TableUpdates", "UpdateKey", "update_key"]

#: updates in progress at once (each holds little while it waits for its turn)
MAX_CONCURRENT_UPDATES = 4096

UpdateKey = Callable[[object], Hashable | None]
Elsewhere = Callable[[object], Awaitable[bool]]


def update_key(update: object, registry: TableRegistry, codec: CallbackCodec) -> Hashable | None:
    """What ``update`` must be ordered with: its table, or else its chat (None: nothing)."""
    if not isinstance(update, Update):
        return None
    query = update.callback_query
    if query is not None and query.data:
        try:
            table_id = codec.decode(query.data).table
        except BadCallback:
            table_id = 0
        if table_id:
            return ("table", table_id)
    chat = update.effective_chat
    if chat is None:
        return None
    table = registry.in_chat(chat.id) if chat.id < 0 else registry.of_user(chat.id)
    return ("table", table.id) if table is not None else ("chat", chat.id)


class TableUpdates(BaseUpdateProcessor):
    """Concurrent across keys, in order within a key (see the module docstring)."""

    def __init__(
        self,
        key_of: UpdateKey,
        max_concurrent_updates: int = MAX_CONCURRENT_UPDATES,
        *,
        elsewhere: Elsewhere | None = None,
    ) -> None:
        super().__init__(max_concurrent_updates)
        self._key_of = key_of
        #: with several workers: hands an update to the worker holding its group and
        #: returns True once it was handled there (False: it is handled here)
        self._elsewhere = elsewhere
        self._busy = 0  # updates in hand
        self._idle = asyncio.Event()
        #: key -> done when the latest update of that key so far is done
        self._last: dict[Hashable, asyncio.Future[None]] = {}

    async def quiet(self, limit: float) -> None:
        """Until no update is in hand (for at most ``limit`` seconds): the next poll then
        confirms to Telegram only updates already handled, so a worker that dies loses none
        (a poll confirms the ones before it)."""
        if self._busy:
            self._idle.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), limit)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        self._busy += 1
        try:
            await self._process(update, coroutine)
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _process(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self._elsewhere is not None and await self._elsewhere(update):
            if isinstance(coroutine, Coroutine):
                coroutine.close()  # never started: handled by the group's worker
            return
        key = self._key_of(update)
        if key is None:
            await coroutine
            return
        previous = self._last.get(key)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._last[key] = done
        try:
            if previous is not None:
                await asyncio.shield(previous)
            await coroutine
        finally:
            done.set_result(None)
            if self._last.get(key) is done:
                del self._last[key]

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""
