"""The group's table picture, drawn from a ``PublicView`` only.

One row a seat, in seat order (the order of play), under a header with the room, the
base, the itemised multiplier, the wildcard rank and the bottom cards. Rows suit a
phone held upright better than a round table: every seat gets the full width for its
last play and its shown hand, even with 33 cards in the four-player game. The picture
keeps one size for a given number of seats, so editing it in place never makes the
chat jump.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.doudizhu.engine import Phase, PublicView, Role, SeatInfo
from ddz_bot.games.doudizhu.render.labels import combo_tag
from ddz_bot.render import canvas as cv
from ddz_bot.render.errors import NamesMismatch
from ddz_bot.render.fonts import clean_name, draw_text, fit_text, text_width
from ddz_bot.render.labels import check_lang, label, multiplier_reason
from ddz_bot.render.sprites import MEDIUM, SMALL, TINY, index_label

__all__ = ["TableLayout", "draw_table", "render_table", "table_layout"]

WIDTH: Final = 1000
HEADER: Final = 150
ROW: Final = 186
FOOT: Final = 14
LEFT_COLUMN: Final = 318  # seat details left of this x; plays and shown hands right of it
MARGIN: Final = 14


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Where things go: one box per seat for the row, the last play and the shown hand."""

    size: tuple[int, int]
    header: cv.Box
    rows: tuple[cv.Box, ...]
    plays: tuple[cv.Box, ...]
    shown: tuple[cv.Box, ...]
    bottom: cv.Box


def table_layout(view: PublicView) -> TableLayout:
    seats = len(view.seats)
    height = HEADER + seats * ROW + FOOT
    rows, plays, shown = [], [], []
    for i, seat in enumerate(view.seats):
        top = HEADER + i * ROW
        rows.append((MARGIN, top + 5, WIDTH - MARGIN, top + ROW - 5))
        right_left = LEFT_COLUMN + 18
        right_right = WIDTH - MARGIN - 14
        if seat.shown_hand is not None:
            plays.append((right_left, top + 14, right_right, top + 14 + MEDIUM.height))
            shown.append((right_left, top + ROW - 16 - SMALL.height, right_right, top + ROW - 16))
        else:
            middle = top + ROW // 2
            plays.append(
                (
                    right_left,
                    middle - MEDIUM.height // 2 - 4,
                    right_right,
                    middle + MEDIUM.height // 2 + 4,
                )
            )
            shown.append((right_left, middle, right_left, middle))
    bottom_count = view.bottom_count
    bottom_width = (bottom_count - 1) * (SMALL.width + 4) + SMALL.width if bottom_count else 0
    bottom = (WIDTH - MARGIN - 10 - bottom_width, 44, WIDTH - MARGIN - 10, 44 + SMALL.height)
    return TableLayout(
        (WIDTH, height), (0, 0, WIDTH, HEADER), tuple(rows), tuple(plays), tuple(shown), bottom
    )


def render_table(view: PublicView, names: Sequence[str], lang: str) -> bytes:
    """The table picture (PNG bytes) for the group."""
    return cv.encode(draw_table(view, names, lang))


def draw_table(view: PublicView, names: Sequence[str], lang: str) -> Image.Image:
    check_lang(lang)
    if len(names) != len(view.seats):
        raise NamesMismatch(len(names), len(view.seats))
    layout = table_layout(view)
    image, draw = cv.new_canvas(*layout.size)
    _header(image, draw, view, layout, lang)
    for i, name in enumerate(names):
        _seat_row(image, draw, view, name, layout, i, lang)
    return image


