"""Workers under load, and what a hand-over costs: ``python bot.py`` processes over the fake
Bot API (served over HTTP, with Telegram's limits on), people at tables of one person and two
AI seats deciding by their panels' buttons, the worker playing killed now and then.

Run: python bench/cluster_load.py [--workers 2] [--backend postgresql|sqlite] [--tables 20]
     [--duration 120] [--kills 10] [--think 3] [--database-url postgresql://127.0.0.1/test]

On PostgreSQL the workers all play, each group held by one of them (README, "Running several
workers"); each kill is a SIGKILL of one of them in turn, and a new worker joins in its
place. On SQLite there is one worker: a kill is a restart of the process on its file.
Printed (three lines keep their form for scripts):

- ``decision wait: p50 X ms  p99 Y ms  max Z ms``: from a person's press to the bot's answer
  to it (the spinner on the button), over every press, the kills' included (a press made
  while no worker plays waits for the one that takes over);
- ``most Telegram calls in one second: N``: over every worker, any method, sliding window;
- ``hand-over after SIGKILL: p50 X s  max Y s``: from the kill to another worker's "took
  over" (its groups resumed there; one worker alone: to the restarted one's "ready");
- the presses never answered: an update the killed worker had already confirmed to Telegram
  (python-telegram-bot's polling asks for the next ones while it handles the last) is lost
  with it; the person presses again when the spinner stops;
- the moves a second, and the workers' CPU a move (their user and system time from /proc,
  once each is up, to its kill or the end: a start's own CPU left out, a take-over's resume
  counted).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scratch import scratch_database

from tests.cluster.workers import Person, Worker, until
from tests.tg.fake_api import TELEGRAM_LIMITS, FakeBotAPI, FakeMessage, most_in_a_second
from tests.tg.local_telegram import LocalTelegram, local_telegram

#: a decision's buttons, in the order the people press them
DECISIONS = ("叫地主", "不抢", "不明牌", "不加倍", "提示")
CLOCK_TICKS = 100  # /proc's clock ticks a second (Linux's usual USER_HZ)


def cpu_seconds(pid: int) -> float:
    """A process's user and system time so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class Seat(Person):
    """One person at the fake Telegram, with their own group and user id."""

    def __init__(self, local: LocalTelegram, index: int) -> None:
        self.group = -(10**9) - index
        self.user_id = 10**7 + index
        self.local = local
        self.api = local.api
        self.webhook = None
        self.queries = itertools.count(self.user_id * 1000)  # query ids no other seat uses
        with local.lock:
            self.user = self.api.add_user(self.user_id, f"P{index}", language_code="zh-hans")
            self.api.started.add(self.user_id)
            self.api.add_group(self.group, f"bench {index}")

    def lobby_to_start(self) -> FakeMessage | None:
        """The group's lobby, once it offers Start."""
        found = self.lobby()
        labels = [] if found is None else [b["text"] for b in found.buttons()]
        return found if any("开始" in label for label in labels) else None

    def again(self) -> FakeMessage | None:
        """The group's message offering another hand, once one is over."""
        found = self.lobby()
        labels = [] if found is None else [b["text"] for b in found.buttons()]
        return found if any("再来一局" in label for label in labels) else None


async def press(seat: Seat, message: FakeMessage, label: str, waits: list[float]) -> dict[str, Any]:
    """A press and the wait for its answer; ``LOST`` counts a press never answered (its
    update lost with a worker), which the person then makes again."""
    started = time.monotonic()
    try:
        answer = await seat.press_answered(message, label)
    except AssertionError:
        LOST.append(label)
        raise
    waits.append(time.monotonic() - started)
    return answer


#: presses never answered (each made again)
LOST: list[str] = []


async def play(seat: Seat, think: float, waits: list[float], stop: float) -> int:
    """The person's hands until ``stop``: each decision after thinking, a new table when
    one ends. Returns the presses made."""
    rng = random.Random(seat.user_id)
    pressed: set[tuple[str, ...]] = set()
    presses = 0
    for _ in range(3):  # a start lost with a worker: made again, as a person would
        seat.send(seat.group, "/newgame")
        try:
            await seat.press_answered(await until(seat.lobby_to_start, timeout=30), "开始")
            break
        except AssertionError:
            LOST.append("/newgame")
    while time.monotonic() < stop:
        found = seat.panel()
        again = seat.again()
        if again is not None and (found is None or found[1] in pressed):
            with contextlib.suppress(AssertionError):  # lost with a worker: tried again
                await seat.press_answered(again, "再来一局")

                # the next hand: a lobby to start, unless it is dealt at once
                def next_hand() -> FakeMessage | str | None:
                    dealt = (seat.panel() or (None, ()))[1] not in pressed
                    return seat.lobby_to_start() or ("dealt" if dealt else None)

                ahead = await until(next_hand, timeout=30)
                if isinstance(ahead, FakeMessage):
                    await seat.press_answered(ahead, "开始")
            continue
        if found is None or found[1] in pressed:
            await asyncio.sleep(0.05)
            continue
        message, data = found
        labels = [b["text"] for b in message.buttons()]
        wanted = next((d for d in DECISIONS if any(d in label for label in labels)), None)
        if wanted is None:
            await asyncio.sleep(0.05)
            continue
        pressed.add(data)
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        try:
            answer = await press(seat, message, wanted, waits)
            presses += 1
            if wanted == "提示":
                no_play = "没有能压过" in str(answer.get("text", ""))
                await press(seat, message, "不出" if no_play else "出牌", waits)
                presses += 1
        except AssertionError:
            pressed.discard(data)  # as a person whose button kept spinning: pressed again
    return presses


