"""The live table's front door: launch data only in the socket's first message, a hello in
time, a ceiling of open sockets per person and per client address (forwarded addresses
believed only from a trusted proxy), and only the page's own origin."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from ipaddress import ip_network
from pathlib import Path
from urllib.parse import quote

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from ddz_bot.web.door import Refusal, TrustedProxies
from tests.polling import wait_until
from tests.tg.harness import Harness, SimUser
from tests.tg.scripts import current_table, seat_three

from .live import (
    closed,
    connect,
    hello,
    launch_data,
    live_settings,
    server_of,
    socket_url,
    start_live,
)
from .test_page_words import page_words


async def _seated(live: Harness) -> tuple[list[SimUser], str]:
    """Three people seated at a table, and its token."""
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    return users, server_of(live).tokens.token(current_table(live, group).id)


async def _state(connection: WebSocketClientConnection) -> dict[str, object]:
    """The first frame after a hello: the table, for a socket let in."""
    text = await connection.read_message()
    assert text is not None, (connection.close_code, connection.close_reason)
    frame: dict[str, object] = json.loads(text)
    assert frame["t"] == "state"
    return frame


async def test_a_socket_with_launch_data_in_its_url_is_refused(live: Harness) -> None:
    (alice, *_), token = await _seated(live)
    signed = quote(launch_data(alice.id, alice.name))
    for query in (f"t={token}&initData={signed}", f"tgWebAppData={signed}", f"x={signed}"):
        connection = await websocket_connect(socket_url(live, query))
        # even a right hello after it is not heard: the socket is closed, saying why
        await connection.write_message(hello(launch_data(alice.id, alice.name), token))
        assert await closed(connection) == Refusal.LAUNCH_DATA_IN_URL, query
        assert "first message" in (connection.close_reason or "")
    # the same launch data in the first message: the person's seat
    let_in = await connect(live, launch_data(alice.id, alice.name), token)
    assert (await _state(let_in))["seat"] == 0
    let_in.close()


async def test_a_socket_that_never_says_hello_is_closed(live: Harness) -> None:
    await _seated(live)
    server_of(live).door.hello_timeout = 0.2
    silent = await websocket_connect(socket_url(live))
    assert await closed(silent) == Refusal.NO_HELLO
    chatty = await websocket_connect(socket_url(live))  # anything but a hello first
    await chatty.write_message(json.dumps({"t": "ping", "id": 1}))
    assert await closed(chatty) == Refusal.UNAUTHORIZED
    caps = server_of(live).door.caps
    await wait_until(lambda: not caps.addresses, "closed sockets counted no more")


async def test_one_person_may_have_so_many_pages_open(live: Harness) -> None:
    (alice, bob, _), token = await _seated(live)
    pages = [await connect(live, launch_data(alice.id, alice.name), token) for _ in range(4)]
    for page in pages:
        await _state(page)
    fifth = await connect(live, launch_data(alice.id, alice.name), token)
    assert await closed(fifth) == Refusal.TOO_MANY_FOR_PERSON
    bobs = await connect(live, launch_data(bob.id, bob.name), token)  # another person: in
    await _state(bobs)
    pages[0].close()
    await closed(pages[0])
    server = server_of(live)
    await wait_until(lambda: server.door.caps.users[alice.id] == 3, "the closed page let go")
    again = await connect(live, launch_data(alice.id, alice.name), token)  # one closed: in
    await _state(again)
    for page in (*pages[1:], bobs, again):
        page.close()


@pytest.fixture
async def proxied(tmp_path: Path) -> AsyncIterator[Harness]:
    """The live table behind a proxy on 127.0.0.1 (the default trusted one), 3 sockets an
    address."""
    harness = await start_live(live_settings(tmp_path, webapp_max_sockets_per_address=3))
    try:
        yield harness
    finally:
        await harness.stop()


async def _from(bot: Harness, forwarded: str | None) -> WebSocketClientConnection:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    return await websocket_connect(HTTPRequest(socket_url(bot), headers=headers))


async def test_each_client_address_may_open_so_many_sockets(proxied: Harness) -> None:
    _, token = await _seated(proxied)
    users = [proxied.user(name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
    # behind the trusted proxy: the address it forwards is the client's
    first = [await _from(proxied, "198.51.100.1, 203.0.113.5") for _ in range(3)]
    refused = await _from(proxied, "203.0.113.5")
    assert await closed(refused) == Refusal.TOO_MANY_FROM_ADDRESS
    neighbour = await _from(proxied, "203.0.113.6")  # another client behind the same proxy
    await neighbour.write_message(hello(launch_data(users[3].id, users[3].name), token))
    await _state(neighbour)
    for socket, user in zip(first, users, strict=False):
        await socket.write_message(hello(launch_data(user.id, user.name), token))
        await _state(socket)
    assert server_of(proxied).door.caps.addresses == {"203.0.113.5": 3, "203.0.113.6": 1}
    for socket in (*first, neighbour):
        socket.close()


async def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(tmp_path: Path) -> None:
    settings = live_settings(
        tmp_path, webapp_max_sockets_per_address=3, trusted_proxies=(ip_network("10.0.0.0/8"),)
    )
    bot = await start_live(settings)
    try:
        # 127.0.0.1 is no trusted proxy here: whatever it forwards, it is the client itself
        sockets = [await _from(bot, f"203.0.113.{n}") for n in range(1, 4)]
        assert server_of(bot).door.caps.addresses == {"127.0.0.1": 3}
        spoofed = await _from(bot, "203.0.113.99")
        assert await closed(spoofed) == Refusal.TOO_MANY_FROM_ADDRESS
        for socket in sockets:
            socket.close()
    finally:
        await bot.stop()


def test_the_client_is_the_first_address_no_trusted_proxy_has() -> None:
    proxies = TrustedProxies([ip_network("127.0.0.1/32"), ip_network("10.0.0.0/8")])
    # read from the right: the trusted hops skipped, what the client wrote itself ignored
    chain = ["6.6.6.6, 203.0.113.7", "10.1.2.3"]
    assert proxies.client_address("127.0.0.1", chain, "") == "203.0.113.7"
    assert proxies.client_address("::ffff:127.0.0.1", chain, "") == "203.0.113.7"
    assert proxies.client_address("127.0.0.1", [], "203.0.113.8") == "203.0.113.8"
    assert proxies.client_address("127.0.0.1", ["garbage"], "") == "127.0.0.1"
    assert proxies.client_address("127.0.0.1", [], "") == "127.0.0.1"
    assert proxies.client_address("192.0.2.1", chain, "203.0.113.8") == "192.0.2.1"
    ipv6 = TrustedProxies([ip_network("::1/128")])
    assert ipv6.client_address("::1", ["2001:db8::5"], "") == "2001:db8::5"


async def test_a_page_from_another_origin_is_refused(live: Harness) -> None:
    (alice, *_), token = await _seated(live)
    for origin in ("https://evil.example.org", "http://live.example.org", "null"):
        request = HTTPRequest(socket_url(live), headers={"Origin": origin})
        with pytest.raises(HTTPClientError) as refused:
            await websocket_connect(request)
        assert refused.value.code == 403, origin
    # the page's own origin (DDZ_WEBAPP_URL's), however its port is written
    for origin in ("https://live.example.org", "https://LIVE.example.org:443"):
        request = HTTPRequest(socket_url(live), headers={"Origin": origin})
        connection = await websocket_connect(request)
        await connection.write_message(hello(launch_data(alice.id, alice.name), token))
        await _state(connection)
        connection.close()


def test_the_page_answers_each_refusal_in_its_words() -> None:
    """Every close code the door sends but the hello's time-out (which the page answers as a
    drop, connecting again) has the page's words, in each of its languages."""
    source = (Path(__file__).resolve().parents[2] / "ddz_bot/web/static/app.js").read_text()
    block = source[source.index("const REFUSED = {") :]
    block = block[: block.index("};")]
    answered = {int(code): word for code, word in re.findall(r'(\d{4}): \{ word: "(\w+)"', block)}
    assert set(answered) == {refusal.value for refusal in Refusal} - {Refusal.NO_HELLO}
    words = page_words()
    for lang in ("zh-Hans", "zh-Hant", "en"):
        assert all(word in words[lang] for word in answered.values()), lang
    assert words["zh-Hans"][answered[Refusal.TOO_MANY_FOR_PERSON]].startswith("你打开的牌桌页面")
