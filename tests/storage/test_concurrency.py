"""Many tasks moving beans at once: nothing lost, nothing doubled, nothing negative."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from ddz_bot.storage import (
    AlreadyClaimedError,
    DailyClaim,
    Database,
    EconomySettings,
    InsufficientBeansError,
    ReliefRefusedError,
)

from .conftest import FakeClock, hand_record, landlord_wins, seat_players
from .ledger_checks import assert_books_balance

PLAYERS = list(range(1, 21))
NEEDY = [17, 18, 19, 20]
#: Everyone qualifies for relief here, so exactly ``relief_per_day`` claims must succeed.
ECONOMY = EconomySettings(relief_below=1_000_000, relief_amount=100, relief_per_day=3)


async def test_200_concurrent_bean_operations(db_path: Path, clock: FakeClock) -> None:
    rng = random.Random(2026)
    async with Database(db_path, clock=clock, economy=ECONOMY) as db:
        await seat_players(db, *PLAYERS)
        before = sum([p.beans for p in [await db.get_player(u) for u in PLAYERS] if p])

        operations: list[tuple[str, str, Awaitable[Any]]] = []
        for user in PLAYERS:  # each player claims the daily bonus twice
            for _ in range(2):
                operations.append(("daily", str(user), db.claim_daily(user)))
        for user in NEEDY:  # four ask for relief five times
            for _ in range(5):
                operations.append(("relief", str(user), db.claim_relief(user)))
        for number in range(50):  # fifty affordable hands, each settlement sent twice
            seats = rng.sample(PLAYERS, 3)
            changes, results = landlord_wins(seats[0], seats[1:], stake=rng.randint(1, 4) * 100)
            record = hand_record(seats, chat_id=-100 - number % 3)
            for _ in range(2):
                operations.append(
                    (
                        "settle",
                        f"h{number}",
                        db.apply_settlement(f"h{number}", changes, results, record),
                    )
                )
        for number in range(10):  # ten hands no farmer can pay: all refused
            seats = rng.sample(PLAYERS, 3)
            changes, results = landlord_wins(seats[0], seats[1:], stake=1_000_000)
            operations.append(
                (
                    "overdraw",
                    f"x{number}",
                    db.apply_settlement(f"x{number}", changes, results, hand_record(seats)),
                )
            )
        for number in range(15):  # fifteen admin gifts, each sent twice
            for _ in range(2):
                operations.append(
                    ("admin", f"g{number}", db.adjust_beans(PLAYERS[number], 50, key=f"g{number}"))
                )
        assert len(operations) == 200
        rng.shuffle(operations)

        outcomes = await asyncio.gather(*(op for _, _, op in operations), return_exceptions=True)

        succeeded: Counter[tuple[str, str]] = Counter()
        for (kind, key, _), outcome in zip(operations, outcomes, strict=True):
            if kind == "overdraw":
                assert isinstance(outcome, InsufficientBeansError), outcome
            elif isinstance(outcome, BaseException):
                assert isinstance(outcome, AlreadyClaimedError | ReliefRefusedError), outcome
            elif kind in ("settle", "admin"):
                succeeded[kind, key] += outcome.applied
            else:
                succeeded[kind, key] += 1
        assert all(succeeded["daily", str(u)] == 1 for u in PLAYERS)
        assert all(succeeded["relief", str(u)] == 3 for u in NEEDY)
        assert all(succeeded["admin", f"g{n}"] == 1 for n in range(15))
        settled = {key for (kind, key), count in succeeded.items() if kind == "settle" and count}
        assert all(succeeded["settle", key] <= 1 for key in settled)
        assert len(settled) == 50  # every stake here is affordable: none may be lost

        hands = {h.hand_id for h in await db.recent_hands(limit=100)}
        assert hands == settled
        after = sum([p.beans for p in [await db.get_player(u) for u in PLAYERS] if p])
        daily = sum(c.amount for c in outcomes if isinstance(c, DailyClaim))
        relief = 4 * 3 * ECONOMY.relief_amount
        assert after == before + daily + relief + 15 * 50  # settlements are zero-sum here
        assert await db.ledger_mismatches() == {}
    assert_books_balance(db_path)
