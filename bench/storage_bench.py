"""Storage speed: settlements and action-log writes per second, rankings with 100,000 players.

Run: python bench/storage_bench.py [--players 100000] [--settlements 2000] [--actions 5000]
     [--synchronous NORMAL|FULL]
Works on a fresh database in a temporary folder and prints the figures; targets are
>= 500 settlements/s and a leaderboard page in <= 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.storage import (
    Database,
    EconomySettings,
    HandRecord,
    HandResult,
    LedgerChange,
    Reason,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
GAME_STATE = {
    "phase": "play",
    "turn": 1,
    "hands": [list(range(17))] * 3,
    "history": [{"seat": s % 3, "cards": "33344"} for s in range(30)],
    "multipliers": [["grab", 2]],
}


def settlement(
    number: int,
    rng: random.Random,
    players: int,
) -> tuple[str, list[LedgerChange], list[HandResult], HandRecord]:
    seats = rng.sample(range(1, players + 1), 3)
    stake = rng.randint(1, 8) * 100
    landlord_won = rng.random() < 0.5
    sign = 1 if landlord_won else -1
    changes = [LedgerChange(seats[0], 2 * stake * sign)]
    changes += [LedgerChange(f, -stake * sign) for f in seats[1:]]
    changes += [LedgerChange(u, -5, Reason.FEE) for u in seats]
    results = [HandResult(seats[0], "landlord", landlord_won, 2 * sign)]
    results += [HandResult(f, "farmer", not landlord_won, -sign) for f in seats[1:]]
    record = HandRecord(
        game="doudizhu",
        room="beginner",
        rules={"name": "classic"},
        seats=seats,
        result={"landlord_won": landlord_won},
        multipliers=[["grab", 2]],
        started_at=NOW,
        finished_at=NOW,
        chat_id=-(number % 50) - 1,
        table_id=f"t{number % 50}",
    )
    return f"hand-{number}", changes, results, record


async def rate(
    label: str, count: int, make: Callable[[int], Awaitable[Any]], concurrency: int = 1
) -> None:
    start = time.perf_counter()
    if concurrency == 1:
        for number in range(count):
            await make(number)
    else:
        for first in range(0, count, concurrency):
            await asyncio.gather(*(make(n) for n in range(first, min(first + concurrency, count))))
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {count / elapsed:>9.0f} /s  ({count} in {elapsed:.2f} s)")


async def timings(label: str, make: Callable[[], Awaitable[Any]], repeat: int = 50) -> None:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        await make()
        samples.append((time.perf_counter() - start) * 1000)
    print(
        f"{label:<44} median {statistics.median(samples):6.2f} ms,"
        f" p95 {sorted(samples)[int(0.95 * len(samples)) - 1]:6.2f} ms,"
        f" max {max(samples):6.2f} ms"
    )


def bulk_players(path: Path, first: int, count: int, rng: random.Random) -> None:
    """Many players at once, each with an ``initial`` ledger row for their whole balance."""
    stamp = NOW.isoformat()
    conn = sqlite3.connect(path)
    with conn:
        rows = [
            (
                u,
                f"player {u}",
                rng.randint(0, 5_000_000),
                rng.randint(0, 20_000),
                int(u % 1000 == 0),
                stamp,
                stamp,
            )
            for u in range(first, first + count)
        ]
        conn.executemany(
            "INSERT INTO players (user_id, display_name, beans, points, is_ai,"
            " created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO ledger (user_id, delta, balance_after, reason, op_key,"
            " created_at) VALUES (?, ?, ?, 'initial', 'initial', ?)",
            [(r[0], r[2], r[2], stamp) for r in rows],
        )
        conn.executemany(
            "INSERT INTO group_players (chat_id, user_id, first_played_at,"
            " last_played_at) VALUES (-7, ?, ?, ?)",
            [(r[0], stamp, stamp) for r in rows[:2_000]],
        )
    conn.execute("ANALYZE")
    conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--settlements", type=int, default=2_000)
    parser.add_argument("--actions", type=int, default=5_000)
    parser.add_argument("--synchronous", default="NORMAL")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        rich = EconomySettings(initial_beans=10_000_000)  # no seat runs dry mid-benchmark
        async with Database(path, synchronous=args.synchronous, economy=rich) as db:
            print(f"SQLite {sqlite3.sqlite_version}, synchronous={args.synchronous}, WAL")
            for user in range(1, 301):
                await db.ensure_player(user, f"seat {user}")
            hands = [settlement(n, rng, 300) for n in range(2 * args.settlements)]
            await rate(
                "settlements, one after another",
                args.settlements,
                lambda n: db.apply_settlement(*hands[n]),
            )
            await rate(
                "settlements, 50 tasks at once",
                args.settlements,
                lambda n: db.apply_settlement(*hands[args.settlements + n]),
                concurrency=50,
            )
            await rate(
                "settlements applied again (no-ops)",
                args.settlements,
                lambda n: db.apply_settlement(*hands[n]),
            )
            state_size = len(str(GAME_STATE))
            await rate(
                f"action-log writes (~{state_size} B state)",
                args.actions,
                lambda n: db.save_table_state(
                    f"t{n % 50}",
                    chat_id=-1,
                    hand_id=f"a{n % 50}",
                    state=GAME_STATE,
                    action={"seat": n % 3, "cards": "33"},
                ),
            )
            assert await db.ledger_mismatches() == {}

        bulk_players(path, 1_000, args.players, rng)
        async with Database(path) as db:
            start = time.perf_counter()
            total = (await db.leaderboard()).total
            first = (time.perf_counter() - start) * 1000
            print(f"rankings over {total} ranked players (AI left out)")
            print(f"{'first leaderboard page (counts the players)':<44} {first:6.2f} ms")
            await timings("leaderboard by beans, page 1", lambda: db.leaderboard())
            await timings("leaderboard by points, page 1", lambda: db.leaderboard("points"))
            await timings(
                "leaderboard by beans, page 500", lambda: db.leaderboard(page=499, page_size=10)
            )
            await timings("group leaderboard (2,000 members)", lambda: db.leaderboard(chat_id=-7))
            middle = 1_000 + args.players // 2 + 1
            await timings(
                "player card (global + group ranks)", lambda: db.player_card(middle, chat_id=-7)
            )


if __name__ == "__main__":
    asyncio.run(main())
