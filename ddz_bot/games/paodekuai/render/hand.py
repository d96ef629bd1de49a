"""A 跑得快 player's hand picture: up to 16 cards, the chosen ones raised, with the other two
seats' counts (the one-card warning on them) and the play to beat. Drawn from the seat's view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image

from ddz_bot.kernel import Cards

from ..engine import SeatView
from ..i18n import cards_text, t
from . import _shared as ui
from .marks import WARN_BG, check, warning

__all__ = ["draw_pdk_hand", "raised", "render_pdk_hand"]

WIDTH: Final = 1000
HEIGHT: Final = 380
MARGIN: Final = 20
TOP_BAND: Final = 150


def raised(view: SeatView, selected: Cards | None) -> list[bool]:
    """Which cards the selection raises (the leftmost of each rank first);
    ``SelectionNotInHand`` if it holds a card the hand doesn't."""
    if not selected:
        return [False] * len(view.hand)
    want = Cards(selected).counts()
    held = view.hand_ranks
    if any(w > h for w, h in zip(want, held.counts(), strict=True)):
        raise ui.SelectionNotInHand(Cards(selected), held)
    flags = []
    for rank in held:
        flags.append(want[rank] > 0)
        want[rank] -= 1 if want[rank] else 0
    return flags


def render_pdk_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> bytes:
    """PNG bytes of the seat's hand."""
    return ui.encode(draw_pdk_hand(view, selected, lang, names))


def draw_pdk_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> Image.Image:
    public = view.public
    check(public, names, lang)
    flags = raised(view, selected)
    image, draw = ui.new_canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, WIDTH, TOP_BAND), fill=ui.FELT_DARK)
    others = [(view.seat + k) % len(public.seats) for k in (1, 2)]
    for i, seat in enumerate(others):
        info = public.seats[seat]
        x = MARGIN + i * (WIDTH // 2)
        name = names[seat] if names is not None else f"#{seat + 1}"
        ui.draw_text(
            draw, (x, 34), ui.fit_text(ui.clean_name(name), 24, 280, True), 24, ui.WHITE, True
        )
        colour = WARN_BG if info.one_card else ui.MUTED
        width = ui.draw_text(
            draw, (x, 74), t(lang, "pic_cards", n=info.card_count), 24, colour, True
        )
        if info.one_card:
            warning(draw, x + width + 12, 74, lang, 20)
        if info.play is not None:
            ui.draw_text(draw, (x, 114), cards_text(info.play.cards, lang), 24, ui.GOLD, True)
        elif info.passed:
            ui.draw_text(draw, (x, 114), t(lang, "pic_pass"), 22, ui.MUTED)
    if view.my_turn and public.must_three:
        ui.pill(
            draw,
            WIDTH - MARGIN,
            114,
            t(lang, "pic_first_three"),
            20,
            (50, 34, 0),
            ui.GOLD,
            align="r",
        )
    size = ui.LARGE
    cards = view.hand
    step = ui.card_step(len(cards), size, WIDTH - 2 * MARGIN, size.width - 20)
    span = (len(cards) - 1) * step + size.width if cards else 0
    ui.draw_cards(image, cards, (WIDTH - span) // 2, TOP_BAND + 62, size, step, raised=flags)
    label = t(lang, "pic_cards", n=len(cards))
    ui.draw_text(draw, (WIDTH - MARGIN, HEIGHT - 18), label, 20, ui.MUTED, align="r")
    return image
