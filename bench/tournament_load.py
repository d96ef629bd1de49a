"""Load of one big 比赛 over the in-process fake Bot API, with Telegram's limits on.

Run: python bench/tournament_load.py [--people 300] [--rounds 3] [--hands 2]
     [--duration 600] [--think 3] [--fee 100] [--signup-within 20]
     (``--duration 0``: no limit, the whole tournament to its final table and prizes)

One group; its first person opens ``/bisai 斗地主 RxH FEE``, everyone else presses 报名 at a
random moment within ``--signup-within`` seconds, then the organiser presses 开赛: the fees
are taken and ``--people`` / 3 boards of 斗地主 are dealt at once (the AI fills the last).
Each person, as in ``bench/bot_load.py``, acts only once their panel told them to decide,
after thinking ``--think`` seconds on average (0.4 to 1.6 times that), and presses their
panel's buttons. The run ends when the tournament is over or ``--duration`` seconds after
the start have passed. The real Application runs as the bot does (its rate limiter with
Telegram's overall 30 calls a second, the group's pace), SQLite on a temporary file,
pictures stubbed. Printed:

- the Telegram calls into the group (sent or edited messages, answered) in any sliding 60 s
  window, and the calls of every method in any one second (the bot token's budget);
- the decision wait at the tournament's tables, defined as in ``bench/bot_load.py``: from the
  moment a seat must decide to the moment the call that tells its person returns,
  p50/p99/max; the time-outs the bot caused (a person never told before their clock ran
  out) and those of people told who did not act;
- the hands counted, the round reached and how the tournament stands at the end;
- each round on its own (when it began and ended, the group's calls in its busiest 60 s, the
  decision wait at its tables) and the final table (round ``--rounds``' board 1, the leaders),
  then the prizes paid and whether the tournament's ledger rows sum to nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_load import Driver, start_app, stop_app, stub_pictures
from load_people import Habit, decide_at
from load_report import _spread, max_in_window
from load_watch import Watch

from ddz_bot.storage import TournamentState
from ddz_bot.tg.app import runtime, tune_gc, tune_switching
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.tournament import Board, event_of
from tests.tg.fake_api import TELEGRAM_LIMITS, FakeBotAPI, most_in_a_second

GROUP = -(10**9) - 1


async def person(
    driver: Driver,
    rt: Runtime,
    watch: Watch,
    user: dict[str, Any],
    habit: Habit,
    until: float,
    over: asyncio.Event,
    rng: random.Random,
) -> None:
    """One entrant: waits until their panel tells them to decide, thinks, presses."""
    told = watch.event(user["id"])
    while time.monotonic() < until and not over.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(told.wait(), timeout=min(2.0, until - time.monotonic()))
        told.clear()
        if not watch.told_now(user["id"]):
            continue  # nothing to decide, or not told yet: a person can't act on it
        await asyncio.sleep(habit.pause(rng))
        table = rt.table_of(user["id"])
        if table is None or time.monotonic() >= until:
            continue
        try:
            await decide_at(driver, table, user, rng, habit)
        except Exception as error:  # a bench keeps going; say it
            print("player error:", repr(error), file=sys.stderr)


async def sign_up(
    driver: Driver, users: list[dict[str, Any]], args: argparse.Namespace, rng: random.Random
) -> int:
    """The first person opens the sign-up, the others press 报名 within ``--signup-within``
    seconds; the tournament's id."""
    words = f"/bisai 斗地主 {args.rounds}x{args.hands} {args.fee}"
    await driver.send(users[0], GROUP, words)
    rt = runtime(driver.app)
    for _ in range(600):  # until the sign-up is in the group: its buttons can be pressed
        if driver.api.last_message(GROUP, with_buttons=True) is not None:
            break
        await asyncio.sleep(0.05)
    signup = driver.api.last_message(GROUP, with_buttons=True)

    async def enter(user: dict[str, Any]) -> None:
        await asyncio.sleep(rng.uniform(0, args.signup_within))
        await driver.press(user, signup, "报名")

    await asyncio.gather(*(enter(user) for user in users[1:]))
    (found,) = await rt.db.open_tournaments()
    return found.id


