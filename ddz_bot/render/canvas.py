"""Shared drawing pieces: the felt, panels, pills, rows of cards, and encoding.

Pictures are PNG with a fixed 256-colour palette. Telegram re-encodes every photo as
JPEG on its side, so a JPEG from us would be compressed twice (blurred card corners,
halos around red suits); our pictures are flat colours and text, which a palette PNG
keeps sharp in about 30 KB, a third of an RGB PNG and smaller than a good JPEG, and
encodes in a few milliseconds (see ``bench/render_bench.py``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.kernel import Card

from . import sprites
from .fonts import draw_text, text_width
from .palette import palette_image
from .sprites import CardSize

__all__ = [
    "FELT",
    "FELT_DARK",
    "GOLD",
    "GREEN",
    "MUTED",
    "PANEL",
    "PANEL_TURN",
    "RED_TEXT",
    "WHITE",
    "Box",
    "card_step",
    "draw_backs",
    "draw_cards",
    "encode",
    "new_canvas",
    "pill",
    "seat_row",
]

FELT: Final = (24, 102, 64)
FELT_DARK: Final = (16, 74, 46)
PANEL: Final = (12, 58, 36)
PANEL_TURN: Final = (44, 96, 58)
WHITE: Final = (250, 250, 246)
MUTED: Final = (184, 210, 192)
GOLD: Final = (246, 196, 60)
GREEN: Final = (88, 214, 120)
RED_TEXT: Final = (255, 112, 104)
LANDLORD_BG: Final = (222, 150, 28)
FARMER_BG: Final = (54, 140, 206)
PNG_LEVEL: Final = 3  # past 3, deflate time grows faster than the bytes shrink

Box = tuple[int, int, int, int]  # left, top, right, bottom


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A felt-green canvas with a darker band at the top."""
    image = Image.new("RGB", (width, height), FELT)
    return image, ImageDraw.Draw(image)


def encode(image: Image.Image) -> bytes:
    """Palette PNG bytes (see ``palette.py``); no timestamps or other metadata, so equal
    pictures give equal bytes."""
    paletted = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def pill(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    text: str,
    size: int,
    fg: tuple[int, int, int],
    bg: tuple[int, int, int],
    bold: bool = True,
    align: str = "l",
) -> int:
    """A rounded label centred on ``y``; ``x`` is its left (``align='l'``) or right edge.

    Returns its width."""
    pad = round(size * 0.45)
    width = text_width(text, size, bold) + 2 * pad
    left = x if align == "l" else x - width
    height = round(size * 1.45)
    draw.rounded_rectangle(
        (left, y - height // 2, left + width, y + height // 2), height // 2, fill=bg
    )
    draw_text(draw, (left + pad, y), text, size, fg, bold)
    return width


def seat_row(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    lit: bool,
    radius: int = 16,
    edge: int = 4,
    outline: tuple[int, int, int] | None = None,
) -> None:
    """A seat's row on a table or result picture: the panel, lit (lighter, a gold edge
    ``edge`` wide) for the seat the picture points at: whose turn it is, who won. ``outline``:
    a game's own edge instead (跑得快's one-card warning), lit or not."""
    edge_colour = outline if outline is not None else (GOLD if lit else None)
    draw.rounded_rectangle(
        box,
        radius,
        fill=PANEL_TURN if lit else PANEL,
        outline=edge_colour,
        width=edge if edge_colour is not None else 0,
    )


def card_step(count: int, size: CardSize, max_width: int, max_step: int) -> int:
    """The distance between overlapped cards so that ``count`` of them fit."""
    if count <= 1:
        return max_step
    return max(1, min(max_step, (max_width - size.width) // (count - 1)))


def draw_cards(
    image: Image.Image,
    cards: Sequence[Card],
    x: int,
    y: int,
    size: CardSize,
    step: int,
    wild_rank: int | None = None,
    raised: Sequence[bool] = (),
) -> Box:
    """Paste card faces left to right from (x, y); ``raised`` lifts some of them.

    Returns the box covered."""
    lift = size.height // 6
    for i, card in enumerate(cards):
        sprite = sprites.face(card, size, wild=wild_rank is not None and card.rank == wild_rank)
        top = y - lift if i < len(raised) and raised[i] else y
        image.paste(sprite, (x + i * step, top), sprite)
    right = x + (len(cards) - 1) * step + size.width if cards else x
    return x, y - (lift if any(raised) else 0), right, y + size.height


def draw_backs(image: Image.Image, count: int, x: int, y: int, size: CardSize, step: int) -> Box:
    sprite = sprites.back(size)
    for i in range(count):
        image.paste(sprite, (x + i * step, y), sprite)
    right = x + (count - 1) * step + size.width if count else x
    return x, y, right, y + size.height
