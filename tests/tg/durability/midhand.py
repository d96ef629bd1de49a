"""A hand stopped in the middle and resumed by another start: where the first bot stopped,
and the checks that the second one plays the hand on from there and settles it once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ddz_bot.config import Settings
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.scoring import settle
from ddz_bot.tg.table import FINISHED

from ..conftest import manager_of, start_bot
from ..fake_api import FakeBotAPI
from ..harness import SimUser
from ..scripts import current_table, play_until_over, seat_three, take_turn, whose_turn


@dataclass
class HandInPlay:
    """Where the first bot stopped: its Telegram, the group, the people, the hand."""

    api: FakeBotAPI
    group: int
    users: list[int]
    snapshot: dict[str, Any]
    hand_id: str


async def stop_in_the_middle(settings: Settings) -> HandInPlay:
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
        assert table.game is not None and not table.game.over and table.hand_id
        return HandInPlay(
            first.api, group, [u.id for u in users], table.game.to_dict(), table.hand_id
        )
    finally:
        await first.stop()


async def resumes_and_settles_once(settings: Settings, left: HandInPlay) -> None:
    photos_before = [m for m in left.api.chat_messages(left.group) if m.photo_digest]
    second = await start_bot(settings, left.api)
    try:
        table = current_table(second, left.group)
        assert table.game is not None and table.game.to_dict() == left.snapshot
        assert table.hand_id == left.hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # its clock runs again
        people = [SimUser(second, left.api.users[u]) for u in left.users]
        table = await play_until_over(second, left.group, people)
        assert table.phase == FINISHED
        # the table picture was edited in place, not posted again
        photos = [m for m in left.api.chat_messages(left.group) if m.photo_digest]
        assert len(photos) == len(photos_before)
        game = table.game
        assert isinstance(game, Game)
        outcome = game.outcome()
        assert outcome is not None
        expected = settle(outcome, game.room, [10_000] * 3, [0] * 3)
        by_seat = {table.seats[s].user_id: expected.balances[s] for s in range(3)}
        db = manager_of(second).db
        for user in left.users:  # exactly one settlement
            player = await db.get_player(user)
            assert player is not None and player.beans == by_seat[user]
        assert await db.ledger_mismatches() == {}
        assert await db.get_hand(left.hand_id) is not None
        assert await db.load_open_tables() == []
    finally:
        await second.stop()
