"""A restart in the middle of a hand: a new Application on the same database resumes it."""

from __future__ import annotations

from ddz_bot.config import Settings
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.scoring import settle
from ddz_bot.tg.table import FINISHED

from ..conftest import manager_of, start_bot
from ..harness import SimUser
from ..scripts import current_table, play_until_over, seat_three, take_turn, whose_turn


async def test_restart_mid_hand_resumes_and_settles_once(engine_settings: Settings) -> None:
    settings = engine_settings
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        for _ in range(8):  # bidding and a few plays
            user = whose_turn(first, group, users)
            assert user is not None
            await take_turn(first, group, user)
        table = current_table(first, group)
        game = table.game
        assert game is not None and not game.over
        snapshot = game.to_dict()
        hand_id = table.hand_id
    finally:
        await first.stop()

    api = first.api
    photos_before = [m for m in api.chat_messages(group) if m.photo_digest]
    second = await start_bot(settings, api)
    try:
        table = current_table(second, group)
        assert table.game is not None and table.game.to_dict() == snapshot
        assert table.hand_id == hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # re-armed
        people = [SimUser(second, api.users[u.id]) for u in users]
        table = await play_until_over(second, group, people)
        assert table.phase == FINISHED
        # the table picture was edited in place, not posted again
        photos_after = [m for m in api.chat_messages(group) if m.photo_digest]
        assert len(photos_after) == len(photos_before)
        db = manager_of(second).db
        beans = [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
        assert sum(beans) == 3 * 10_000 - 3 * 5
        game = table.game
        assert game is not None
        assert isinstance(game, Game)  # a 斗地主 table
        outcome = game.outcome()
        assert outcome is not None
        expected = settle(outcome, game.room, [10_000] * 3, [0] * 3)
        by_seat = {table.seats[s].user_id: expected.balances[s] for s in range(3)}
        assert beans == [by_seat[u.id] for u in users]  # exactly one settlement
        assert await db.get_hand(hand_id) is not None
        assert await db.load_open_tables() == []
    finally:
        await second.stop()


async def test_restart_right_after_newgame_keeps_one_lobby_message(
    engine_settings: Settings,
) -> None:
    settings = engine_settings
    first = await start_bot(settings)
    group = first.group()
    alice, bob = first.user("Alice"), first.user("Bob")
    try:
        await alice.send(group, "/newgame")
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        await SimUser(second, api.users[bob.id]).send(group, "/join")
        lobbies = [m for m in api.chat_messages(group) if m.from_bot and m.buttons()]
        assert len(lobbies) == 1
        assert "Alice" in (lobbies[0].text or "") and "Bob" in (lobbies[0].text or "")
    finally:
        await second.stop()


def _deltas(caption: str | None, names: list[str]) -> list[str]:
    """The "name：+x 豆" parts of a result caption (balances left out)."""
    lines = (caption or "").splitlines()
    return [line.split("（")[0] for line in lines if line.split("：")[0] in names]


async def test_a_settlement_found_after_a_restart_shows_what_was_applied(
    engine_settings: Settings,
) -> None:
    settings = engine_settings
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    names = [u.name for u in users]
    db = manager_of(first).db

    async def crash_before_closing(table_id: str) -> bool:
        """The process dies after the settlement, before the table is closed."""
        return False

    try:
        await seat_three(first, group, users)
        db.close_table = crash_before_closing  # type: ignore[method-assign]
        table = await play_until_over(first, group, users)
        game = table.game
        assert game is not None
        outcome = game.outcome()
        assert outcome is not None
        loser = next(s for i, s in enumerate(table.seats) if i not in outcome.winners)
        message = next(m for m in first.api.chat_messages(group) if m.photo_digest)
        caption = message.caption
        shown = _deltas(caption, names)
        assert len(shown) == 3
        # beans moved elsewhere meanwhile: a recomputation would cap this loss differently
        held = await db.get_player(loser.user_id)
        assert held is not None
        await db.adjust_beans(loser.user_id, 1 - held.beans, key="test:spent")
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        await second.settle()
        after = api.messages[(group, message.message_id)].caption
        assert _deltas(after, names) == shown
        assert after == caption  # the same result again, with the balances right after it
    finally:
        await second.stop()
