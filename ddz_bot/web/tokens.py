"""Table tokens: what the Open button's ``startapp`` carries, naming a table unguessably.

A start parameter may hold only ``A-Za-z0-9_-`` and at most 64 characters. The token is the
table's id in base 36 and a MAC of it (HMAC-SHA256 with a key derived from the bot's token,
96 bits, URL-safe base64): nothing to store, good across restarts, and a token for another
table can't be made without the bot's token. It is posted where the group sees it; who opens
it is said by the signed launch data, not by the token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

__all__ = ["BadTableToken", "TableTokens"]

_TOKEN = re.compile(r"([0-9a-z]{1,20})-([A-Za-z0-9_-]{16})")


class BadTableToken(ValueError):
    """A token this bot did not make (or no token)."""


class TableTokens:
    """Makes and reads table tokens for one bot."""

    def __init__(self, bot_token: str) -> None:
        self._key = hmac.new(b"DdzLiveTable", bot_token.encode(), hashlib.sha256).digest()

    def _mac(self, body: str) -> str:
        digest = hmac.new(self._key, body.encode(), hashlib.sha256).digest()[:12]
        return base64.urlsafe_b64encode(digest).decode()

    def token(self, table_id: int) -> str:
        if table_id < 0:
            raise BadTableToken(f"table id {table_id}")
        body = _base36(table_id)
        return f"{body}-{self._mac(body)}"

    def table_id(self, token: str) -> int:
        """The table a token names; ``BadTableToken`` if the bot did not make it."""
        found = _TOKEN.fullmatch(token or "")
        if found is None or not hmac.compare_digest(found[2], self._mac(found[1])):
            raise BadTableToken((token or "")[:64])
        return int(found[1], 36)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text
