"""Workers under load, and what a hand-over costs: ``python bot.py`` processes over the fake
Bot API (served over HTTP, with Telegram's limits on), people at tables, the worker playing
killed now and then.

Run: python bench/cluster_load.py [--people live|chat] [--workers 2]
     [--backend postgresql|sqlite] [--tables 100] [--duration 120] [--kills 10] [--think 3]
     [--clients 2] [--seat-at-once 20] [--ramp S] [--database-url postgresql://127.0.0.1/test]
e.g. python bench/cluster_load.py --workers 2 --backend postgresql --tables 1000 --kills 0
     python bench/cluster_load.py --workers 1 --backend sqlite --tables 1000 --kills 0
     python bench/cluster_load.py --workers 2 --tables 100 --duration 150 --kills 10

``--people live`` (the default): tables of three people playing at the live table, the Mini
App's page, over WebSockets to the workers' live servers, from ``--clients`` processes of
their own; each table opened and seated through its group's buttons, the pages spread over
the workers' ports in turn as a proxy spreads them (``bench/cluster_live.py``).
``--people chat``: tables of one person and two AI seats, the person deciding by their
panel's buttons in the private chat (every press a Telegram round trip: the harness, one
process polling the fake Telegram for every person, saturates past about 50 tables).
Each person thinks ``--think`` seconds on average (0.5x to 1.5x) before a decision.

On PostgreSQL the workers all play, each group held by one of them (README, "Running several
workers"); each kill is a SIGKILL of the busiest in turn, and a new worker joins in its
place (with the live table: on the killed one's port). On SQLite there is one worker: a kill
is a restart of the process on its file. Printed (three lines keep their form for scripts):

- ``decision wait: p50 X ms  p99 Y ms  max Z ms``: live, from the moment a seat must decide
  (its table reached that version at the worker holding it; a page just opened: its
  opening) to the person's page taking the frame telling it, with where the slowest 1% of
  it went; chat, from a person's press to the bot's answer to it (the spinner on the
  button); over every decision, the kills' included;
- ``most Telegram calls in one second: N``: over every worker, any method, sliding window,
  the whole run (live: the seating too; the play's own is printed after);
- ``hand-over after SIGKILL: p50 X s  max Y s``: from the kill to another worker's "took
  over" (its groups resumed there; one worker alone: to the restarted one's "ready");
- live: the decisions, those refused (stale after a hand-over), never answered, the pages'
  sockets opened again after a kill; chat: the presses never answered (an update the killed
  worker had already confirmed to Telegram is lost with it; the person presses again);
- the moves a second, and the workers' CPU a move (their user and system time from /proc,
  live from the play's start to its end, chat once each is up; to a worker's kill or the
  end: a start's own CPU left out, a take-over's resume counted).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster_live import Outcome, run_live
from cluster_workers import Pool, logged_errors, terminate
from scratch import scratch_database

from tests.cluster.workers import Person, until
from tests.tg.fake_api import TELEGRAM_LIMITS, FakeBotAPI, FakeMessage, most_in_a_second
from tests.tg.local_telegram import LocalTelegram, local_telegram

#: a decision's buttons, in the order the people press them
DECISIONS = ("叫地主", "不抢", "不明牌", "不加倍", "提示")


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


async def run_chat(args: argparse.Namespace, folder: Path) -> Outcome:
    """People of one person and two AI seats a table, at their panels' buttons."""
    url = args.database_url if args.backend == "postgresql" else ""
    api = FakeBotAPI(keep_history=False, limits=TELEGRAM_LIMITS)
    outcome = Outcome()
    with local_telegram(api) as local:
        async with scratch_database(folder, url) as target:
            clock = str(args.play_timeout)
            settings = {"DDZ_PLAY_TIMEOUT": clock, "DDZ_BID_TIMEOUT": clock}
            if isinstance(target, Path):
                settings["DDZ_DB_PATH"] = str(target)
            workers = Pool(target, local.url, folder, settings)
            try:
                await workers.start_all(args.workers)
                seats = [Seat(local, index) for index in range(args.tables)]
                began = time.monotonic()
                stop = began + args.duration
                people = [
                    asyncio.create_task(play(s, args.think, outcome.waits, stop)) for s in seats
                ]
                for kill in range(args.kills):
                    await asyncio.sleep(args.duration / (args.kills + 1))
                    outcome.handovers.append(await workers.kill())
                    print(f"kill {kill + 1}: hand-over {outcome.handovers[-1]:.2f} s", flush=True)
                outcome.moves = sum(await asyncio.gather(*people))
                outcome.elapsed = time.monotonic() - began
                outcome.cpu = workers.stop()
            finally:
                terminate(workers)
            outcome.errors = logged_errors(workers.workers)
            with local.lock:  # getUpdates is no call Telegram's limits count
                outcome.moments = [call.at for call in api.calls if call.method != "getUpdates"]
    outcome.notes.append(f"presses never answered (made again): {len(LOST)}")
    return outcome


def report(args: argparse.Namespace, outcome: Outcome) -> None:
    print(
        f"people: {args.people}  workers: {args.workers}  backend: {args.backend}"
        f"  tables: {args.tables}  duration {args.duration:.0f} s  kills {args.kills}"
    )
    ms = sorted(w * 1000 for w in outcome.waits)
    if ms:
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        print(
            f"decision wait: p50 {statistics.median(ms):.0f} ms  p99 {p99:.0f} ms"
            f"  max {ms[-1]:.0f} ms"
        )
    print(f"most Telegram calls in one second: {most_in_a_second(outcome.moments)}")
    if outcome.handovers:
        print(
            f"hand-over after SIGKILL: p50 {statistics.median(outcome.handovers):.2f} s"
            f"  max {max(outcome.handovers):.2f} s"
        )
    for line in outcome.notes:
        print(line)
    print(f"errors and warnings the workers logged: {len(outcome.errors)}")
    for line in outcome.errors[:5]:
        print(f"  {line}")
    per_move = outcome.cpu / max(outcome.moves, 1) * 1000
    print(
        f"moves a second: {outcome.moves / max(outcome.elapsed, 1e-9):.1f}"
        f"  CPU a move: {per_move:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", choices=("live", "chat"), default="live")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--play-timeout", type=float, default=120.0, help="the seats' clocks")
    parser.add_argument("--clients", type=int, default=2, help="the live pages' processes")
    parser.add_argument("--seat-at-once", type=int, default=20, help="tables seated at once")
    parser.add_argument(
        "--ramp", type=float, default=None, help="seconds the live pages open over (50 a second)"
    )
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    if args.backend == "sqlite" and args.workers != 1:
        parser.error("on SQLite the bot is one process: --workers 1")
    run = run_live if args.people == "live" else run_chat
    with tempfile.TemporaryDirectory() as folder:
        report(args, asyncio.run(run(args, Path(folder))))


if __name__ == "__main__":
    main()
