"""Two workers playing at once on one PostgreSQL: each group's table held by one of them, a
new group going to the least loaded, every update reaching its group's worker (one worker
polls Telegram and hands the other's updates over), and the survivor taking the other's
group when it is killed, the hand playing on there.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

from ..tg.local_telegram import LocalTelegram
from .workers import (
    GROUP,
    Person,
    Worker,
    decide,
    holders,
    holding,
    settled,
    start_ready,
    until,
)

BOB, BOBS_GROUP = 5002, -100600


async def _start(person: Person) -> None:
    person.send(person.group, "/newgame")
    lobby = await until(person.lobby)
    await person.press_answered(lobby, "开始")


async def test_two_groups_are_played_by_two_workers_at_once(
    url: str, telegram: LocalTelegram, workers: list[Worker], tmp_path: Path
) -> None:
    first = await start_ready(workers, url, telegram.url, tmp_path)
    second = await start_ready(workers, url, telegram.url, tmp_path)
    alice = Person(telegram)
    bob = Person(telegram, user_id=BOB, name="Bob", group=BOBS_GROUP)
    await _start(alice)
    await _start(bob)
    held = await holders(url)
    assert held[GROUP] != held[BOBS_GROUP], held  # the second group went to the idle worker
    pressed_a: set[tuple[str, ...]] = set()
    pressed_b: set[tuple[str, ...]] = set()
    for _ in range(2):  # both play; one worker polls, so one of them is always handed on
        assert await decide(alice, pressed_a)
        assert await decide(bob, pressed_b)
    bobs = holding([first, second], held[BOBS_GROUP])
    survivor = second if bobs is first else first
    killed = time.monotonic()
    bobs.stop(signal.SIGKILL)
    taken = await survivor.says("took over", timeout=15)
    assert taken - killed < 10.0
    assert (await holders(url))[BOBS_GROUP] == (await holders(url))[GROUP]
    before = (await settled(url))[1]
    assert await decide(bob, pressed_b)  # Bob's hand plays on at the survivor
    assert await decide(alice, pressed_a)
    assert (await settled(url))[1] > before
