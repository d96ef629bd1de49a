"""What a move costs in Bot API calls: a panel changes only when its seat's cards, its
decision or the phase change (the clock's seconds and the others' moves alone change
nothing), and whose turn comes is edited in place when they are looking at the chat."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine.catalogue import legal_moves
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.tg.panels import STILL_LOOKING_SECONDS
from ddz_bot.tg.words import cards_text

from ..clocks import ManualClock
from ..conftest import manager_of
from ..hands.test_simultaneous import until_doubling
from ..harness import Harness, SimUser
from ..scripts import (
    current_table,
    ddz_game,
    play_until_over,
    seat_three,
    until_playing,
    whose_turn,
)


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
    # a hand picture is edited when its cards change (a play, the bottom cards), when its
    # turn in the play comes to whoever is looking at the chat (the play to beat: drawn
    # anew in place instead of a new message) and at the end: never for a pass, a bid, a
    # doubling or someone else's move
    plays = sum(1 for entry in game.log if entry["type"] == "play")
    turns = sum(1 for entry in game.log if entry["type"] in ("play", "pass"))
    pictures = sum(1 for c in chats if c.chat_id != group and c.method == "editMessageMedia")
    assert pictures <= plays + turns + 1 + len(users), (pictures, plays, turns)


async def type_a_move(bot: Harness, group: int, user: SimUser) -> None:
    """The user's play typed as the bench's players type it: the lowest legal play, or 不出."""
    table = current_table(bot, group)
    game = table.game
    seat = table.seat_of(user.id)
    assert isinstance(game, Game) and seat is not None
    moves = legal_moves(game.hand(seat), game.to_beat, game.rules)
    if not moves:
        await user.dm("不出")
        return
    choice = min(moves, key=lambda combo: (combo.rank, -combo.size))
    await user.dm(cards_text(choice.cards, "zh-Hans"))


async def a_round_played(bot: Harness, group: int, users: list[SimUser]) -> None:
    """Up to the play, then one move of each seat: everyone has just decided."""
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    for _ in users:
        mover = whose_turn(bot, group, users)
        assert mover is not None
        await type_a_move(bot, group, mover)


async def test_a_move_leaves_the_panel_of_who_waits_on_alone(bot: Harness) -> None:
    """The seat neither moving nor acting next keeps its panel: it says whom it plays after
    and that it changes on its turn, true until then."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    for _ in range(6):
        mover = whose_turn(bot, group, users)
        assert mover is not None
        seat = table.seat_of(mover.id)
        assert seat is not None
        bystander = next(u for u in users if table.seat_of(u.id) == (seat + 2) % 3)
        caption = bystander.panel().caption  # type: ignore[union-attr]
        mark = len(bot.api.calls)
        await type_a_move(bot, group, mover)
        assert calls_into(bot, bystander.id, mark) == [], bystander.name
        assert bystander.panel().caption == caption  # type: ignore[union-attr]
        after = table.names()[(seat + 1) % 3]
        assert caption is not None and f"你在 {after} 之后出牌" in caption


async def test_whose_turn_comes_moments_after_their_decision_sees_their_panel_edited(
    bot: Harness, manager_clock: ManualClock
) -> None:
    """Someone who decided moments ago is looking at the chat: the turn edits their panel
    (one call) instead of a new message and a deletion (two)."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await a_round_played(bot, group, users)
    mover = whose_turn(bot, group, users)
    assert mover is not None
    manager_clock.advance(STILL_LOOKING_SECONDS / 2)
    await type_a_move(bot, group, mover)
    following = whose_turn(bot, group, users)
    assert following is not None and following is not mover
    panel = following.panel()
    mark = len(bot.api.calls)
    manager_clock.advance(STILL_LOOKING_SECONDS / 2 - 1)
    await type_a_move(bot, group, following)
    now = whose_turn(bot, group, users)
    assert now is not None and now is not following
    assert calls_into(bot, now.id, mark) == ["editMessageMedia"]
    assert "轮到你了" in (now.panel().caption or "")  # type: ignore[union-attr]
    assert following.panel() is not None and panel is not None
    assert calls_into(bot, following.id, mark) in (["editMessageMedia"], ["editMessageCaption"])


async def test_whose_turn_comes_long_after_their_decision_is_notified(
    bot: Harness, manager_clock: ManualClock
) -> None:
    """Someone whose previous decision is older than ``STILL_LOOKING_SECONDS`` may be away:
    their turn comes as a new message (notified) and the old panel is deleted."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await a_round_played(bot, group, users)
    for _ in range(2):
        manager_clock.advance(STILL_LOOKING_SECONDS / 2 + 1)
        mover = whose_turn(bot, group, users)
        assert mover is not None
        mark = len(bot.api.calls)
        await type_a_move(bot, group, mover)
    now = whose_turn(bot, group, users)
    assert now is not None
    assert calls_into(bot, now.id, mark) == ["sendPhoto", "deleteMessage"]


async def test_a_brisk_round_costs_two_private_calls_a_move(bot: Harness) -> None:
    """With everyone looking, a move in the play costs the mover's edit and the edit of
    whose turn it becomes: two private calls (the group's picture aside)."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await a_round_played(bot, group, users)
    rt = manager_of(bot)
    mark, moves = len(bot.api.calls), rt.accepted_moves
    for _ in range(6):
        mover = whose_turn(bot, group, users)
        if mover is None:
            break
        await type_a_move(bot, group, mover)
    moves = rt.accepted_moves - moves
    private = [c for c in bot.api.calls[mark:] if c.chat_id is not None and c.chat_id > 0]
    assert moves > 0 and len(private) <= 2 * moves, [c.method for c in private]


async def test_who_is_done_doubling_already_has_the_panel_the_play_starts_with(
    bot: Harness,
) -> None:
    """From the doubling on, the order of the play is known: a farmer that has answered sees
    whom it plays after and its rank buttons, and the start of the play leaves that alone;
    the landlord, who leads, is told only that its panel changes on its turn."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_doubling(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game) and game.landlord is not None
    landlord = next(u for u in users if table.seat_of(u.id) == game.landlord)
    first, last = [u for u in users if u is not landlord]
    await first.press(first.panel(), "不加倍")
    seat = table.seat_of(first.id)
    assert seat is not None
    caption = first.panel().caption or ""  # type: ignore[union-attr]
    assert f"你在 {table.names()[(seat - 1) % 3]} 之后出牌" in caption
    assert any(b["callback_data"].startswith("r|") for b in first.panel().buttons())  # type: ignore[union-attr]
    if "不加倍" in landlord.labels():
        await landlord.press(landlord.panel(), "不加倍")
        caption = landlord.panel().caption or ""  # type: ignore[union-attr]
        assert "之后出牌" not in caption and "轮到你时面板会更新" in caption
    mark = len(bot.api.calls)
    await last.press(last.panel(), "不加倍")
    assert ddz_game(table).phase is Phase.PLAYING
    assert calls_into(bot, first.id, mark) == [], "the play's start changes nothing there"
