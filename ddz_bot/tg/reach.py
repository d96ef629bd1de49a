"""Whether the bot can reach a person, and which messages show a table.

A bot can't write to someone who never opened its private chat: sitting down checks it once
(``check``), the outbox reports a private chat that refuses our messages (``forbidden``: the
group is told, "My cards" is offered) and a person who writes again is reachable again. The
outbox also reports each message it sends for a table (``sent``): stored, so that a restart
edits the same messages instead of sending new ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.error import Forbidden, TelegramError

from ..i18n import t
from ..storage import Database
from .budget import Urgency
from .people import RECENT_USERS, Person, Recent
from .phases import TablePhase
from .presenter import Presenter
from .refusals import Refused
from .registry import TableRegistry
from .screens import GROUP_SLOT, LOBBY_SLOT, PANEL_SLOT
from .table import Table

__all__ = ["DM_CHECK_SECONDS", "Reach", "sending_mark", "sent_after"]

log = logging.getLogger(__name__)

#: how long sitting down waits for Telegram to take the first private message
DM_CHECK_SECONDS = 10.0

GroupGone = Callable[[int], Awaitable[None]]


def sending_mark(newest: int) -> int:
    """What is stored under ``-user`` among a table's panel ids while a new panel is on its
    way to ``user`` (0: none is): the newest message id known in the chat then, plus one."""
    return newest + 1


def sent_after(mark: int) -> int | None:
    """The message id after which a panel may have been sent unseen (None: none was)."""
    return None if mark <= 0 else mark - 1


class Reach:
    """Who can be written to, and the messages of each table (see the module docstring)."""

    def __init__(
        self,
        bot: Bot,
        db: Database,
        registry: TableRegistry,
        presenter: Presenter,
        group_gone: GroupGone,
    ) -> None:
        self.bot = bot
        self.db = db
        self.registry = registry
        self.presenter = presenter
        self.group_gone = group_gone
        self.dm_ok = Recent(RECENT_USERS)  # users whose private chat takes our messages

    async def check(self, person: Person, group_title: str) -> None:
        """Whether the bot may write to ``person`` (they must have opened the private chat):
        Forbidden refuses with the link; any other failure of Telegram (a flood, a bad
        request, the network, no answer soon) says nothing about it: they sit down and the
        outbox finds out when their cards are sent."""
        if person.id in self.dm_ok:
            return
        try:
            await asyncio.wait_for(self._say_joined(person, group_title), DM_CHECK_SECONDS)
        except Forbidden:
            raise Refused("need_dm") from None
        except (TelegramError, TimeoutError) as error:
            log.warning("private chat of %s not checked: %r", person.id, error)
            return
        self.dm_ok.add(person.id)

    async def _say_joined(self, person: Person, group_title: str) -> None:
        """The message that finds out whether their private chat is open: an answer to
        them, in its turn of the bot's budget."""
        await self.presenter.outbox.budget.take(Urgency.ANSWER, person.id)
        await self.bot.send_message(person.id, t(person.lang, "dm_join_done", group=group_title))

    # ---- what the outbox reports ------------------------------------------------------------
    async def sending(self, chat_id: int, slot: str, newest: int) -> None:
        """A new panel is about to go to a private chat whose newest known message is
        ``newest``: saved first (``sending_mark``), so that a restart that never learnt the
        new message's id looks for it after that one (``Resumer``)."""
        if slot != PANEL_SLOT:
            return
        table = self.registry.of_user(chat_id)
        if table is not None:
            await self._store_messages(table, panels={-chat_id: sending_mark(newest)})

    async def sent(self, chat_id: int, slot: str, message_id: int) -> None:
        """Remember which messages show a table (so a restart edits them, not new ones)."""
        if slot == GROUP_SLOT:
            table = self.registry.in_chat(chat_id)
            if table is not None:
                await self._store_messages(table, table_message_id=message_id)
        elif slot == PANEL_SLOT:
            self.dm_ok.add(chat_id)
            table = self.registry.of_user(chat_id)
            if table is not None:
                await self._store_messages(table, panels={chat_id: message_id, -chat_id: 0})
        elif slot.startswith(LOBBY_SLOT):
            table = self.registry.get(int(slot[len(LOBBY_SLOT) :]))
            if table is None:
                return
            async with self.registry.lock(table.id):  # saved: a restart edits this lobby
                if table.phase == TablePhase.LOBBY and self.registry.holds(table):
                    draft = table.draft()
                    draft.lobby_message_id = message_id
                    await self.registry.commit(table, draft)

    async def _store_messages(
        self,
        table: Table,
        *,
        table_message_id: int | None = None,
        panels: dict[int, int] | None = None,
    ) -> None:
        with contextlib.suppress(ValueError):  # the table closed meanwhile
            await self.db.set_table_messages(
                str(table.id), table_message_id=table_message_id, panel_message_ids=panels
            )

    async def forbidden(self, chat_id: int, slot: str) -> None:
        """A private chat refuses our messages: tell the group, offer "My cards"."""
        if slot != PANEL_SLOT:
            if chat_id < 0:
                await self.group_gone(chat_id)
            return
        self.dm_ok.discard(chat_id)
        table = self.registry.of_user(chat_id)
        if table is None or chat_id in table.unreachable:
            return
        async with self.registry.lock(table.id):
            if chat_id in table.unreachable or not self.registry.holds(table):
                return
            draft = table.draft()
            draft.unreachable.add(chat_id)
            seat = table.seat_of(chat_id)
            if seat is not None:
                self.presenter.post(
                    table.chat_id, t(table.lang, "dm_failed", name=table.seats[seat].name)
                )
            await self._save_reach(table, draft)

    async def reachable_again(self, user_id: int) -> None:
        """The player wrote to the bot: their panel comes back at the bottom of their chat,
        the one they last saw deleted (its buttons and status are old)."""
        self.dm_ok.add(user_id)
        table = self.registry.of_user(user_id)
        if table is None or user_id not in table.unreachable:
            return
        async with self.registry.lock(table.id):
            if user_id not in table.unreachable or not self.registry.holds(table):
                return
            draft = table.draft()
            draft.unreachable.discard(user_id)
            await self._save_reach(table, draft)
            seat = table.seat_of(user_id)
            if seat is not None:
                self.presenter.show_panel(table, seat, replace=True)

    async def _save_reach(self, table: Table, draft: Table) -> None:
        """Save who can't be reached (a restart must not tell the group twice). What
        Telegram told us holds whether saved or not: if it can't be saved now, it is the
        table's all the same, and its next save carries it."""
        try:
            await self.registry.commit(table, draft)
        except Exception:
            log.exception("table %s: who can't be reached not saved", table.id)
            self.registry.publish(table, draft)
