"""The group's 保皇 table picture, drawn from a ``PublicView`` only.

Five rows in seat order (the order of play) under a header with the room, the options,
the score's factors so far and the called card (特画). Each row: the public role (the
emperor; the guard only once revealed), the name, the card count, the place once out
(头客 ... 大拉), the hoe of a revolt, auto-play, and on the right what the seat did in
the current step: the emperor card with its attached cards while it travels, a
declaration, its play in the trick (gold when it is the play to beat) or 不出.

The picture is 800 pixels wide with large type, so that a phone showing it 400 pixels
wide keeps every word readable, and it keeps one size, so that editing it in place never
makes the chat jump. Since it reads nothing but the public view, it can't show a hidden
hand or the hidden guard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    Declaration,
    FactorReason,
    Phase,
    PublicView,
    ScoreFactor,
    SeatInfo,
)
from ddz_bot.kernel import Card
from ddz_bot.render import canvas as cv
from ddz_bot.render.fonts import clean_name, draw_text, fit_text, text_width
from ddz_bot.render.labels import check_lang, label
from ddz_bot.render.sprites import MEDIUM, SMALL, TINY

from . import marks
from .cards import draw_bh_cards, draw_card_row, has_sword

__all__ = ["HEIGHT", "WIDTH", "count_text", "draw_bh_table", "factor_text", "render_bh_table"]

WIDTH: Final = 800
HEADER: Final = 112
ROW: Final = 150
FOOT: Final = 8
MARGIN: Final = 10
LEFT_COLUMN: Final = 292  # seat details left of this x; plays right of it
PLAY_LEFT: Final = LEFT_COLUMN + 10
PLAY_RIGHT: Final = WIDTH - MARGIN - 12
SEATS: Final = 5
HEIGHT: Final = HEADER + SEATS * ROW + FOOT
MAX_OFFERS: Final = 10
SHOWN_MIN_STEP: Final = 22  # a small card's corner rank and suit

_DECLARATION_COLOURS: Final[dict[Declaration, tuple[marks.Colour, marks.Colour]]] = {
    Declaration.OPEN_SOLO: (marks.DARK, marks.EMPEROR_BG),
    Declaration.GRAB_SOLO: (marks.DARK, marks.EMPEROR_BG),
    Declaration.OPEN_GUARD: (cv.WHITE, marks.GUARD_BG),
    Declaration.REVOLT: (cv.WHITE, marks.HOE_BG),
}


def render_bh_table(view: PublicView, names: Sequence[str], lang: str) -> bytes:
    """The 保皇 table picture (PNG bytes) for the group."""
    return cv.encode(draw_bh_table(view, names, lang))


def draw_bh_table(view: PublicView, names: Sequence[str], lang: str) -> Image.Image:
    check_lang(lang)
    marks.check_names(names, len(view.seats))
    height = HEADER + len(view.seats) * ROW + FOOT
    image, draw = cv.new_canvas(WIDTH, height)
    _header(image, draw, view, names, lang)
    for index, seat in enumerate(view.seats):
        _seat_row(image, draw, view, seat, names[index], HEADER + index * ROW, lang)
    return image


def factor_text(factor: ScoreFactor, lang: str) -> str:
    """``明保×2``; a factor that applies only if it comes true says so (造反×2 若胜)."""
    key = "bh_open_guard" if factor.reason is FactorReason.OPEN_GUARD else "bh_revolt"
    text = f"{label(key, lang)}×{factor.factor}"
    return f"{text} {label('bh_if_won', lang)}" if factor.conditional else text


def count_text(count: int, lang: str) -> str:
    """``5张`` / ``5 cards``."""
    return f"{count} {label('cards', lang)}" if lang == "en" else f"{count}{label('cards', lang)}"


def _options(view: PublicView, lang: str) -> list[str]:
    rules = view.rules
    words = []
    if rules.method.value == "called":
        words.append(label("bh_called_method", lang))
    for on, key in (
        (rules.roast, "bh_roast"),
        (rules.six, "bh_six"),
        (rules.grab_solo, "bh_grab_solo"),
    ):
        if on:
            words.append(label(key, lang))
    if view.redeals:
        words.append(f"{label('bh_redeal', lang)} {view.redeals}")
    return words


def _header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    names: Sequence[str],
    lang: str,
) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=cv.FELT_DARK)
    title = f"{label('game_baohuang', lang)} · {label('room_' + view.room.key, lang)}"
    x = MARGIN + 6
    y = 32
    x += cv.pill(draw, x, y, title, 26, cv.WHITE, cv.PANEL) + 10
    if view.phase is not Phase.PLAYING:
        x += cv.pill(draw, x, y, label("phase_" + view.phase.value, lang), 24, marks.DARK, cv.GOLD)
        x += 10
    options = " · ".join(_options(view, lang))
    if options:
        room = WIDTH - MARGIN - 8 - x
        draw_text(
            draw, (WIDTH - MARGIN - 8, y), fit_text(options, 22, room), 22, cv.MUTED, align="r"
        )
    # line 2: the solo once public, the score's factors; at the right the called card and
    # who made the play to beat
    y = 82
    x = MARGIN + 8
    if view.solo is not None:
        x += cv.pill(draw, x, y, marks.solo_text(view.solo, lang), 24, marks.DARK, cv.GOLD) + 12
    right = WIDTH - MARGIN - 8
    if view.called is not None:
        card = Card.make(view.called.rank, view.called.suit)
        draw_bh_cards(image, [card], right - TINY.width, y - TINY.height // 2, TINY, TINY.width)
        right -= TINY.width + 8
        right -= draw_text(draw, (right, y), label("bh_called", lang), 24, cv.MUTED, True, "r")
        right -= 20
    if view.phase is Phase.PLAYING and view.to_beat_seat is not None:
        who = fit_text(clean_name(names[view.to_beat_seat]), 24, 170, bold=True)
        right -= draw_text(draw, (right, y), who, 24, cv.GOLD, bold=True, align="r") + 8
        right -= draw_text(draw, (right, y), label("to_beat", lang), 24, cv.MUTED, True, "r")
        right -= 20
    multiplier = 1
    for factor in view.factors:
        if not factor.conditional:
            multiplier *= factor.factor
    if multiplier != 1:
        x += draw_text(draw, (x, y), f"×{multiplier}", 34, cv.GOLD, bold=True) + 12
    if view.factors and right - x > 40:
        items = " · ".join(factor_text(factor, lang) for factor in view.factors)
        draw_text(draw, (x, y), fit_text(items, 24, right - x), 24, cv.MUTED)


def _seat_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seat: SeatInfo,
    name: str,
    top: int,
    lang: str,
) -> None:
    over = view.phase in (Phase.FINISHED, Phase.ABORTED)
    turn = view.turn == seat.seat and not over
    box = (MARGIN, top + 4, WIDTH - MARGIN, top + ROW - 4)
    cv.seat_row(draw, box, lit=turn)
    left = MARGIN + 14
    # line 1: role and name
    x, y = left, top + 32
    if seat.role is not None:
        x += marks.role_pill(draw, x, y, seat.role, lang, 22) + 8
    text = fit_text(clean_name(name), 28, LEFT_COLUMN - x, bold=True)
    draw_text(draw, (x, y), text, 28, cv.WHITE, bold=True)
    # line 2: count, place, hoe
    x, y = left, top + 80
    if seat.card_count and seat.shown_hand is None:
        stack = min(seat.card_count, 3)
        cv.draw_backs(image, stack, x, y - TINY.height // 2, TINY, 6)
        x += (stack - 1) * 6 + TINY.width + 8
    count_colour = cv.RED_TEXT if 0 < seat.card_count <= 3 else cv.WHITE
    x += draw_text(draw, (x, y), str(seat.card_count), 36, count_colour, bold=True) + 4
    x += draw_text(draw, (x, y + 4), label("cards", lang), 22, cv.MUTED) + 10
    if seat.place is not None:
        x += marks.place_pill(draw, x, y, seat.place, lang, 22) + 8
    hoe_on_line_2 = seat.hoe and x + marks.hoe_width(lang, 22) <= LEFT_COLUMN + 6
    if hoe_on_line_2:
        marks.hoe_pill(draw, x, y, lang, 22)
    # line 3: turn, auto-play, escape; below the play, so free to run on unless the hand
    # left at the end is shown there
    x, y = left, top + 124
    limit = LEFT_COLUMN + 6 if seat.shown_hand else PLAY_RIGHT
    badges: list[tuple[str, marks.Colour, marks.Colour]] = []
    if turn:
        word = "turn" if view.phase is Phase.PLAYING else "thinking"
        badges.append(("▶ " + label(word, lang), marks.DARK, cv.GOLD))
    if seat.auto_play:
        word = "bh_auto_locked" if seat.auto_locked else "auto"
        badges.append((label(word, lang), cv.WHITE, (110, 110, 130)))
    if seat.escaped:
        badges.append((label("escaped", lang), cv.WHITE, (160, 40, 40)))
    for text, fg, bg in badges:
        if x + text_width(text, 22, True) + 18 > limit:
            break
        x += cv.pill(draw, x, y, text, 22, fg, bg) + 8
    if seat.hoe and not hoe_on_line_2 and x + marks.hoe_width(lang, 22) <= limit:
        marks.hoe_pill(draw, x, y, lang, 22)
    _right_side(image, draw, view, seat, top + ROW // 2, lang)


def _right_side(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seat: SeatInfo,
    middle: int,
    lang: str,
) -> None:
    """What the seat did in the current step, right of its details."""
    offer = view.offer
    if view.phase is Phase.THRONE and offer is not None:
        if offer.holder == seat.seat:
            _offer(image, draw, view, middle, lang)
            return
        times = offer.yielded.count(seat.seat)
        if times:
            word = label("bh_yield", lang) + (f" ×{times}" if times > 1 else "")
            draw_text(draw, (PLAY_LEFT + 6, middle), word, 34, cv.MUTED, bold=True)
        return
    if view.phase is Phase.DECLARING and seat.declaration is not None:
        text = marks.declaration_text(seat.declaration, lang)
        colours = _DECLARATION_COLOURS.get(seat.declaration)
        if colours is None:
            draw_text(draw, (PLAY_LEFT + 6, middle), text, 30, cv.MUTED, bold=True)
        else:
            cv.pill(draw, PLAY_LEFT + 6, middle, text, 30, colours[0], colours[1])
        return
    sword = has_sword(view.rules)
    if seat.shown_hand:
        _shown_hand(image, seat.shown_hand, middle, sword)
        return
    if seat.play is not None and seat.play_cards:
        beaten = view.to_beat_seat == seat.seat
        tag = count_text(len(seat.play_cards), lang)
        _cards_with_tag(image, draw, seat.play_cards, tag, beaten, middle, sword)
        return
    if seat.passed:
        draw_text(draw, (PLAY_LEFT + 6, middle), label("pass", lang), 38, cv.MUTED, bold=True)
        return
    if seat.place is not None:
        marks.place_pill(draw, PLAY_LEFT + 6, middle, seat.place, lang, 32)


def _shown_hand(image: Image.Image, cards: Sequence[Card], middle: int, sword: bool) -> None:
    """The cards left at the end, face up: one row, or two when one would hide the corners."""
    width = PLAY_RIGHT - PLAY_LEFT
    rows: list[Sequence[Card]] = [cards]
    if cv.card_step(len(cards), SMALL, width, 34) < SHOWN_MIN_STEP:
        half = (len(cards) + 1) // 2
        rows = [cards[:half], cards[half:]]
    top = middle - (len(rows) * SMALL.height + (len(rows) - 1) * 4) // 2
    for row in rows:
        draw_card_row(image, row, PLAY_LEFT, top, SMALL, width, 34, SHOWN_MIN_STEP, sword=sword)
        top += SMALL.height + 4


def _cards_with_tag(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    cards: Sequence[Card],
    tag: str,
    highlight: bool,
    middle: int,
    sword: bool,
) -> None:
    tag_width = text_width(tag, 22, True) + 30 if tag else 0
    room = PLAY_RIGHT - PLAY_LEFT - tag_width
    _, _, right, _ = draw_card_row(
        image,
        cards,
        PLAY_LEFT,
        middle - MEDIUM.height // 2,
        MEDIUM,
        room,
        MEDIUM.width - 20,
        24,
        sword=sword,
    )
    if tag:
        fg, bg = (marks.DARK, cv.GOLD) if highlight else (cv.WHITE, cv.FELT)
        cv.pill(draw, right + 12, middle, tag, 22, fg, bg)


def _offer(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, middle: int, lang: str
) -> None:
    """The emperor card and its attached cards at the holder's seat, and how far it went."""
    offer = view.offer
    assert offer is not None
    cards = [EMPEROR_CARD, *offer.attached]
    tag = f"{label('bh_emperor_card', lang)} {offer.number}/{MAX_OFFERS}"
    tag_width = text_width(tag, 22, True) + 30
    room = PLAY_RIGHT - PLAY_LEFT - tag_width
    top = middle - MEDIUM.height // 2
    _, _, right, _ = draw_card_row(
        image,
        cards,
        PLAY_LEFT,
        top,
        MEDIUM,
        room,
        MEDIUM.width - 14,
        24,
        sword=has_sword(view.rules),
    )
    x = right + 12
    cv.pill(draw, x, middle - 18, tag, 22, marks.DARK, cv.GOLD)
    word = "bh_must_take" if offer.must_take else "bh_take_or_yield"
    draw_text(draw, (x + 4, middle + 22), label(word, lang), 22, cv.WHITE, bold=True)
