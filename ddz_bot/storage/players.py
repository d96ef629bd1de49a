"""Players and every bean movement outside a hand: initial grant, daily bonus, relief, admin."""

from __future__ import annotations

import json
from datetime import timedelta

from .backend import ConstraintError, Dialect, Row, Transaction
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

__all__ = ["PlayersMixin", "player_columns", "player_from_row"]


def player_columns(dialect: Dialect) -> str:
    """A player's columns, and their records by game and role as one JSON array (one read)."""
    return (
        "user_id, display_name, language, beans, points, streak, best_streak, is_ai,"
        f" created_at, last_seen_at, {dialect.records_json} AS records"
    )


def _records(text: str | None) -> tuple[RoleRecord, ...]:
    rows = json.loads(text) if text else []
    return tuple(sorted(RoleRecord(str(g), str(r), int(w), int(lo)) for g, r, w, lo in rows))


def player_from_row(row: Row) -> Player:
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


async def append_ledger(
    tx: Transaction,
    *,
    user_id: int,
    delta: int,
    balance_after: int,
    reason: Reason,
    op_key: str,
    now: str,
    hand_id: str | None = None,
) -> None:
    await tx.execute(
        "INSERT INTO ledger (user_id, delta, balance_after, reason, hand_id, op_key, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (user_id, delta, balance_after, reason.value, hand_id, op_key, now),
    )


async def _player_row(tx: Transaction, user_id: int) -> Row:
    """The player's row, locked until the transaction ends (a balance about to change)."""
    row = await tx.fetchone(
        f"SELECT {player_columns(tx.dialect)}, daily_streak, last_daily_on FROM players"
        f" WHERE user_id = ?{tx.dialect.for_update}",
        (user_id,),
    )
    if row is None:
        raise UnknownPlayerError(user_id)
    return row


async def _set_beans(tx: Transaction, user_id: int, beans: int, now: str) -> None:
    await tx.execute(
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

        async def write(tx: Transaction) -> tuple[Player, bool]:
            created = (
                await tx.execute(
                    "INSERT INTO players (user_id, display_name, language, beans, is_ai,"
                    " created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (user_id) DO NOTHING",
                    (user_id, name, language, initial, int(is_ai), now, now),
                )
                == 1
            )
            if created:
                await append_ledger(
                    tx,
                    user_id=user_id,
                    delta=initial,
                    balance_after=initial,
                    reason=Reason.INITIAL,
                    op_key="initial",
                    now=now,
                )
            else:
                await tx.execute(
                    "UPDATE players SET display_name = ?, language = COALESCE(?, language),"
                    " last_seen_at = ? WHERE user_id = ?",
                    (name, language, now, user_id),
                )
            return player_from_row(await _player_row(tx, user_id)), created

        player, created = await self._transact(write)
        if created:  # after the commit: a count read from now on includes this player
            self._ranked_total = None
            self._new_players += 1
        return player

    async def get_player(self, user_id: int) -> Player | None:
        row = await self._fetchone(
            f"SELECT {player_columns(self.dialect)} FROM players WHERE user_id = ?", (user_id,)
        )
        return None if row is None else player_from_row(row)

    async def set_language(self, user_id: int, language: str | None) -> None:
        """``None`` goes back to the group's language."""
        _check_language(language)

        async def write(tx: Transaction) -> None:
            changed = await tx.execute(
                "UPDATE players SET language = ? WHERE user_id = ?", (language, user_id)
            )
            if changed == 0:
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

        async def write(tx: Transaction) -> BeanOutcome:
            row = await _player_row(tx, user_id)
            done = await tx.fetchone(
                "SELECT 1 FROM ledger WHERE user_id = ? AND reason = ? AND op_key = ?",
                (user_id, Reason.ADMIN.value, key),
            )
            if done:
                return BeanOutcome(user_id, False, row["beans"])
            balance = row["beans"] + delta
            if balance < 0:
                raise InsufficientBeansError(user_id, row["beans"], delta)
            await _set_beans(tx, user_id, balance, now)
            await append_ledger(
                tx,
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

        async def write(tx: Transaction) -> DailyClaim:
            row = await _player_row(tx, user_id)
            if row["last_daily_on"] == day:
                raise AlreadyClaimedError(user_id, day)
            streak = row["daily_streak"] + 1 if row["last_daily_on"] == yesterday else 1
            amount = self.economy.daily_amount(streak)
            balance = row["beans"] + amount
            try:
                await append_ledger(
                    tx,
                    user_id=user_id,
                    delta=amount,
                    balance_after=balance,
                    reason=Reason.DAILY,
                    op_key=day,
                    now=now,
                )
            except ConstraintError:
                raise AlreadyClaimedError(user_id, day) from None
            await tx.execute(
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

        async def write(tx: Transaction) -> ReliefClaim:
            row = await _player_row(tx, user_id)
            if row["beans"] >= settings.relief_below:
                raise ReliefRefusedError(
                    user_id, f"holds {row['beans']} beans, relief is below {settings.relief_below}"
                )
            counted = await tx.fetchone(
                "SELECT COUNT(*) FROM ledger WHERE user_id = ? AND reason = ?"
                " AND op_key >= ? AND op_key < ?",
                (user_id, Reason.RELIEF.value, f"{day}#", f"{day}$"),
            )
            claimed = int(counted[0]) if counted is not None else 0
            if claimed >= settings.relief_per_day:
                raise ReliefRefusedError(user_id, f"already claimed {claimed} times on {day}")
            balance = row["beans"] + settings.relief_amount
            await append_ledger(
                tx,
                user_id=user_id,
                delta=settings.relief_amount,
                balance_after=balance,
                reason=Reason.RELIEF,
                op_key=f"{day}#{claimed + 1}",
                now=now,
            )
            await _set_beans(tx, user_id, balance, now)
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
            " GROUP BY p.user_id HAVING p.beans <> COALESCE(SUM(l.delta), 0)"
        )
        return {int(r["user_id"]): (int(r["beans"]), int(r["total"])) for r in rows}
