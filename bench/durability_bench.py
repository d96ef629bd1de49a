"""What durability costs: synchronous FULL against NORMAL at 500 tables, SQLite's check of a
1 GB database at start, and a backup of it while tables play.

Run:
  python bench/durability_bench.py moves [--tables 500] [--moves 20] [--rounds 3]
                                          [--every 1.0] [--seconds 10]
      each round one run with synchronous=FULL and one with NORMAL, alternating, on a fresh
      database: moves per second with every table moving flat out, then the save's p50/p99
      with each table moving about once a second (a move: the table's state with its
      action, compare-and-set on its version, as the bot saves it)
  python bench/durability_bench.py moves --synchronous FULL   (one run: for timing whole runs)
  python bench/durability_bench.py build PATH [--gb 1]    a bot database of about that size
  python bench/durability_bench.py check PATH             PRAGMA quick_check, as at start
  python bench/durability_bench.py backup PATH [--tables 500] [--every 1.0]
      moves on 500 tables (each about every second) before and while a backup of PATH is
      copied: the backup's time and the longest a move waited (its save, and the event
      loop's own lag)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.storage import Database
from ddz_bot.storage.backup import backup, backup_thread
from ddz_bot.storage.guard import check

T = TypeVar("T")

#: A table's state about the size the bot stores in mid-hand (seats, the game, narration).
STATE = {
    "phase": "playing",
    "seats": [{"user_id": 1000 + s, "name": f"player {s}", "lang": "zh-Hans"} for s in range(3)],
    "game": {
        "hands": [list(range(17))] * 3,
        "history": [{"seat": s % 3, "cards": "33344", "kind": "trio_single"} for s in range(40)],
        "multipliers": [["grab", 2], ["bomb", 2]],
        "deck": list(range(54)),
    },
    "narration": "Alice 出 33344 · Bob 不出 · Carol 不出 " * 8,
}
ACTION = {"kind": "play", "seat": 1, "cards": "33344"}


def p(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _table(db: Database, table: int, moves: int, waits: list[float]) -> None:
    saved = await db.save_table_state(
        f"t{table}", chat_id=-table, state=STATE, hand_id=f"h{table}", expected_version=0
    )
    version = saved.version
    for _ in range(moves):
        start = time.perf_counter()
        saved = await db.save_table_state(
            f"t{table}",
            chat_id=-table,
            state=STATE,
            hand_id=f"h{table}",
            action=ACTION,
            expected_version=version,
        )
        waits.append(time.perf_counter() - start)
        version = saved.version
        await asyncio.sleep(0)  # the next move of a table comes with another update


async def _paced(db: Database, table: int, every: float, until: float, waits: list[float]) -> None:
    """A table in play: a move about every ``every`` seconds, as people play."""
    rng = random.Random(table)
    await asyncio.sleep(rng.uniform(0, every))
    saved = await db.save_table_state(f"p{table}", chat_id=-table, state=STATE, hand_id=f"p{table}")
    version = saved.version
    while time.perf_counter() < until:
        start = time.perf_counter()
        saved = await db.save_table_state(
            f"p{table}",
            chat_id=-table,
            state=STATE,
            hand_id=f"p{table}",
            action=ACTION,
            expected_version=version,
        )
        waits.append(time.perf_counter() - start)
        version = saved.version
        await asyncio.sleep(rng.uniform(0.5, 1.5) * every)


async def moves_run(
    synchronous: str, tables: int, moves: int, every: float, seconds: float
) -> tuple[float, float, float]:
    """On a fresh database: moves per second with every table moving as fast as it can;
    then the save's p50 and p99 (ms) with each table moving about every ``every`` s."""
    with tempfile.TemporaryDirectory() as folder:
        async with Database(Path(folder) / "bench.sqlite3", synchronous=synchronous) as db:
            waits: list[float] = []
            start = time.perf_counter()
            await asyncio.gather(*(_table(db, t, moves, waits) for t in range(tables)))
            rate = len(waits) / (time.perf_counter() - start)
            waits = []
            until = time.perf_counter() + seconds
            await asyncio.gather(*(_paced(db, t, every, until, waits) for t in range(tables)))
    return rate, p(waits, 0.5) * 1000, p(waits, 0.99) * 1000


async def moves(args: argparse.Namespace) -> None:
    print(f"SQLite {sqlite3.sqlite_version}, WAL, {args.tables} tables x {args.moves} moves")
    modes = [args.synchronous] if args.synchronous else ["FULL", "NORMAL"]
    rounds = 1 if args.synchronous else args.rounds
    figures: dict[str, list[tuple[float, float, float]]] = {mode: [] for mode in modes}
    for number in range(rounds):
        for mode in modes if number % 2 == 0 else modes[::-1]:
            rate, p50, p99 = await moves_run(
                mode, args.tables, args.moves, args.every, args.seconds
            )
            figures[mode].append((rate, p50, p99))
            print(
                f"  {mode:<6} flat out {rate:6.0f} moves/s;"
                f" a move every {args.every:g} s: save p50 {p50:5.2f} ms  p99 {p99:6.2f} ms"
            )
    for mode, runs in figures.items():
        print(
            f"median {mode:<6} flat out {statistics.median(r[0] for r in runs):6.0f} moves/s;"
            f" save p50 {statistics.median(r[1] for r in runs):5.2f} ms"
            f"  p99 {statistics.median(r[2] for r in runs):6.2f} ms"
        )