@dataclass
class Progress:
    """What the run saw of the tournament each second: which table played which board (the
    decision waits by round), when each round was first seen in play and when it ended."""

    boards: dict[int, Board] = field(default_factory=dict)
    began: dict[int, float] = field(default_factory=dict)
    ended: dict[int, float] = field(default_factory=dict)

    def look(self, rt: Runtime, tid: int, round_no: int, now: float) -> None:
        for table in rt.registry.tables():
            board = event_of(table)
            if board is not None and board.tournament == tid:
                self.boards.setdefault(table.id, board)
        if round_no not in self.began:
            self.began[round_no] = now
            if round_no - 1 in self.began:
                self.ended[round_no - 1] = now


async def watch_end(
    rt: Runtime, tid: int, until: float, over: asyncio.Event, progress: Progress
) -> None:
    """Sets ``over`` once the tournament is no longer in play (or the time is up)."""
    started = time.monotonic()
    for second in itertools.count():
        found = await rt.db.tournament(tid)
        if found is None or found.state is not TournamentState.PLAYING:
            if found is not None and found.round in progress.began:
                progress.ended[found.round] = time.monotonic()
            break
        progress.look(rt, tid, found.round, time.monotonic())
        if time.monotonic() >= until:
            break
        if second % 30 == 0:  # progress, on stderr
            counted = len(await rt.db.tournament_hand_ids(tid))
            print(
                f"{time.monotonic() - started:5.0f} s: round {found.round}, {counted} hands",
                file=sys.stderr,
            )
        await asyncio.sleep(1.0)
    over.set()


