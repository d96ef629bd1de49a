"""The group's table picture: only public cards, stable bytes, things where they belong."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from ddz_bot.games.doudizhu.engine.catalogue import classify
from ddz_bot.games.doudizhu.engine.rules import RuleSet
from ddz_bot.games.doudizhu.engine.views import Phase, PublicView, Role, SeatInfo
from ddz_bot.games.doudizhu.render import render_table
from ddz_bot.games.doudizhu.render.table import draw_table, table_layout
from ddz_bot.kernel import DEFAULT_ROOM, Card, Cards, full_deck
from ddz_bot.render import NamesMismatch, UnknownLanguage
from ddz_bot.render.sprites import CardSize
from tools.render_samples import (
    NAMES,
    TableSample,
    classic_bidding,
    classic_playing,
    table_samples,
)

from .conftest import FaceSpy


def visible_cards(view: PublicView) -> list[Card]:
    out: list[Card] = list(view.bottom or ())
    for seat in view.seats:
        out += list(seat.shown_hand or ()) + list(seat.last_play_cards)
    return out


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("sample", table_samples(), ids=lambda s: s.name)
def test_only_the_public_cards_are_drawn(sample: TableSample, spy: FaceSpy) -> None:
    render_table(sample.view, sample.names, sample.lang)
    assert sorted(spy.faces) == sorted(visible_cards(sample.view))


@st.composite
def dealt_views(draw: st.DrawFn) -> tuple[PublicView, dict[int, tuple[Card, ...]]]:
    """A random deal; some hands shown, some seats with a play; the rest hidden."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    hands = {i: tuple(sorted(deck[17 * i : 17 * i + 17], key=int)) for i in range(3)}
    bottom = tuple(deck[51:])
    seats = []
    for i in range(3):
        shown = draw(st.booleans())
        play_size = draw(st.sampled_from((0, 1, 2)))
        play = hands[i][:play_size]
        combos = classify(Cards.of(play)) if play else []
        if not combos:
            play = ()
        seats.append(
            SeatInfo(
                i,
                17,
                Role.LANDLORD if i == 0 else Role.FARMER,
                shown_hand=hands[i] if shown else None,
                last_play=combos[0] if play else None,
                last_play_cards=play,
                passed=not play and draw(st.booleans()),
            )
        )
    revealed = draw(st.booleans())
    view = PublicView(
        rules=RuleSet(),
        room=DEFAULT_ROOM,
        phase=Phase.PLAYING,
        seats=tuple(seats),
        turn=rng.randrange(3),
        landlord=0,
        bottom=bottom if revealed else None,
        bottom_count=3,
        wild_rank=None,
        base=1,
        multiplier=1,
        multiplier_items=(),
        to_beat=None,
        to_beat_seat=None,
        played=Cards(),
    )
    return view, hands


@given(dealt_views())
def test_a_hidden_card_never_reaches_the_table(
    case: tuple[PublicView, dict[int, tuple[Card, ...]]],
) -> None:
    view, hands = case
    from ddz_bot.render import sprites

    drawn: list[Card] = []
    real = sprites.face

    def face(card: Card, size: CardSize, wild: bool = False) -> Image.Image:
        drawn.append(card)
        return real(card, size, wild)

    sprites.face = face  # hypothesis runs many examples in one test: no fixture here
    try:
        draw_table(view, NAMES, "zh-Hans")
    finally:
        sprites.face = real
    hidden = set()
    for seat in view.seats:
        if seat.shown_hand is None:
            hidden |= set(hands[seat.seat]) - set(seat.last_play_cards)
    if view.bottom is None:
        hidden |= set(full_deck()) - {c for h in hands.values() for c in h}
    assert not hidden & set(drawn)
    assert sorted(drawn) == sorted(visible_cards(view))


def test_face_down_hands_and_bottom_draw_only_backs(spy: FaceSpy) -> None:
    view = classic_bidding().view  # nobody has shown, nothing played, bottom not revealed
    render_table(view, NAMES, "zh-Hans")
    assert spy.faces == []
    assert spy.backs > 0


def test_same_view_same_bytes() -> None:
    view = classic_playing().view
    first = render_table(view, NAMES, "zh-Hans")
    assert render_table(classic_playing().view, NAMES, "zh-Hans") == first
    assert first[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("sample", table_samples(), ids=lambda s: s.name)
def test_picture_size_is_fixed_by_the_number_of_seats(sample: TableSample) -> None:
    image = decode(render_table(sample.view, sample.names, sample.lang))
    seats = len(sample.view.seats)
    assert image.size == (1000, 150 + 186 * seats + 14)


def test_a_played_combo_appears_in_its_seats_area() -> None:
    view = classic_playing().view
    layout = table_layout(view)
    for seat in (0, 2):  # the seats with a play in the sample
        without = replace(
            view,
            seats=tuple(
                replace(s, last_play=None, last_play_cards=()) if s.seat == seat else s
                for s in view.seats
            ),
        )
        box = ImageChops.difference(
            draw_table(view, NAMES, "en"), draw_table(without, NAMES, "en")
        ).getbbox()
        assert box is not None
        left, top, right, bottom = layout.plays[seat]
        assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom


def test_turn_and_markers_change_only_their_row() -> None:
    view = classic_playing().view
    moved = replace(view, turn=1)
    box = ImageChops.difference(
        draw_table(view, NAMES, "en"), draw_table(moved, NAMES, "en")
    ).getbbox()
    rows = table_layout(view).rows
    assert box is not None
    assert rows[0][1] <= box[1] and box[3] <= rows[1][3] + 1  # Pillow boxes include the edge


def test_names_must_match_the_seats() -> None:
    with pytest.raises(NamesMismatch):
        render_table(classic_playing().view, NAMES[:2], "zh-Hans")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(UnknownLanguage):
        render_table(classic_playing().view, NAMES, "fr")


def test_size_stays_within_telegram_friendly_bounds() -> None:
    for sample in table_samples():
        assert len(render_table(sample.view, sample.names, sample.lang)) <= 120 * 1024


def test_cold_and_warm_caches_give_the_same_bytes() -> None:
    from ddz_bot.render import fonts, sprites

    view = classic_playing().view
    warm = render_table(view, NAMES, "zh-Hans")
    sprites._face_sprite.cache_clear()
    sprites.back.cache_clear()
    fonts._stamp.cache_clear()
    fonts.runs.cache_clear()
    assert render_table(view, NAMES, "zh-Hans") == warm
