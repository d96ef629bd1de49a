"""Scripted players: they read their panel and press the buttons a careful beginner would."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.tg.table import Table

from .conftest import manager_of
from .harness import Harness, SimUser


def current_table(bot: Harness, group: int) -> Table:
    table = manager_of(bot).table_in(group)
    assert table is not None
    return table


def ddz_game(table: Table) -> Game:
    """The 斗地主 hand of ``table`` as it is now (each saved change is a new hand object:
    read it again after an action)."""
    game = table.game
    assert isinstance(game, Game)
    return game


def waiting_seats(table: Table) -> list[int]:
    """The seats the hand waits for now (the engine says), in order."""
    waiting = None if table.game is None else table.game.waiting_for()
    return [] if waiting is None else sorted(waiting.seats)


def whose_turn(bot: Harness, group: int, users: list[SimUser]) -> SimUser | None:
    """The person the table waits for (None if an AI or nobody)."""
    table = current_table(bot, group)
    by_id = {u.id: u for u in users}
    for seat in waiting_seats(table):
        user = by_id.get(table.seats[seat].user_id)
        if user is not None and not table.seats[seat].is_ai:
            return user
    return None


async def take_turn(bot: Harness, group: int, user: SimUser, *, call: bool = True) -> None:
    """One decision through the panel's buttons."""
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    panel = user.panel()
    labels = user.labels()
    if game.phase is Phase.BIDDING:
        for wanted in (("叫地主", "3 分") if call else ()) + ("不抢", "不叫"):
            if wanted in labels:
                await user.press(panel, wanted)
                return
    if game.phase is Phase.LANDLORD_SHOW:
        await user.press(panel, "不明牌")
        return
    if game.phase is Phase.DOUBLING:
        await user.press(panel, "不加倍")
        return
    assert game.phase is Phase.PLAYING, game.phase
    if "取消" in labels and "提示" not in labels:  # which reading of the wildcards?
        await user.press(panel, labels[0])
        return
    answer = await user.press(panel, "提示")
    if "没有能压过" in str(answer.get("text", "")):
        await user.press(user.panel(), "不出")
        return
    await user.press(user.panel(), "出牌")


async def play_until_over(
    bot: Harness, group: int, users: list[SimUser], max_steps: int = 400
) -> Table:
    """Everyone plays by the buttons until the hand is over."""
    for _ in range(max_steps):
        table = current_table(bot, group)
        if table.game is None or table.game.over:
            return table
        user = whose_turn(bot, group, users)
        assert user is not None, "the table waits for nobody"
        await take_turn(bot, group, user)
    raise AssertionError("the hand did not end")


async def seat_three(
    bot: Harness, group: int, users: list[SimUser], command: str = "/newgame"
) -> None:
    """The first user opens a table; the others press Join."""
    await users[0].send(group, command)
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")


async def fire_timer(bot: Harness, table: Table) -> bool:
    """The table's timer runs out now; returns whether one was pending."""
    fired = await manager_of(bot).fire_timer(table)
    await bot.settle()
    return fired


async def until_playing(bot: Harness, group: int, users: list[SimUser]) -> None:
    """Take every decision before the play (bidding, showing, doubling) as scripted."""
    for _ in range(20):
        game = current_table(bot, group).game
        assert game is not None
        if game.phase is Phase.PLAYING:
            return
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    raise AssertionError("the decisions before the play did not end")


async def first_lead(
    bot: Harness, group: int, users: list[SimUser], command: str = "/newgame"
) -> tuple[Table, SimUser, int]:
    """Seat three with ``command`` and take the decisions up to the first lead: the table,
    the leader and the leader's seat."""
    await seat_three(bot, group, users, command)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    seat = table.seat_of(leader.id)
    assert seat is not None
    return table, leader, seat
