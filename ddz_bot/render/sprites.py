"""Card art, drawn by the project: faces, backs and the wildcard marker.

Each sprite is drawn once at three times its size and scaled down (smooth rounded
corners and glyphs), then cached. ``face`` is the one place a card's face is turned
into pixels, so a test can watch it to prove which cards a picture shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.kernel import Card, Rank, Suit

from .fonts import draw_text, text_width

__all__ = [
    "BLACK",
    "GOLD",
    "LARGE",
    "MEDIUM",
    "RED",
    "SMALL",
    "TINY",
    "CardSize",
    "back",
    "face",
    "index_label",
]

RED: Final = (206, 32, 41)
BLACK: Final = (28, 28, 32)
GOLD: Final = (232, 176, 32)
_BORDER: Final = (150, 150, 158)
_PAPER: Final = (255, 255, 255)
_WILD_PAPER: Final = (255, 246, 214)
_BACK_BLUE: Final = (34, 84, 160)
_BACK_LINE: Final = (80, 132, 210)
_SCALE: Final = 3  # supersampling


@dataclass(frozen=True, slots=True)
class CardSize:
    width: int
    height: int
    radius: int
    index: int  # corner rank size in pixels
    pip: int  # centre suit size; 0 for no centre


LARGE: Final = CardSize(96, 134, 9, 34, 52)
MEDIUM: Final = CardSize(62, 87, 7, 26, 30)
SMALL: Final = CardSize(42, 59, 5, 19, 0)
TINY: Final = CardSize(30, 42, 4, 15, 0)

_RANK_TEXT: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def index_label(rank: int) -> str:
    """The corner text of a rank (jokers have none: they show 王)."""
    return _RANK_TEXT[rank] if rank < Rank.SMALL_JOKER else ""


def _blank(size: CardSize, paper: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    s = _SCALE
    image = Image.new("RGBA", (size.width * s, size.height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    # a soft shadow line on the right and bottom edges, then the card
    draw.rounded_rectangle(
        (s, s, size.width * s - 1, size.height * s - 1), size.radius * s, fill=(0, 0, 0, 70)
    )
    draw.rounded_rectangle(
        (0, 0, size.width * s - 1 - s, size.height * s - 1 - s),
        size.radius * s,
        fill=paper,
        outline=_BORDER,
        width=s,
    )
    return image, draw


def _finish(image: Image.Image, size: CardSize) -> Image.Image:
    return image.resize((size.width, size.height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def _face_sprite(rank: int, suit: int | None, size: CardSize, wild: bool) -> Image.Image:
    s = _SCALE
    image, draw = _blank(size, _WILD_PAPER if wild else _PAPER)
    column = size.index * s * 0.55 + 1.5 * s  # x of the corner column's middle
    if rank >= Rank.SMALL_JOKER:
        colour = RED if rank == Rank.BIG_JOKER else BLACK
        top = size.index * s * 0.62
        step = size.index * s * 0.98
        for i, char in enumerate(("大" if rank == Rank.BIG_JOKER else "小", "王")):
            draw_text(
                draw,
                (column, top + i * step),
                char,
                round(size.index * s * 0.86),
                colour,
                bold=True,
                align="m",
            )
        if size.pip:
            _joker_emblem(draw, size, rank == Rank.BIG_JOKER)
    else:
        assert suit is not None
        colour = RED if Suit(suit).is_red else BLACK
        top = size.index * s * 0.62
        _index(image, index_label(rank), size, column, top, colour)
        draw_text(
            draw,
            (column, top + size.index * s * 0.95),
            Suit(suit).symbol,
            round(size.index * s * 0.82),
            colour,
            bold=True,
            align="m",
        )
        if size.pip:
            centre = (size.width * s * 0.58, size.height * s * 0.58)
            draw_text(draw, centre, Suit(suit).symbol, size.pip * s, colour, bold=True, align="m")
    if wild:
        _wild_mark(draw, size, column)
    return _finish(image, size)


def _index(
    image: Image.Image,
    text: str,
    size: CardSize,
    column: float,
    top: float,
    colour: tuple[int, int, int],
) -> None:
    """The corner rank, squeezed sideways when wider than the corner ("10") so that it
    stays whole on an overlapped card."""
    s = _SCALE
    index_size = size.index * s
    limit = round(size.index * s * 0.78)
    width = text_width(text, index_size, bold=True)
    if width <= limit:
        draw_text(
            ImageDraw.Draw(image), (column, top), text, index_size, colour, bold=True, align="m"
        )
        return
    stamp = Image.new("RGBA", (width + 2 * s, index_size * 2), (0, 0, 0, 0))
    draw_text(ImageDraw.Draw(stamp), (s, index_size), text, index_size, colour, bold=True)
    stamp = stamp.resize((limit, stamp.height), Image.Resampling.LANCZOS)
    left = min(round(column - limit / 2), round(size.index * s * 0.12))  # hug the edge
    image.alpha_composite(stamp, (max(s, left), round(top - index_size)))


def _joker_emblem(draw: ImageDraw.ImageDraw, size: CardSize, big: bool) -> None:
    """A crown-like star in the middle: red and gold for 大王, black and grey for 小王."""
    s = _SCALE
    cx, cy = size.width * s * 0.6, size.height * s * 0.58
    r = size.pip * s * 0.55
    fill = GOLD if big else (120, 120, 128)
    edge = RED if big else BLACK
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2 * s)
    draw_text(draw, (cx, cy), "★", round(r * 1.5), edge, bold=True, align="m")


def _wild_mark(draw: ImageDraw.ImageDraw, size: CardSize, column: float) -> None:
    """The wildcard (癞子) marker: a gold disc with a star, under the corner index
    (where an overlapped card still shows), and a gold frame."""
    s = _SCALE
    r = size.index * s * 0.42
    cy = size.index * s * (0.62 + 0.95 * 2 - 0.05)
    draw.ellipse((column - r, cy - r, column + r, cy + r), fill=GOLD, outline=(150, 95, 0), width=s)
    draw_text(draw, (column, cy), "★", round(r * 1.45), (120, 60, 0), bold=True, align="m")
    draw.rounded_rectangle(
        (s, s, size.width * s - 2 * s, size.height * s - 2 * s),
        size.radius * s,
        outline=GOLD,
        width=2 * s,
    )


def face(card: Card, size: CardSize, wild: bool = False) -> Image.Image:
    """The face of ``card`` (cached sprite). The only way a picture shows a card's face."""
    suit = card.suit
    return _face_sprite(int(card.rank), None if suit is None else int(suit), size, wild)


