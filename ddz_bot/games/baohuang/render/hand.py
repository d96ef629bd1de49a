"""A 保皇 player's hand picture, for their private chat, drawn from a ``SeatView`` only.

A hand holds 33 or 34 cards, more once the throne brings attached cards (up to about 45).
One overlapped row of 45 cards would leave a few pixels a card, so the hand is drawn in
columns, one a rank from 6 up to the big joker, each column a cascade of its cards (as far
apart as the column's height allows) under the count (×7): every rank stays readable at
400 pixels wide, and the picture keeps one size however many cards there are. The
emperor card and the guard card end their column, so that the sceptre and the sword
show whole.

Above the hand: the other seats with their counts, the seat's own role (a guard sees it
is the guard: only this picture says so), and what the seat must answer: the play to
beat, the emperor card offered with its attached cards, or the faces it may call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    Face,
    Phase,
    Role,
    SeatView,
    Solo,
)
from ddz_bot.kernel import Card, Cards
from ddz_bot.render import SelectionNotInHand
from ddz_bot.render import canvas as cv
from ddz_bot.render.fonts import clean_name, draw_text, fit_text, text_width
from ddz_bot.render.labels import check_lang, label
from ddz_bot.render.sprites import MEDIUM, SMALL, TINY, CardSize, index_label

from . import marks
from .cards import bh_face, draw_card_row, has_sword
from .table import count_text

__all__ = [
    "HAND_CARD",
    "HEIGHT",
    "WIDTH",
    "Column",
    "draw_bh_hand",
    "hand_columns",
    "hand_layout",
    "render_bh_hand",
]

WIDTH: Final = 800
MARGIN: Final = 10
TOP_BAND: Final = 196
COLUMNS_TOP: Final = TOP_BAND + 44  # the cards; the counts above them
COLUMNS_BOTTOM: Final = 600
HEIGHT: Final = COLUMNS_BOTTOM + 40
HAND_CARD: Final = MEDIUM
MAX_STEP: Final = 46  # shows the corner rank and suit of every card in a column
COLUMN_GAP: Final = 14


def render_bh_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> bytes:
    """The seat's hand (PNG bytes), ``selected`` cards framed in gold (for each selected
    rank, the first cards of its column); ``names`` (by seat) name the other seats."""
    return cv.encode(draw_bh_hand(view, selected, lang, names))


def hand_columns(hand: Sequence[Card]) -> list[list[Card]]:
    """The hand by rank, low to high; the emperor and guard cards last in their column."""
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(int(card.rank), []).append(card)
    special = (EMPEROR_CARD, GUARD_CARD)
    return [
        sorted(by_rank[rank], key=lambda card: (card in special, int(card)))
        for rank in sorted(by_rank)
    ]


def _selected_counts(view: SeatView, selected: Cards | None) -> list[int]:
    """How many cards of each rank the selection takes; ``SelectionNotInHand`` if more
    than the hand holds."""
    have = view.hand_ranks.counts()
    if not selected:
        return [0] * len(have)
    want = Cards(selected).counts()
    want += [0] * (len(have) - len(want))
    if any(w > h for w, h in zip(want, have, strict=False)):
        raise SelectionNotInHand(Cards(selected), view.hand_ranks)
    return want


def draw_bh_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> Image.Image:
    check_lang(lang)
    if names is not None:
        marks.check_names(names, len(view.public.seats))
    chosen = _selected_counts(view, selected)
    image, draw = cv.new_canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, WIDTH, TOP_BAND), fill=cv.FELT_DARK)
    _others(draw, view, names, lang)
    _own_role(image, draw, view, lang)
    _context(image, draw, view, names, lang)
    _columns(image, draw, view, chosen)
    footer = count_text(len(view.hand), lang)
    if sum(chosen):
        footer += f" · {label('selected', lang)} {sum(chosen)}"
    draw_text(draw, (WIDTH // 2, HEIGHT - 20), footer, 24, cv.MUTED, bold=True, align="m")
    return image


def _others(
    draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str] | None, lang: str
) -> None:
    """The first line: the other four seats in playing order, role, name and count."""
    public = view.public
    slot = (WIDTH - 2 * MARGIN) // (len(public.seats) - 1)
    for step, seat in enumerate(public.after(view.seat), start=1):
        x = MARGIN + (step - 1) * slot
        y = 28
        if seat.role in (Role.EMPEROR, Role.GUARD):  # rebels unmarked: room for the names
            x += marks.role_pill(draw, x, y, seat.role, lang, 18) + 4
        count = str(seat.card_count)
        count_width = text_width(count, 28, True)
        name = clean_name(marks.seat_name(names, seat.seat))
        if public.turn == seat.seat and public.phase not in (Phase.FINISHED, Phase.ABORTED):
            name = "▶" + name
        room = MARGIN + step * slot - x - count_width - 14
        x += draw_text(draw, (x, y), fit_text(name, 24, room), 24, cv.WHITE) + 6
        colour = cv.RED_TEXT if 0 < seat.card_count <= 3 else cv.GOLD
        draw_text(draw, (x, y), count, 28, colour, bold=True)


def _own_role(image: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, lang: str) -> None:
    """The second line: this seat's role as only it knows it, the called card, whose turn."""
    public = view.public
    y = 80
    right = WIDTH - MARGIN - 4
    if public.turn == view.seat and public.phase not in (Phase.FINISHED, Phase.ABORTED):
        text = "▶ " + label("your_turn", lang)
        right -= cv.pill(draw, right, y, text, 24, marks.DARK, cv.GOLD, align="r") + 12
    if public.called is not None:
        card = Card.make(public.called.rank, public.called.suit)
        sprite = bh_face(card, TINY)
        image.paste(sprite, (right - TINY.width, y - TINY.height // 2), sprite)
        right -= TINY.width + 8
        right -= draw_text(draw, (right, y), label("bh_called", lang), 22, cv.MUTED, True, "r")
        right -= 12
    x = MARGIN + 6
    if view.role is not None:
        x += draw_text(draw, (x, y), label("bh_your_role", lang), 24, cv.MUTED, bold=True) + 10
        x += marks.role_pill(draw, x, y, view.role, lang, 28) + 10
        if view.solo is not None:
            x += cv.pill(draw, x, y, marks.solo_text(view.solo, lang), 24, marks.DARK, cv.GOLD)
            x += 10
        secret = (view.role is Role.GUARD and public.guard is None) or (
            view.solo is Solo.HIDDEN and public.solo is None
        )
        if secret and right - x > 60:
            text = fit_text(f"({label('bh_only_you', lang)})", 22, right - x)
            draw_text(draw, (x, y), text, 22, cv.MUTED)


def _context(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: SeatView,
    names: Sequence[str] | None,
    lang: str,
) -> None:
    """The third line: what this seat is asked, or the play it must beat."""
    public = view.public
    sword = has_sword(public.rules)
    y = 148
    x = MARGIN + 6
    offer = public.offer
    if public.phase is Phase.THRONE and offer is not None and offer.holder == view.seat:
        x += draw_text(draw, (x, y), label("bh_emperor_card", lang), 24, cv.GOLD, bold=True)
        offered = [EMPEROR_CARD, *offer.attached]
        top = y - SMALL.height // 2
        _, _, right, _ = draw_card_row(
            image, offered, x + 10, top, SMALL, 300, SMALL.width + 2, 20, sword=sword
        )
        x = right + 14
        word = "bh_must_take" if offer.must_take else "bh_take_or_yield"
        x += cv.pill(draw, x, y, label(word, lang), 22, marks.DARK, cv.GOLD) + 14
        if view.callable_faces:
            x += draw_text(draw, (x, y), label("bh_callable", lang), 22, cv.MUTED, bold=True) + 8
            for face in view.callable_faces:
                text = f"{index_label(int(face.rank))}{face.suit.symbol}"
                colour = (255, 140, 130) if face.suit.is_red else cv.WHITE
                if x + text_width(text, 26, True) > WIDTH - MARGIN:
                    break
                x += draw_text(draw, (x, y), text, 26, colour, bold=True) + 12
        return
    beat_seat = public.to_beat_seat
    if (
        public.phase is Phase.PLAYING
        and public.to_beat is not None
        and beat_seat is not None
        and beat_seat != view.seat
    ):
        draw_text(draw, (x, y - 16), label("to_beat", lang), 24, cv.MUTED, bold=True)
        who = fit_text(clean_name(marks.seat_name(names, beat_seat)), 22, 130)
        draw_text(draw, (x, y + 18), who, 22, cv.WHITE)
        cards = public.seats[beat_seat].play_cards
        left = x + 140
        tag = count_text(len(cards), lang)
        room = WIDTH - MARGIN - left - text_width(tag, 22, True) - 40
        _, _, right, _ = draw_card_row(
            image,
            cards,
            left,
            y - SMALL.height // 2,
            SMALL,
            room,
            SMALL.width - 12,
            18,
            sword=sword,
        )
        cv.pill(draw, right + 12, y, tag, 22, marks.DARK, cv.GOLD)
        return
    if public.phase is Phase.PLAYING and public.turn == view.seat:
        draw_text(draw, (x, y), label("you_lead", lang), 32, cv.GOLD, bold=True)
    elif public.phase in (Phase.THRONE, Phase.DECLARING):
        draw_text(draw, (x, y), label("phase_" + public.phase.value, lang), 28, cv.WHITE, bold=True)
    else:
        draw_text(draw, (x, y), label("your_hand", lang), 28, cv.WHITE, bold=True)


@dataclass(frozen=True, slots=True)
class Column:
    """One rank of the hand: its cards top to bottom, where each goes, and the step between
    them (the visible strip of every card but the last)."""

    cards: tuple[Card, ...]
    boxes: tuple[cv.Box, ...]
    step: int


def hand_layout(hand: Sequence[Card]) -> list[Column]:
    """Where every card of the hand goes: columns centred across the picture, each as
    spread as the height allows."""
    columns = hand_columns(hand)
    size: CardSize = HAND_CARD
    count = len(columns)
    pitch = size.width + COLUMN_GAP
    if count > 1:
        pitch = min(pitch, (WIDTH - 2 * MARGIN - size.width) // (count - 1))
    left = (WIDTH - ((count - 1) * pitch + size.width)) // 2
    room = COLUMNS_BOTTOM - COLUMNS_TOP - size.height
    out = []
    for i, column in enumerate(columns):
        x = left + i * pitch
        step = MAX_STEP if len(column) <= 1 else min(MAX_STEP, room // (len(column) - 1))
        boxes = tuple(
            (x, COLUMNS_TOP + j * step, x + size.width, COLUMNS_TOP + j * step + size.height)
            for j in range(len(column))
        )
        out.append(Column(tuple(column), boxes, step))
    return out


def _columns(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SeatView, chosen: list[int]
) -> None:
    size: CardSize = HAND_CARD
    called = view.public.called
    sword = has_sword(view.public.rules)
    for column in hand_layout(view.hand):
        rank = int(column.cards[0].rank)
        picked = chosen[rank] if rank < len(chosen) else 0
        text = f"{picked}/{len(column.cards)}" if picked else f"×{len(column.cards)}"
        x = column.boxes[0][0]
        centre = x + size.width // 2
        if picked:
            width = text_width(text, 22, True) + 20
            cv.pill(draw, centre - width // 2, COLUMNS_TOP - 22, text, 22, marks.DARK, cv.GOLD)
        else:
            draw_text(draw, (centre, COLUMNS_TOP - 22), text, 24, cv.WHITE, bold=True, align="m")
        for j, (card, box) in enumerate(zip(column.cards, column.boxes, strict=True)):
            sprite = bh_face(card, size, sword=sword)
            image.paste(sprite, (box[0], box[1]), sprite)
            if j < picked:
                draw.rounded_rectangle(
                    (box[0], box[1], box[2] - 2, box[3] - 2), size.radius, outline=cv.GOLD, width=4
                )
            if called is not None and card.suit is not None and Face.of(card) == called:
                _called_mark(draw, box)


def _called_mark(draw: ImageDraw.ImageDraw, box: cv.Box) -> None:
    """A gold star in the top right corner of a copy of the called card (特画; the guard's
    copy reveals the guard when played). The corner shows even when the card is covered."""
    cx, cy, r = box[2] - 14, box[1] + 14, 11
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=cv.GOLD, outline=(150, 95, 0), width=2)
    draw_text(draw, (cx, cy), "★", 16, (120, 60, 0), bold=True, align="m")
