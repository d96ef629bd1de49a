"""Players and every bean movement outside a hand: initial grant, daily bonus, relief, admin."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import aiosqlite

from .core import StoreCore, from_text
from .errors import (
    AlreadyClaimedError,
    BadChangeError,
    InsufficientBeansError,
    ReliefRefusedError,
    StorageError,
    UnknownPlayerError,
)
from .models import (
    LANGUAGES,
    BeanOutcome,
    DailyClaim,
    LedgerEntry,
    Player,
    Reason,
    ReliefClaim,
)

__all__ = ["PlayersMixin", "player_from_row"]

PLAYER_COLUMNS = (
    "user_id, display_name, language, beans, points, landlord_wins, landlord_losses, "
    "farmer_wins, farmer_losses, streak, best_streak, is_ai, created_at, last_seen_at"
)


def player_from_row(row: sqlite3.Row) -> Player:
    return Player(
        user_id=row["user_id"],
        display_name=row["display_name"],
        language=row["language"],
        beans=row["beans"],
        points=row["points"],
        landlord_wins=row["landlord_wins"],
        landlord_losses=row["landlord_losses"],
        farmer_wins=row["farmer_wins"],
        farmer_losses=row["farmer_losses"],
        streak=row["streak"],
        best_streak=row["best_streak"],
        is_ai=bool(row["is_ai"]),
        created_at=from_text(row["created_at"]),
        last_seen_at=from_text(row["last_seen_at"]),
    )


def _check_language(language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        raise StorageError(f"unknown language {language!r}; one of {', '.join(LANGUAGES)}")


async def append_ledger(
    conn: aiosqlite.Connection,
    *,
    user_id: int,
    delta: int,
    balance_after: int,
    reason: Reason,
    op_key: str,
    now: str,
    hand_id: str | None = None,
) -> None:
    await conn.execute(
        "INSERT INTO ledger (user_id, delta, balance_after, reason, hand_id, op_key, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (user_id, delta, balance_after, reason.value, hand_id, op_key, now),
    )


async def _player_row(conn: aiosqlite.Connection, user_id: int) -> sqlite3.Row:
    rows = list(await conn.execute_fetchall(
        f"SELECT {PLAYER_COLUMNS}, daily_streak, last_daily_on FROM players WHERE user_id = ?",
        (user_id,),
    ))
    if not rows:
        raise UnknownPlayerError(user_id)
    return rows[0]


class PlayersMixin(StoreCore):
    async def ensure_player(
        self,
        user_id: int,
        display_name: str,
        *,
        language: str | None = None,
        is_ai: bool = False,
    ) -> Player:
        """Create the player (with the initial beans and their ledger row) or refresh their
        name and last-seen time. A given ``language`` replaces the stored one."""
        _check_language(language)
        name = display_name.strip() or str(user_id)
        now = self._now_text()
        async with self._write() as conn:
            cursor = await conn.execute(
                "INSERT OR IGNORE INTO players (user_id, display_name, language, beans, is_ai,"
                " created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (user_id, name, language, self.economy.initial_beans, int(is_ai), now, now),
            )
            created = cursor.rowcount == 1
            if created:
                await append_ledger(conn, user_id=user_id, delta=self.economy.initial_beans,
                                    balance_after=self.economy.initial_beans,
                                    reason=Reason.INITIAL, op_key="initial", now=now)
            else:
                await conn.execute(
                    "UPDATE players SET display_name = ?, language = COALESCE(?, language),"
                    " last_seen_at = ? WHERE user_id = ?",
                    (name, language, now, user_id),
                )
            player = player_from_row(await _player_row(conn, user_id))
        if created:  # after the commit: a count read from now on includes this player
            self._ranked_total = None
            self._new_players += 1
        return player

    async def get_player(self, user_id: int) -> Player | None:
        row = await self._fetchone(f"SELECT {PLAYER_COLUMNS} FROM players WHERE user_id = ?",
                                   (user_id,))
        return None if row is None else player_from_row(row)

    async def set_language(self, user_id: int, language: str | None) -> None:
        """``None`` goes back to the group's language."""
        _check_language(language)
        async with self._write() as conn:
            cursor = await conn.execute("UPDATE players SET language = ? WHERE user_id = ?",
                                        (language, user_id))
            if cursor.rowcount == 0:
                raise UnknownPlayerError(user_id)

    async def adjust_beans(
        self, user_id: int, delta: int, *, key: str, reason: Reason = Reason.ADMIN
    ) -> BeanOutcome:
        """Move beans outside a hand (an admin grant, say). ``key`` names the operation: the
        same key twice moves beans once (``applied`` is False the second time)."""
        if Reason(reason) is not Reason.ADMIN:
            raise BadChangeError(f"adjust_beans only makes admin changes, not {reason!r}")
        if not key:
            raise BadChangeError("an admin change needs a key")
        now = self._now_text()
        async with self._write() as conn:
            row = await _player_row(conn, user_id)
            done = list(await conn.execute_fetchall(
                "SELECT 1 FROM ledger WHERE user_id = ? AND reason = ? AND op_key = ?",
                (user_id, Reason.ADMIN.value, key),
            ))
            if done:
                return BeanOutcome(user_id, False, row["beans"])
            balance = row["beans"] + delta
            if balance < 0:
                raise InsufficientBeansError(user_id, row["beans"], delta)
            await self._set_beans(conn, user_id, balance, now)
            await append_ledger(conn, user_id=user_id, delta=delta, balance_after=balance,
                                reason=Reason.ADMIN, op_key=key, now=now)
            return BeanOutcome(user_id, True, balance)

    async def claim_daily(self, user_id: int) -> DailyClaim:
        """The daily bonus: once per calendar day in the bot's time zone; consecutive days
        build a streak that raises the amount. A second claim the same day is refused."""
        today = self._today()
        day = today.isoformat()
        now = self._now_text()
        async with self._write() as conn:
            row = await _player_row(conn, user_id)
            if row["last_daily_on"] == day:
                raise AlreadyClaimedError(user_id, day)
            yesterday = (today - timedelta(days=1)).isoformat()
            streak = row["daily_streak"] + 1 if row["last_daily_on"] == yesterday else 1
            amount = self.economy.daily_amount(streak)
            balance = row["beans"] + amount
            try:
                await append_ledger(conn, user_id=user_id, delta=amount, balance_after=balance,
                                    reason=Reason.DAILY, op_key=day, now=now)
            except sqlite3.IntegrityError:
                raise AlreadyClaimedError(user_id, day) from None
            await conn.execute(
                "UPDATE players SET beans = ?, daily_streak = ?, last_daily_on = ?,"
                " last_seen_at = ? WHERE user_id = ?",
                (balance, streak, day, now, user_id),
            )
            return DailyClaim(user_id, day, amount, streak, balance)

    async def claim_relief(self, user_id: int) -> ReliefClaim:
        """Relief (救济金): a player short of the lowest paid room's minimum gets a top-up, at
        most ``relief_per_day`` times a calendar day."""
        day = self._today().isoformat()
        now = self._now_text()
        settings = self.economy
        async with self._write() as conn:
            row = await _player_row(conn, user_id)
            if row["beans"] >= settings.relief_below:
                raise ReliefRefusedError(
                    user_id, f"holds {row['beans']} beans, relief is below {settings.relief_below}"
                )
            count_rows = list(await conn.execute_fetchall(
                "SELECT COUNT(*) FROM ledger WHERE user_id = ? AND reason = ?"
                " AND op_key >= ? AND op_key < ?",
                (user_id, Reason.RELIEF.value, f"{day}#", f"{day}$"),
            ))
            claimed = int(count_rows[0][0])
            if claimed >= settings.relief_per_day:
                raise ReliefRefusedError(
                    user_id, f"already claimed {claimed} times on {day}"
                )
            balance = row["beans"] + settings.relief_amount
            await append_ledger(conn, user_id=user_id, delta=settings.relief_amount,
                                balance_after=balance, reason=Reason.RELIEF,
                                op_key=f"{day}#{claimed + 1}", now=now)
            await self._set_beans(conn, user_id, balance, now)
            return ReliefClaim(user_id, day, settings.relief_amount, claimed + 1,
                               settings.relief_per_day - claimed - 1, balance)

    @staticmethod
    async def _set_beans(conn: aiosqlite.Connection, user_id: int, beans: int, now: str) -> None:
        await conn.execute("UPDATE players SET beans = ?, last_seen_at = ? WHERE user_id = ?",
                           (beans, now, user_id))

    async def ledger(self, user_id: int, limit: int = 20) -> list[LedgerEntry]:
        """The player's latest ledger rows, newest first."""
        rows = await self._fetchall(
            "SELECT id, user_id, delta, balance_after, reason, hand_id, op_key, created_at"
            " FROM ledger WHERE user_id = ? ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )
        return [
            LedgerEntry(r["id"], r["user_id"], r["delta"], r["balance_after"],
                        Reason(r["reason"]), r["hand_id"], r["op_key"],
                        from_text(r["created_at"]))
            for r in rows
        ]

    async def ledger_mismatches(self) -> dict[int, tuple[int, int]]:
        """Players whose balance differs from their ledger sum: ``{user: (beans, sum)}``.
        Always empty unless something wrote around this layer."""
        rows = await self._fetchall(
            "SELECT p.user_id, p.beans, COALESCE(SUM(l.delta), 0) AS total"
            " FROM players p LEFT JOIN ledger l ON l.user_id = p.user_id"
            " GROUP BY p.user_id HAVING p.beans != total"
        )
        return {r["user_id"]: (r["beans"], r["total"]) for r in rows}

    async def integrity_check(self) -> list[str]:
        """SQLite's own ``PRAGMA integrity_check``: ``['ok']`` when the file is sound."""
        return [str(r[0]) for r in await self._fetchall("PRAGMA integrity_check")]
