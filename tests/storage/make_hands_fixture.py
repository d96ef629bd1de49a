"""Writes ``fixtures/hands_ed7d3be.sql``: a database the bot at ed7d3be wrote by playing
hands of 斗地主, 保皇 and 跑得快 through the real Application (people by buttons, AI seats
too), one 跑得快 table left in play; and beside it the events each stored hand replays to
(``hands_ed7d3be_events.json``), which ``test_stored_events.py`` holds every later engine to.

Run it only to make the fixture again: ``KIT_WRITE_FIXTURE=1 python -m pytest
tests/storage/make_hands_fixture.py -p no:randomly``.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
from pathlib import Path

import pytest

from tests.storage.stored_events import FIXTURES, stored_events
from tests.tg.bh_scripts import play_bh_until_over, seat_five
from tests.tg.conftest import make_settings, manager_of, start_bot
from tests.tg.harness import SimUser
from tests.tg.pdk_scripts import pdk_take_turn, play_pdk_until_over, seat_three_pdk
from tests.tg.scripts import play_until_over, seat_three, whose_turn

NAME = "hands_ed7d3be"

pytestmark = pytest.mark.skipif(
    not os.environ.get("KIT_WRITE_FIXTURE"), reason="writes a fixture: only when asked"
)


async def test_write_the_fixture(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path))
    manager_of(bot).rng = random.Random(44)
    try:
        names = iter(f"P{n}" for n in range(100))
        chats = iter(range(-100100, -100200, -1))

        def fresh(count: int) -> list[SimUser]:
            return [bot.user(next(names)) for _ in range(count)]

        for command in ("/newgame", "/newgame 叫分", "/newgame 癞子"):
            group, users = bot.group(next(chats)), fresh(3)
            await seat_three(bot, group, users, command)
            await play_until_over(bot, group, users)
        for count in (5, 2):
            group, users = bot.group(next(chats)), fresh(count)
            await seat_five(bot, group, users)
            await play_bh_until_over(bot, group, users)
        for count in (3, 1):
            group, users = bot.group(next(chats)), fresh(count)
            await seat_three_pdk(bot, group, users)
            await play_pdk_until_over(bot, group, users)
        group, users = bot.group(next(chats)), fresh(3)
        await seat_three_pdk(bot, group, users)
        for _ in range(5):  # left in play
            user = whose_turn(bot, group, users)
            assert user is not None
            await pdk_take_turn(bot, user)
    finally:
        await bot.stop()
    db = sqlite3.connect(tmp_path / "ddz.sqlite3")
    dump = "\n".join(db.iterdump()) + "\n"
    db.close()
    (FIXTURES / f"{NAME}.sql").write_text(dump, encoding="utf-8")
    events = stored_events(dump)
    assert len(events) >= 8
    (FIXTURES / f"{NAME}_events.json").write_text(
        json.dumps(events, ensure_ascii=False, indent=0, sort_keys=False) + "\n", encoding="utf-8"
    )
