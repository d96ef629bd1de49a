"""The live table's server: who may open it, what each page sees, and actions that go through
the same table flow as a button press."""

from __future__ import annotations

import json
import time
from typing import Any

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.i18n import t
from ddz_bot.kernel import AutoPlay
from ddz_bot.tg.table import FINISHED, Table
from ddz_bot.web.door import Refusal
from ddz_bot.web.hub import ANSWERS_PER_DECISION, RateLimit
from tests.tg.conftest import manager_of
from tests.tg.harness import Harness, SimUser
from tests.tg.scripts import current_table, seat_three, whose_turn

from .live import APP_NAME, closed, connect, launch_data, open_page, server_of


async def _seated(live: Harness) -> tuple[int, list[SimUser], Table, str]:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    return group, users, table, server_of(live).tokens.token(table.id)


async def test_forged_expired_or_missing_launch_data_is_refused_and_nothing_else(
    live: Harness,
) -> None:
    _, users, _, token = await _seated(live)
    alice = users[0]
    good = launch_data(alice.id, alice.name)
    forged = good.replace("Alice", "Alicf")
    expired = launch_data(alice.id, alice.name, auth_date=time.time() - 86_401)
    other_bot = launch_data(alice.id, alice.name, token="999:other")
    for init_data in (forged, expired, other_bot, ""):
        connection = await connect(live, init_data, token)
        assert await closed(connection) == Refusal.UNAUTHORIZED
        assert connection.close_reason == "unauthorized"
    unknown = await connect(live, good, token[:-2] + "xx")
    assert await closed(unknown) == Refusal.NO_TABLE
    connection = await connect(live, good, token)  # the same, signed: its table
    frame = json.loads(await connection.read_message() or "{}")
    assert frame["t"] == "state" and frame["seat"] == 0
    connection.close()


async def test_a_seat_sees_its_hand_a_spectator_only_the_public_view(live: Harness) -> None:
    _, users, table, token = await _seated(live)
    eve = live.user("Eve")
    async with open_page(live, users[0], token) as alice, open_page(live, eve, token) as spy:
        mine = await alice.state()
        public = await spy.state()
    assert mine["seat"] == 0 and public["seat"] is None
    hand = mine["view"]["hand"]
    assert len(hand) == 17
    assert mine["page"]["deck"] == {**dict.fromkeys("3456789TJQKA2", 4), "X": 1, "D": 1}
    assert mine["sum"]["played"] == ""  # the card tracker counts down from the deck
    assert "hand" not in public["view"]
    assert table.game is not None
    hidden = {str(card) for seat in range(3) for card in table.game.view_for(seat).hand}
    table_state = json.dumps({k: v for k, v in public.items() if k != "page"})  # page: the game's
    assert not any(f'"{card}"' in table_state for card in hidden)
    assert [s["name"] for s in public["table"]["seats"]] == ["Alice", "Bob", "Carol"]


async def test_a_decision_from_the_page_goes_through_the_table_flow(live: Harness) -> None:
    group, users, table, token = await _seated(live)
    user = whose_turn(live, group, users)
    assert user is not None
    async with open_page(live, user, token) as page:
        frame = await page.state(lambda f: f.get("decide") is not None)
        labels = [choice["label"] for choice in frame["decide"]["actions"]]
        assert labels == ["叫地主", "不叫"]
        call = frame["decide"]["actions"][0]["action"]
        version = frame["v"]
        answer = await page.answer(page.send({"t": "act", "v": version, "a": call}))
        assert answer["t"] == "ok"
        await live.settle()
        game = table.game
        assert isinstance(game, Game)
        assert game.public_view().seats[table.seat_of(user.id) or 0].bid == "call"
        # the same action again, from before the table moved (a page that reconnected and
        # repeats itself): refused as stale, no double move
        again = await page.answer(page.send({"t": "act", "v": version, "a": call}))
        assert again["t"] == "refused"
        assert again["text"] == t("zh-Hans", "stale_button")
        moved = await page.state(lambda f: f["v"] > version)
        assert moved["v"] == table.version


async def test_a_seat_on_auto_play_is_taken_back_from_the_page_once(live: Harness) -> None:
    """托管 (R-AFK): the page of a seat the AI plays for offers Take back; it goes through the
    panel's path, and a second press (a page that repeats itself) changes nothing."""
    group, users, table, token = await _seated(live)
    bidder = whose_turn(live, group, users)
    sleeper = next(u for u in users if u is not bidder)
    seat = table.seat_of(sleeper.id)
    assert seat is not None and table.game is not None
    async with open_page(live, sleeper, token) as page:
        await page.state()
        async with manager_of(live).registry.lock(table.id):
            await manager_of(live).hands.act(table, AutoPlay(seat, True))
        await live.settle()
        frame = await page.state(lambda f: f["sum"]["seats"][seat]["auto"])
        answer = await page.answer(page.send({"t": "take_back"}))
        assert answer["t"] == "ok" and not table.game.auto[seat]
        await page.state(lambda f: f["v"] > frame["v"] and not f["sum"]["seats"][seat]["auto"])
        version = table.version
        again = await page.answer(page.send({"t": "take_back"}))
        assert again["t"] == "refused" and again["text"] == t("zh-Hans", "stale_button")
        assert table.version == version and not table.game.auto[seat]


