"""Killed at the wrong moment, the bot comes back with exactly one live panel per player,
showing the table as it is."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from telegram.error import TimedOut

from ddz_bot.tg.panels import STILL_LOOKING_SECONDS
from ddz_bot.tg.table import FINISHED, Table

from ..clocks import ManualClock
from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI, FakeMessage
from ..harness import Harness, SimUser
from ..scripts import current_table, play_until_over, seat_three, until_playing, whose_turn


def live_panels(api: FakeBotAPI, user_id: int) -> list[FakeMessage]:
    """The pictures with buttons the bot shows in a private chat (not deleted)."""
    return [m for m in api.chat_messages(user_id) if m.from_bot and m.photo_digest and m.buttons()]


def lose_answer_of_next_photo(api: FakeBotAPI, chat_id: int, *, killed: bool = True) -> list[bool]:
    """The next sendPhoto into ``chat_id`` arrives, but its answer never comes back: the bot
    is killed before it does (its sending stops there), or the call timed out."""
    lost: list[bool] = []
    answer = api.do_request

    async def do_request(url: str, method: str, request_data: Any = None, **kw: Any) -> Any:
        result = await answer(url, method, request_data, **kw)
        params = dict(request_data.parameters) if request_data else {}
        if not lost and url.endswith("/sendPhoto") and params.get("chat_id") == chat_id:
            lost.append(True)
            if killed:
                raise asyncio.CancelledError  # the process ends: nothing after this runs
            raise TimedOut("no answer")
        return result

    api.do_request = do_request  # type: ignore[method-assign,assignment]
    return lost


async def test_a_panel_sent_just_before_a_kill_is_tidied_after_the_restart(
    tmp_path: Path, manager_clock: ManualClock
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    api = first.api
    try:
        await seat_three(first, group, users)
        await until_playing(first, group, users)
        table = current_table(first, group)
        leader = whose_turn(first, group, users)
        assert leader is not None
        seat = table.seat_of(leader.id)
        assert seat is not None
        following = next(u for u in users if table.seat_of(u.id) == (seat + 1) % 3)
        lost = lose_answer_of_next_photo(api, following.id)
        manager_clock.advance(STILL_LOOKING_SECONDS + 1)  # away: their turn is a new message
        await leader.dm("3" if "3" in leader.labels() else leader.labels()[0].split("×")[0])
        assert lost, "the next player's new panel was sent"
        assert len(live_panels(api, following.id)) == 2  # the unseen one and the old one
    finally:
        await first.stop()
    api.do_request = type(api).do_request.__get__(api)  # type: ignore[method-assign]
    second = await start_bot(settings, api)
    try:
        await second.settle()
        for user in users:
            panels = live_panels(api, user.id)
            assert len(panels) == 1, (user.name, [p.caption for p in panels])
        caption = live_panels(api, following.id)[0].caption or ""
        assert "轮到你了" in caption
        people = [SimUser(second, api.users[u.id]) for u in users]
        assert (await play_until_over(second, group, people)).phase == FINISHED
    finally:
        await second.stop()


async def test_a_panel_that_timed_out_but_arrived_is_not_left_beside_the_next(
    bot: Harness, manager_clock: ManualClock
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    seat = table.seat_of(leader.id)
    assert seat is not None
    following = next(u for u in users if table.seat_of(u.id) == (seat + 1) % 3)
    lost = lose_answer_of_next_photo(bot.api, following.id, killed=False)
    manager_clock.advance(STILL_LOOKING_SECONDS + 1)  # away: their turn is a new message
    await leader.dm("3" if "3" in leader.labels() else leader.labels()[0].split("×")[0])
    assert lost
    panels = live_panels(bot.api, following.id)
    assert len(panels) == 1, [p.caption for p in panels]
    assert "轮到你了" in (panels[0].caption or "")


async def test_killed_right_after_the_last_play_every_panel_shows_the_end(
    tmp_path: Path,
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    api = first.api
    try:
        await seat_three(first, group, users)
        presenter = manager_of(first).presenter
        show_panel = presenter.show_panel

        def killed_before_the_last_panels(table: Table, seat: int, **kw: Any) -> None:
            if table.game is not None and table.game.over:
                return  # the bot is killed before it shows the hand's end on the panels
            show_panel(table, seat, **kw)

        presenter.show_panel = killed_before_the_last_panels  # type: ignore[method-assign]
        await play_until_over(first, group, users)
        assert any("出牌" in str(p.buttons()) for u in users for p in live_panels(api, u.id))
    finally:
        await first.stop()
    second = await start_bot(settings, api)
    try:
        await second.settle()
        for user in users:
            assert live_panels(api, user.id) == [], user.name
            panels = [m for m in api.chat_messages(user.id) if m.from_bot and m.photo_digest]
            caption = panels[-1].caption or ""
            assert "你赢了" in caption or "你输了" in caption, caption
    finally:
        await second.stop()
