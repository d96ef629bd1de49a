"""The player card and the leaderboards. AI players never appear in either ranking.

Order is total: by beans (or points) descending, then by user id, so a rank on the card is
exactly the player's position in the matching leaderboard.
"""

from __future__ import annotations

from typing import Any

from .backend import SQLITE
from .errors import StorageError
from .models import LeaderboardEntry, LeaderboardPage, PlayerCard, Ranking
from .players import PlayersMixin

__all__ = ["QueriesMixin"]

MAX_PAGE_SIZE = 50


class QueriesMixin(PlayersMixin):
    async def _rank(self, user_id: int, column: str, value: int, chat_id: int | None) -> int:
        """1 + the players ahead: more beans (points), or as many and a lower user id. Two
        range counts, so each walks the leaderboard index instead of the whole table."""
        if chat_id is None:
            hint = self.dialect.index_hint(f"players_by_{column}")
            source = f"players p{hint} WHERE p.is_ai = 0"
            scope: list[Any] = []
        else:
            source = (
                "group_players gp JOIN players p ON p.user_id = gp.user_id"
                " WHERE gp.chat_id = ? AND p.is_ai = 0"
            )
            scope = [chat_id]
        row = await self._fetchone(
            f"SELECT (SELECT COUNT(*) FROM {source} AND p.{column} > ?)"
            f" + (SELECT COUNT(*) FROM {source} AND p.{column} = ? AND p.user_id < ?)",
            [*scope, value, *scope, value, user_id],
        )
        assert row is not None
        return int(row[0]) + 1

    async def player_card(self, user_id: int, chat_id: int | None = None) -> PlayerCard | None:
        """Everything ``/balance`` shows about a player; ``None`` for an unknown user.
        Group ranks need ``chat_id`` and a player who has played there."""
        player = await self.get_player(user_id)
        if player is None:
            return None
        if player.is_ai:
            return PlayerCard(player, None, None, None, None)
        global_rank = await self._rank(user_id, "beans", player.beans, None)
        global_points = await self._rank(user_id, "points", player.points, None)
        group_rank = group_points = None
        if chat_id is not None:
            member = await self._fetchone(
                "SELECT 1 FROM group_players WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
            )
            if member is not None:
                group_rank = await self._rank(user_id, "beans", player.beans, chat_id)
                group_points = await self._rank(user_id, "points", player.points, chat_id)
        return PlayerCard(player, global_rank, global_points, group_rank, group_points)

    async def leaderboard(
        self,
        by: Ranking | str = Ranking.BEANS,
        *,
        chat_id: int | None = None,
        page: int = 0,
        page_size: int = 10,
    ) -> LeaderboardPage:
        """One page (0-based) of the leaderboard by beans or points, global or of a group."""
        try:
            ranking = Ranking(by)
        except ValueError:
            raise StorageError(f"no leaderboard by {by!r}; by beans or points") from None
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise StorageError(f"page size {page_size} is not 1..{MAX_PAGE_SIZE}")
        if page < 0:
            raise StorageError(f"no page {page}")
        column = ranking.value
        index = f"players_by_{column}"
        if chat_id is None:
            source, where, params = f"players p{self.dialect.index_hint(index)}", "p.is_ai = 0", []
        else:
            source = "group_players gp JOIN players p ON p.user_id = gp.user_id"
            where, params = "gp.chat_id = ? AND p.is_ai = 0", [chat_id]
        # another process on the same PostgreSQL database adds players this one doesn't see
        cached = self._ranked_total if self.dialect is SQLITE else None
        if chat_id is None and cached is not None:
            total = cached
        else:
            seen = self._new_players
            total_row = await self._fetchone(f"SELECT COUNT(*) FROM {source} WHERE {where}", params)
            assert total_row is not None
            total = int(total_row[0])
            if chat_id is None and seen == self._new_players:
                self._ranked_total = total
        rows = await self._fetchall(
            f"SELECT p.user_id, p.display_name, p.beans, p.points FROM {source} WHERE {where}"
            f" ORDER BY p.{column} DESC, p.user_id LIMIT ? OFFSET ?",
            [*params, page_size, page * page_size],
        )
        first = page * page_size + 1
        entries = [
            LeaderboardEntry(first + i, r["user_id"], r["display_name"], r["beans"], r["points"])
            for i, r in enumerate(rows)
        ]
        return LeaderboardPage(ranking, chat_id, page, page_size, total, entries)
