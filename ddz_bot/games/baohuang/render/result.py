"""The end of a 保皇 hand: which side won, the places, the itemised score and each seat's
score and beans.

The hand's facts come from the outcome in the final ``PublicView`` (places, roles, base
scores, the factors of R-BH-DOUBLE, the solo, an escape); what settlement decided (beans,
points, the balance) comes in ``ResultLine``s, one a seat, as for the classic game. Rows
go in place order (头客 first), so that the picture reads like the table's talk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.baohuang.engine import BaoHuangOutcome, PublicView, Role
from ddz_bot.render import NamesMismatch, NoOutcome, ResultLine
from ddz_bot.render import canvas as cv
from ddz_bot.render.fonts import clean_name, draw_text, fit_text
from ddz_bot.render.labels import check_lang, label

from . import marks
from .table import factor_text

__all__ = ["banner_key", "draw_bh_result", "render_bh_result", "row_order"]

WIDTH: Final = 800
HEADER: Final = 150
ROW: Final = 116
MARGIN: Final = 10
NAME_RIGHT: Final = 470
SCORE_RIGHT: Final = WIDTH - MARGIN - 16
REBEL_BLUE: Final = (120, 200, 255)


def render_bh_result(view: PublicView, lines: Sequence[ResultLine], lang: str) -> bytes:
    """The result picture (PNG bytes) of a finished 保皇 hand."""
    return cv.encode(draw_bh_result(view, lines, lang))


def banner_key(outcome: BaoHuangOutcome) -> str:
    """The label of the headline: who won, a draw, an escape or a cancelled hand."""
    if outcome.aborted:
        return "aborted"
    if outcome.escaped is not None:
        return "escaped"
    if outcome.emperor is None or outcome.scores[outcome.emperor] == 0:
        return "bh_draw"
    return "bh_emperor_wins" if outcome.scores[outcome.emperor] > 0 else "bh_rebels_win"


def row_order(outcome: BaoHuangOutcome, seats: int) -> list[int]:
    """Seats in place order, then those without a place in seat order."""
    return [*outcome.places, *(seat for seat in range(seats) if seat not in outcome.places)]


def role_of(outcome: BaoHuangOutcome, seat: int) -> Role | None:
    if outcome.emperor is None:
        return None
    if seat == outcome.emperor:
        return Role.EMPEROR
    return Role.GUARD if seat == outcome.guard else Role.REBEL


def _signed(value: int) -> str:
    return f"+{value:,}" if value > 0 else f"{value:,}"


def _colour(value: int) -> tuple[int, int, int]:
    return cv.GREEN if value > 0 else cv.RED_TEXT if value < 0 else cv.WHITE


def draw_bh_result(view: PublicView, lines: Sequence[ResultLine], lang: str) -> Image.Image:
    check_lang(lang)
    outcome = view.outcome
    if outcome is None:
        raise NoOutcome()
    seats = len(view.seats)
    marks.check_names([line.name for line in lines], seats)
    by_seat = {line.seat: line for line in lines}
    if sorted(by_seat) != list(range(seats)):
        raise NamesMismatch(len(by_seat), seats)
    image, draw = cv.new_canvas(WIDTH, HEADER + seats * ROW + 12)
    _header(draw, view, outcome, by_seat, lang)
    for row, seat in enumerate(row_order(outcome, seats)):
        _row(draw, view, outcome, by_seat[seat], HEADER + row * ROW, lang)
    return image


def _header(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    outcome: BaoHuangOutcome,
    by_seat: dict[int, ResultLine],
    lang: str,
) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=cv.FELT_DARK)
    key = banner_key(outcome)
    colour = {
        "bh_emperor_wins": cv.GOLD,
        "bh_rebels_win": REBEL_BLUE,
    }.get(key, cv.MUTED)
    x = MARGIN + 10
    y = 46
    text = label(key, lang)
    if outcome.escaped is not None:
        who = fit_text(clean_name(by_seat[outcome.escaped].name), 40, 420, bold=True)
        text = f"{who} {text}"
    x += draw_text(draw, (x, y), text, 44, colour, bold=True) + 16
    if outcome.solo is not None:
        cv.pill(draw, x, y, marks.solo_text(outcome.solo, lang), 26, marks.DARK, cv.GOLD)
    # line 2: the itemised score, or why nothing was scored
    y = 112
    x = MARGIN + 12
    if outcome.aborted:
        reason = {"no_emperor": "bh_no_emperor", "all_auto": "bh_all_auto"}.get(outcome.reason)
        if reason:
            draw_text(draw, (x, y), label(reason, lang), 28, cv.WHITE, bold=True)
        return
    if outcome.escaped is not None:
        return
    if outcome.multiplier != 1:
        x += draw_text(draw, (x, y), label("multiplier", lang), 24, cv.MUTED, bold=True) + 8
        x += draw_text(draw, (x, y), f"×{outcome.multiplier}", 34, cv.GOLD, bold=True) + 16
    items = [factor_text(factor, lang) for factor in outcome.factors]
    if outcome.solo is not None:
        items.insert(0, marks.solo_text(outcome.solo, lang))
    if items:
        text = " · ".join(items)
        draw_text(draw, (x, y), fit_text(text, 26, WIDTH - MARGIN - 12 - x), 26, cv.WHITE)


def _row(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    outcome: BaoHuangOutcome,
    line: ResultLine,
    top: int,
    lang: str,
) -> None:
    seat = line.seat
    score = outcome.scores[seat]
    won = score > 0
    box = (MARGIN, top + 5, WIDTH - MARGIN, top + ROW - 5)
    cv.seat_row(draw, box, lit=won, radius=14, edge=3)
    left = MARGIN + 14
    y = top + 36
    x = left
    place = outcome.place_of(seat)
    if place is not None:
        x += marks.place_pill(draw, x, y, place, lang, 24) + 8
    role = role_of(outcome, seat)
    if role is not None:
        x += marks.role_pill(draw, x, y, role, lang, 22) + 8
    if seat in outcome.revolts or view.seats[seat].hoe:
        x += marks.hoe_pill(draw, x, y, lang, 22) + 8
    if outcome.escaped == seat:
        x += cv.pill(draw, x, y, label("escaped", lang), 22, cv.WHITE, (160, 40, 40)) + 8
    name = fit_text(clean_name(line.name), 28, NAME_RIGHT - x, bold=True)
    draw_text(draw, (x, y), name, 28, cv.WHITE, bold=True)
    # right: the score, and how it was made when multiplied
    score_width = draw_text(
        draw, (SCORE_RIGHT, y), _signed(score), 38, _colour(score), bold=True, align="r"
    )
    right = SCORE_RIGHT - score_width - 10
    if outcome.multiplier != 1:
        how = f"{_signed(outcome.base_scores[seat])}×{outcome.multiplier} ="
        right -= draw_text(draw, (right, y + 2), how, 22, cv.MUTED, align="r") + 8
    draw_text(draw, (right, y + 2), label("bh_score", lang), 22, cv.MUTED, bold=True, align="r")
    # line 2: beans and points changes, the balance
    y2 = top + 82
    x = left
    x += draw_text(draw, (x, y2), _signed(line.beans_delta), 30, _colour(line.beans_delta), True)
    x += 6
    x += draw_text(draw, (x, y2 + 2), label("beans", lang), 22, cv.MUTED) + 24
    x += draw_text(draw, (x, y2), _signed(line.points_delta), 26, cv.WHITE, bold=True) + 6
    draw_text(draw, (x, y2 + 2), label("points", lang), 22, cv.MUTED)
    balance = f"{label('beans', lang)} {line.beans_after:,}"
    draw_text(draw, (SCORE_RIGHT, y2 + 2), balance, 22, cv.MUTED, align="r")
