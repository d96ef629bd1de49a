"""A move's save and a settlement on SQLite and on PostgreSQL, at 1 and at many tables.

Run: python bench/backend_bench.py [--database-url postgresql://127.0.0.1/test]
     [--tables 1 500] [--moves 20] [--rounds 3]

Each table is a task that saves its moves one after another (each a compare-and-set on the
table's version with the action appended, as a person's move is saved), then settles its hand
(three seats; a seat's player sits at two tables, so settlements share players); all tables
at once. Both engines run in the same sitting, their rounds alternating. Printed, per engine
and table count: p50/p99 of a move's save and of a settlement (the caller's wait), the saves
a second, and the bot process's CPU per save and per settlement (the server's own CPU, on
PostgreSQL, is not counted here; ``bench/live_load.py --database-url`` measures the bot as a
whole). Without ``--database-url`` only SQLite runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scratch import engine_name, scratch_database

from ddz_bot.storage import Database, EconomySettings, HandRecord, HandResult, LedgerChange

NOW = datetime(2026, 1, 1, tzinfo=UTC)
#: about the size of a 斗地主 hand's stored state mid-hand
STATE = {
    "phase": "playing",
    "turn": 1,
    "hands": [list(range(17))] * 3,
    "history": [{"seat": s % 3, "cards": "33344"} for s in range(30)],
    "multipliers": [["grab", 2]],
}


@dataclass
class Figures:
    saves: list[float] = field(default_factory=list)
    settlements: list[float] = field(default_factory=list)
    wall: float = 0.0
    cpu: float = 0.0


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def _table(db: Database, table: int, tables: int, moves: int, figures: Figures) -> None:
    table_id, hand_id = f"t{table}", f"h{table}-{time.monotonic_ns()}"
    version = 0
    for move in range(moves):
        started = time.perf_counter()
        saved = await db.save_table_state(
            table_id,
            chat_id=-table - 1,
            hand_id=hand_id,
            state=STATE,
            action={"seat": move % 3, "cards": "33"},
            expected_version=version,
        )
        figures.saves.append(time.perf_counter() - started)
        version = saved.version
    seats = [1 + table, 1 + (table + 1) % tables + tables, 1 + (table + 2) % tables + 2 * tables]
    changes = [LedgerChange(seats[0], 200), LedgerChange(seats[1], -100)]
    changes.append(LedgerChange(seats[2], -100))
    results = [HandResult(seats[0], "landlord", True, 2)]
    results += [HandResult(u, "farmer", False, -1) for u in seats[1:]]
    record = HandRecord(
        game="doudizhu",
        room="beginner",
        rules={"name": "classic"},
        seats=seats,
        result={"winner": "landlord"},
        multipliers=[],
        started_at=NOW,
        finished_at=NOW,
        chat_id=-table - 1,
        table_id=table_id,
    )
    started = time.perf_counter()
    await db.apply_settlement(hand_id, changes, results, record)
    figures.settlements.append(time.perf_counter() - started)
    await db.close_table(table_id)


async def _round(target: Path | str, tables: int, moves: int, figures: Figures) -> None:
    rich = EconomySettings(initial_beans=10_000_000)
    async with Database(target, economy=rich) as db:
        for user in range(1, 3 * tables + 2):
            await db.ensure_player(user, f"p{user}")
        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(_table(db, t, tables, moves, figures) for t in range(tables)))
        figures.wall += time.perf_counter() - wall
        figures.cpu += time.process_time() - cpu
        assert await db.ledger_mismatches() == {}


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for tables in args.tables:
            results: dict[str, Figures] = {}
            for round_ in range(args.rounds):
                for url in ["", *([args.database_url] if args.database_url else [])]:
                    sub = Path(folder) / f"{tables}-{round_}"
                    sub.mkdir(exist_ok=True)
                    async with scratch_database(sub, url) as target:
                        figures = results.setdefault(engine_name(target), Figures())
                        await _round(target, tables, args.moves, figures)
            for name, figures in results.items():
                saves, settled = figures.saves, figures.settlements
                cpu_save = figures.cpu / (len(saves) + len(settled)) * 1000
                print(
                    f"{name:<10} {tables:>4} tables  move save p50 {_pct(saves, 0.5):6.2f} ms"
                    f"  p99 {_pct(saves, 0.99):7.2f} ms | settlement p50"
                    f" {_pct(settled, 0.5):6.2f} ms  p99 {_pct(settled, 0.99):7.2f} ms |"
                    f" {len(saves) / figures.wall:7.0f} saves/s  CPU {cpu_save:.2f} ms a write"
                    f"  (median of {len(saves)} saves: {statistics.median(saves) * 1000:.2f} ms)"
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 500])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
