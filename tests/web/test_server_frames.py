"""The live table's frames written once a version for all pages, and hints worked out in the
AI's worker: each page still gets its own seat's view and nothing of another's."""

from __future__ import annotations

import json
import time
from pathlib import Path

from ddz_bot.tg import players
from ddz_bot.tg.app import runtime
from tests.tg.harness import Harness, SimUser
from tests.tg.scripts import current_table, seat_three, until_playing, whose_turn

from .live import live_settings, open_page, server_of, start_live


async def test_every_page_of_a_table_gets_its_own_seat_and_a_spectator_none(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    token = server_of(live).tokens.token(table.id)
    eve = live.user("Eve")
    game = table.game
    assert game is not None
    hands = {seat: [str(c) for c in game.view_for(seat).hand] for seat in range(3)}
    async with (
        open_page(live, users[0], token) as alice,
        open_page(live, users[1], token) as bob,
        open_page(live, users[2], token) as carol,
        open_page(live, eve, token) as spy,
    ):
        frames = [await page.state() for page in (alice, bob, carol, spy)]
        # one move: every page gets the new version, each as its seat sees it
        mover = whose_turn(live, group, users)
        assert mover is not None
        index = [user.id for user in users].index(mover.id)
        first = frames[index]
        assert first.get("decide") is not None
        choice = first["decide"]["actions"][0]["action"]
        (alice, bob, carol)[index].send({"t": "act", "v": first["v"], "a": choice})
        moved = [
            await page.state(lambda f: f["v"] > first["v"]) for page in (alice, bob, carol, spy)
        ]
        raw = [text for page in (alice, bob, carol, spy) for text in page.raw]
    for frames_now in (frames, moved):
        for seat, frame in enumerate(frames_now[:3]):
            assert frame["seat"] == seat
            assert frame["view"]["hand"] == hands[seat]
            assert frame["sum"]["hand"] == hands[seat]
        spectator = frames_now[3]
        assert spectator["seat"] is None and "hand" not in spectator["view"]
        assert spectator["sum"]["hand"] is None
        versions = {frame["v"] for frame in frames_now}
        assert len(versions) == 1  # all written from the same version
    # the page's description names the deck's ranks (a joker is "X"): the game's, not a hand
    spied = [
        json.dumps({k: v for k, v in json.loads(text).items() if k != "page"}) for text in spy.raw
    ]
    for seat in range(3):  # no card of anyone's hand in any frame the spectator got
        assert not any(f'"{card}"' in text for card in hands[seat] for text in spied)
    assert raw


async def test_hints_from_the_ai_worker_are_the_hints_of_the_table_now(tmp_path: Path) -> None:
    live = await start_live(live_settings(tmp_path, ai_workers=1))
    try:
        group = live.group()
        users: list[SimUser] = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
        await seat_three(live, group, users)
        await until_playing(live, group, users)
        table = current_table(live, group)
        token = server_of(live).tokens.token(table.id)
        leader = whose_turn(live, group, users)
        assert leader is not None and table.game is not None
        seat = table.seat_of(leader.id)
        assert seat is not None
        expected = [str(cards) for cards in players.hints(table.game, seat)]
        thinker = runtime(live.app).thinker
        assert thinker.processes()  # the hints are asked of the worker
        async with open_page(live, leader, token) as page:
            await page.state(lambda f: (f.get("decide") or {}).get("kind") == "play")
            hints = await page.answer(page.send({"t": "hint"}))
            again = await page.answer(page.send({"t": "hint"}))
        assert hints["t"] == "hints" and hints["cards"] == expected
        assert again["cards"] == expected
    finally:
        await live.stop()


async def test_a_frame_says_when_the_table_moved_or_when_a_later_page_opened(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    token = server_of(live).tokens.token(table.id)
    mover = whose_turn(live, group, users)
    assert mover is not None
    late = next(user for user in users if user.id != mover.id)
    async with open_page(live, mover, token) as page:
        first = await page.state(lambda f: f.get("decide") is not None)
        choice = first["decide"]["actions"][0]["action"]
        before = time.time()
        page.send({"t": "act", "v": first["v"], "a": choice})
        moved = await page.state(lambda f: f["v"] > first["v"])
        after = time.time()
        assert before <= moved["at"] <= after + 0.001  # when the table moved
        opening = time.time()
        async with open_page(live, late, token) as later:
            seen = await later.state()
        assert seen["v"] == moved["v"]
        assert seen["at"] >= round(opening, 3)  # the page opened after the move