# --------------------------------------------------------------------------- header


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, layout: TableLayout, lang: str
) -> None:
    draw.rectangle(layout.header, fill=cv.FELT_DARK)
    title = f"{label('game_' + view.rules.name, lang)} · {label('room_' + view.room.key, lang)}"
    x = MARGIN + 8
    x += cv.pill(draw, x, 36, title, 26, cv.WHITE, cv.PANEL) + 10
    if view.phase is not Phase.PLAYING:
        cv.pill(draw, x, 36, label("phase_" + view.phase.value, lang), 24, (40, 30, 0), cv.GOLD)
    # base and multiplier, large: the numbers players ask about most
    y = 86
    x = MARGIN + 12
    x += draw_text(draw, (x, y), label("base", lang), 26, cv.MUTED, bold=True) + 8
    x += draw_text(draw, (x, y), str(view.base), 34, cv.WHITE, bold=True) + 28
    x += draw_text(draw, (x, y), label("multiplier", lang), 26, cv.MUTED, bold=True) + 8
    x += draw_text(draw, (x, y), f"×{view.multiplier}", 34, cv.GOLD, bold=True) + 24
    if view.wild_rank is not None:
        x += cv.pill(
            draw,
            x,
            y,
            f"{label('wild', lang)} ★ {index_label(view.wild_rank)}",
            26,
            (70, 40, 0),
            cv.GOLD,
        )
    items = " · ".join(
        _item_text(item.reason, item.factor, item.detail, lang)
        for item in view.multiplier_items
        if item.factor != 1
    )
    bottom_left = layout.bottom[0] - 20
    if items:
        draw_text(
            draw, (MARGIN + 12, 128), fit_text(items, 22, bottom_left - MARGIN - 12), 22, cv.MUTED
        )
    # bottom cards: backs until revealed
    left, top, right, _ = layout.bottom
    if view.bottom_count:
        draw_text(
            draw,
            ((left + right) // 2, 22),
            label("bottom", lang),
            22,
            cv.MUTED,
            bold=True,
            align="m",
        )
        if view.bottom is None:
            cv.draw_backs(image, view.bottom_count, left, top, SMALL, SMALL.width + 4)
        else:
            cv.draw_cards(image, view.bottom, left, top, SMALL, SMALL.width + 4, view.wild_rank)


def _item_text(reason: str, factor: int, detail: str, lang: str) -> str:
    return f"{multiplier_reason(reason, lang)}×{factor}"


# --------------------------------------------------------------------------- seats


def _seat_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    name: str,
    layout: TableLayout,
    index: int,
    lang: str,
) -> None:
    seat = view.seats[index]
    box = layout.rows[index]
    left, top, _right, _bottom = box
    turn = view.turn == seat.seat and view.phase not in (Phase.FINISHED, Phase.ABORTED)
    cv.seat_row(draw, box, lit=turn)
    # line 1: role badge and name
    x = left + 14
    y = top + 32
    if seat.role is not None:
        landlord = seat.role is Role.LANDLORD
        x += (
            cv.pill(
                draw,
                x,
                y,
                label("landlord" if landlord else "farmer", lang),
                22,
                cv.WHITE,
                cv.LANDLORD_BG if landlord else cv.FARMER_BG,
            )
            + 10
        )
    name_width = LEFT_COLUMN - x
    draw_text(
        draw, (x, y), fit_text(clean_name(name), 28, name_width, bold=True), 28, cv.WHITE, bold=True
    )
    # line 2: card count beside a small stack of backs
    y = top + 84
    x = left + 14
    if seat.shown_hand is None and seat.card_count:
        stack = min(seat.card_count, 3)
        cv.draw_backs(image, stack, x, y - TINY.height // 2, TINY, 7)
        x += (stack - 1) * 7 + TINY.width + 10
    count_colour = cv.RED_TEXT if 0 < seat.card_count <= 2 else cv.WHITE
    x += draw_text(draw, (x, y), str(seat.card_count), 36, count_colour, bold=True) + 6
    draw_text(draw, (x, y + 4), label("cards", lang), 22, cv.MUTED)
    _seat_markers(draw, view, seat, turn, top + 138, left + 14, lang)
    _seat_play(image, draw, view, seat, layout.plays[index], lang)
    if seat.shown_hand is not None:
        s_left, s_top, s_right, _ = layout.shown[index]
        step = cv.card_step(len(seat.shown_hand), SMALL, s_right - s_left, SMALL.width - 10)
        cv.draw_cards(image, seat.shown_hand, s_left, s_top, SMALL, step, view.wild_rank)


def _seat_markers(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seat: SeatInfo,
    turn: bool,
    y: int,
    x: int,
    lang: str,
) -> None:
    """The seat's third line: winner, turn, 托管, shown, doubled, escaped, as many as fit."""
    markers: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = []
    if view.outcome is not None and seat.seat in view.outcome.winners:
        markers.append(("★ " + label("winner", lang), (50, 34, 0), cv.GOLD))
    if turn:
        markers.append(
            (
                "▶ " + label("turn" if view.phase is Phase.PLAYING else "thinking", lang),
                (50, 34, 0),
                cv.GOLD,
            )
        )
    if seat.auto_play:
        markers.append((label("auto", lang), cv.WHITE, (110, 110, 130)))
    if seat.shown_hand is not None and view.phase is not Phase.FINISHED:
        markers.append((label("shown", lang), cv.WHITE, (140, 70, 170)))
    if seat.doubled and view.phase is not Phase.DOUBLING:  # while doubling: the big pill
        markers.append((label("doubled", lang), cv.WHITE, (200, 60, 50)))
    if seat.escaped:
        markers.append((label("escaped", lang), cv.WHITE, (160, 40, 40)))
    for text, fg, bg in markers:
        width = text_width(text, 20, True) + 18
        if x + width > LEFT_COLUMN + 10:
            break
        x += cv.pill(draw, x, y, text, 20, fg, bg) + 8


def _seat_play(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seat: SeatInfo,
    box: cv.Box,
    lang: str,
) -> None:
    left, top, right, bottom = box
    middle = (top + bottom) // 2
    if seat.last_play is not None and seat.last_play_cards:
        cards = seat.last_play_cards
        tag = combo_tag(seat.last_play, lang)
        tag_width = text_width(tag, 20, True) + 18
        room = right - left - tag_width - 12
        step = cv.card_step(len(cards), MEDIUM, room, MEDIUM.width - 22)
        _, _, cards_right, _ = cv.draw_cards(
            image, cards, left, middle - MEDIUM.height // 2, MEDIUM, step, view.wild_rank
        )
        highlight = view.to_beat_seat == seat.seat
        cv.pill(
            draw,
            cards_right + 12,
            middle,
            tag,
            20,
            (50, 34, 0) if highlight else cv.WHITE,
            cv.GOLD if highlight else cv.FELT,
        )
    elif seat.passed:
        draw_text(draw, (left + 8, middle), label("pass", lang), 40, cv.MUTED, bold=True)
    elif view.phase in (Phase.BIDDING, Phase.SHOW_START, Phase.DEALING) and seat.bid:
        cv.pill(draw, left + 8, middle, _bid_text(seat.bid, lang), 30, (50, 34, 0), cv.GOLD)
    elif view.phase is Phase.DOUBLING and seat.doubled is not None:
        word = label("doubled" if seat.doubled else "not_doubled", lang)
        cv.pill(
            draw,
            left + 8,
            middle,
            word,
            30,
            cv.WHITE,
            (200, 60, 50) if seat.doubled else (100, 110, 104),
        )
    elif view.phase is Phase.DOUBLING:
        draw_text(draw, (left + 8, middle), label("thinking", lang) + "…", 26, cv.MUTED)


def _bid_text(bid: str, lang: str) -> str:
    if bid.isdigit():
        return f"{bid}{label('bid_points', lang)}" if lang != "en" else f"{bid} pt"
    key = f"bid_{bid}"
    try:
        return label(key, lang)
    except KeyError:
        return bid
