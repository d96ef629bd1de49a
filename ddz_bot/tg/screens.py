"""What each chat of a table shows, as every game's contents share it: the outbox slots of a
table (its group message, its lobby message, each player's panel), who the group is told it
waits for and the seconds its clock shows, the ``Contents`` protocol each game implements (its
folder's ``tg/present.py``). What a settlement moved is the table's own (``Table.settled``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Final, Protocol

from telegram import InlineKeyboardMarkup

from ddz_bot.kernel import DecisionKind, Waiting
from ddz_bot.render import ResultLine

from ..i18n import t
from .outbox import Content
from .panels import SeatPanel
from .table import Seat, Table

__all__ = [
    "GROUP_SLOT",
    "LOBBY_SLOT",
    "PANEL_SLOT",
    "Contents",
    "lobby_content",
    "lobby_seats",
    "lobby_slot",
    "panel_picture_key",
    "phase_seconds",
    "seconds_left",
    "single_decider",
    "waiting",
]

#: the outbox slots of a table: its group message, its lobby message, each player's panel
GROUP_SLOT: Final = "table"
LOBBY_SLOT: Final = "lobby"
PANEL_SLOT: Final = "panel"


def lobby_slot(table_id: int) -> str:
    return f"{LOBBY_SLOT}{table_id}"


def lobby_seats(
    table: Table, lang: str, *, closed: bool, mark: Callable[[Seat], str] | None = None
) -> str:
    """A lobby's seat lines: each seat's name (``mark`` adds the game's note to it, such as
    斗地主's face-up start) or the empty seat, then who is invited, while the lobby is open."""
    lines = []
    for n in range(table.players):
        if n < len(table.seats):
            seat = table.seats[n]
            name = seat.name + (mark(seat) if mark is not None else "")
        else:
            name = t(lang, "seat_empty")
        lines.append(t(lang, "lobby_seat", n=n + 1, name=name))
    if table.invited and not closed:
        separator = ", " if lang == "en" else "、"
        lines.append(t(lang, "lobby_invited", names=separator.join(table.invited.values())))
    return "\n".join(lines)


def lobby_content(
    text: str, closed_text: str | None, keyboard: Callable[[], InlineKeyboardMarkup]
) -> Content:
    """A lobby message: its text with its buttons, or, once closed, with why and no button."""
    if closed_text is not None:
        return Content(f"{text}\n\n{closed_text}", None)
    return Content(text, keyboard())


def panel_picture_key(table: Table, seat: int, game_mark: str, hand: str) -> str:
    """The key of a seat's panel picture in a game whose seats decide one at a time: it is
    drawn again when the seat's ``hand`` (its cards as a short text) changes, when its turn
    comes (each turn: the picture shows whose it is), and once the hand is over; another
    seat's move alone leaves it as it is. ``game_mark`` keeps games' keys apart."""
    now = waiting(table)
    if now is not None and seat in now:
        mode = f"turn{table.version}"
    else:
        mode = "over" if table.game is not None and table.game.over else "wait"
    return f"{game_mark}{table.hand_no}:{hand}:{mode}"


def waiting(table: Table) -> Waiting | None:
    """Who the table's hand waits for now (the engine says; nothing here re-derives it)."""
    return None if table.game is None else table.game.waiting_for()


def single_decider(table: Table) -> int | None:
    """The one seat the group is told it waits for; None when all answer at once (加倍)
    or nobody is asked."""
    now = waiting(table)
    if now is None or now.kind is DecisionKind.DOUBLE or len(now.seats) != 1:
        return None
    return now.seats[0]


def phase_seconds(table: Table) -> float:
    """The full time limit of the decision the table waits for (the group's setting)."""
    if table.game is None:
        return 0.0
    now = waiting(table)
    return table.bid_seconds if now is None else table.seconds_for(now.limit)


def seconds_left(table: Table, now: float | None = None) -> int:
    """Whole seconds until the table's deadline (never negative): what a clock shows, also
    on a refresh mid-turn or after a restart. The full limit when no deadline is set."""
    if table.deadline is None:
        return int(phase_seconds(table))
    remaining = table.deadline - (time.time() if now is None else now)
    return max(0, math.ceil(remaining))


class Contents(Protocol):
    """What one game's tables show: the lobby, the group's table, the result, a panel."""

    def lobby(self, table: Table, *, closed_text: str | None = None) -> Content: ...

    def group(self, table: Table, extra: str = "") -> Content: ...

    def result(
        self, table: Table, text: list[str], pictures: list[ResultLine] | None
    ) -> Content: ...

    def panel(
        self, table: Table, seat: int, lang: str, panel: SeatPanel, *, since: int | None = None
    ) -> Content:
        """A seat's panel; ``since``: the version since which its decision is open."""
        ...
