"""Coming back after a restart, and remembering which messages show a table.

Every table in play is in the database with its deadline and the ids of its messages:
``resume`` rebuilds each one, re-arms its timer from the stored deadline and edits the same
messages; a finished hand that was not settled yet is settled (idempotently) now, or, if that
fails, tried again by its timer, later each time (the manager's ``_settle``). A finished
table stays stored until its idle time ends, so its result's Again / Leave work after a
restart. A table that fails to resume is logged and skipped; the others resume.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping

from ..i18n import t
from .core import GROUP_SLOT, LOBBY_SLOT, PANEL_SLOT, TablesCore
from .table import FINISHED, LOBBY, Table
from .timers import TimerName

__all__ = ["Resume"]

log = logging.getLogger(__name__)


class Resume(TablesCore):
    """Restart and message bookkeeping."""

    async def resume(self) -> int:
        """Load every table in play (and every finished one still offering another hand)
        from the database, re-arm timers, refresh messages. A table that fails to come back
        is logged and left alone: the others resume."""
        count = 0
        for record in await self.db.load_open_tables(finished=True):
            try:
                table = Table.from_dict(dict(record.state))
            except (ValueError, KeyError, TypeError):
                log.exception("table %s can't be resumed; closing it", record.table_id)
                await self.db.close_table(record.table_id)
                continue
            self._next_id = max(self._next_id, table.id)
            try:
                await self._resume_table(table, record.table_message_id, record.panel_message_ids)
            except Exception:
                log.exception("table %s failed to resume", record.table_id)
                if self.tables.get(table.id) is table:
                    self._rearm_after_failure(table)  # its timer tries again
                continue
            count += 1
        return count

    async def _resume_table(
        self, table: Table, table_message_id: int | None, panel_message_ids: Mapping[int, int]
    ) -> None:
        finished = table.phase == FINISHED
        if finished and self.table_in(table.chat_id) is not None:
            await self.db.close_table(str(table.id))  # the group has a newer table
            return
        self.tables[table.id] = table
        self.by_chat[table.chat_id] = table.id
        for _, seat in table.humans():
            if not finished:
                self.by_user[seat.user_id] = table.id
            if seat.user_id not in table.unreachable:
                self.dm_ok.add(seat.user_id)
        if table_message_id is not None:
            self.outbox.bind(table.chat_id, GROUP_SLOT, table_message_id)
        if not finished:
            for user, message_id in panel_message_ids.items():
                self.outbox.bind(user, PANEL_SLOT, message_id)
        async with table.lock:
            await self._resume_one(table)

    async def _resume_one(self, table: Table) -> None:
        game = table.game
        if table.phase == FINISHED:  # the result's Again / Leave work until the idle time
            if game is not None:
                await self._show_result(table)
            self.timers.arm(
                TimerName(table.id, "idle", table.version),
                table.deadline if table.deadline is not None else 0.0,
            )
            return
        if table.phase == LOBBY:
            if table.lobby_message_id is not None:
                self.outbox.bind(table.chat_id, f"{LOBBY_SLOT}{table.id}", table.lobby_message_id)
            self._arm_lobby(table, keep_deadline=True)
            return
        if game is None:
            await self._close(table)
            return
        if game.over:
            await self._finish(table)
            return
        if table.deadline is not None and table.timer_kind is not None:
            self.timers.arm(TimerName(table.id, table.timer_kind, table.version), table.deadline)
        self._present(table)

    async def _sent(self, chat_id: int, slot: str, message_id: int) -> None:
        """Remember which messages show a table (so a restart edits them, not new ones)."""
        if slot == GROUP_SLOT:
            table = self.table_in(chat_id)
            if table is not None:
                await self._store_messages(table, table_message_id=message_id)
        elif slot == PANEL_SLOT:
            self.dm_ok.add(chat_id)
            table = self.table_of(chat_id)
            if table is not None:
                await self._store_messages(table, panels={chat_id: message_id})
        elif slot.startswith(LOBBY_SLOT):
            table = self.tables.get(int(slot[len(LOBBY_SLOT) :]))
            if table is None:
                return
            async with table.lock:  # saved at once: a restart edits this lobby, no second one
                table.lobby_message_id = message_id
                if table.phase == LOBBY and self.tables.get(table.id) is table:
                    await self._save(table)

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

    async def _forbidden(self, chat_id: int, slot: str) -> None:
        """A private chat refuses our messages: tell the group, offer "My cards"."""
        if slot != PANEL_SLOT:
            if chat_id < 0:
                await self.group_gone(chat_id)
            return
        self.dm_ok.discard(chat_id)
        table = self.table_of(chat_id)
        if table is None or chat_id in table.unreachable:
            return
        table.unreachable.add(chat_id)
        seat = table.seat_of(chat_id)
        if seat is not None:
            self.outbox.post(table.chat_id, t(table.lang, "dm_failed", name=table.seats[seat].name))
        await self._save_reach(table)

    def reachable_again(self, user_id: int) -> None:
        """The player wrote to the bot: their panel comes back at the bottom of their chat,
        the one they last saw deleted (its buttons and status are old)."""
        self.dm_ok.add(user_id)
        table = self.table_of(user_id)
        if table is not None and user_id in table.unreachable:
            table.unreachable.discard(user_id)
            seat = table.seat_of(user_id)
            if seat is not None:
                self._show_panel(table, seat, replace=True)
            self.outbox.spawn(self._save_reach(table))

    async def _save_reach(self, table: Table) -> None:
        """Save who can't be reached (a restart must not tell the group twice). If it can't
        be saved now, the table's next save carries it."""
        async with table.lock:
            if self.tables.get(table.id) is table:
                try:
                    await self._save(table)
                except Exception:
                    log.exception("table %s: who can't be reached not saved", table.id)
