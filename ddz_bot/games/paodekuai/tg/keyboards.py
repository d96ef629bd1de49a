"""A 跑得快 player's panel keyboard: ``table.panel_rows`` (what the buttons are, Pass only when
passing is legal: R-PDK-MUST) signed into inline buttons.

Rank buttons carry the version the hand was dealt at, so choosing cards works while others
move; Clear, Hint, Pass and Play carry the table's current version and go stale as soon as it
moves on. A press of Pass the engine would refuse is refused by the engine (``must_beat``).
"""

from __future__ import annotations

from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.tg.codec import Button
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.table import Table

from ..engine import PdkGame
from .text import panel_rows

__all__ = ["pdk_panel"]

#: the buttons that carry the dealt version (choosing cards works while others move)
_DEALT: Final = frozenset({Button.RANK, Button.CLEAR})


def pdk_panel(
    keyboards: Keyboards, table: Table, seat: int, lang: str, panel: SeatPanel
) -> InlineKeyboardMarkup | None:
    """A 跑得快 seat's panel keyboard, its buttons signed by ``keyboards``' codec."""
    game = table.game
    if not isinstance(game, PdkGame) or game.over or not game.hand(seat):
        return None
    view, legal = game.view_for(seat), game.legal_actions(seat)
    out: list[list[InlineKeyboardButton]] = []
    for row in panel_rows(view, legal, lang, panel.selection, auto=game.auto[seat]):
        signed = []
        for button in row:
            version = table.hand_version if button.kind in _DEALT else table.version
            signed.append(keyboards.button(button.label, button.kind, table, version, button.arg))
        out.append(signed)
    return InlineKeyboardMarkup(out) if out else None