@lru_cache(maxsize=16)
def back(size: CardSize) -> Image.Image:
    """A card back: blue with a lattice, inside a white border."""
    s = _SCALE
    image, draw = _blank(size, _PAPER)
    inset = max(3, size.width // 14) * s
    inner = (inset, inset, size.width * s - inset - s, size.height * s - inset - s)
    draw.rounded_rectangle(inner, max(2, size.radius - 2) * s, fill=_BACK_BLUE)
    step = max(6, size.width // 6) * s
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, max(2, size.radius - 2) * s, fill=255)
    lattice = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(lattice)
    height = size.height * s
    for x in range(-height, size.width * s + height, step):
        lines.line((x, 0, x + height, height), fill=_BACK_LINE, width=s)
        lines.line((x, height, x + height, 0), fill=_BACK_LINE, width=s)
    image.paste(
        lattice,
        (0, 0),
        Image.composite(lattice, Image.new("RGBA", image.size), mask).getchannel("A"),
    )
    cx, cy = size.width * s / 2, size.height * s / 2
    r = size.width * s * 0.2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(250, 250, 250), outline=GOLD, width=s * 2)
    draw_text(draw, (cx, cy), "♠", round(r * 1.3), _BACK_BLUE, bold=True, align="m")
    return _finish(image, size)