def build(path: Path, gigabytes: float) -> None:
    """A bot database of about ``gigabytes``: finished hands and their action logs."""
    asyncio.run(_migrate(path))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous = OFF")
    rng = random.Random(1)
    stamp = datetime(2026, 1, 1, tzinfo=UTC).isoformat()
    seats = json.dumps([1001, 1002, 1003])
    result = json.dumps({"landlord_won": True, "spring": False, "bombs": 1, "pad": "x" * 600})
    hand = 0
    while path.stat().st_size < gigabytes * 1e9:
        with conn:
            for _ in range(5_000):
                hand += 1
                hand_id = f"hand-{hand:09d}"
                conn.execute(
                    "INSERT INTO hands (hand_id, table_id, chat_id, room, rules, seats, result,"
                    " multipliers, bean_changes, started_at, finished_at, settled_at)"
                    " VALUES (?, ?, ?, 'beginner', '{}', ?, ?, '[]', '[]', ?, ?, ?)",
                    (hand_id, f"t{hand % 500}", -(hand % 500), seats, result, stamp, stamp, stamp),
                )
                conn.executemany(
                    "INSERT INTO hand_actions (hand_id, seq, action, created_at)"
                    " VALUES (?, ?, ?, ?)",
                    [
                        (hand_id, seq, json.dumps({**ACTION, "n": rng.random()}), stamp)
                        for seq in range(1, 33)
                    ],
                )
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    print(f"{path}: {path.stat().st_size / 1e9:.2f} GB, {hand} hands of 32 actions")


async def _migrate(path: Path) -> None:
    async with Database(path):
        pass


def timed_check(path: Path) -> None:
    report = check(path)
    print(f"quick_check of {path} ({report.size / 1e9:.2f} GB): {report.seconds:.2f} s")


async def _mover(
    db: Database, table: int, every: float, stop: asyncio.Event, waits: list[float]
) -> None:
    rng = random.Random(table)
    await asyncio.sleep(rng.uniform(0, every))
    saved = await db.save_table_state(f"b{table}", chat_id=-table, state=STATE, hand_id=f"b{table}")
    version = saved.version
    while not stop.is_set():
        start = time.perf_counter()
        saved = await db.save_table_state(
            f"b{table}",
            chat_id=-table,
            state=STATE,
            hand_id=f"b{table}",
            action=ACTION,
            expected_version=version,
        )
        waits.append(time.perf_counter() - start)
        version = saved.version
        await asyncio.sleep(rng.uniform(0.5, 1.5) * every)


async def _lag(stop: asyncio.Event, lags: list[float]) -> None:
    """How late the event loop wakes a 10 ms sleep: a stall anyone's update would feel."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - start - 0.01)


async def _play(
    db: Database, tables: int, every: float, work: Awaitable[T]
) -> tuple[T, float, list[float], list[float]]:
    """Tables move while ``work`` runs: its result, its time, the saves' waits, the lags."""
    stop = asyncio.Event()
    waits: list[float] = []
    lags: list[float] = []
    tasks = [asyncio.create_task(_mover(db, t, every, stop, waits)) for t in range(tables)]
    tasks.append(asyncio.create_task(_lag(stop, lags)))
    start = time.perf_counter()
    result = await work
    elapsed = time.perf_counter() - start
    stop.set()
    await asyncio.gather(*tasks)
    return result, elapsed, waits, lags


async def backup_while_playing(path: Path, tables: int, every: float) -> None:
    with tempfile.TemporaryDirectory(dir=path.parent) as folder:
        async with Database(path) as db:
            _, _, waits, lags = await _play(db, tables, every, asyncio.sleep(10.0))
            print(
                f"{tables} tables, a move each about every {every:g} s, no backup (10 s):"
                f" {len(waits)} moves, save p99 "
                f"{p(waits, 0.99) * 1000:.1f} ms, longest {max(waits) * 1000:.1f} ms,"
                f" loop lag max {max(lags) * 1000:.1f} ms"
            )
            thread = backup_thread()
            job = asyncio.get_running_loop().run_in_executor(thread, backup, path, Path(folder))
            report, elapsed, waits, lags = await _play(db, tables, every, job)
            thread.shutdown()
    print(
        f"backup of {path.stat().st_size / 1e9:.2f} GB: copied in {report.copy_seconds:.1f} s,"
        f" checked in {report.check_seconds:.1f} s ({elapsed:.1f} s in all)"
    )
    print(
        f"{tables} tables meanwhile: {len(waits)} moves, save p99 {p(waits, 0.99) * 1000:.1f} ms,"
        f" longest {max(waits) * 1000:.1f} ms, loop lag max {max(lags) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("what", choices=["moves", "build", "check", "backup"])
    parser.add_argument("path", nargs="?", type=Path)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--every", type=float, default=1.0, help="seconds between a table's moves")
    parser.add_argument("--seconds", type=float, default=10.0, help="of paced moves a run")
    parser.add_argument("--synchronous", choices=["FULL", "NORMAL"])
    parser.add_argument("--gb", type=float, default=1.0)
    args = parser.parse_args()
    if args.what == "moves":
        asyncio.run(moves(args))
        return
    if args.path is None:
        parser.error(f"{args.what} needs a PATH")
    if args.what == "build":
        build(args.path, args.gb)
    elif args.what == "check":
        timed_check(args.path)
    else:
        asyncio.run(backup_while_playing(args.path, args.tables, args.every))


if __name__ == "__main__":
    main()
