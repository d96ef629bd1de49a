"""比赛 (tournaments): sign-up, the entry fees, each hand's scores, the prizes.

A tournament is stored as its record (its game's rules, rounds, hands a round, the fee, its
state and round), its entrants, and one row a seat of every hand it played (keyed by the
tournament, round, board, hand and person: a hand counts once, whatever is retried). The
standings are those rows summed, so a restart resumes from here. Beans move only with a
ledger row in the same transaction: each entrant's fee when it starts (``fee``, keyed by the
tournament), its refund if it is called off, the prizes once when it ends (``admin``, keyed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .backend import Row, Transaction
from .core import StoreCore
from .errors import InsufficientBeansError, StorageError
from .models import Reason
from .players import _player_row, _set_beans, append_ledger

__all__ = [
    "Entrant",
    "HandScore",
    "Tournament",
    "TournamentError",
    "TournamentScore",
    "TournamentState",
    "TournamentsMixin",
]


class TournamentState(StrEnum):
    SIGNUP = "signup"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament's record: ``rules`` names its game as a table's rules do."""

    id: int
    chat_id: int
    organiser: int
    rules: str
    rounds: int
    hands: int
    fee: int
    state: TournamentState
    round: int
    lang: str
    title: str
    #: the group's message that shows it (None until sent): a restart edits it
    message_id: int | None = None

    @property
    def open(self) -> bool:
        return self.state in (TournamentState.SIGNUP, TournamentState.PLAYING)


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    order: int  # the order of signing up (the last tie rule)


@dataclass(frozen=True, slots=True)
class HandScore:
    """One seat's part in a tournament hand: its points and whether it won."""

    user_id: int
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class TournamentScore:
    user_id: int
    points: int
    hands: int
    wins: int


_COLUMNS = "tournament_id, chat_id, organiser, rules, rounds, hands, fee, state, round, lang, title"
_READ = f"{_COLUMNS}, message_id"


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=int(row["tournament_id"]),
        chat_id=int(row["chat_id"]),
        organiser=int(row["organiser"]),
        rules=row["rules"],
        rounds=int(row["rounds"]),
        hands=int(row["hands"]),
        fee=int(row["fee"]),
        state=TournamentState(row["state"]),
        round=int(row["round"]),
        lang=row["lang"],
        title=row["title"],
        message_id=None if row["message_id"] is None else int(row["message_id"]),
    )


async def _move(
    tx: Transaction, user_id: int, delta: int, reason: Reason, key: str, now: str
) -> bool:
    """One keyed bean change with its ledger row; False if it was made before."""
    done = await tx.fetchone(
        "SELECT 1 FROM ledger WHERE user_id = ? AND reason = ? AND op_key = ?",
        (user_id, reason.value, key),
    )
    if done is not None:
        return False
    row = await _player_row(tx, user_id)
    balance = int(row["beans"]) + delta
    if balance < 0:
        raise InsufficientBeansError(user_id, int(row["beans"]), delta)
    await _set_beans(tx, user_id, balance, now)
    await append_ledger(
        tx,
        user_id=user_id,
        delta=delta,
        balance_after=balance,
        reason=reason,
        op_key=key,
        now=now,
    )
    return True


async def _most(tx: Transaction, sql: str, params: tuple[object, ...]) -> int:
    """A ``MAX(...)`` read: 0 where there are no rows."""
    row = await tx.fetchone(sql, params)
    return int(row[0] or 0) if row is not None else 0


class TournamentError(StorageError):
    """A change the tournament's state does not allow (a second one in the group...)."""


