"""Tables in play (snapshot + Telegram message ids), the action log, and finished hands."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .backend import Engine, Row, Transaction
from .core import StoreCore, dump_json, from_text, to_text
from .errors import StaleTableError, StorageError, UnknownTableError
from .models import FinishedHand, HandAction, LedgerChange, SavedAction, TableRecord

__all__ = ["TablesMixin"]

#: tables read in one query at most (SQLite's limit on a statement's parameters is 999)
_READ_TOGETHER = 200
_TABLE_COLUMNS = (
    "table_id, chat_id, hand_id, state, version, table_message_id, panel_messages,"
    " deadline, updated_at"
)
_HAND_COLUMNS = (
    "h.hand_id, h.table_id, h.chat_id, h.room, h.rules, h.seats, h.result,"
    " h.multipliers, h.bean_changes, h.started_at, h.finished_at"
)


def _table_from_row(row: Row) -> TableRecord:
    panels = json.loads(row["panel_messages"])
    return TableRecord(
        table_id=row["table_id"],
        chat_id=row["chat_id"],
        hand_id=row["hand_id"],
        state=json.loads(row["state"]),
        version=row["version"],
        table_message_id=row["table_message_id"],
        panel_message_ids={int(user): int(message) for user, message in panels.items()},
        deadline=None if row["deadline"] is None else from_text(row["deadline"]),
        updated_at=from_text(row["updated_at"]),
    )


def _hand_from_row(row: Row) -> FinishedHand:
    return FinishedHand(
        hand_id=row["hand_id"],
        table_id=row["table_id"],
        chat_id=row["chat_id"],
        room=row["room"],
        rules=json.loads(row["rules"]),
        seats=json.loads(row["seats"]),
        result=json.loads(row["result"]),
        multipliers=json.loads(row["multipliers"]),
        bean_changes=[LedgerChange.parse(text) for text in json.loads(row["bean_changes"])],
        started_at=from_text(row["started_at"]),
        finished_at=from_text(row["finished_at"]),
    )


def _panels_json(panel_message_ids: Mapping[int, int]) -> str:
    return dump_json({str(int(user)): int(message) for user, message in panel_message_ids.items()})


async def _stale(tx: Transaction, table_id: str, expected: int) -> StaleTableError:
    """The refusal of a save made from ``expected`` when the stored version is another."""
    row = await tx.fetchone("SELECT version FROM tables WHERE table_id = ?", (table_id,))
    return StaleTableError(table_id, expected, None if row is None else int(row[0]))


_INSERT_TABLE = (
    "INSERT INTO tables (table_id, chat_id, hand_id, state, version, table_message_id,"
    " panel_messages, deadline, created_at, updated_at)"
    " VALUES (?, ?, ?, ?, 1, ?, COALESCE(?, '{}'), ?, ?, ?)"
)
#: a save from a known version: a compare-and-set in one statement (the row stays locked
#: to the end of the transaction, so nobody can write between the compare and the set)
_UPDATE_TABLE = (
    "UPDATE tables SET chat_id = ?, hand_id = ?, state = ?, version = version + 1,"
    " table_message_id = COALESCE(?, table_message_id),"
    " panel_messages = COALESCE(?, panel_messages), deadline = ?, updated_at = ?"
    " WHERE table_id = ? AND version = ? RETURNING version"
)


_NEW_TABLE = _INSERT_TABLE + " ON CONFLICT (table_id) DO NOTHING RETURNING version"
_ANY_TABLE = (
    _INSERT_TABLE + " ON CONFLICT (table_id) DO UPDATE SET"
    " chat_id = excluded.chat_id, hand_id = excluded.hand_id,"
    " state = excluded.state, version = tables.version + 1,"
    " table_message_id = COALESCE(?, tables.table_message_id),"
    " panel_messages = COALESCE(?, tables.panel_messages),"
    " deadline = excluded.deadline, updated_at = excluded.updated_at"
    " RETURNING version"
)
#: PostgreSQL: a move's save in one statement (the table's row saved, compare-and-set on its
#: version, and the actions appended only if it was), so it costs one round trip; the row's
#: lock is held from the compare on, so no other save of the table appends meanwhile
_PG_LOGGED = (
    "WITH saved AS ({saved}), logged AS ("
    " INSERT INTO hand_actions (hand_id, seq, action, created_at)"
    " SELECT ?::text, COALESCE((SELECT MAX(seq) FROM hand_actions WHERE hand_id = ?::text), 0)"
    " + step.n, step.action, ?::text"
    " FROM saved, unnest(?::text[]) WITH ORDINALITY AS step (action, n) RETURNING seq)"
    " SELECT (SELECT version FROM saved) AS version, (SELECT MAX(seq) FROM logged) AS seq"
)


@dataclass(frozen=True, slots=True)
class _TableSave:
    """One save of a table, its values as stored (``save_table_state``)."""

    table_id: str
    chat_id: int
    hand_id: str | None
    state: str
    table_message_id: int | None
    panels: str | None
    deadline: str | None
    now: str
    actions: list[str]
    #: the stored version it was made from (0: a new table; None: whatever is stored)
    expected: int | None

    def inserted(self) -> tuple[Any, ...]:
        """The parameters of ``_INSERT_TABLE``."""
        return (
            self.table_id,
            self.chat_id,
            self.hand_id,
            self.state,
            self.table_message_id,
            self.panels,
            self.deadline,
            self.now,
            self.now,
        )

    def saved(self) -> tuple[str, tuple[Any, ...]]:
        """The statement that saves the table's row (returning its new version, or no row
        where the stored version is not the expected one), and its parameters."""
        if self.expected is None:  # the last writer wins
            return _ANY_TABLE, (*self.inserted(), self.table_message_id, self.panels)
        if self.expected == 0:  # a new table: refused if one is stored already
            return _NEW_TABLE, self.inserted()
        return _UPDATE_TABLE, (
            self.chat_id,
            self.hand_id,
            self.state,
            self.table_message_id,
            self.panels,
            self.deadline,
            self.now,
            self.table_id,
            self.expected,
        )


async def _save_in_transaction(tx: Transaction, save: _TableSave) -> SavedAction:
    sql, params = save.saved()
    row = await tx.fetchone(sql, params)
    if row is None:
        raise await _stale(tx, save.table_id, save.expected or 0)
    seq: int | None = None
    for action_text in save.actions:
        found = await tx.fetchone(
            "INSERT INTO hand_actions (hand_id, seq, action, created_at)"
            " SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ? FROM hand_actions"
            " WHERE hand_id = ? RETURNING seq",
            (save.hand_id, action_text, save.now, save.hand_id),
        )
        assert found is not None
        seq = int(found[0])
    return SavedAction(int(row[0]), seq)


class TablesMixin(StoreCore):
    async def save_table_state(
        self,
        table_id: str,
        *,
        chat_id: int,
        state: Mapping[str, Any],
        hand_id: str | None = None,
        action: Mapping[str, Any] | None = None,
        deadline: datetime | None = None,
        table_message_id: int | None = None,
        panel_message_ids: Mapping[int, int] | None = None,
        actions: Sequence[Mapping[str, Any]] = (),
        expected_version: int | None = None,
    ) -> SavedAction:
        """Save a table after accepted actions, in one transaction: the snapshot (``state``,
        e.g. ``Game.to_dict()``), the current deadline, and ``action`` (or each of
        ``actions``, in order: a change of several steps) appended to the hand's log. Message
        ids left as ``None`` keep their stored values. Returns the table's new version and
        the last action's place in the log.

        ``expected_version``: the stored version the change was made from (0: a new table);
        if the table is stored at another version now (someone else saved it meanwhile),
        nothing is written and ``StaleTableError`` says so. ``None`` saves whatever is
        stored (the last writer wins)."""
        if not table_id:
            raise StorageError("a table needs an id")
        if action is not None and actions:
            raise StorageError(f"table {table_id}: one action or several, not both")
        logged = list(actions) if action is None else [action]
        if logged and hand_id is None:
            raise StorageError(f"table {table_id}: an action needs the hand it belongs to")
        save = _TableSave(
            table_id=table_id,
            chat_id=chat_id,
            hand_id=hand_id,
            state=dump_json(state),
            table_message_id=table_message_id,
            panels=None if panel_message_ids is None else _panels_json(panel_message_ids),
            deadline=None if deadline is None else to_text(deadline),
            now=self._now_text(),
            actions=[dump_json(one) for one in logged],
            expected=expected_version,
        )
        # PostgreSQL, a save from a known version: one statement. (A save whatever is stored
        # takes a transaction: waiting on another save's lock, one statement's snapshot
        # would not see the actions that save appended.)
        if self.dialect.engine is Engine.POSTGRESQL and expected_version is not None:
            return await self._save_in_one_statement(save)

        async def write(tx: Transaction) -> SavedAction:
            return await _save_in_transaction(tx, save)

        return await self._transact(write, shared=True)

    async def _save_in_one_statement(self, save: _TableSave) -> SavedAction:
        sql, params = save.saved()
        row = await self._write_one(
            _PG_LOGGED.format(saved=sql),
            [*params, save.hand_id, save.hand_id, save.now, save.actions],
        )
        if row is None or row["version"] is None:
            found = await self._fetchone(
                "SELECT version FROM tables WHERE table_id = ?", (save.table_id,)
            )
            stored = None if found is None else int(found[0])
            raise StaleTableError(save.table_id, save.expected or 0, stored)
        seq = None if row["seq"] is None else int(row["seq"])
        return SavedAction(int(row["version"]), seq)

    async def set_table_messages(
        self,
        table_id: str,
        *,
        table_message_id: int | None = None,
        panel_message_ids: Mapping[int, int] | None = None,
    ) -> None:
        """Record the Telegram messages showing a table (known only after they were sent).
        ``panel_message_ids`` is merged into the stored ones, user by user."""

        if self.dialect.engine is Engine.POSTGRESQL:  # one statement: the merge in it
            row = await self._write_one(
                "UPDATE tables SET table_message_id = COALESCE(?, table_message_id),"
                " panel_messages = (panel_messages::jsonb || ?::jsonb)::text"
                " WHERE table_id = ? RETURNING 1",
                (table_message_id, _panels_json(panel_message_ids or {}), table_id),
            )
            if row is None:
                raise UnknownTableError(table_id)
            return

        async def write(tx: Transaction) -> None:
            row = await tx.fetchone(
                f"SELECT panel_messages FROM tables WHERE table_id = ?{tx.dialect.for_update}",
                (table_id,),
            )
            if row is None:
                raise UnknownTableError(table_id)
            panels = {int(u): int(m) for u, m in json.loads(row[0]).items()}
            panels.update(panel_message_ids or {})
            await tx.execute(
                "UPDATE tables SET table_message_id = COALESCE(?, table_message_id),"
                " panel_messages = ? WHERE table_id = ?",
                (table_message_id, _panels_json(panels), table_id),
            )

        await self._transact(write, shared=True)

    async def load_table(self, table_id: str) -> TableRecord | None:
        row = await self._fetchone(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE table_id = ?", (table_id,)
        )
        return None if row is None else _table_from_row(row)

    async def load_tables(self, table_ids: Sequence[str]) -> dict[str, TableRecord]:
        """Several tables as saved now, in one query (those not found are left out): the
        copies another worker shows, read again together after each announcement."""
        found: dict[str, TableRecord] = {}
        ids = list(dict.fromkeys(table_ids))
        for start in range(0, len(ids), _READ_TOGETHER):
            part = ids[start : start + _READ_TOGETHER]
            marks = ", ".join("?" * len(part))
            rows = await self._fetchall(
                f"SELECT {_TABLE_COLUMNS} FROM tables WHERE table_id IN ({marks})", part
            )
            for row in rows:
                record = _table_from_row(row)
                found[record.table_id] = record
        return found

    async def load_open_tables(
        self, chat_id: int | None = None, *, finished: bool = False
    ) -> list[TableRecord]:
        """Every table still in play (all of them at start-up, to resume), oldest first.
        ``finished``: also the tables whose hand is over and that still offer another one
        (their state's ``phase`` is ``"finished"``)."""
        where: list[str] = []
        params: list[Any] = []
        if chat_id is not None:
            where.append("chat_id = ?")
            params.append(chat_id)
        if not finished:
            where.append(self.dialect.table_in_play)
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables"
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = await self._fetchall(f"{sql} ORDER BY {self.dialect.tables_in_order}", params)
        return [_table_from_row(row) for row in rows]

    async def close_table(self, table_id: str) -> bool:
        """Forget a table that is no longer in play; its hands' action logs stay for replays.
        Returns whether there was such a table."""

        async def write(tx: Transaction) -> bool:
            return await tx.execute("DELETE FROM tables WHERE table_id = ?", (table_id,)) > 0

        return await self._transact(write)

    async def hand_actions(self, hand_id: str) -> list[HandAction]:
        """The hand's accepted actions in the order they happened (for replays)."""
        rows = await self._fetchall(
            "SELECT seq, action, created_at FROM hand_actions WHERE hand_id = ? ORDER BY seq",
            (hand_id,),
        )
        return [
            HandAction(r["seq"], json.loads(r["action"]), from_text(r["created_at"])) for r in rows
        ]

    async def get_hand(self, hand_id: str) -> FinishedHand | None:
        row = await self._fetchone(
            f"SELECT {_HAND_COLUMNS} FROM hands h WHERE h.hand_id = ?", (hand_id,)
        )
        return None if row is None else _hand_from_row(row)

    async def recent_hands(
        self, *, user_id: int | None = None, chat_id: int | None = None, limit: int = 10
    ) -> list[FinishedHand]:
        """Finished hands, newest first: of a player, of a group, or of a player in a group."""
        limit = max(1, min(int(limit), 100))
        if user_id is not None:
            sql = (
                f"SELECT {_HAND_COLUMNS} FROM hand_players hp JOIN hands h"
                " ON h.hand_id = hp.hand_id WHERE hp.user_id = ?"
            )
            params: list[Any] = [user_id]
            if chat_id is not None:
                sql += " AND h.chat_id = ?"
                params.append(chat_id)
            sql += f" ORDER BY hp.finished_at DESC, {self.dialect.hands_tiebreak} DESC LIMIT ?"
        elif chat_id is not None:
            sql = (
                f"SELECT {_HAND_COLUMNS} FROM hands h WHERE h.chat_id = ?"
                f" ORDER BY h.finished_at DESC, {self.dialect.hands_tiebreak} DESC LIMIT ?"
            )
            params = [chat_id]
        else:
            sql = f"SELECT {_HAND_COLUMNS} FROM hands h ORDER BY h.finished_at DESC LIMIT ?"
            params = []
        rows = await self._fetchall(sql, [*params, limit])
        return [_hand_from_row(row) for row in rows]
