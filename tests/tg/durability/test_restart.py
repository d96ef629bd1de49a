"""A restart in the middle of a hand: a new Application on the same database resumes it."""

from __future__ import annotations

from ddz_bot.config import Settings

from ..conftest import manager_of, start_bot
from ..harness import SimUser
from ..scripts import play_until_over, seat_three
from .midhand import resumes_and_settles_once, stop_in_the_middle


async def test_restart_mid_hand_resumes_and_settles_once(engine_settings: Settings) -> None:
    left = await stop_in_the_middle(engine_settings)
    await resumes_and_settles_once(engine_settings, left)


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
