"""Group settings and who has played in each group."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .backend import ConstraintError, Row, Transaction
from .core import StoreCore
from .errors import StorageError, UnknownPlayerError
from .models import GroupSettings

__all__ = ["GroupsMixin"]

_COLUMNS = (
    "chat_id, title, language, room, bid_seconds, double_seconds, play_seconds, tracker, game,"
    " ai_level, game_options"
)
_SETTABLE = frozenset(f.name for f in dataclasses.fields(GroupSettings)) - {"chat_id"}


def _group_from_row(row: Row) -> GroupSettings:
    return GroupSettings(
        chat_id=row["chat_id"],
        title=row["title"],
        language=row["language"],
        room=row["room"],
        bid_seconds=row["bid_seconds"],
        double_seconds=row["double_seconds"],
        play_seconds=row["play_seconds"],
        tracker=bool(row["tracker"]),
        game=row["game"],
        ai_level=row["ai_level"],
        game_options=json.loads(row["game_options"]),
    )


def _options_text(group: GroupSettings) -> str:
    return json.dumps(group.game_options, sort_keys=True, ensure_ascii=False)


class GroupsMixin(StoreCore):
    async def ensure_group(
        self, chat_id: int, title: str = "", *, defaults: GroupSettings | None = None
    ) -> GroupSettings:
        """The group's settings, created on first sight from ``defaults`` (the built-in ones
        if not given); a non-empty ``title`` refreshes the stored one."""
        initial = dataclasses.replace(
            defaults or GroupSettings(chat_id), chat_id=chat_id, title=title
        )
        now = self._now_text()

        async def write(tx: Transaction) -> GroupSettings:
            await tx.execute(
                "INSERT INTO groups (chat_id, title, language, room, bid_seconds,"
                " double_seconds, play_seconds, tracker, game, ai_level, game_options,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET"
                " title = CASE WHEN excluded.title = '' THEN groups.title ELSE excluded.title END",
                (
                    chat_id,
                    initial.title,
                    initial.language,
                    initial.room,
                    initial.bid_seconds,
                    initial.double_seconds,
                    initial.play_seconds,
                    int(initial.tracker),
                    initial.game,
                    initial.ai_level.value,
                    _options_text(initial),
                    now,
                    now,
                ),
            )
            row = await tx.fetchone(f"SELECT {_COLUMNS} FROM groups WHERE chat_id = ?", (chat_id,))
            assert row is not None
            return _group_from_row(row)

        return await self._transact(write)

    async def get_group(self, chat_id: int) -> GroupSettings | None:
        row = await self._fetchone(f"SELECT {_COLUMNS} FROM groups WHERE chat_id = ?", (chat_id,))
        return None if row is None else _group_from_row(row)

    async def update_group(self, chat_id: int, **changes: Any) -> GroupSettings:
        """Change some settings, e.g. ``update_group(chat, room="advanced", tracker=False)``.
        Every value is checked before anything is written."""
        unknown = set(changes) - _SETTABLE
        if unknown:
            raise StorageError(f"no group setting {', '.join(sorted(unknown))}")
        await self.ensure_group(chat_id)
        now = self._now_text()

        async def write(tx: Transaction) -> GroupSettings:
            row = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM groups WHERE chat_id = ?{tx.dialect.for_update}",
                (chat_id,),
            )
            assert row is not None
            updated = dataclasses.replace(_group_from_row(row), **changes)
            await tx.execute(
                "UPDATE groups SET title = ?, language = ?, room = ?, bid_seconds = ?,"
                " double_seconds = ?, play_seconds = ?, tracker = ?, game = ?, ai_level = ?,"
                " game_options = ?, updated_at = ? WHERE chat_id = ?",
                (
                    updated.title,
                    updated.language,
                    updated.room,
                    updated.bid_seconds,
                    updated.double_seconds,
                    updated.play_seconds,
                    int(updated.tracker),
                    updated.game,
                    updated.ai_level.value,
                    _options_text(updated),
                    now,
                    chat_id,
                ),
            )
            return updated

        return await self._transact(write)

    async def add_group_player(self, chat_id: int, user_id: int) -> None:
        """Count a player as a member of the group's leaderboard (settlement does this too)."""
        now = self._now_text()

        async def write(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO group_players (chat_id, user_id, first_played_at,"
                " last_played_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (chat_id, user_id, now, now),
            )

        try:
            await self._transact(write)
        except ConstraintError:
            raise UnknownPlayerError(user_id) from None

    async def group_player_ids(self, chat_id: int) -> list[int]:
        """Human players who have played in the group."""
        rows = await self._fetchall(
            "SELECT gp.user_id FROM group_players gp JOIN players p ON p.user_id = gp.user_id"
            " WHERE gp.chat_id = ? AND p.is_ai = 0 ORDER BY gp.user_id",
            (chat_id,),
        )
        return [int(row[0]) for row in rows]
