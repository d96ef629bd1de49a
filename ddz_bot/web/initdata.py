"""Who opened the live table: Telegram's signed launch data (``initData``) checked.

Telegram's Mini Apps documentation, "Validating data received via the Mini App": the
data-check-string is every received field but ``hash`` (``signature`` included: only the
third-party Ed25519 check leaves it out), as ``key=value`` with the value URL-decoded, sorted
by key and joined with ``\\n``; the secret key is HMAC-SHA256 over the bot token with the key
``WebAppData``; the hash is the hex HMAC-SHA256 of the data-check-string with that secret key.
Compared in constant time, and ``auth_date`` may be at most ``max_age`` seconds old, so a link
copied out of a chat stops working.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl

__all__ = [
    "BadInitData",
    "ExpiredInitData",
    "ForgedInitData",
    "InitDataError",
    "LaunchData",
    "MissingInitData",
    "check_init_data",
    "data_check_string",
    "secret_key",
    "sign_init_data",
]

#: the longest init data read (Telegram's are a few hundred characters)
MAX_LENGTH = 4096


class InitDataError(ValueError):
    """Launch data that does not say who someone is; the socket is closed (``door``)."""


class MissingInitData(InitDataError):
    """No launch data at all (the page opened outside Telegram)."""


class BadInitData(InitDataError):
    """Launch data that does not parse (a field twice, no user, too long)."""


class ForgedInitData(InitDataError):
    """The hash does not match: made or altered by someone without the bot's token."""


class ExpiredInitData(InitDataError):
    """Signed, but ``auth_date`` is older than allowed (or in the future)."""


@dataclass(frozen=True, slots=True)
class LaunchData:
    """What the checked launch data says: who, and where the page was opened from."""

    user_id: int
    first_name: str
    language_code: str
    auth_date: int
    start_param: str
    chat_type: str


def secret_key(bot_token: str) -> bytes:
    """HMAC-SHA256 over the bot token with the key ``WebAppData``."""
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    """Every field but ``hash``, ``key=value`` sorted by key, joined with newlines."""
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")


def _fields(init_data: str) -> dict[str, str]:
    if not init_data:
        raise MissingInitData("no init data")
    if len(init_data) > MAX_LENGTH:
        raise BadInitData(f"init data of {len(init_data)} characters")
    pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=False)
    fields: dict[str, str] = {}
    for key, value in pairs:
        if key in fields:
            raise BadInitData(f"the field {key!r} twice")
        fields[key] = value
    if "hash" not in fields:
        raise ForgedInitData("no hash")
    return fields


def check_init_data(init_data: str, bot_token: str, *, now: float, max_age: float) -> LaunchData:
    """The person the launch data names, if Telegram signed it for this bot lately; else
    an ``InitDataError`` saying why (the door refuses every one of them alike: a client
    learns nothing of which check failed)."""
    fields = _fields(init_data)
    expected = hmac.new(
        secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256
    ).hexdigest()
    if not hmac.compare_digest(expected, fields["hash"].lower()):
        raise ForgedInitData("hash mismatch")
    try:
        auth_date = int(fields.get("auth_date", ""))
    except ValueError:
        raise BadInitData("auth_date is no number") from None
    if not -60 <= now - auth_date <= max_age:
        raise ExpiredInitData(f"auth_date {auth_date} is {now - auth_date:.0f} s old")
    try:
        user = json.loads(fields.get("user", ""))
        user_id = int(user["id"])
    except (ValueError, KeyError, TypeError):
        raise BadInitData("no user") from None
    return LaunchData(
        user_id=user_id,
        first_name=str(user.get("first_name", ""))[:64],
        language_code=str(user.get("language_code", ""))[:16],
        auth_date=auth_date,
        start_param=fields.get("start_param", ""),
        chat_type=fields.get("chat_type", ""),
    )


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """Launch data as Telegram would send it for ``fields`` (tests and the benchmark)."""
    from urllib.parse import urlencode

    digest = hmac.new(
        secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256
    ).hexdigest()
    return urlencode({**fields, "hash": digest})
