"""跑得快 at a table through the real Application over the fake Bot API (RULES.md section 6):
/newgame 跑得快 opens it; three people play a hand to the end by buttons and by typing; one
person and two AI; a shut loser and a standing bomb settle as the result says; a time-out
plays the lowest beating play; a restart mid-hand resumes; /replay tells the hand."""

from __future__ import annotations

from ddz_bot.games.paodekuai.engine import PdkRules
from ddz_bot.tg.table import FINISHED

from .harness import Harness
from .pdk_scripts import NAMES, pdk_game, play_pdk_until_over, seat_three_pdk
from .scripts import current_table


async def test_newgame_paodekuai_opens_a_table_and_three_people_play_it_out(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_three_pdk(bot, group, users)
    table = current_table(bot, group)
    game = pdk_game(table)
    assert game.rules == PdkRules()
    table = await play_pdk_until_over(bot, group, users)
    assert table.phase == FINISHED
