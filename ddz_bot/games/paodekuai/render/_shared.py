"""The shared drawing helpers 跑得快's pictures build on, imported in this one place: the
canvas and its colours, fonts, card sprites and the pictures' errors."""

from ddz_bot.render import NamesMismatch, NoOutcome, SelectionNotInHand, UnknownLanguage
from ddz_bot.render.canvas import (
    FELT_DARK,
    GOLD,
    GREEN,
    MUTED,
    PANEL,
    PANEL_TURN,
    RED_TEXT,
    WHITE,
    card_step,
    draw_backs,
    draw_cards,
    encode,
    new_canvas,
    pill,
    seat_row,
)
from ddz_bot.render.fonts import clean_name, draw_text, fit_text, text_width
from ddz_bot.render.sprites import LARGE, MEDIUM, SMALL, TINY, CardSize

__all__ = [
    "FELT_DARK",
    "GOLD",
    "GREEN",
    "LARGE",
    "MEDIUM",
    "MUTED",
    "PANEL",
    "PANEL_TURN",
    "RED_TEXT",
    "SMALL",
    "TINY",
    "WHITE",
    "CardSize",
    "NamesMismatch",
    "NoOutcome",
    "SelectionNotInHand",
    "UnknownLanguage",
    "card_step",
    "clean_name",
    "draw_backs",
    "draw_cards",
    "draw_text",
    "encode",
    "fit_text",
    "new_canvas",
    "pill",
    "seat_row",
    "text_width",
]