async def load(args: argparse.Namespace, tmp: Path) -> None:
    api = FakeBotAPI(keep_history=False, limits=TELEGRAM_LIMITS)
    app = await start_app(tmp / "tour.sqlite3", api, args.group_interval, args.ai_workers)
    rt = runtime(app)
    watch = Watch(rt)
    watch.install()
    driver = Driver(api, app)
    rng = random.Random(args.seed)
    rt.rng = random.Random(args.seed)
    api.add_group(GROUP, "bench 比赛")
    users = [api.add_user(10**7 + k, f"P{k}") for k in range(args.people)]
    for user in users:  # everyone wrote to the bot before: it can write back
        await driver.send(user, user["id"], "/start", measure=False)
    await rt.drain()
    started = time.monotonic()
    calls_before = len(api.calls)
    until = started + (args.duration if args.duration > 0 else float("inf"))
    tid = await sign_up(driver, users, args, rng)
    signed_up = time.monotonic() - started
    await driver.press(users[0], api.last_message(GROUP, with_buttons=True), "开赛")
    dealt = time.monotonic() - started
    over = asyncio.Event()
    habit = Habit(typer=False, asks=False, think=args.think)
    progress = Progress()
    await asyncio.gather(
        watch_end(rt, tid, until, over, progress),
        *(person(driver, rt, watch, user, habit, until, over, rng) for user in users),
    )
    with contextlib.suppress(TimeoutError):  # hands still in play at the time limit
        await asyncio.wait_for(rt.drain(), timeout=10.0)
    elapsed = time.monotonic() - started
    found = await rt.db.tournament(tid)
    counted = len(await rt.db.tournament_hand_ids(tid))
    calls = api.calls[calls_before:]
    into_group = [c for c in calls if c.chat_id == GROUP]
    shown = [c.at for c in into_group if c.ok and c.method[:4] in _SHOWN]
    paid = await _paid(rt, tid, users)
    mismatches = await rt.db.ledger_mismatches()
    await stop_app(app)
    every = [w for values in watch.waits.values() for w in values]
    boards = -(-args.people // 3)
    print(f"tournament: {args.people} people, {boards} boards of 斗地主, {args.rounds} rounds")
    print(f"  x {args.hands} hands, think {args.think:.1f} s, duration limit {args.duration:.0f} s")
    state = found.state.value if found is not None else "?"
    print(
        f"  ran {elapsed:.0f} s: signed up at {signed_up:.0f} s, dealt at {dealt:.0f} s;"
        f" {state}, round {found.round if found else '?'}, {counted} hands counted"
        f" of {boards * args.rounds * args.hands}"
    )
    most = max_in_window([c.at for c in into_group])
    print(f"group calls per minute (max over any 60 s window, every method): {most}")
    print(f"  of them sent or edited messages: {max_in_window(shown)}")
    print(f"  group calls in all: {len(into_group)}")
    print(
        f"Telegram calls in any one second (all methods): {most_in_a_second(c.at for c in calls)}"
    )
    print(f"  calls in all: {len(calls)}, 429s: {api.too_many_total}")
    print(f"decision wait: n={len(every)} {_spread(every)}")
    print(f"time-outs the bot caused: {watch.bot_timeouts}")
    print(f"  time-outs of people told who did not act: {watch.people_timeouts}")
    _by_round(args, watch, progress, [c.at for c in into_group], started)
    print(f"{paid}; balances that differ from their ledger: {len(mismatches)}")


def _by_round(
    args: argparse.Namespace, watch: Watch, progress: Progress, group: list[float], t0: float
) -> None:
    """Each round's span, its busiest minute in the group and its decision wait; then the
    final table's (the last round's board 1)."""
    waits: dict[tuple[int, bool], list[float]] = {}
    for key, told in watch.told.items():
        board = progress.boards.get(key[0])
        if board is None or key not in watch.opened:
            continue
        final = board.round == args.rounds and board.board == 1
        waits.setdefault((board.round, final), []).append(told - watch.opened[key][0])
    for round_no, began in sorted(progress.began.items()):
        ended = progress.ended.get(round_no)
        span = "-" if ended is None else f"{ended - t0:.0f} s"
        inside = [at for at in group if began <= at <= (ended or float("inf"))]
        every = waits.get((round_no, False), []) + waits.get((round_no, True), [])
        print(
            f"round {round_no}: {began - t0:.0f} s to {span}, group calls in its busiest"
            f" 60 s: {max_in_window(inside)}; decision wait n={len(every)} {_spread(every)}"
        )
    final = waits.get((args.rounds, True), [])
    print(
        f"final table (round {args.rounds}, board 1): decision wait n={len(final)} {_spread(final)}"
    )


async def _paid(rt: Runtime, tid: int, users: list[dict[str, Any]]) -> str:
    """The prizes paid (ledger rows of the tournament above 0) and whether the tournament's
    rows (fees, prizes, refunds) sum to nothing."""
    moves: list[int] = []
    for user in users:
        rows = await rt.db.ledger(user["id"], limit=100)
        moves += [r.delta for r in rows if r.op_key.startswith(f"tour:{tid}")]
    prizes = sorted((m for m in moves if m > 0), reverse=True)
    fees = -sum(m for m in moves if m < 0)
    return (
        f"fees {fees} beans from {sum(m < 0 for m in moves)} people; prizes paid {prizes};"
        f" the tournament's ledger rows sum to {sum(moves)}"
    )


#: the methods Telegram's per-chat limits count (sent or edited messages)
_SHOWN = ("send", "edit", "copy", "forw")


async def main_async(args: argparse.Namespace) -> None:
    stub_pictures()
    tune_gc(50_000)
    tune_switching(0.0005)
    with tempfile.TemporaryDirectory() as tmp:
        await load(args, Path(tmp))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--duration", type=float, default=600.0, help="seconds at most")
    parser.add_argument("--think", type=float, default=3.0, help="mean think time, seconds")
    parser.add_argument("--fee", type=int, default=100)
    parser.add_argument("--signup-within", type=float, default=20.0)
    parser.add_argument("--group-interval", type=float, default=3.5)
    parser.add_argument("--ai-workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
