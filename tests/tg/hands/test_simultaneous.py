"""Decisions several seats answer at once (加倍, 明牌 while dealing, 明牌开始 in the lobby): the
first answer leaves every other seat's button good while that seat's decision is open."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.games.doudizhu.engine.views import Phase

from ..conftest import make_settings, start_bot
from ..harness import Harness, SimUser
from ..scripts import current_table, ddz_game, fire_timer, seat_three, take_turn, whose_turn


def button_data(user: SimUser, label: str) -> str:
    """The data of the panel's button ``label`` as it is now (what a slow hand presses)."""
    panel = user.panel()
    assert panel is not None
    matches = [b["callback_data"] for b in panel.buttons() if b["text"].startswith(label)]
    assert matches, f"no {label!r} on {user.labels()}"
    return str(matches[0])


async def until_doubling(bot: Harness, group: int, users: list[SimUser]) -> None:
    for _ in range(10):
        if ddz_game(current_table(bot, group)).phase is Phase.DOUBLING:
            return
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    raise AssertionError("no doubling")


async def test_every_seat_answers_the_doubling_with_the_button_it_was_shown(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_doubling(bot, group, users)
    shown = {u.id: (u.panel(), button_data(u, "不加倍")) for u in users}
    for user in users:
        panel, data = shown[user.id]
        assert panel is not None
        answer = await user.press_data(panel, data)
        assert "过期" not in str(answer.get("text", "")), (user.name, answer)
    game = current_table(bot, group).game
    assert isinstance(game, Game) and game.phase is Phase.PLAYING
    # once answered, a seat's own button is done; so is every button of the doubling now
    panel, data = shown[users[0].id]
    assert panel is not None
    answer = await users[0].press_data(panel, data)
    assert "过期" in str(answer.get("text", ""))


async def test_a_seat_that_answered_cannot_answer_again_with_its_old_button(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_doubling(bot, group, users)
    panel = users[0].panel()
    assert panel is not None
    data = button_data(users[0], "不加倍")
    await users[0].press_data(panel, data)
    await users[1].press(users[1].panel(), "不加倍")
    answer = await users[0].press_data(panel, data)
    assert "过期" in str(answer.get("text", ""))
    game = current_table(bot, group).game
    assert isinstance(game, Game) and game.phase is Phase.DOUBLING


async def test_everyone_shows_cards_while_dealing_with_the_button_they_were_shown(
    tmp_path: Path,
) -> None:
    bot = await start_bot(make_settings(tmp_path, deal_window=2.5))
    try:
        group = bot.group()
        users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
        await seat_three(bot, group, users)
        game = current_table(bot, group).game
        assert isinstance(game, Game) and game.phase is Phase.DEALING
        shown = {u.id: (u.panel(), button_data(u, "明牌")) for u in users}
        for user in users:
            panel, data = shown[user.id]
            assert panel is not None
            answer = await user.press_data(panel, data)
            assert "过期" not in str(answer.get("text", "")), (user.name, answer)
        game = ddz_game(current_table(bot, group))
        assert sorted(seat for seat, _ in game.shows) == [0, 1, 2]
    finally:
        await bot.stop()


async def test_everyone_chooses_to_start_face_up_on_the_lobby_they_were_shown(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await users[0].send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None
    await users[1].press(lobby, "加入")
    data = next(b["callback_data"] for b in lobby.buttons() if "明牌开始" in b["text"])
    for user in users[:2]:
        answer = await user.press_data(lobby, data)
        assert "过期" not in str(answer.get("text", "")), (user.name, answer)
    table = current_table(bot, group)
    assert [seat.show_start for seat in table.seats] == [True, True]


async def test_a_show_button_of_the_first_deal_window_is_stale_in_the_second(
    tmp_path: Path,
) -> None:
    bot = await start_bot(make_settings(tmp_path, deal_window=2.5))
    try:
        group = bot.group()
        users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
        await seat_three(bot, group, users)
        table = current_table(bot, group)
        panel, data = users[0].panel(), button_data(users[0], "明牌")
        assert panel is not None
        assert await fire_timer(bot, table)  # the window closes: the offer is x3 now
        answer = await users[0].press_data(panel, data)
        assert "过期" in str(answer.get("text", ""))
    finally:
        await bot.stop()
