"""The table registry: which tables this process holds, the look-ups, the locks, saving.

Nothing but the registry knows where a table lives. Its look-up maps change only in
``publish`` and ``forget``, both called under the table's lock once a change is saved: a
reader never finds a table whose state is not in the database, and a slow Telegram call
made for one table (the private-chat check when sitting down) holds up only that table.

A change is committed, then published: the flow computes the table's next state on a draft,
``commit`` writes it with the actions accepted on the way (one transaction: all of them or
none) and only then makes the draft the current table. A write that fails leaves the table
as it was, in memory as after a restart. Each save names the stored version the table was
read at: a save refused because someone else saved the table since (``StaleTableError``)
reloads the table from the database and is answered as a stale press.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from ..storage import Database
from ..storage.errors import StaleTableError
from .games import HostOf
from .metrics import Metrics
from .phases import TablePhase
from .refusals import Refused
from .table import Table

__all__ = ["TableRegistry"]


class TableRegistry:
    """The tables of this process (see the module docstring)."""

    def __init__(self, db: Database, host_of: HostOf, metrics: Metrics) -> None:
        self.db = db
        self.metrics = metrics  # told of every table published or forgotten
        #: the host of a table's game: how a stored table's hand is loaded
        self.host_of = host_of
        self._tables: dict[int, Table] = {}
        self._by_chat: dict[int, int] = {}
        self._by_user: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._chat_locks: dict[int, asyncio.Lock] = {}
        self._stored: dict[int, int] = {}  # each held table's version in the database
        #: each held table's last saved state (``Table.to_dict``), never changed once saved
        self._states: dict[int, dict[str, Any]] = {}
        self._next_id = int(time.time() * 1000) % 10**12
        #: told of every published table (the live table's server), under the table's lock:
        #: they must only take note, never wait
        self.observers: list[Callable[[Table], None]] = []

    # ---- look-ups ---------------------------------------------------------------------
    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def in_chat(self, chat_id: int) -> Table | None:
        table_id = self._by_chat.get(chat_id)
        return None if table_id is None else self._tables.get(table_id)

    def of_user(self, user_id: int) -> Table | None:
        table_id = self._by_user.get(user_id)
        return None if table_id is None else self._tables.get(table_id)

    def holds(self, table: Table) -> bool:
        """Whether ``table`` is still the current one (not closed or replaced meanwhile)."""
        return self._tables.get(table.id) is table

    def tables(self) -> Iterator[Table]:
        return iter(list(self._tables.values()))

    def successor_of(self, table_id: int) -> Table | None:
        """The lobby Again opened after the finished table ``table_id``, while it is open."""
        for table in self._tables.values():
            if table.again_of == table_id and table.phase == TablePhase.LOBBY:
                return table
        return None

    # ---- locks ------------------------------------------------------------------------
    def lock(self, table_id: int) -> asyncio.Lock:
        """The lock every change of the table runs under."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def opening(self, chat_id: int) -> asyncio.Lock:
        """Held while a table is opened in a chat: two presses at once never open two."""
        lock = self._chat_locks.get(chat_id)
        if lock is None:
            lock = self._chat_locks[chat_id] = asyncio.Lock()
        return lock

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def seen_id(self, table_id: int) -> None:
        """A table id found in the database: new ids come after it."""
        self._next_id = max(self._next_id, table_id)

    # ---- saving and publishing ----------------------------------------------------------
    async def commit(
        self,
        current: Table | None,
        draft: Table,
        actions: Sequence[dict[str, Any]] = (),
    ) -> Table:
        """Write ``draft`` with the ``actions`` that led to it (in order, one transaction),
        then make it the current table (``current`` adopts it; a new table is registered).
        If the write fails, nothing was written and the failure is raised."""
        deadline = None if draft.deadline is None else datetime.fromtimestamp(draft.deadline, UTC)
        state = draft.to_dict()
        try:
            saved = await self.db.save_table_state(
                str(draft.id),
                chat_id=draft.chat_id,
                state=state,
                hand_id=draft.hand_id if draft.game is not None else None,
                actions=actions,
                deadline=deadline,
                expected_version=self._stored.get(draft.id, 0),
            )
        except StaleTableError:
            await self.reload(current, draft.id)
            raise Refused("stale_button") from None
        self._stored[draft.id] = saved.version
        self._states[draft.id] = state
        return self.publish(current, draft)

    def saved_state(self, table: Table) -> dict[str, Any] | None:
        """``table.to_dict()`` as last saved, if ``table`` is still as it was saved."""
        state = self._states.get(table.id)
        if state is None or state.get("version") != table.version or not self.holds(table):
            return None
        return state

    def stored(self, table_id: int, version: int) -> None:
        """The version of a table as read from the database (its next save names it)."""
        self._stored[table_id] = version

    async def reload(self, current: Table | None, table_id: int) -> None:
        """The table as the database has it now (saved elsewhere since it was read); gone
        from the database, it is no longer held."""
        record = await self.db.load_table(str(table_id))
        self._states.pop(table_id, None)  # saved elsewhere: not the state this process wrote
        try:
            stored = None if record is None else Table.from_dict(dict(record.state), self.host_of)
        except (ValueError, KeyError, TypeError):
            stored = None
        if record is None or stored is None:
            self._stored.pop(table_id, None)
            if current is not None:
                self.forget(current)
            return
        self._stored[table_id] = record.version
        if current is not None and self.holds(current):
            self.publish(current, stored)

    def publish(self, current: Table | None, committed: Table) -> Table:
        """``committed`` (saved) becomes the table everyone finds."""
        if current is None:
            table = committed
            self._tables[table.id] = table
        else:
            before = {seat.user_id for seat in current.seats}
            current.adopt(committed)
            table = current
            if not self.holds(table):
                return table  # replaced meanwhile (a newer table of the group): not found
            for user in before - {seat.user_id for seat in table.seats}:
                if self._by_user.get(user) == table.id:
                    del self._by_user[user]
        if not table.event:  # a tournament's tables are not the group's table
            self._by_chat[table.chat_id] = table.id
        seated = table.phase != TablePhase.FINISHED
        for _, seat in table.humans():
            if seated and seat.user_id not in table.left:
                self._by_user[seat.user_id] = table.id
            elif self._by_user.get(seat.user_id) == table.id:
                del self._by_user[seat.user_id]
        game = table.game if table.phase == TablePhase.PLAYING else None
        self.metrics.table(table.id, None if game is None else game.game_name)
        for observer in self.observers:
            observer(table)
        return table

    def restore(self, table: Table) -> None:
        """A table found in the database (after a restart) is held again."""
        self.seen_id(table.id)
        self.publish(None, table)

    def forget(self, table: Table) -> None:
        """The table is no longer held (closed, or replaced by a newer one of its group)."""
        if self._tables.get(table.id) is not table:
            return
        del self._tables[table.id]
        self.metrics.table(table.id, None)
        self._locks.pop(table.id, None)
        self._stored.pop(table.id, None)
        self._states.pop(table.id, None)
        if self._by_chat.get(table.chat_id) == table.id:
            del self._by_chat[table.chat_id]
        for seat in table.seats:
            if self._by_user.get(seat.user_id) == table.id:
                del self._by_user[seat.user_id]

    async def close(self, table: Table) -> None:
        """Close the table in the database, then forget it."""
        await self.db.close_table(str(table.id))
        self.forget(table)
        if table.phase != TablePhase.CLOSED:
            table.move_to(TablePhase.CLOSED)