class TournamentsMixin(StoreCore):
    async def open_tournament(
        self,
        chat_id: int,
        organiser: int,
        rules: str,
        rounds: int,
        hands: int,
        fee: int,
        lang: str,
        title: str,
    ) -> Tournament | None:
        """A new tournament in sign-up; ``None`` while the group has one open."""
        now = self._now_text()

        async def write(tx: Transaction) -> Tournament | None:
            busy = await tx.fetchone(
                "SELECT 1 FROM tournaments WHERE chat_id = ? AND state IN (?, ?)",
                (chat_id, TournamentState.SIGNUP.value, TournamentState.PLAYING.value),
            )
            if busy is not None:
                return None
            new_id = await _most(tx, "SELECT MAX(tournament_id) FROM tournaments", ()) + 1
            await tx.execute(
                f"INSERT INTO tournaments ({_COLUMNS}, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new_id,
                    chat_id,
                    organiser,
                    rules,
                    rounds,
                    hands,
                    fee,
                    TournamentState.SIGNUP.value,
                    0,
                    lang,
                    title,
                    now,
                    now,
                ),
            )
            return Tournament(
                new_id,
                chat_id,
                organiser,
                rules,
                rounds,
                hands,
                fee,
                TournamentState.SIGNUP,
                0,
                lang,
                title,
            )

        return await self._transact(write)

    async def tournament(self, tournament_id: int) -> Tournament | None:
        row = await self._fetchone(
            f"SELECT {_READ} FROM tournaments WHERE tournament_id = ?", (tournament_id,)
        )
        return None if row is None else _tournament(row)

    async def open_tournaments(self) -> list[Tournament]:
        """Every tournament in sign-up or in play (what a restart resumes)."""
        rows = await self._fetchall(
            f"SELECT {_READ} FROM tournaments WHERE state IN (?, ?) ORDER BY tournament_id",
            (TournamentState.SIGNUP.value, TournamentState.PLAYING.value),
        )
        return [_tournament(r) for r in rows]

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the group's message of the tournament (a restart edits it)."""

        async def write(tx: Transaction) -> None:
            await tx.execute(
                "UPDATE tournaments SET message_id = ? WHERE tournament_id = ?",
                (message_id, tournament_id),
            )

        await self._transact(write)

    async def enter_tournament(self, tournament_id: int, user_id: int, name: str) -> bool:
        """Sign up while the tournament signs up; whether it changed anything."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            state = await tx.fetchone(
                "SELECT state FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            )
            if state is None or state[0] != TournamentState.SIGNUP.value:
                raise TournamentError(f"tournament {tournament_id} is not signing up")
            last = await _most(
                tx,
                "SELECT MAX(entry_order) FROM tournament_entrants WHERE tournament_id = ?",
                (tournament_id,),
            )
            changed = await tx.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, name, entry_order,"
                " joined_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, user_id, name, last + 1, now),
            )
            return changed == 1

        return await self._transact(write)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Leave the sign-up; whether the person had signed up."""

        async def write(tx: Transaction) -> bool:
            state = await tx.fetchone(
                "SELECT state FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            )
            if state is None or state[0] != TournamentState.SIGNUP.value:
                raise TournamentError(f"tournament {tournament_id} is not signing up")
            changed = await tx.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            return changed == 1

        return await self._transact(write)

    async def tournament_entrants(self, tournament_id: int) -> list[Entrant]:
        rows = await self._fetchall(
            "SELECT user_id, name, entry_order FROM tournament_entrants"
            " WHERE tournament_id = ? ORDER BY entry_order",
            (tournament_id,),
        )
        return [Entrant(int(r["user_id"]), r["name"], int(r["entry_order"])) for r in rows]

    async def start_tournament(self, tournament_id: int) -> bool:
        """Take every entrant's fee and begin round 1, all or nothing (one entrant short of
        the fee: ``InsufficientBeansError`` naming them, nothing taken). Whether it began now."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            found = await tx.fetchone(
                f"SELECT {_COLUMNS} FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            )
            if found is None or found["state"] != TournamentState.SIGNUP.value:
                return False
            fee = int(found["fee"])
            users = await tx.fetchall(
                "SELECT user_id FROM tournament_entrants WHERE tournament_id = ?",
                (tournament_id,),
            )
            if fee:
                for row in users:
                    await _move(tx, int(row[0]), -fee, Reason.FEE, f"tour:{tournament_id}", now)
            await tx.execute(
                "UPDATE tournaments SET state = ?, round = 1, updated_at = ?"
                " WHERE tournament_id = ?",
                (TournamentState.PLAYING.value, now, tournament_id),
            )
            return True

        return await self._transact(write)

    async def cancel_tournament(self, tournament_id: int) -> bool:
        """Call it off: every fee taken is given back (keyed). Whether it was open."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            changed = await tx.execute(
                "UPDATE tournaments SET state = ?, updated_at = ?"
                " WHERE tournament_id = ? AND state IN (?, ?)",
                (
                    TournamentState.CANCELLED.value,
                    now,
                    tournament_id,
                    TournamentState.SIGNUP.value,
                    TournamentState.PLAYING.value,
                ),
            )
            if changed != 1:
                return False
            paid = await tx.fetchall(
                "SELECT user_id, delta FROM ledger WHERE reason = ? AND op_key = ?",
                (Reason.FEE.value, f"tour:{tournament_id}"),
            )
            for row in paid:
                key = f"tour:{tournament_id}:refund"
                await _move(tx, int(row[0]), -int(row[1]), Reason.ADMIN, key, now)
            return True

        return await self._transact(write)

    async def record_tournament_hand(
        self,
        tournament_id: int,
        round_no: int,
        board: int,
        hand_no: int,
        hand_id: str,
        scores: Sequence[HandScore],
    ) -> bool:
        """A hand of the tournament counted (once: a second call changes nothing)."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            changed = await tx.execute(
                "INSERT INTO tournament_hands (tournament_id, round, board, hand_no, hand_id,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, round_no, board, hand_no, hand_id, now),
            )
            if changed != 1:
                return False
            await tx.executemany(
                "INSERT INTO tournament_scores (tournament_id, round, board, hand_no, user_id,"
                " points, won) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [
                    (tournament_id, round_no, board, hand_no, s.user_id, s.points, int(s.won))
                    for s in scores
                ],
            )
            return True

        return await self._transact(write)

    async def tournament_hands_played(self, tournament_id: int, round_no: int) -> dict[int, int]:
        """Board -> hands counted in round ``round_no``."""
        rows = await self._fetchall(
            "SELECT board, COUNT(*) AS played FROM tournament_hands"
            " WHERE tournament_id = ? AND round = ? GROUP BY board",
            (tournament_id, round_no),
        )
        return {int(r["board"]): int(r["played"]) for r in rows}

    async def tournament_hand_ids(self, tournament_id: int) -> list[tuple[int, int, int, str]]:
        """(round, board, hand, hand id) of every hand counted, in order."""
        rows = await self._fetchall(
            "SELECT round, board, hand_no, hand_id FROM tournament_hands"
            " WHERE tournament_id = ? ORDER BY round, board, hand_no",
            (tournament_id,),
        )
        return [(int(r[0]), int(r[1]), int(r[2]), str(r[3])) for r in rows]

    async def tournament_scores(
        self, tournament_id: int, *, before_round: int | None = None
    ) -> list[TournamentScore]:
        """Each entrant's points, hands and wins so far, or in the rounds before
        ``before_round`` (entrants without a hand: zeros)."""
        last = before_round if before_round is not None else 1 << 30
        rows = await self._fetchall(
            "SELECT e.user_id, COALESCE(SUM(s.points), 0) AS points, COUNT(s.user_id) AS hands,"
            " COALESCE(SUM(s.won), 0) AS wins"
            " FROM tournament_entrants e LEFT JOIN tournament_scores s"
            " ON s.tournament_id = e.tournament_id AND s.user_id = e.user_id AND s.round < ?"
            " WHERE e.tournament_id = ? GROUP BY e.user_id",
            (last, tournament_id),
        )
        return [
            TournamentScore(int(r["user_id"]), int(r["points"]), int(r["hands"]), int(r["wins"]))
            for r in rows
        ]

    async def next_tournament_round(self, tournament_id: int, round_no: int) -> bool:
        """Move from round ``round_no`` to the next (once)."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            changed = await tx.execute(
                "UPDATE tournaments SET round = ?, updated_at = ?"
                " WHERE tournament_id = ? AND round = ? AND state = ?",
                (round_no + 1, now, tournament_id, round_no, TournamentState.PLAYING.value),
            )
            return changed == 1

        return await self._transact(write)

    async def finish_tournament(
        self, tournament_id: int, prizes: Sequence[tuple[int, int]]
    ) -> bool:
        """End it and pay ``prizes`` (user, beans) in one keyed settlement: whether it
        ended now (a second call pays nothing)."""
        now = self._now_text()

        async def write(tx: Transaction) -> bool:
            changed = await tx.execute(
                "UPDATE tournaments SET state = ?, updated_at = ? WHERE tournament_id = ?"
                " AND state = ?",
                (
                    TournamentState.FINISHED.value,
                    now,
                    tournament_id,
                    TournamentState.PLAYING.value,
                ),
            )
            if changed != 1:
                return False
            for user_id, amount in prizes:
                if amount > 0:
                    await _move(
                        tx, user_id, amount, Reason.ADMIN, f"tour:{tournament_id}:prize", now
                    )
            return True

        return await self._transact(write)
