"""Callback data of inline buttons: small, signed, and checked before anything happens.

Telegram gives a button at most 64 bytes of ``callback_data``. Ours carry an action code, the
table id, the table's state version (so a button from an earlier state is refused) and a short
argument, plus a MAC so that data no button of ours carried is refused as forged::

    P|1a2b|7|-|Xy3_Q9

Print a :class:`Callback` with :meth:`CallbackCodec.encode` and parse it back (checking the
MAC) with :meth:`CallbackCodec.decode`.

Two namespaces of action codes: the table layer's own (``Button``: the lobby, the table, the
selection, Play, Pass...), and each game's, marked ``GAME_MARK`` (``game_action("b")`` is
``.b``): a game's decisions before or beside the play (斗地主's bids, 保皇's throne), which
the table layer hands to the table's game (``GameTyping.button``) without reading them. A
game's codes are its own: two games may use the same letter, and none can be taken for one
of the table layer's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = [
    "ACTIONS",
    "GAME_MARK",
    "MAX_BYTES",
    "BadCallback",
    "Button",
    "Callback",
    "CallbackCodec",
    "game_action",
    "is_game_action",
]

MAX_BYTES: Final = 64
_SEP: Final = "|"
_MAC_CHARS: Final = 6
_DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"


class Button(StrEnum):
    """The action code of every button of the table layer (one character of the 64 bytes);
    a game's own buttons are ``game_action`` codes."""

    JOIN = "j"
    LEAVE = "l"
    ADD_AI = "a"
    START = "s"
    SHOW_START = "S"
    MY_CARDS = "m"
    AGAIN = "g"
    RANK = "r"
    CLEAR = "c"
    HINT = "i"
    PASS = "p"
    PLAY = "P"
    READING = "w"
    TAKE_BACK = "t"
    ESCAPE = "e"
    LANGUAGE = "L"
    SETTING = "o"
    ALL_RANK = "A"
    TOURNAMENT = "T"


#: action code -> what the button does (documentation)
ACTIONS: Final[dict[str, str]] = {
    Button.JOIN: "join the lobby",
    Button.LEAVE: "get up from the lobby or the finished table",
    Button.ADD_AI: "add an AI seat",
    Button.START: "start, AI fills the empty seats",
    Button.SHOW_START: "start face up (明牌开始)",
    Button.MY_CARDS: "my cards (alert with the hand)",
    Button.AGAIN: "again: a new lobby with the same players",
    Button.RANK: "select one more card of a rank (arg: rank char)",
    Button.CLEAR: "clear the selection",
    Button.HINT: "hint",
    Button.PASS: "pass (the game makes its Pass: GameTyping.button)",
    Button.PLAY: "play the selection",
    Button.READING: "choose how the selection reads, of several readings (arg: index)",
    Button.TAKE_BACK: "take back from auto-play",
    Button.ESCAPE: "escape: y confirms, n cancels",
    Button.LANGUAGE: "set my language (arg: language)",
    Button.SETTING: "group setting (arg: key=value)",
    Button.ALL_RANK: "select every card of a rank (arg: rank char)",
    Button.TOURNAMENT: "a tournament's sign-up (table: its id; arg: join, leave, start, call off)",
}


_CODES: Final = frozenset(str(button) for button in Button)
#: the first character of a game's own action code (no code of ``Button`` starts with it)
GAME_MARK: Final = "."


def game_action(code: str) -> str:
    """The action code of a game's own button ``code`` (one ASCII letter or digit), in the
    namespace of the table's game: the table layer routes it to that game unread."""
    if len(code) != 1 or not (code.isascii() and code.isalnum()):
        raise ValueError(f"a game's button code is one letter or digit, not {code!r}")
    return GAME_MARK + code


def is_game_action(action: str) -> bool:
    """Whether ``action`` is a game's own button (``game_action``), not the table layer's."""
    return (
        len(action) == 2 and action[0] == GAME_MARK and action[1].isascii() and action[1].isalnum()
    )


class BadCallback(ValueError):
    """Callback data that no button of ours carries (malformed, forged or foreign)."""

    def __init__(self, data: str, reason: str) -> None:
        super().__init__(f"bad callback data {data!r}: {reason}")
        self.data = data
        self.reason = reason


def _b36(number: int) -> str:
    if number < 0:
        raise ValueError(f"negative number {number} in callback data")
    digits = []
    while True:
        number, rest = divmod(number, 36)
        digits.append(_DIGITS[rest])
        if number == 0:
            return "".join(reversed(digits))


@dataclass(frozen=True, slots=True)
class Callback:
    """What a button asks for: ``action`` on table ``table`` at state ``version``."""

    action: str
    table: int
    version: int = 0
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.action}@{self.table}v{self.version}({self.arg})"


class CallbackCodec:
    """Encodes and verifies callback data with a secret (derived from the bot token)."""

    def __init__(self, secret: str) -> None:
        self._key = hashlib.sha256(("ddz-callback:" + secret).encode()).digest()
        self._encoded: dict[Callback, str] = {}  # keyboards repeat their buttons a lot

    def _mac(self, body: str) -> str:
        digest = hmac.new(self._key, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:_MAC_CHARS]

    def encode(self, callback: Callback) -> str:
        cached = self._encoded.get(callback)
        if cached is not None:
            return cached
        if len(self._encoded) > 50_000:
            self._encoded.clear()
        data = self._encode(callback)
        self._encoded[callback] = data
        return data

    def _encode(self, callback: Callback) -> str:
        if callback.action not in _CODES and not is_game_action(callback.action):
            raise ValueError(f"unknown action {callback.action!r}")
        if _SEP in callback.arg:
            raise ValueError(f"argument {callback.arg!r} holds {_SEP!r}")
        body = _SEP.join(
            (callback.action, _b36(callback.table), _b36(callback.version), callback.arg or "-")
        )
        data = f"{body}{_SEP}{self._mac(body)}"
        if len(data.encode()) > MAX_BYTES:
            raise ValueError(f"callback data {data!r} is longer than {MAX_BYTES} bytes")
        return data

    def decode(self, data: str | None) -> Callback:
        """Parse and verify; raises :class:`BadCallback` naming what is wrong."""
        if not data:
            raise BadCallback(str(data), "empty")
        if len(data.encode()) > MAX_BYTES:
            raise BadCallback(data[:80], "too long")
        parts = data.split(_SEP)
        if len(parts) != 5:
            raise BadCallback(data, "wrong shape")
        action, table, version, arg, mac = parts
        if not hmac.compare_digest(mac, self._mac(_SEP.join(parts[:4]))):
            raise BadCallback(data, "signature does not match")
        game = is_game_action(action)
        if action not in _CODES and not game:
            raise BadCallback(data, f"unknown action {action!r}")
        try:
            table_id, version_no = int(table, 36), int(version, 36)
        except ValueError:
            raise BadCallback(data, "table or version is not a number") from None
        code = action if game else Button(action)
        return Callback(code, table_id, version_no, "" if arg == "-" else arg)
