"""The end-of-hand picture: who won, spring, the multiplier, each player's change.

The hand's facts come from the final ``PublicView`` (its ``outcome``, multiplier items
and the hands left, face up once the hand is over); what settlement decided (beans,
points, the balance that gives the new title) comes in ``ResultLine``s, one a seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.doudizhu.engine import PublicView, Role, SeatInfo
from ddz_bot.render import canvas as cv
from ddz_bot.render.errors import NoOutcome, ResultLine
from ddz_bot.render.fonts import clean_name, draw_text, fit_text
from ddz_bot.render.labels import check_lang, label, multiplier_reason, title_index, title_name
from ddz_bot.render.sprites import SMALL

__all__ = ["draw_result", "render_result"]

WIDTH: Final = 1000
HEADER: Final = 176
ROW: Final = 140
MARGIN: Final = 14


def render_result(view: PublicView, lines: Sequence[ResultLine], lang: str) -> bytes:
    """The result picture (PNG bytes) of a finished hand."""
    return cv.encode(draw_result(view, lines, lang))


def _signed(value: int) -> str:
    return f"+{value:,}" if value > 0 else f"{value:,}"


def draw_result(view: PublicView, lines: Sequence[ResultLine], lang: str) -> Image.Image:
    check_lang(lang)
    outcome = view.outcome
    if outcome is None:
        raise NoOutcome()
    height = HEADER + len(lines) * ROW + 16
    image, draw = cv.new_canvas(WIDTH, height)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=cv.FELT_DARK)
    # banner
    if outcome.aborted or outcome.winner_role is None:
        banner, colour = label("aborted", lang), cv.MUTED
    elif outcome.winner_role is Role.LANDLORD:
        banner, colour = label("landlord_wins", lang), cv.GOLD
    else:
        banner, colour = label("farmers_win", lang), (120, 200, 255)
    x = MARGIN + 10
    x += draw_text(draw, (x, 48), banner, 50, colour, bold=True) + 20
    if outcome.spring:
        cv.pill(draw, x, 48, label("spring", lang), 30, cv.WHITE, (214, 64, 90))
    elif outcome.anti_spring:
        cv.pill(draw, x, 48, label("anti_spring", lang), 30, cv.WHITE, (120, 70, 200))
    # base × multiplier, then the items
    y = 110
    x = MARGIN + 12
    x += draw_text(draw, (x, y), label("base", lang), 24, cv.MUTED, bold=True) + 8
    x += draw_text(draw, (x, y), str(outcome.base), 32, cv.WHITE, bold=True) + 24
    x += draw_text(draw, (x, y), label("multiplier", lang), 24, cv.MUTED, bold=True) + 8
    draw_text(draw, (x, y), f"×{outcome.multiplier}", 32, cv.GOLD, bold=True)
    items = " · ".join(
        f"{multiplier_reason(item.reason, lang)}×{item.factor}"
        for item in view.multiplier_items
        if item.factor != 1
    )
    if items:
        draw_text(
            draw, (MARGIN + 12, 150), fit_text(items, 22, WIDTH - 2 * MARGIN - 24), 22, cv.MUTED
        )
    for i, line in enumerate(lines):
        _row(image, view, line, HEADER + i * ROW, lang)
    return image


def _row(image: Image.Image, view: PublicView, line: ResultLine, top: int, lang: str) -> None:
    """One seat's row: its name and changes on the first line, title and cards on the second."""
    draw = ImageDraw.Draw(image)
    outcome = view.outcome
    assert outcome is not None
    seat = view.seats[line.seat] if 0 <= line.seat < len(view.seats) else None
    won = line.seat in outcome.winners
    box = (MARGIN, top + 6, WIDTH - MARGIN, top + ROW - 6)
    cv.seat_row(draw, box, lit=won, radius=14, edge=3)
    role = seat.role if seat is not None else None
    _name_line(draw, line, role, won, outcome.escaped == line.seat, top + 36, lang)
    _title_line(image, draw, view, line, seat, top + 96, lang)


def _name_line(
    draw: ImageDraw.ImageDraw,
    line: ResultLine,
    role: Role | None,
    won: bool,
    escaped: bool,
    y: int,
    lang: str,
) -> None:
    """Role, winner's star, escape, name; then beans, points and the balance."""
    x = MARGIN + 14
    if role is not None:
        landlord = role is Role.LANDLORD
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
    if won:
        x += draw_text(draw, (x, y), "★", 28, cv.GOLD, bold=True) + 6
    if escaped:
        x += cv.pill(draw, x, y, label("escaped", lang), 20, cv.WHITE, (160, 40, 40)) + 8
    draw_text(
        draw,
        (x, y),
        fit_text(clean_name(line.name), 28, 330 - x, bold=True),
        28,
        cv.WHITE,
        bold=True,
    )
    bean_colour = (
        cv.GREEN if line.beans_delta > 0 else cv.RED_TEXT if line.beans_delta < 0 else cv.WHITE
    )
    draw_text(draw, (340, y), _signed(line.beans_delta), 34, bean_colour, bold=True)
    x = 580
    x += draw_text(draw, (x, y), _signed(line.points_delta), 26, cv.WHITE, bold=True) + 6
    draw_text(draw, (x, y + 2), label("points", lang), 20, cv.MUTED)
    draw_text(
        draw,
        (WIDTH - MARGIN - 14, y + 2),
        f"{label('beans', lang)} {line.beans_after:,}",
        20,
        cv.MUTED,
        align="r",
    )


def _title_line(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    line: ResultLine,
    seat: SeatInfo | None,
    y2: int,
    lang: str,
) -> None:
    """The title (a change flagged) and the cards left in the hand."""
    new_index = title_index(line.beans_after)
    old_index = title_index(line.beans_after - line.beans_delta)
    x = MARGIN + 14
    x += (
        draw_text(
            draw,
            (x, y2),
            fit_text(title_name(new_index, lang), 24, 250, bold=True),
            24,
            cv.MUTED,
            bold=True,
        )
        + 10
    )
    if new_index > old_index:
        cv.pill(draw, x, y2, "▲ " + label("new_title", lang), 18, (50, 34, 0), cv.GOLD)
    elif new_index < old_index:
        cv.pill(draw, x, y2, "▼", 18, cv.WHITE, (150, 60, 60))
    cards = line.cards_left
    if cards is None and seat is not None:
        cards = seat.shown_hand
    area_left, area_right = 340, WIDTH - MARGIN - 14
    card_top = y2 - SMALL.height // 2 + 4
    if cards:
        step = cv.card_step(len(cards), SMALL, area_right - area_left, 30)
        cv.draw_cards(image, cards, area_left, card_top, SMALL, step, view.wild_rank)
    elif seat is not None and seat.card_count:
        step = cv.card_step(seat.card_count, SMALL, area_right - area_left, 14)
        cv.draw_backs(image, seat.card_count, area_left, card_top, SMALL, step)
    else:
        draw_text(draw, (area_left, y2), label("cards_left", lang) + " 0", 20, cv.MUTED)
