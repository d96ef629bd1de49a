"""A child process that writes to the database without end, until it is killed.

Run as ``python -m tests.storage.crash_writer PATH``. Every hand settled is printed (and
flushed) after its transaction returned, so the parent knows what was acknowledged.
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from ddz_bot.storage import Database, InsufficientBeansError

from .conftest import hand_record, landlord_wins

PLAYERS = list(range(1, 10))


async def write_forever(path: Path) -> None:
    rng = random.Random(7)
    async with Database(path) as db:
        for user in PLAYERS:
            await db.ensure_player(user, f"player {user}")
        print("ready", flush=True)
        for number in range(1_000_000):
            seats = rng.sample(PLAYERS, 3)
            hand_id = f"h{number}"
            for step in range(3):
                await db.save_table_state(
                    f"t{number % 4}",
                    chat_id=-1,
                    hand_id=hand_id,
                    state={"step": step, "blob": "x" * 500},
                    action={"step": step},
                )
            changes, results = landlord_wins(
                seats[0], seats[1:], stake=rng.randint(1, 50) * 10, fee=5
            )
            try:
                await db.apply_settlement(
                    hand_id, changes, results, hand_record(seats, at=datetime.now(UTC))
                )
            except InsufficientBeansError:
                continue
            if number % 5 == 0:
                await db.adjust_beans(seats[1], 100, key=f"top-up {number}")
            print(hand_id, flush=True)


if __name__ == "__main__":
    asyncio.run(write_forever(Path(sys.argv[1])))
