"""The live table's front door: what a page's WebSocket must show before it watches a table.

Launch data never travels in a URL, where every proxy's access log would keep it for anyone to
replay until it expires: the socket's URL carries nothing but its path, and the page's first
message (the *hello*) carries the launch data and the table's token. A socket whose URL holds
launch data all the same is closed at once (``Refusal.LAUNCH_DATA_IN_URL``), so no client
keeps doing it; one that says nothing within ``HELLO_TIMEOUT`` is closed too.

Behind a reverse proxy every socket comes from the proxy: the client's own address is the one
the proxy forwards, believed only from a peer in ``DDZ_TRUSTED_PROXIES`` (anyone may write an
``X-Forwarded-For``). Open sockets are counted per client address from the moment they open,
and per person once their hello is checked (``SocketCaps``): one person or one address can't
hold a worker's sockets. A browser says which page opened the socket (``Origin``): only the
page's own origin (``DDZ_WEBAPP_URL``'s) and ``DDZ_WEBAPP_ORIGINS`` may.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from ipaddress import IPv4Address, IPv6Address, ip_address
from typing import TypeVar

from ..config import Settings
from ..i18n import lang_from_code
from ..netaddr import Network, web_origin
from .initdata import InitDataError, check_init_data
from .tokens import BadTableToken, TableTokens

__all__ = [
    "HELLO_TIMEOUT",
    "Admitted",
    "Door",
    "Refusal",
    "SocketCaps",
    "TrustedProxies",
    "launch_data_in",
]

K = TypeVar("K", int, str)

#: seconds a new socket has to send its hello (a page sends it as soon as the socket opens)
HELLO_TIMEOUT = 5.0

#: what in a URL's query is launch data (or a part of it): its own name, or its fields
_LAUNCH_KEYS = frozenset({"initdata", "tgwebappdata", "hash", "auth_date", "user", "signature"})


class Refusal(IntEnum):
    """Why the server closed a page's socket: WebSocket close codes of the 4000-4999 range
    (the application's own), each a closed case the page answers in its own way."""

    LAUNCH_DATA_IN_URL = 4400  # launch data belongs in the first message, never in a URL
    UNAUTHORIZED = 4401  # missing, forged, altered or expired launch data (or no hello)
    NO_TABLE = 4404  # a table token this bot did not make
    NO_HELLO = 4408  # nothing said within HELLO_TIMEOUT
    TOO_MANY_FOR_PERSON = 4429  # DDZ_WEBAPP_MAX_SOCKETS_PER_USER reached
    TOO_MANY_FROM_ADDRESS = 4430  # DDZ_WEBAPP_MAX_SOCKETS_PER_ADDRESS reached

    @property
    def reason(self) -> str:
        """The close frame's reason (for a person reading a log, not the page's words)."""
        return _REASONS[self]


_REASONS = {
    Refusal.LAUNCH_DATA_IN_URL: "launch data in the URL: send it in the first message",
    Refusal.UNAUTHORIZED: "unauthorized",
    Refusal.NO_TABLE: "no such table",
    Refusal.NO_HELLO: "no hello in time",
    Refusal.TOO_MANY_FOR_PERSON: "too many pages for one person",
    Refusal.TOO_MANY_FROM_ADDRESS: "too many connections from one address",
}


def launch_data_in(query: Mapping[str, Sequence[bytes]]) -> bool:
    """Whether a URL's query carries launch data: by its name, a field of it, or a value that
    reads as one (signed data always has ``auth_date=`` and ``hash=``)."""
    for key, values in query.items():
        if key.lower() in _LAUNCH_KEYS:
            return True
        for value in values:
            text = value.decode("latin-1").lower()
            if "auth_date" in text and "hash" in text:
                return True
    return False


def _address(text: str) -> IPv4Address | IPv6Address | None:
    try:
        found = ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(found, IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped  # a dual-stack socket's IPv4 peer
    return found


class TrustedProxies:
    """The peers whose forwarded addresses are believed (``DDZ_TRUSTED_PROXIES``)."""

    def __init__(self, networks: Iterable[Network]) -> None:
        self.networks = tuple(networks)

    def trusts(self, address: IPv4Address | IPv6Address | None) -> bool:
        return address is not None and any(
            address.version == net.version and address in net for net in self.networks
        )

    def client_address(self, peer: str, forwarded_for: Sequence[str], real_ip: str) -> str:
        """The client behind ``peer``: ``X-Forwarded-For`` read from the right (each trusted
        proxy's hop skipped, the first address no trusted proxy has is the client), else
        ``X-Real-IP``; both only where the peer itself is trusted, else the peer."""
        direct = _address(peer)
        if not self.trusts(direct):
            return str(direct) if direct is not None else peer
        hops = [hop for line in forwarded_for for hop in line.split(",") if hop.strip()]
        for hop in reversed(hops):
            found = _address(hop)
            if found is None:
                break  # garbled: nothing further left is believed
            if not self.trusts(found):
                return str(found)
        claimed = _address(real_ip) if real_ip else None
        if claimed is not None:
            return str(claimed)
        return str(direct)


class SocketCaps:
    """Open sockets per client address and per person, each with its ceiling."""

    def __init__(self, per_user: int, per_address: int) -> None:
        self.per_user, self.per_address = per_user, per_address
        self.users: Counter[int] = Counter()
        self.addresses: Counter[str] = Counter()

    def take_address(self, address: str) -> bool:
        return _take(self.addresses, address, self.per_address)

    def take_user(self, user_id: int) -> bool:
        return _take(self.users, user_id, self.per_user)

    def give_address(self, address: str) -> None:
        _give(self.addresses, address)

    def give_user(self, user_id: int) -> None:
        _give(self.users, user_id)


def _take(counts: Counter[K], key: K, ceiling: int) -> bool:
    if counts[key] >= ceiling:
        return False
    counts[key] += 1
    return True


def _give(counts: Counter[K], key: K) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


@dataclass(frozen=True, slots=True)
class Admitted:
    """A hello that says who and which table."""

    user_id: int
    table_id: int
    lang: str


class Door:
    """The checks of one live server (see the module docstring), from its settings."""

    def __init__(self, settings: Settings, tokens: TableTokens) -> None:
        self.settings = settings
        self.tokens = tokens
        self.origins = {web_origin(settings.webapp_url), *settings.webapp_origins}
        self.proxies = TrustedProxies(settings.trusted_proxies)
        self.caps = SocketCaps(
            settings.webapp_max_sockets_per_user, settings.webapp_max_sockets_per_address
        )
        self.hello_timeout = HELLO_TIMEOUT

    def allows_origin(self, origin: str) -> bool:
        try:
            return web_origin(origin) in self.origins
        except ValueError:
            return False  # "null" (a sandboxed or file page), garbage

    def hello(self, message: str | bytes, *, now: float | None = None) -> Admitted | Refusal:
        """Who a page's first message says it is, and at which table: ``{"t": "hello",
        "init": <launch data>, "table": <token>}`` (no token: the launch data's
        ``start_param``, as Telegram passes the Open button's)."""
        try:
            data = json.loads(message)
            if not isinstance(data, dict) or data.get("t") != "hello":
                return Refusal.UNAUTHORIZED
            init, token = str(data.get("init") or ""), str(data.get("table") or "")
        except ValueError:
            return Refusal.UNAUTHORIZED
        settings = self.settings
        try:
            launch = check_init_data(
                init,
                settings.token,
                now=time.time() if now is None else now,
                max_age=settings.webapp_max_age,
            )
        except InitDataError:
            return Refusal.UNAUTHORIZED
        try:
            table_id = self.tokens.table_id(token or launch.start_param)
        except BadTableToken:
            return Refusal.NO_TABLE
        lang = lang_from_code(launch.language_code) or "en"
        return Admitted(launch.user_id, table_id, lang)