def logged_errors(workers: list[Worker]) -> list[str]:
    """The ERROR and WARNING lines of every worker's log."""
    found: list[str] = []
    for worker in workers:
        while not worker.lines.empty():
            worker.said.append(worker.lines.get_nowait())
        found += [line.strip() for line in worker.said if " ERROR " in line or " WARNING " in line]
    return found


async def busiest(workers: list[Worker], target: Path | str) -> int:
    """The index of the worker holding the most groups (the only one, on SQLite)."""
    if not isinstance(target, str) or len(workers) == 1:
        return 0
    connection = await asyncpg.connect(target)
    try:
        rows = await connection.fetch("SELECT worker, COUNT(*) FROM chat_leases GROUP BY worker")
    finally:
        await connection.close()
    held = {int(r[0]): int(r[1]) for r in rows}

    def groups(worker: Worker) -> int:
        said = "".join(worker.said)
        return max((n for w, n in held.items() if f"worker {w} of the database" in said), default=0)

    return max(range(len(workers)), key=lambda index: groups(workers[index]))


async def any_says(workers: list[Worker], words: str, timeout: float) -> float:
    """When the first of ``workers`` logs ``words``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for worker in workers:
            with contextlib.suppress(AssertionError):
                return await worker.says(words, timeout=0.02)
    raise AssertionError(f"no worker said {words!r}")


async def run(args: argparse.Namespace, folder: Path) -> None:
    url = args.database_url if args.backend == "postgresql" else ""
    api = FakeBotAPI(keep_history=False, limits=TELEGRAM_LIMITS)
    with local_telegram(api) as local:
        async with scratch_database(folder, url) as target:
            settings = {"DDZ_PLAY_TIMEOUT": "60", "DDZ_BID_TIMEOUT": "60"}
            if isinstance(target, Path):
                settings["DDZ_DB_PATH"] = str(target)
            workers: list[Worker] = []
            cpu = 0.0
            started_cpu: dict[int, float] = {}  # each worker's CPU once up (its start left out)

            def start() -> Worker:
                database = target if isinstance(target, str) else ""
                worker = Worker(database, local.url, folder, **settings)
                workers.append(worker)
                return worker

            def up(worker: Worker) -> None:
                started_cpu[worker.process.pid] = cpu_seconds(worker.process.pid)

            def used(worker: Worker) -> float:
                pid = worker.process.pid
                return cpu_seconds(pid) - started_cpu.get(pid, 0.0)

            alive = [start() for _ in range(args.workers)]
            for worker in alive:
                await worker.says("ready as @", timeout=60)
                up(worker)
            seats = [Seat(local, index) for index in range(args.tables)]
            waits: list[float] = []
            began = time.monotonic()
            stop = began + args.duration
            people = [asyncio.create_task(play(s, args.think, waits, stop)) for s in seats]
            handovers: list[float] = []
            for kill in range(args.kills):
                await asyncio.sleep(args.duration / (args.kills + 1))
                victim = alive.pop(await busiest(alive, target))
                cpu += used(victim)
                killed = time.monotonic()
                victim.stop(signal.SIGKILL)
                if alive:  # the others take its groups over; a new worker joins them
                    taken = await any_says(alive, "took over", timeout=60)
                    alive.append(start())
                    await alive[-1].says("ready as @", timeout=60)
                    up(alive[-1])
                else:  # one worker: a restart
                    alive.append(start())
                    taken = await alive[-1].says("ready as @", timeout=60)
                    up(alive[-1])
                handovers.append(taken - killed)
                print(f"kill {kill + 1}: hand-over {taken - killed:.2f} s", flush=True)
            presses = sum(await asyncio.gather(*people))
            elapsed = time.monotonic() - began
            for worker in workers:
                if worker.process.poll() is None:
                    cpu += used(worker)
                    worker.stop(signal.SIGTERM)
            errors = logged_errors(workers)
            with local.lock:  # getUpdates is no call Telegram's limits count
                moments = [call.at for call in api.calls if call.method != "getUpdates"]
    ms = sorted(w * 1000 for w in waits)
    print(
        f"workers: {args.workers}  backend: {args.backend}  tables: {args.tables}"
        f"  duration {args.duration:.0f} s  kills {args.kills}"
    )
    if ms:
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        print(
            f"decision wait: p50 {statistics.median(ms):.0f} ms  p99 {p99:.0f} ms"
            f"  max {ms[-1]:.0f} ms"
        )
    print(f"most Telegram calls in one second: {most_in_a_second(moments)}")
    if handovers:
        print(
            f"hand-over after SIGKILL: p50 {statistics.median(handovers):.2f} s"
            f"  max {max(handovers):.2f} s"
        )
    print(f"presses never answered (made again): {len(LOST)}")
    print(f"errors and warnings the workers logged: {len(errors)}")
    for line in errors[:5]:
        print(f"  {line}")
    per_move = cpu / max(presses, 1) * 1000
    print(f"moves a second: {presses / elapsed:.1f}  CPU a move: {per_move:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    if args.backend == "sqlite" and args.workers != 1:
        parser.error("on SQLite the bot is one process: --workers 1")
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args, Path(folder)))


if __name__ == "__main__":
    main()