async def test_cards_played_at_the_page_are_read_as_typed_notation(live: Harness) -> None:
    group, users, table, token = await _seated(live)
    from tests.tg.scripts import until_playing

    await until_playing(live, group, users)
    leader = whose_turn(live, group, users)
    assert leader is not None and table.game is not None
    async with open_page(live, leader, token) as page:
        frame = await page.state(lambda f: (f.get("decide") or {}).get("kind") == "play")
        assert frame["decide"]["pass"] is False  # a lead: no pass
        hints = await page.answer(page.send({"t": "hint"}))
        assert hints["t"] == "hints" and hints["cards"]
        bad = await page.answer(page.send({"t": "play", "v": frame["v"], "cards": "ZZZ"}))
        assert bad["t"] == "refused"
        before = table.version
        ok = await page.answer(
            page.send({"t": "play", "v": frame["v"], "cards": hints["cards"][0]})
        )
        assert ok["t"] == "ok"
        await live.settle()
        assert table.version > before
        assert table.game.phase is Phase.PLAYING


async def test_the_group_message_opens_the_table_and_the_panel_has_the_page(
    live: Harness,
) -> None:
    group, users, _, token = await _seated(live)
    message = live.api.last_message(group, with_buttons=True)
    assert message is not None
    urls = [b.get("url") for b in message.buttons() if b.get("url")]
    assert f"https://t.me/{live.bot_username}/{APP_NAME}?startapp={token}" in urls
    panel = users[0].panel()
    assert panel is not None
    pages = [b["web_app"]["url"] for b in panel.buttons() if "web_app" in b]
    assert pages == [f"https://live.example.org/?t={token}"]


async def test_a_page_that_floods_or_sends_too_much_is_closed(live: Harness) -> None:
    _, users, _, token = await _seated(live)
    async with open_page(live, users[0], token) as page:
        await page.state()
        for _ in range(40):
            page.send({"t": "ping"})
        while await page.read() is not None:
            pass
        assert page.connection.close_code == 1008
    async with open_page(live, users[1], token) as page:
        await page.state()
        page.connection.write_message(json.dumps({"t": "ping", "pad": "x" * 5000}))
        while await page.read() is not None:
            pass
        assert page.connection.close_code is not None


def test_a_page_may_answer_every_decision_it_is_asked_for_however_fast() -> None:
    """Two people and AI seats that move at once ask a page to decide faster than a person
    taps: the burst spent, each decision still lets the page ask a hint, act and retry once."""
    limit = RateLimit(rate=0.0, burst=20.0, tokens=20.0)  # no refill: only what is granted
    assert all(limit.allow() for _ in range(20)) and not limit.allow()
    for _ in range(50):  # fifty decisions in a row, none with time to refill
        limit.grant(ANSWERS_PER_DECISION)
        assert [limit.allow() for _ in range(3)] == [True, True, True]
        assert not limit.allow()  # a fourth message for one decision is a flood
    for _ in range(10):
        limit.grant(ANSWERS_PER_DECISION)
    assert limit.tokens == 20.0  # granted decisions never hoard past the burst


async def test_a_person_at_the_page_gets_no_panel_edits_until_they_leave(live: Harness) -> None:
    group, users, table, token = await _seated(live)
    rt = manager_of(live)
    user = whose_turn(live, group, users)
    assert user is not None
    calls = len(live.api.calls)
    async with open_page(live, user, token) as page:
        frame = await page.state(lambda f: f.get("decide") is not None)
        await page.answer(
            page.send({"t": "act", "v": frame["v"], "a": frame["decide"]["actions"][1]["action"]})
        )
        await live.settle()
        to_user = [c for c in live.api.calls[calls:] if c.params.get("chat_id") == user.id]
        assert to_user == []
    await live.settle()
    assert rt.table_in(group) is table


async def _play_at_pages(live: Harness, table: Table, pages: dict[int, Any]) -> None:
    """Everyone plays the hand at their page: the first choice before the play (no show, no
    double), then the first hint, or pass."""
    for _ in range(300):
        game = table.game
        assert game is not None
        if game.over:
            return
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        page = pages[table.seats[seat].user_id]
        frame = await page.state(lambda f: f["v"] == table.version and f.get("decide"))
        decide = frame["decide"]
        if decide["kind"] == "play":
            hints = await page.answer(page.send({"t": "hint"}))
            message = (
                {"t": "play", "v": frame["v"], "cards": hints["cards"][0]}
                if hints["cards"]
                else {"t": "act", "v": frame["v"], "a": {"type": "pass", "seat": seat}}
            )
        else:
            actions = [choice["action"] for choice in decide["actions"]]
            chosen = actions[-1] if decide["kind"] in ("show", "double") else actions[0]
            message = {"t": "act", "v": frame["v"], "a": chosen}
        answer = await page.answer(page.send(message))
        assert answer["t"] == "ok", answer
        await live.settle()
    raise AssertionError("the hand did not end")


async def test_with_everyone_at_the_page_a_hand_costs_a_few_telegram_calls(
    live: Harness,
) -> None:
    group, users, table, token = await _seated(live)
    server_of(live).hub.rate = 1000.0  # the scripted people play faster than anyone taps
    before = len(live.api.calls)
    async with (
        open_page(live, users[0], token) as a,
        open_page(live, users[1], token) as b,
        open_page(live, users[2], token) as c,
    ):
        await _play_at_pages(live, table, {users[0].id: a, users[1].id: b, users[2].id: c})
    await live.settle()
    calls = live.api.calls[before:]
    people = {user.id for user in users}
    in_group = [call for call in calls if call.params.get("chat_id") == group]
    to_people = [call for call in calls if call.params.get("chat_id") in people]
    assert table.phase == FINISHED
    # the group saw the key moments (the landlord known, bombs, the result), the panels
    # only the result: far from the ~150 calls of a hand played in private chats
    assert 1 <= len(in_group) <= 6, [c.method for c in in_group]
    assert len(in_group) + len(to_people) <= 10, [c.method for c in calls]
