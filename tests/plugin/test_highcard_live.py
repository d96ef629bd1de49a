"""比大小 at the live table, which it gets from its ``GameModule`` alone: three people play the
hand at their pages through the same table flow as a button press, the group's message tells
the result, and a spectator's frames never hold a card still in someone's hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.live import live_settings, open_page, server_of, start_live

from ..tg.conftest import manager_of
from ..tg.scripts import current_table
from .conftest import FixedDeal
from .highcard.engine import HighCardGame
from .test_highcard_table import DEAL, NAMES, open_table


@pytest.mark.usefixtures("highcard")
async def test_a_game_written_in_the_tests_is_played_and_watched_at_the_page(
    tmp_path: Path,
) -> None:
    bot = await start_live(live_settings(tmp_path))
    manager_of(bot).rng = FixedDeal(DEAL)
    try:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await open_table(bot, group, users, "/newgame 比大小")
        table = current_table(bot, group)
        token = server_of(bot).tokens.token(table.id)
        async with (
            open_page(bot, users[0], token) as ann,
            open_page(bot, users[1], token) as bo,
            open_page(bot, users[2], token) as cy,
            open_page(bot, bot.user("Eve"), token) as spy,
        ):
            watched = await spy.state()
            assert watched["page"]["game"] == "highcard" and watched["page"]["layout"] == "fan"
            assert watched["seat"] is None and "decide" not in watched
            for page, card in ((ann, "K"), (bo, "A"), (cy, "Q")):
                frame = await page.state(lambda f: f["v"] == table.version and "decide" in f)
                assert frame["decide"]["kind"] == "play" and frame["decide"]["pass"] is False
                answer = await page.answer(page.send({"t": "play", "v": frame["v"], "cards": card}))
                assert answer["t"] == "ok", answer
                await bot.settle()
            game = current_table(bot, group).game
            assert isinstance(game, HighCardGame) and game.over and game.winner == 1
            seen = await spy.state(lambda f: f.get("settlement") is not None)
            assert seen["sum"]["played"] == ["Kd", "Ah", "Qd"]
            assert seen["settlement"]["deltas"] == [-105, 195, -105]  # 100 a point, fee 5
            assert "next" not in seen
            # Again in the group: the finished table's page learns the next table's token
            result = bot.api.last_message(group, with_buttons=True)
            assert result is not None
            await users[0].press(result, "再来一局")
            await bot.settle()
            following = current_table(bot, group)
            assert following.id != table.id
            # the finished table is let go: its pages are told so, with the next table's token
            told = await ann.until(lambda f: f["t"] == "gone")
            assert told["next"] == server_of(bot).tokens.token(following.id)
        # everyone played at the page: the group was told the result, not each card
        assert (result.caption or "").startswith("Bo 赢")
        # the cards nobody played (each seat's other two) never reached the spectator
        unplayed = {"3s", "9h", "4s", "Th", "5s", "Jh"}
        assert '"3s"' in ann.raw[0] and '"9h"' in ann.raw[0]  # Ann's own page shows hers
        for text in spy.raw:
            frame = json.loads(text)
            frame.pop("page", None)
            written = json.dumps(frame, ensure_ascii=False)
            assert not any(f'"{card}"' in written for card in unplayed), frame
    finally:
        await bot.stop()
