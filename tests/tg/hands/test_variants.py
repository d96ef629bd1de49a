"""Other games through the bot: points bidding (叫分), wildcards (癞子), four players; 明牌."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.tg.table import FINISHED

from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness
from ..scripts import current_table, ddz_game, fire_timer, play_until_over, seat_three


@pytest.mark.parametrize("command", ["/newgame points", "/newgame wildcard", "/kaiju laizi"])
async def test_variant_hands_play_to_the_end(bot: Harness, command: str) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users, command)
    table = current_table(bot, group)
    assert table.rules == ("points" if "points" in command else "wildcard")
    table = await play_until_over(bot, group, users)
    assert table.phase == FINISHED
    assert table.game is not None and table.game.outcome() is not None


async def test_four_players(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in ("Alice", "Bob", "Carol", "Dave")]
    await users[0].send(group, "/newgame four")
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    table = current_table(bot, group)
    assert len(table.seats) == 4 and table.game is not None
    assert len(table.game.hand(0)) == 25
    table = await play_until_over(bot, group, users)
    assert table.phase == FINISHED


async def test_show_cards_while_dealing_and_at_the_start(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path, deal_window=1.0))
    try:
        group = bot.group()
        alice, bob = bot.user("Alice"), bot.user("Bob")
        await alice.send(group, "/newgame")
        lobby = bot.api.last_message(group, with_buttons=True)
        await bob.press(lobby, "加入")
        await alice.press(lobby, "明牌开始")  # Alice chooses to show from the start (x5)
        shown = bot.api.messages[(group, lobby.message_id)].text or ""  # type: ignore[union-attr]
        assert "Alice（明牌开始）" in shown, shown
        await alice.press(lobby, "开始")  # AI fills the empty seat; the deal applies her choice
        table = current_table(bot, group)
        game = table.game
        assert isinstance(game, Game)  # a 斗地主 table
        assert game is not None and game.deal_step == 1
        assert current_table(bot, group).acting_phase() is Phase.DEALING
        assert len(game.hand(1)) == 9
        assert "明牌 (x4)" in bob.labels()
        await bob.press(bob.panel(), "明牌 (x4)")
        assert [kind for _, kind in ddz_game(table).shows] == ["start", "deal_first"]
        await fire_timer(bot, table)  # the second half of the deal
        assert ddz_game(table).deal_step == 2
        await fire_timer(bot, table)  # bidding begins: the first who showed bids first
        assert (
            current_table(bot, group).acting_phase() is Phase.BIDDING and ddz_game(table).turn == 0
        )
        assert ddz_game(table).multiplier() == 5  # R-SHOW-MAX: the largest show counts, once
        await manager_of(bot).drain()
    finally:
        await bot.stop()
