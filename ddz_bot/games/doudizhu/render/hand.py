"""A player's hand picture, for their private chat.

The selection is a ``Cards`` multiset of ranks (what a play is made of, and what the
keyboard toggles): for each selected rank, the leftmost cards of that rank are raised.
A selection that asks for more of a rank than the hand holds is refused (``ValueError``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ddz_bot.games.doudizhu.engine import Phase, Role, SeatView
from ddz_bot.games.doudizhu.render.labels import combo_tag
from ddz_bot.kernel import Cards
from ddz_bot.render import canvas as cv
from ddz_bot.render.errors import SelectionNotInHand
from ddz_bot.render.fonts import clean_name, draw_text, fit_text
from ddz_bot.render.labels import check_lang, label
from ddz_bot.render.sprites import LARGE, MEDIUM, index_label

__all__ = ["HAND_AREA_TOP", "draw_hand", "raised_flags", "render_hand"]

WIDTH: Final = 1000
HEIGHT: Final = 396
MARGIN: Final = 20
TOP_BAND: Final = 172
HAND_AREA_TOP: Final = TOP_BAND + 48


def raised_flags(view: SeatView, selected: Cards | None) -> list[bool]:
    """Which cards of ``view.hand`` the selection raises (leftmost of each rank first)."""
    if not selected:
        return [False] * len(view.hand)
    want = Cards(selected).counts()
    hand_counts = view.hand_ranks.counts()
    if any(w > h for w, h in zip(want, hand_counts, strict=True)):
        raise SelectionNotInHand(Cards(selected), view.hand_ranks)
    flags = []
    for card in view.hand:
        take = want[card.rank] > 0
        if take:
            want[card.rank] -= 1
        flags.append(take)
    return flags


def render_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> bytes:
    """The seat's hand (PNG bytes): sorted, overlapped to fit, ``selected`` raised, the
    combo to beat above it. ``names`` (by seat) names who played it, when given."""
    return cv.encode(draw_hand(view, selected, lang, names))


def draw_hand(
    view: SeatView, selected: Cards | None, lang: str, names: Sequence[str] | None = None
) -> Image.Image:
    check_lang(lang)
    flags = raised_flags(view, selected)
    public = view.public
    image, draw = cv.new_canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, WIDTH, TOP_BAND), fill=cv.FELT_DARK)
    _others(draw, view, names, lang)
    # top band, second line: the combo to beat, or that this seat leads
    middle = 114
    playing = public.phase is Phase.PLAYING
    x = MARGIN
    if (
        playing
        and public.to_beat is not None
        and public.to_beat_seat is not None
        and public.to_beat_seat != view.seat
    ):
        draw_text(draw, (x, middle - 22), label("to_beat", lang), 24, cv.MUTED, bold=True)
        who = ""
        if names is not None and 0 <= public.to_beat_seat < len(names):
            who = fit_text(clean_name(names[public.to_beat_seat]), 22, 150)
        if who:
            draw_text(draw, (x, middle + 18), who, 22, cv.WHITE)
        cards = public.seats[public.to_beat_seat].last_play_cards
        left = x + 170
        tag = combo_tag(public.to_beat, lang)
        step = cv.card_step(len(cards), MEDIUM, WIDTH - 2 * MARGIN - left - 220, 40)
        _, _, right, _ = cv.draw_cards(
            image, cards, left, middle - MEDIUM.height // 2, MEDIUM, step, public.wild_rank
        )
        cv.pill(draw, right + 14, middle, tag, 22, (50, 34, 0), cv.GOLD)
    elif playing and public.turn == view.seat:
        draw_text(draw, (x, middle), label("you_lead", lang), 34, cv.GOLD, bold=True)
    else:
        draw_text(draw, (x, middle), label("your_hand", lang), 30, cv.WHITE, bold=True)
    # right of the band: whose turn, the wildcard
    if public.turn == view.seat and playing:
        cv.pill(
            draw,
            WIDTH - MARGIN,
            30,
            "▶ " + label("your_turn", lang),
            22,
            (50, 34, 0),
            cv.GOLD,
            align="r",
        )
    if public.wild_rank is not None:
        cv.pill(
            draw,
            WIDTH - MARGIN,
            middle,
            f"{label('wild', lang)} ★ {index_label(public.wild_rank)}",
            24,
            (70, 40, 0),
            cv.GOLD,
            align="r",
        )
    # the hand
    count = len(view.hand)
    step = cv.card_step(count, LARGE, WIDTH - 2 * MARGIN, 62)
    width = (count - 1) * step + LARGE.width if count else 0
    left = (WIDTH - width) // 2
    top = HAND_AREA_TOP + LARGE.height // 6 - 12
    cv.draw_cards(image, view.hand, left, top, LARGE, step, public.wild_rank, flags)
    footer = f"{count} {label('cards', lang)}"
    chosen = sum(flags)
    if chosen:
        footer += f" · {label('selected', lang)} {chosen}"
    draw_text(draw, (WIDTH // 2, HEIGHT - 18), footer, 20, cv.MUTED, align="m")
    return image


def _others(
    draw: ImageDraw.ImageDraw, view: SeatView, names: Sequence[str] | None, lang: str
) -> None:
    """The first line: every other seat in playing order, its role, name and card count."""
    public = view.public
    x = MARGIN
    for seat in public.after(view.seat):
        if seat.role is not None:
            landlord = seat.role is Role.LANDLORD
            x += (
                cv.pill(
                    draw,
                    x,
                    30,
                    label("landlord" if landlord else "farmer", lang),
                    17,
                    cv.WHITE,
                    cv.LANDLORD_BG if landlord else cv.FARMER_BG,
                )
                + 6
            )
        name = (
            names[seat.seat]
            if names is not None and seat.seat < len(names)
            else f"#{seat.seat + 1}"
        )
        if public.turn == seat.seat and public.phase is not Phase.FINISHED:
            name = "▶ " + name
        x += draw_text(draw, (x, 30), fit_text(clean_name(name), 20, 130), 20, cv.WHITE) + 8
        colour = cv.RED_TEXT if 0 < seat.card_count <= 2 else cv.GOLD
        x += draw_text(draw, (x, 30), str(seat.card_count), 24, colour, bold=True) + 26
