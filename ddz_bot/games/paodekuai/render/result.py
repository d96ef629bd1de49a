"""The result picture of a 跑得快 hand: per seat, the winner, the cards left face up, 春天
(shut: played no card) doubling, the bombs that stood itemised, the points and the beans."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ..engine import BOMB_POINTS, PdkOutcome, PublicView, loser_pays
from ..i18n import rank_label, t
from . import _shared as ui
from .marks import check

__all__ = ["draw_pdk_result", "render_pdk_result"]

WIDTH: Final = 1000
HEADER: Final = 90
ROW: Final = 150
MARGIN: Final = 14


def render_pdk_result(
    view: PublicView, names: Sequence[str], lang: str, beans: Sequence[int] | None = None
) -> bytes:
    """PNG bytes of the result; ``beans``: each seat's bean change, when settled."""
    return ui.encode(draw_pdk_result(view, names, lang, beans))


def draw_pdk_result(
    view: PublicView, names: Sequence[str], lang: str, beans: Sequence[int] | None = None
) -> Image.Image:
    check(view, names, lang)
    outcome = view.outcome
    if outcome is None:
        raise ui.NoOutcome()
    if beans is not None and len(beans) != len(view.seats):
        raise ui.NamesMismatch(len(beans), len(view.seats))
    height = HEADER + len(view.seats) * (ROW + MARGIN) + MARGIN
    image, draw = ui.new_canvas(WIDTH, height)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=ui.FELT_DARK)
    ui.draw_text(draw, (MARGIN + 6, HEADER // 2), t(lang, "pic_result"), 34, ui.GOLD, True)
    ui.draw_text(
        draw,
        (WIDTH - MARGIN - 6, HEADER // 2),
        t(lang, "pic_game", n=view.rules.hand_size),
        24,
        ui.MUTED,
        align="r",
    )
    for seat in range(len(view.seats)):
        top = HEADER + MARGIN + seat * (ROW + MARGIN)
        delta = None if beans is None else beans[seat]
        _row(image, draw, view, outcome, seat, names[seat], top, delta, lang)
    return image


def _signed(value: int) -> str:
    return f"{value:+d}"


def _row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    outcome: PdkOutcome,
    seat: int,
    name: str,
    top: int,
    beans: int | None,
    lang: str,
) -> None:
    won = outcome.winner == seat
    box = (MARGIN, top, WIDTH - MARGIN, top + ROW)
    ui.seat_row(draw, box, lit=won)
    x, y = MARGIN + 16, top + 30
    if won:
        x += ui.pill(draw, x, y, "★ " + t(lang, "pic_winner"), 20, (50, 34, 0), ui.GOLD) + 10
    if view.seats[seat].escaped:
        x += ui.pill(draw, x, y, t(lang, "pic_escaped"), 20, ui.WHITE, (160, 40, 40)) + 10
    ui.draw_text(
        draw, (x, y), ui.fit_text(ui.clean_name(name), 26, 330 - x, True), 26, ui.WHITE, True
    )
    total = outcome.scores[seat]
    colour = ui.GREEN if total > 0 else (ui.RED_TEXT if total < 0 else ui.WHITE)
    right = WIDTH - MARGIN - 16
    ui.draw_text(
        draw, (right, y), f"{_signed(total)} {t(lang, 'pic_points')}", 30, colour, True, "r"
    )
    if beans is not None:
        ui.draw_text(
            draw,
            (right, y + 40),
            f"{_signed(beans)} {t(lang, 'pic_beans')}",
            22,
            ui.MUTED,
            align="r",
        )
    # the items: cards left (one card free, shut doubled), bombs that stood, others' bombs
    x, y = MARGIN + 16, top + 76
    for text, bg in _items(outcome, seat, lang):
        x += ui.pill(draw, x, y, text, 19, ui.WHITE, bg) + 8
    shown = view.seats[seat].shown_hand or ()
    if shown:
        step = ui.card_step(len(shown), ui.TINY, 600, ui.TINY.width - 6)
        ui.draw_cards(image, shown, MARGIN + 16, top + ROW - ui.TINY.height - 8, ui.TINY, step)


def _items(outcome: PdkOutcome, seat: int, lang: str) -> list[tuple[str, tuple[int, int, int]]]:
    items: list[tuple[str, tuple[int, int, int]]] = []
    grey, red, purple = (90, 100, 96), (170, 50, 50), (150, 60, 170)
    left = outcome.cards_left[seat]
    if outcome.escaped is None and outcome.winner != seat:
        pays = loser_pays(left, outcome.shut[seat])
        text = f"{t(lang, 'pic_cards_left', n=left)}  {_signed(-pays)}"
        items.append((text, grey))
        if outcome.shut[seat]:
            items.append((t(lang, "pic_shut"), red))
    others = 2
    for bomb in outcome.bombs:
        if bomb.seat == seat:
            text = (
                f"{t(lang, 'pic_bombs')} {rank_label(bomb.rank)}  {_signed(BOMB_POINTS * others)}"
            )
            items.append((text, purple))
    paid = sum(1 for b in outcome.bombs if b.seat != seat)
    if paid:
        items.append((f"{t(lang, 'pic_bombs')} ×{paid}  {_signed(-BOMB_POINTS * paid)}", grey))
    return items
