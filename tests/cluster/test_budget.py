"""One bot token's budget across workers: Telegram allows about 30 calls a second for the
whole bot, however many processes make them. Two workers, each with its share, are driven past
that by many groups starting at once: no second holds more than 30 calls of both together,
Telegram refuses none, and every table is dealt. A worker whose tables want more than the
other's borrows what the quiet one leaves (the shares follow what each wants, ``shares.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

from ..tg.fake_api import FakeBotAPI, FloodLimits, most_in_a_second
from ..tg.local_telegram import local_telegram
from .workers import Person, Worker, decide, holders, start_ready, until

TABLES = 48
#: seconds the tables play after the second worker joined, and from when its share is lent
PLAYED, LENT_FROM = 20, 8


async def test_two_workers_keep_to_the_tokens_30_calls_a_second(
    url: str, workers: list[Worker], tmp_path: Path
) -> None:
    api = FakeBotAPI(limits=FloodLimits(overall_per_second=30))
    with local_telegram(api) as telegram:
        for _ in range(2):
            await start_ready(workers, url, telegram.url, tmp_path)
        people = [
            Person(telegram, user_id=6000 + i, name=f"P{i}", group=-200_000 - i)
            for i in range(TABLES)
        ]

        async def start(person: Person) -> None:
            person.send(person.group, "/newgame")
            # people who look every quarter second: the test's own load stays light, so the
            # fake Telegram notes each call as it comes
            lobby = await until(person.lobby, timeout=60, interval=0.25)
            await person.press_answered(lobby, "开始", interval=0.25)
            assert await decide(person, set(), timeout=90, interval=0.25)  # dealt

        await asyncio.gather(*(start(person) for person in people))
        with telegram.lock:
            moments = [call.at for call in api.calls if call.method != "getUpdates"]
            refused = api.too_many_total
    held = set((await holders(url)).values())
    assert len(held) == 2, held  # both workers played
    assert len(moments) > 30 * 5  # far more than one second's worth
    assert most_in_a_second(moments) <= 30
    assert refused == 0


async def test_a_busy_worker_borrows_the_budget_a_quiet_one_leaves(
    url: str, workers: list[Worker], tmp_path: Path
) -> None:
    api = FakeBotAPI(limits=FloodLimits(overall_per_second=30))
    with local_telegram(api) as telegram:
        await start_ready(workers, url, telegram.url, tmp_path)
        people = [
            Person(telegram, user_id=7000 + i, name=f"P{i}", group=-300_000 - i)
            for i in range(TABLES)
        ]
        pressed: dict[int, set[tuple[str, ...]]] = {p.user_id: set() for p in people}

        async def start(person: Person) -> None:
            person.send(person.group, "/newgame")
            lobby = await until(person.lobby, timeout=60, interval=0.25)
            await person.press_answered(lobby, "开始", interval=0.25)

        await asyncio.gather(*(start(person) for person in people))
        # every table is the first worker's when the second comes: a rolling restart's shape
        await start_ready(workers, url, telegram.url, tmp_path)
        joined = time.monotonic()
        with telegram.lock:
            since = len(api.calls)

        async def play(person: Person) -> None:
            """Decisions, and the next hand when one is over, until the time is up."""
            while time.monotonic() < joined + PLAYED:
                # a panel may move on under a press (a hint's "nothing beats it", then passed)
                with contextlib.suppress(AssertionError):
                    if await decide(person, pressed[person.user_id], timeout=1, interval=0.25):
                        continue
                    for label in ("再来一局", "开始"):
                        offer = person.lobby()
                        if offer is not None and any(label in b["text"] for b in offer.buttons()):
                            await person.press_answered(offer, label, interval=0.25)

        await asyncio.gather(*(play(person) for person in people))
        with telegram.lock:
            later = api.calls[since:]
            lent = [
                c.at
                for c in later
                if c.method != "getUpdates" and LENT_FROM <= c.at - joined < PLAYED
            ]
    assert len(set((await holders(url)).values())) == 1  # the second worker holds nothing
    # once both have read what each wants, the busy worker makes more calls than an even
    # share of the headroom (0.45 of 30 a second) would let it
    rate = len(lent) / (PLAYED - LENT_FROM)
    print(f"the busy worker's calls a second, once lent the quiet one's share: {rate:.1f}")
    assert rate > 30 * 0.45 + 1
