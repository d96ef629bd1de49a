"""What a move costs in Bot API calls: a panel changes only when its seat's cards, its
decision or whom it waits for change (the clock's seconds alone change nothing)."""

from __future__ import annotations

from ddz_bot.engine.game import Game

from .clocks import ManualClock
from .conftest import manager_of
from .harness import Harness
from .scripts import current_table, play_until_over, seat_three, until_playing, whose_turn
from .test_simultaneous import until_doubling


def calls_into(bot: Harness, chat_id: int, since: int) -> list[str]:
    return [c.method for c in bot.api.calls[since:] if c.chat_id == chat_id]


async def test_one_answer_in_the_doubling_leaves_the_other_panels_alone(
    bot: Harness, manager_clock: ManualClock
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_doubling(bot, group, users)
    manager_clock.advance(3)  # the others' clocks show fewer seconds now: no reason to edit
    mark = len(bot.api.calls)
    await users[0].press(users[0].panel(), "不加倍")
    for other in users[1:]:
        assert calls_into(bot, other.id, mark) == [], other.name
    assert calls_into(bot, users[0].id, mark) == ["editMessageCaption"]


async def test_a_pass_keeps_the_passers_hand_picture(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    await leader.dm("3" if "3" in leader.labels() else leader.labels()[0].split("×")[0])
    table = current_table(bot, group)
    game = table.game
    assert game is not None and game.to_beat is not None
    passer = whose_turn(bot, group, users)
    assert passer is not None
    mark = len(bot.api.calls)
    await passer.dm("不出")
    assert calls_into(bot, passer.id, mark) == ["editMessageCaption"]
    caption = passer.panel().caption  # type: ignore[union-attr]
    assert caption is not None and "出牌" not in passer.labels()


async def test_a_plain_hand_of_three_redraws_a_hand_only_when_its_cards_change(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    rt = manager_of(bot)
    mark, moves = len(bot.api.calls), rt.accepted_moves
    table = await play_until_over(bot, group, users)
    game = table.game
    assert isinstance(game, Game) and game.over
    moves = rt.accepted_moves - moves
    chats = [c for c in bot.api.calls[mark:] if c.chat_id is not None]
    assert sum(1 for c in chats if c.chat_id == group) <= moves  # at most one a move
    # a hand picture is edited when its cards change (a play, the bottom cards) and at the
    # end: never for a pass, a bid, a doubling or someone else's move
    plays = sum(1 for entry in game.log if entry["type"] == "play")
    pictures = sum(1 for c in chats if c.chat_id != group and c.method == "editMessageMedia")
    assert pictures <= plays + 1 + len(users), (pictures, plays)
