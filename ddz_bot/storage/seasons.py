"""A group's seasons: its season settings, the standings read from the finished hands, and the
record that a season's final standings were posted.

Nothing is written per hand for a season: the standings are the hands a group finished
between the season's first and last moment (``hands`` and ``hand_players``), summed. The
season's boundaries are computed by the caller in the group's time zone and passed as UTC
timestamps (stored timestamps are ISO-8601 UTC text, so text order is time order). A
season's final picture is claimed by one row keyed by the group and the season's start, so
it is posted once, across restarts; the claim also gives the season its number in the group.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from .backend import Row, Transaction
from .core import StoreCore, from_text, to_text

__all__ = [
    "SeasonFinal",
    "SeasonPeriod",
    "SeasonSettings",
    "SeasonStanding",
    "SeasonsMixin",
]


class SeasonPeriod(StrEnum):
    """How long a group's season runs."""

    WEEKLY = "weekly"
    MONTHLY = "monthly"


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    """A group's season settings; ``time_zone`` '' means the default of its language."""

    chat_id: int
    period: SeasonPeriod = SeasonPeriod.MONTHLY
    time_zone: str = ""


@dataclass(frozen=True, slots=True)
class SeasonStanding:
    """One person's season in a group: points won there, hands, wins, the best hand."""

    user_id: int
    name: str
    points: int
    hands: int
    wins: int
    best: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class SeasonFinal:
    """A season whose final standings were posted: its number in the group and its span."""

    chat_id: int
    number: int
    starts_at: datetime
    ends_at: datetime
    period: SeasonPeriod
    time_zone: str
    posted_at: datetime


def _final(row: Row) -> SeasonFinal:
    return SeasonFinal(
        chat_id=int(row["chat_id"]),
        number=int(row["number"]),
        starts_at=from_text(row["starts_at"]),
        ends_at=from_text(row["ends_at"]),
        period=SeasonPeriod(row["period"]),
        time_zone=row["time_zone"],
        posted_at=from_text(row["posted_at"]),
    )


_FINAL_COLUMNS = "chat_id, number, starts_at, ends_at, period, time_zone, posted_at"


class SeasonsMixin(StoreCore):
    async def season_settings(self, chat_id: int) -> SeasonSettings:
        row = await self._fetchone(
            "SELECT period, time_zone FROM season_settings WHERE chat_id = ?", (chat_id,)
        )
        if row is None:
            return SeasonSettings(chat_id)
        return SeasonSettings(chat_id, SeasonPeriod(row["period"]), row["time_zone"])

    async def set_season_settings(self, settings: SeasonSettings) -> None:
        now = self._now_text()

        async def write(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO season_settings (chat_id, period, time_zone, updated_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (chat_id) DO UPDATE SET"
                " period = excluded.period, time_zone = excluded.time_zone,"
                " updated_at = excluded.updated_at",
                (settings.chat_id, settings.period.value, settings.time_zone, now),
            )

        await self._transact(write)

    async def season_standings(
        self, chat_id: int, starts: datetime, ends: datetime, game: str | None = None
    ) -> list[SeasonStanding]:
        """Everyone (no AI) who finished a hand in the group in ``[starts, ends)``, best
        first: more points, then more wins, then fewer hands, then the earlier user id."""
        where = "h.chat_id = ? AND h.finished_at >= ? AND h.finished_at < ? AND p.is_ai = 0"
        params: list[object] = [chat_id, to_text(starts), to_text(ends)]
        if game is not None:
            where += " AND h.game = ?"
            params.append(game)
        rows = await self._fetchall(
            "SELECT hp.user_id, p.display_name, SUM(hp.points_delta) AS season_points,"
            " COUNT(*) AS season_hands, SUM(hp.won) AS season_wins,"
            " MAX(hp.points_delta) AS season_best"
            " FROM hands h JOIN hand_players hp ON hp.hand_id = h.hand_id"
            " JOIN players p ON p.user_id = hp.user_id"
            f" WHERE {where} GROUP BY hp.user_id, p.display_name"
            " ORDER BY season_points DESC, season_wins DESC, season_hands ASC, hp.user_id ASC",
            params,
        )
        return [
            SeasonStanding(
                int(r["user_id"]),
                r["display_name"],
                int(r["season_points"]),
                int(r["season_hands"]),
                int(r["season_wins"]),
                int(r["season_best"]),
            )
            for r in rows
        ]

    async def chats_with_hands_since(self, since: datetime) -> list[int]:
        """The groups that finished a hand at ``since`` or later."""
        rows = await self._fetchall(
            "SELECT DISTINCT chat_id FROM hands WHERE finished_at >= ? AND chat_id IS NOT NULL",
            (to_text(since),),
        )
        return [int(r["chat_id"]) for r in rows]

    async def claim_season_final(
        self, chat_id: int, starts: datetime, ends: datetime, period: SeasonPeriod, zone: str
    ) -> SeasonFinal | None:
        """Claim the posting of the season starting at ``starts``: the season with its new
        number, or ``None`` when it was claimed already (posted once, across restarts).
        ``zone`` is the time zone the season was counted in."""
        now = self._now_text()

        async def write(tx: Transaction) -> SeasonFinal | None:
            taken = await tx.fetchone(
                "SELECT 1 FROM season_finals WHERE chat_id = ? AND starts_at = ?",
                (chat_id, to_text(starts)),
            )
            if taken is not None:
                return None
            last = await tx.fetchone(
                "SELECT MAX(number) FROM season_finals WHERE chat_id = ?", (chat_id,)
            )
            number = int((last[0] if last is not None else 0) or 0) + 1
            changed = await tx.execute(
                f"INSERT INTO season_finals ({_FINAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (
                    chat_id,
                    number,
                    to_text(starts),
                    to_text(ends),
                    period.value,
                    zone,
                    now,
                ),
            )
            if changed != 1:
                return None
            return SeasonFinal(chat_id, number, starts, ends, period, zone, from_text(now))

        return await self._transact(write)

    async def season_final(self, chat_id: int, number: int) -> SeasonFinal | None:
        """The group's posted season ``number``."""
        row = await self._fetchone(
            f"SELECT {_FINAL_COLUMNS} FROM season_finals WHERE chat_id = ? AND number = ?",
            (chat_id, number),
        )
        return None if row is None else _final(row)

    async def season_finals(self, chat_id: int) -> list[SeasonFinal]:
        """The group's posted seasons, newest first."""
        rows = await self._fetchall(
            f"SELECT {_FINAL_COLUMNS} FROM season_finals WHERE chat_id = ? ORDER BY number DESC",
            (chat_id,),
        )
        return [_final(r) for r in rows]
