"""One bot token's budget across workers: Telegram allows about 30 calls a second for the
whole bot, however many processes make them. Two workers, each with its share (half, once
both are up), are driven past that by many groups starting at once: no second holds more
than 30 calls of both together, Telegram refuses none, and every table is dealt.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..tg.fake_api import FakeBotAPI, FloodLimits, most_in_a_second
from ..tg.local_telegram import local_telegram
from .workers import Person, Worker, decide, holders, start_ready, until

TABLES = 48


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
