"""The badges every 保皇 picture shares: roles, places, declarations, the hoe.

One colour a role everywhere (the emperor imperial yellow, the guard blue, rebels grey),
so that a player learns them once for the table, the hand and the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import ImageDraw

from ddz_bot.games.baohuang.engine import Declaration, Place, Role, Solo
from ddz_bot.render import NamesMismatch
from ddz_bot.render import canvas as cv
from ddz_bot.render.fonts import draw_text, text_width
from ddz_bot.render.labels import label

__all__ = [
    "DARK",
    "check_names",
    "declaration_text",
    "hoe_pill",
    "hoe_width",
    "place_pill",
    "place_text",
    "role_pill",
    "role_text",
    "seat_name",
    "solo_text",
]

Colour = tuple[int, int, int]
DARK: Final = (50, 34, 0)
EMPEROR_BG: Final = (246, 196, 60)
GUARD_BG: Final = (54, 140, 206)
REBEL_BG: Final = (100, 110, 104)
HOE_BG: Final = (146, 86, 53)
HOE_HANDLE: Final = (237, 190, 162)
HOE_BLADE: Final = (220, 212, 200)
FIRST_BG: Final = (246, 196, 60)
PLACE_BG: Final = (250, 250, 246)
PLACE_FG: Final = (12, 58, 36)

_ROLE_COLOURS: Final[dict[Role, tuple[Colour, Colour]]] = {
    Role.EMPEROR: (DARK, EMPEROR_BG),
    Role.GUARD: (cv.WHITE, GUARD_BG),
    Role.REBEL: (cv.WHITE, REBEL_BG),
}

_DECLARATION_KEYS: Final[dict[Declaration, str]] = {
    Declaration.NOTHING: "bh_silent",
    Declaration.OPEN_SOLO: "bh_open_solo",
    Declaration.OPEN_GUARD: "bh_open_guard",
    Declaration.REVOLT: "bh_revolt",
    Declaration.GRAB_SOLO: "bh_grab_solo",
}


def check_names(names: Sequence[str], seats: int) -> None:
    """``NamesMismatch`` unless there is one name a seat."""
    if len(names) != seats:
        raise NamesMismatch(len(names), seats)


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    return names[seat] if names is not None and 0 <= seat < len(names) else f"#{seat + 1}"


def role_text(role: Role, lang: str) -> str:
    return label(f"bh_{role.value}", lang)


def solo_text(solo: Solo, lang: str) -> str:
    return label("bh_open_solo" if solo is Solo.OPEN else "bh_hidden_solo", lang)


def place_text(place: Place, lang: str) -> str:
    return label(f"bh_place_{int(place)}", lang)


def declaration_text(declaration: Declaration, lang: str) -> str:
    return label(_DECLARATION_KEYS[declaration], lang)


def role_pill(
    draw: ImageDraw.ImageDraw, x: int, y: int, role: Role, lang: str, size: int, align: str = "l"
) -> int:
    """The role's badge; returns its width."""
    fg, bg = _ROLE_COLOURS[role]
    return cv.pill(draw, x, y, role_text(role, lang), size, fg, bg, align=align)


def place_pill(
    draw: ImageDraw.ImageDraw, x: int, y: int, place: Place, lang: str, size: int, align: str = "l"
) -> int:
    """The place a player went out in (头客 in gold); returns its width."""
    bg = FIRST_BG if place is Place.FIRST else PLACE_BG
    fg = DARK if place is Place.FIRST else PLACE_FG
    return cv.pill(draw, x, y, place_text(place, lang), size, fg, bg, align=align)


def hoe_width(lang: str, size: int) -> int:
    """The width ``hoe_pill`` takes."""
    return (
        2 * round(size * 0.45)
        + round(size * 0.95)
        + 6
        + text_width(label("bh_hoe", lang), size, True)
    )


def hoe_pill(draw: ImageDraw.ImageDraw, x: int, y: int, lang: str, size: int) -> int:
    """锄头: the mark of a rebel who revolted, for the rest of the hand (a drawn hoe, then
    the word); returns its width."""
    text = label("bh_hoe", lang)
    pad = round(size * 0.45)
    icon = round(size * 0.95)
    width = hoe_width(lang, size)
    height = round(size * 1.45)
    draw.rounded_rectangle(
        (x, y - height // 2, x + width, y + height // 2), height // 2, fill=HOE_BG
    )
    left, half = x + pad, icon // 2
    line = max(2, size // 8)
    draw.line((left, y + half, left + icon - line, y - half + line), fill=HOE_HANDLE, width=line)
    tip_x, tip_y = left + icon - line, y - half + line
    draw.polygon(
        [
            (tip_x - line, tip_y - line),
            (tip_x + line, tip_y + line),
            (tip_x - icon // 4, tip_y + icon // 2),
            (tip_x - icon // 2, tip_y + icon // 4),
        ],
        fill=HOE_BLADE,
    )
    draw_text(draw, (left + icon + 6, y), text, size, cv.WHITE, bold=True)
    return width
