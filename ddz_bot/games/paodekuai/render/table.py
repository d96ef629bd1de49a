"""The group's picture of a 跑得快 hand: three seat rows with their counts, the one-card
warning drawn on the seat, each seat's play in the current trick, and the hands face up once
the hand is over. Drawn from the public view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ..engine import Phase, PublicView, SeatInfo
from ..i18n import cards_text, t
from . import _shared as ui
from .marks import WARN_BG, check, warning

__all__ = ["draw_pdk_table", "render_pdk_table"]

WIDTH: Final = 1000
HEADER: Final = 118
ROW: Final = 176
MARGIN: Final = 14
LEFT: Final = 320  # seat details left of this x; plays and shown hands right of it


def render_pdk_table(view: PublicView, names: Sequence[str], lang: str) -> bytes:
    """PNG bytes of the table."""
    return ui.encode(draw_pdk_table(view, names, lang))


def draw_pdk_table(view: PublicView, names: Sequence[str], lang: str) -> Image.Image:
    check(view, names, lang)
    height = HEADER + len(view.seats) * (ROW + MARGIN) + MARGIN
    image, draw = ui.new_canvas(WIDTH, height)
    _header(draw, view, names, lang)
    for info in view.seats:
        top = HEADER + MARGIN + info.seat * (ROW + MARGIN)
        _seat(
            image,
            draw,
            view,
            info,
            names[info.seat],
            (MARGIN, top, WIDTH - MARGIN, top + ROW),
            lang,
        )
    return image


def _header(draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str], lang: str) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=ui.FELT_DARK)
    title = t(lang, "pic_game", n=view.rules.hand_size)
    ui.draw_text(draw, (MARGIN + 6, 38), title, 32, ui.GOLD, bold=True)
    x = MARGIN + 6
    if view.must_three:
        x += ui.pill(draw, x, 88, t(lang, "pic_first_three"), 22, (50, 34, 0), ui.GOLD) + 10
    if view.bombs:
        text = f"{t(lang, 'pic_bombs')} ×{len(view.bombs)}"
        ui.pill(draw, x, 88, text, 22, ui.WHITE, (150, 60, 170))
    if view.turn is not None and view.phase is Phase.PLAYING:
        name = ui.fit_text(ui.clean_name(names[view.turn]), 28, 420, bold=True)
        ui.draw_text(draw, (WIDTH - MARGIN - 6, 38), f"▶ {name}", 28, ui.WHITE, True, "r")
    if view.to_beat is not None:
        word = t(lang, f"kind_{view.to_beat.kind.value}")
        ui.draw_text(
            draw,
            (WIDTH - MARGIN - 6, 88),
            f"{word}  {cards_text(view.to_beat.cards, lang)}",
            24,
            ui.MUTED,
            align="r",
        )


def _seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    info: SeatInfo,
    name: str,
    box: tuple[int, int, int, int],
    lang: str,
) -> None:
    left, top, right, bottom = box
    turn = view.turn == info.seat and view.phase is Phase.PLAYING
    ui.seat_row(draw, box, lit=turn, edge=5, outline=WARN_BG if info.one_card else None)
    x, y = left + 16, top + 32
    ui.draw_text(
        draw, (x, y), ui.fit_text(ui.clean_name(name), 28, LEFT - x, True), 28, ui.WHITE, True
    )
    y = top + 84
    if info.shown_hand is None and info.card_count:
        stack = min(info.card_count, 3)
        ui.draw_backs(image, stack, x, y - ui.TINY.height // 2, ui.TINY, 7)
        x += (stack - 1) * 7 + ui.TINY.width + 10
    colour = ui.RED_TEXT if 0 < info.card_count <= 2 else ui.WHITE
    x += ui.draw_text(draw, (x, y), str(info.card_count), 36, colour, bold=True) + 10
    if info.one_card:
        warning(draw, x, y, lang)
    x, y = left + 16, top + 138
    marks: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = []
    outcome = view.outcome
    if outcome is not None and outcome.winner == info.seat:
        marks.append(("★ " + t(lang, "pic_winner"), (50, 34, 0), ui.GOLD))
    if turn:
        marks.append(("▶ " + t(lang, "pic_turn"), (50, 34, 0), ui.GOLD))
    if info.seat == view.leader and view.first_hand and not any(s.played_any for s in view.seats):
        marks.append((t(lang, "pic_lead"), ui.WHITE, (60, 120, 90)))
    if info.bombs:
        marks.append((f"{t(lang, 'pic_bombs')} ×{info.bombs}", ui.WHITE, (150, 60, 170)))
    if info.auto_play:
        marks.append((t(lang, "pic_auto"), ui.WHITE, (110, 110, 130)))
    if info.escaped:
        marks.append((t(lang, "pic_escaped"), ui.WHITE, (160, 40, 40)))
    for text, fg, bg in marks:
        if x + ui.text_width(text, 20, True) + 18 > LEFT + 10:
            break
        x += ui.pill(draw, x, y, text, 20, fg, bg) + 8
    _play(image, draw, info, (LEFT + 20, top + 14, right - 16, bottom - 14), lang)


def _play(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    info: SeatInfo,
    box: tuple[int, int, int, int],
    lang: str,
) -> None:
    left, top, right, bottom = box
    if info.shown_hand is not None:
        step = ui.card_step(len(info.shown_hand), ui.SMALL, right - left, ui.SMALL.width - 8)
        ui.draw_cards(image, info.shown_hand, left, top + 40, ui.SMALL, step)
        return
    if info.play is not None:
        cards = info.play_cards
        step = ui.card_step(len(cards), ui.MEDIUM, right - left, ui.MEDIUM.width - 24)
        ui.draw_cards(image, cards, left, top + 10, ui.MEDIUM, step)
        word = t(lang, f"kind_{info.play.kind.value}")
        ui.draw_text(draw, (left, bottom - 22), word, 22, ui.MUTED)
    elif info.passed:
        ui.draw_text(
            draw, (left + 10, (top + bottom) // 2), t(lang, "pic_pass"), 34, ui.MUTED, True
        )
