"""The state every part of the table manager shares: the tables, their look-ups, saving.

The manager is split along what it does: ``lobby`` (seats), ``manager`` (a hand: actions, AI,
time, the end), ``persist`` (resuming after a restart, which messages show a table).
"""

from __future__ import annotations

import logging
import random
import time
import unicodedata
from collections import OrderedDict
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from telegram import Bot

from ..config import Settings
from ..engine.actions import Action
from ..engine.cards import Cards
from ..i18n import t
from ..storage import Database
from .keyboards import Keyboards
from .outbox import Outbox
from .present import cards_text, panel_content
from .table import FINISHED, Table
from .timers import TimerName, Timers

__all__ = [
    "ECHO_LIMIT",
    "GROUP_SLOT",
    "LOBBY_SLOT",
    "PANEL_SLOT",
    "RECENT_USERS",
    "Person",
    "Recent",
    "Refused",
    "TablesCore",
    "echo",
]

log = logging.getLogger(__name__)

GROUP_SLOT = "table"
LOBBY_SLOT = "lobby"
PANEL_SLOT = "panel"


class Refused(ValueError):
    """An action refused with a reason the player reads (an i18n key and its values)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        """The reason in ``lang``; cards read as people write them, an echo kept short."""
        return t(
            lang, self.key, **{name: _shown(value, lang) for name, value in self.values.items()}
        )


#: the most characters of a player's own input (or cards) a refusal repeats back
ECHO_LIMIT = 40


def echo(text: str) -> str:
    """A player's own words repeated back: no control or direction characters (which could
    garble the message), at most ``ECHO_LIMIT`` characters."""
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text).strip()
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


#: the most characters of cards a refusal repeats (a whole 33-card hand, spaced, fits)
CARDS_LIMIT = 100


def _shown(value: object, lang: str) -> object:
    """A value put into a message: cards as the player reads them (cut only when far
    longer than any hand: typed text can make any number of them), other text from a
    player cleaned and cut (``echo``)."""
    if isinstance(value, Cards):
        text = cards_text(value, lang)
        return text if len(text) <= CARDS_LIMIT else text[: CARDS_LIMIT - 1] + "…"
    return echo(value) if isinstance(value, str) else value


class Recent:
    """The most recently used keys, at most ``size`` of them (the oldest go first): what a
    long-running bot remembers about its users stays bounded. Optionally a value a key."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[int, Any] = OrderedDict()

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: int) -> Any:
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key]

    def add(self, key: int, value: Any = True) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def discard(self, key: int) -> None:
        self._items.pop(key, None)


#: how many users' private-chat status and language the bot keeps in memory
RECENT_USERS = 50_000


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """A table's state to be written, and the accepted action that led to it."""

    state: dict[str, Any]
    hand_id: str | None
    action: dict[str, Any] | None
    deadline: float | None


@dataclass(frozen=True, slots=True)
class Person:
    """A Telegram user as the tables need them."""

    id: int
    name: str
    lang: str


