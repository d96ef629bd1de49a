"""Players and every bean movement outside a hand: initial grant, daily bonus, relief, admin."""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta

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
    RoleRecord,
)

__all__ = ["PlayersMixin", "player_from_row"]

#: a player's columns, and their records by game and role as one JSON array (one read)
PLAYER_COLUMNS = (
    "user_id, display_name, language, beans, points, streak, best_streak, is_ai, created_at,"
    " last_seen_at, (SELECT json_group_array(json_array(r.game, r.role, r.wins, r.losses))"
    " FROM player_records r WHERE r.user_id = players.user_id) AS records"
)


def _records(text: str | None) -> tuple[RoleRecord, ...]:
    rows = json.loads(text) if text else []
    return tuple(sorted(RoleRecord(str(g), str(r), int(w), int(lo)) for g, r, w, lo in rows))


def player_from_row(row: sqlite3.Row) -> Player:
    return Player(
        user_id=row["user_id"],
        display_name=row["display_name"],
        language=row["language"],
        beans=row["beans"],
        points=row["points"],
        records=_records(row["records"]),
        streak=row["streak"],
        best_streak=row["best_streak"],
        is_ai=bool(row["is_ai"]),
        created_at=from_text(row["created_at"]),
        last_seen_at=from_text(row["last_seen_at"]),
    )


