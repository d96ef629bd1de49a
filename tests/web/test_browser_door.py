"""The page through the live table's front door, in the system's Chromium on a phone: its
socket's URL carries no launch data (the socket's first message does); it plays, and when its
connection drops it opens a new socket, says hello again and plays on. A person over their
ceiling of open pages is told so in their own language, and let in once one of them closes."""

from __future__ import annotations

from urllib.parse import urlsplit

import tornado.websocket

from ddz_bot.games.doudizhu.engine.game import Game
from tests.polling import wait_until
from tests.tg.harness import Harness
from tests.tg.scripts import current_table, seat_three, whose_turn

from .browser import Person, chromium, moved, needs_chromium, open_person
from .live import server_of
from .test_browser_doudizhu import decide_before_play

pytestmark = needs_chromium


def drop(live: Harness, table_id: int, user_id: int) -> int:
    """The person's pages lose their connection (torn down under them, no close frame: a
    phone that lost its network); how many there were."""
    dropped = 0
    for viewer in server_of(live).hub.pages(table_id):
        socket = viewer.connection
        if viewer.user_id == user_id and isinstance(socket, tornado.websocket.WebSocketHandler):
            assert socket.ws_connection is not None
            stream = getattr(socket.ws_connection, "stream", None)
            assert stream is not None
            stream.close()
            dropped += 1
    return dropped


def state_on(person: Person, socket: int) -> bool:
    """Whether the page's ``socket`` (0 the first) brought a state frame."""
    return any(
        frame["t"] == "state" and number == socket
        for frame, number in zip(person.frames, person.frame_sockets, strict=True)
    )


async def test_the_page_says_hello_plays_and_reconnects_after_a_drop(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    token = server_of(live).tokens.token(table.id)
    async with chromium() as browser:
        port = server_of(live).port
        people = {u.id: await open_person(browser, port, u, token) for u in users}
        for person in people.values():
            await person.page.wait_for_function("() => window.ddzLive.version >= 0")
        for turn in range(2):  # the first decision as usual, the second after a drop
            user = whose_turn(live, group, users)
            assert user is not None and isinstance(table.game, Game)
            person, version = people[user.id], table.version
            await person.page.wait_for_function("v => window.ddzLive.version === v", arg=version)
            if turn == 1:
                assert drop(live, table.id, user.id) == 1
                await wait_until(lambda p=person: state_on(p, 1), "the page back")  # type: ignore[misc]
                await person.page.wait_for_function(
                    "v => window.ddzLive.version === v && !!window.ddzLive.socket", arg=version
                )
                assert await person.page.locator("#toast").is_hidden()  # no stale "reconnecting"
            await decide_before_play(person, table.game, caller=turn == 0)
            await moved(person.page, version)
            await live.settle()
            assert table.version > version
        assert sorted(person.sockets for person in people.values()) == [1, 1, 2]
        for person in people.values():
            for url in person.socket_urls:  # nothing but the socket's path
                parts = urlsplit(url)
                assert (parts.path, parts.query, parts.fragment) == ("/ws", "", ""), url
            # each socket's first message is the hello: who (signed) and which table
            for number in range(person.sockets):
                first = next(message for n, message in person.sent if n == number)
                assert first["t"] == "hello" and first["table"] == token
                assert f"%22id%22%3A{person.user.id}%2C" in first["init"]


async def test_a_person_over_their_pages_ceiling_is_told_in_their_language(
    live: Harness,
) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    server = server_of(live)
    token = server.tokens.token(table.id)
    server.door.caps.per_user = 1
    alice = users[0]
    async with chromium() as browser:
        first = await open_person(browser, server.port, alice, token)
        await first.page.wait_for_function("() => window.ddzLive.version >= 0")
        english = await open_person(browser, server.port, alice, token, language_code="en")
        hant = await open_person(browser, server.port, alice, token, language_code="zh-hant")
        told = [
            (english, "You have too many table pages open: close one and this one connects by"),
            (hant, "你打開的牌桌頁面太多了：關掉一個，這裡會自動連上。"),
        ]
        for person, words in told:
            await person.page.wait_for_function(
                "w => document.getElementById('status').textContent.startsWith(w)", arg=words
            )
            assert person.frames == [] and await person.page.locator("#hand .card").count() == 0
        await first.page.close()  # one page closed: one of the others gets in by itself
        await wait_until(
            lambda: state_on(english, english.sockets - 1) or state_on(hant, hant.sockets - 1),
            "a waiting page let in",
        )