class TablesCore:
    """All tables of the bot and what every part of the manager needs."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        bot: Bot,
        keyboards: Keyboards,
        job_queue: Any,
        bot_username: str = "",
    ) -> None:
        self.settings = settings
        self.db = db
        self.bot = bot
        self.keyboards = keyboards
        self.bot_username = bot_username
        self.outbox = Outbox(
            bot,
            group_interval=settings.group_interval,
            on_forbidden=self._forbidden,
            on_sent=self._sent,
        )
        self.timers = Timers(job_queue, self._fire)
        self.tables: dict[int, Table] = {}
        self.by_chat: dict[int, int] = {}
        self.by_user: dict[int, int] = {}
        self.dm_ok = Recent(RECENT_USERS)  # users whose private chat takes our messages
        self.accepted_moves = 0
        #: the deal's random source; None: a secure one (R-RNG). Tests set a seeded one.
        self.rng: random.Random | None = None
        self._next_id = int(time.time() * 1000) % 10**12
        #: table id -> the state last written since the current change began
        self._written: dict[int, dict[str, Any]] = {}

    # ---- look-ups ---------------------------------------------------------------------
    def table_in(self, chat_id: int) -> Table | None:
        table_id = self.by_chat.get(chat_id)
        return None if table_id is None else self.tables.get(table_id)

    def table_of(self, user_id: int) -> Table | None:
        table_id = self.by_user.get(user_id)
        return None if table_id is None else self.tables.get(table_id)

    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def deep_link(self, table: Table) -> str:
        return f"https://t.me/{self.bot_username}?start=j{table.id:x}"

    def dm_link(self) -> str:
        """A link that opens the bot's private chat (nothing to join: a plain start)."""
        return f"https://t.me/{self.bot_username}?start=hi"

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    async def _close(self, table: Table) -> None:
        self.timers.cancel(table.id)
        await self.db.close_table(str(table.id))
        self._forget_memory(table)

    def _forget(self, table: Table) -> None:
        """The table is gone from memory, and so are the outbox slots only it used (once
        what they still have to show is shown). A finished table, kept in the database for
        its Again button, is closed there too (in the background)."""
        if table.phase == FINISHED and self.tables.get(table.id) is table:
            self.outbox.spawn(self.db.close_table(str(table.id)))
        self._forget_memory(table)

    def _forget_memory(self, table: Table) -> None:
        self._written.pop(table.id, None)
        self.tables.pop(table.id, None)
        if self.by_chat.get(table.chat_id) == table.id:
            del self.by_chat[table.chat_id]
        for seat in table.seats:
            if self.by_user.get(seat.user_id) == table.id:
                del self.by_user[seat.user_id]
        self.outbox.release(table.chat_id, f"{LOBBY_SLOT}{table.id}")
        if table.chat_id not in self.by_chat:
            self.outbox.release(table.chat_id, GROUP_SLOT)
        for _, seat in table.humans():
            if seat.user_id not in self.by_user:
                self.outbox.release(seat.user_id, PANEL_SLOT)

    def _show_panel(
        self, table: Table, seat: int, *, new_message: bool = False, replace: bool = False
    ) -> None:
        """Show one seat's panel as the table is now: the one place that knows who gets a
        panel (a person, in a hand, whose private chat takes our messages). ``new_message``:
        a new message, the old one stays; ``replace``: a new one, the old one deleted."""
        person = table.seats[seat]
        if table.game is None or person.is_ai or person.user_id in table.unreachable:
            return
        self.outbox.show(
            person.user_id,
            PANEL_SLOT,
            panel_content(table, seat, self.keyboards, person.lang),
            new_message=new_message,
            replace=replace,
        )

    # ---- saving and resuming -----------------------------------------------------------
    async def _save(self, table: Table, action: Action | None = None) -> None:
        await self._write(table, [self._snapshot(table, action)])

    def _snapshot(self, table: Table, action: Action | None = None) -> _Snapshot:
        """The table as it is now, with the action that made it so, ready to be written."""
        return _Snapshot(
            table.to_dict(),
            table.hand_id if table.game is not None else None,
            None if action is None else action.to_dict(),
            table.deadline,
        )

    async def _write(self, table: Table, snapshots: list[_Snapshot]) -> None:
        """Write snapshots one after another, each one transaction; the first that fails
        stops the rest (a later one must never be written without it) and raises. The last
        one written is remembered: memory goes back to it if the change fails (``_written``).
        """
        for snapshot in snapshots:
            deadline = (
                None
                if snapshot.deadline is None
                else datetime.fromtimestamp(snapshot.deadline, tz=UTC)
            )
            await self.db.save_table_state(
                str(table.id),
                chat_id=table.chat_id,
                state=snapshot.state,
                hand_id=snapshot.hand_id,
                action=snapshot.action,
                deadline=deadline,
            )
            self._written[table.id] = snapshot.state

    async def drain(self) -> None:
        await self.outbox.drain()

    # ---- provided by the parts (see TableManager) ----------------------------------------
    async def _start(self, table: Table) -> None:
        raise NotImplementedError

    async def _finish(self, table: Table) -> None:
        raise NotImplementedError

    def _present(self, table: Table, *, new_messages: bool = False) -> None:
        raise NotImplementedError

    async def _show_result(self, table: Table) -> None:
        raise NotImplementedError

    def _rearm_after_failure(self, table: Table) -> None:
        raise NotImplementedError

    def _undone_unless_saved(self, table: Table) -> AbstractContextManager[None]:
        raise NotImplementedError

    def _arm_lobby(self, table: Table, *, keep_deadline: bool = False) -> None:
        raise NotImplementedError

    async def group_gone(self, chat_id: int) -> None:
        raise NotImplementedError

    async def _forbidden(self, chat_id: int, slot: str) -> None:
        raise NotImplementedError

    async def _sent(self, chat_id: int, slot: str, message_id: int) -> None:
        raise NotImplementedError

    async def _fire(self, name: TimerName) -> None:
        raise NotImplementedError