def _check_language(language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        raise StorageError(f"unknown language {language!r}; one of {', '.join(LANGUAGES)}")


def append_ledger(
    conn: sqlite3.Connection,
    *,
    user_id: int,
    delta: int,
    balance_after: int,
    reason: Reason,
    op_key: str,
    now: str,
    hand_id: str | None = None,
) -> None:
    conn.execute(
        "INSERT INTO ledger (user_id, delta, balance_after, reason, hand_id, op_key, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (user_id, delta, balance_after, reason.value, hand_id, op_key, now),
    )


def _player_row(conn: sqlite3.Connection, user_id: int) -> sqlite3.Row:
    row: sqlite3.Row | None = conn.execute(
        f"SELECT {PLAYER_COLUMNS}, daily_streak, last_daily_on FROM players WHERE user_id = ?",
        (user_id,),
    ).fetchone()
    if row is None:
        raise UnknownPlayerError(user_id)
    return row


def _set_beans(conn: sqlite3.Connection, user_id: int, beans: int, now: str) -> None:
    conn.execute(
        "UPDATE players SET beans = ?, last_seen_at = ? WHERE user_id = ?", (beans, now, user_id)
    )


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
        initial = self.economy.initial_beans

        def write(conn: sqlite3.Connection) -> tuple[Player, bool]:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO players (user_id, display_name, language, beans, is_ai,"
                " created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (user_id, name, language, initial, int(is_ai), now, now),
            )
            created = cursor.rowcount == 1
            if created:
                append_ledger(
                    conn,
                    user_id=user_id,
                    delta=initial,
                    balance_after=initial,
                    reason=Reason.INITIAL,
                    op_key="initial",
                    now=now,
                )
            else:
                conn.execute(
                    "UPDATE players SET display_name = ?, language = COALESCE(?, language),"
                    " last_seen_at = ? WHERE user_id = ?",
                    (name, language, now, user_id),
                )
            return player_from_row(_player_row(conn, user_id)), created

        player, created = await self._transact(write)
        if created:  # after the commit: a count read from now on includes this player
            self._ranked_total = None
            self._new_players += 1
        return player

    async def get_player(self, user_id: int) -> Player | None:
        row = await self._fetchone(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE user_id = ?", (user_id,)
        )
        return None if row is None else player_from_row(row)

    async def set_language(self, user_id: int, language: str | None) -> None:
        """``None`` goes back to the group's language."""
        _check_language(language)

        def write(conn: sqlite3.Connection) -> None:
            cursor = conn.execute(
                "UPDATE players SET language = ? WHERE user_id = ?", (language, user_id)
            )
            if cursor.rowcount == 0:
                raise UnknownPlayerError(user_id)

        await self._transact(write)

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

        def write(conn: sqlite3.Connection) -> BeanOutcome:
            row = _player_row(conn, user_id)
            done = conn.execute(
                "SELECT 1 FROM ledger WHERE user_id = ? AND reason = ? AND op_key = ?",
                (user_id, Reason.ADMIN.value, key),
            ).fetchone()
            if done:
                return BeanOutcome(user_id, False, row["beans"])
            balance = row["beans"] + delta
            if balance < 0:
                raise InsufficientBeansError(user_id, row["beans"], delta)
            _set_beans(conn, user_id, balance, now)
            append_ledger(
                conn,
                user_id=user_id,
                delta=delta,
                balance_after=balance,
                reason=Reason.ADMIN,
                op_key=key,
                now=now,
            )
            return BeanOutcome(user_id, True, balance)

        return await self._transact(write)

    async def claim_daily(self, user_id: int) -> DailyClaim:
        """The daily bonus: once per calendar day in the bot's time zone; consecutive days
        build a streak that raises the amount. A second claim the same day is refused."""
        today = self._today()
        day = today.isoformat()
        yesterday = (today - timedelta(days=1)).isoformat()
        now = self._now_text()

        def write(conn: sqlite3.Connection) -> DailyClaim:
            row = _player_row(conn, user_id)
            if row["last_daily_on"] == day:
                raise AlreadyClaimedError(user_id, day)
            streak = row["daily_streak"] + 1 if row["last_daily_on"] == yesterday else 1
            amount = self.economy.daily_amount(streak)
            balance = row["beans"] + amount
            try:
                append_ledger(
                    conn,
                    user_id=user_id,
                    delta=amount,
                    balance_after=balance,
                    reason=Reason.DAILY,
                    op_key=day,
                    now=now,
                )
            except sqlite3.IntegrityError:
                raise AlreadyClaimedError(user_id, day) from None
            conn.execute(
                "UPDATE players SET beans = ?, daily_streak = ?, last_daily_on = ?,"
                " last_seen_at = ? WHERE user_id = ?",
                (balance, streak, day, now, user_id),
            )
            return DailyClaim(user_id, day, amount, streak, balance)

        return await self._transact(write)

    async def claim_relief(self, user_id: int) -> ReliefClaim:
        """Relief (救济金): a player short of the lowest paid room's minimum gets a top-up, at
        most ``relief_per_day`` times a calendar day."""
        day = self._today().isoformat()
        now = self._now_text()
        settings = self.economy

        def write(conn: sqlite3.Connection) -> ReliefClaim:
            row = _player_row(conn, user_id)
            if row["beans"] >= settings.relief_below:
                raise ReliefRefusedError(
                    user_id, f"holds {row['beans']} beans, relief is below {settings.relief_below}"
                )
            claimed = int(
                conn.execute(
                    "SELECT COUNT(*) FROM ledger WHERE user_id = ? AND reason = ?"
                    " AND op_key >= ? AND op_key < ?",
                    (user_id, Reason.RELIEF.value, f"{day}#", f"{day}$"),
                ).fetchone()[0]
            )
            if claimed >= settings.relief_per_day:
                raise ReliefRefusedError(user_id, f"already claimed {claimed} times on {day}")
            balance = row["beans"] + settings.relief_amount
            append_ledger(
                conn,
                user_id=user_id,
                delta=settings.relief_amount,
                balance_after=balance,
                reason=Reason.RELIEF,
                op_key=f"{day}#{claimed + 1}",
                now=now,
            )
            _set_beans(conn, user_id, balance, now)
            return ReliefClaim(
                user_id,
                day,
                settings.relief_amount,
                claimed + 1,
                settings.relief_per_day - claimed - 1,
                balance,
            )

        return await self._transact(write)

    async def ledger(self, user_id: int, limit: int = 20) -> list[LedgerEntry]:
        """The player's latest ledger rows (at most 200), newest first."""
        limit = max(1, min(int(limit), 200))
        rows = await self._fetchall(
            "SELECT id, user_id, delta, balance_after, reason, hand_id, op_key, created_at"
            " FROM ledger WHERE user_id = ? ORDER BY id DESC LIMIT ?",
            (user_id, limit),
        )
        return [
            LedgerEntry(
                r["id"],
                r["user_id"],
                r["delta"],
                r["balance_after"],
                Reason(r["reason"]),
                r["hand_id"],
                r["op_key"],
                from_text(r["created_at"]),
            )
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
