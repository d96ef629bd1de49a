"""保皇 pictures from hand-built views: every sample draws, only the cards a viewer may see
are drawn, the special cards are marked, 45 cards fit, bad input is refused, and every
word exists in the three languages."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    BaoHuangRules,
    Declaration,
    FactorReason,
    GuardMethod,
    Place,
    PublicView,
    Role,
    ScoreFactor,
    Solo,
    bh_deck,
)
from ddz_bot.games.baohuang.render import (
    bh_face,
    draw_bh_hand,
    draw_bh_result,
    draw_bh_table,
    marks,
    render_bh_hand,
    render_bh_result,
    render_bh_table,
)
from ddz_bot.games.baohuang.render import hand as bh_hand
from ddz_bot.games.baohuang.render import table as bh_table
from ddz_bot.games.baohuang.render.cards import card_groups, draw_card_row
from ddz_bot.games.baohuang.render.table import factor_text
from ddz_bot.kernel import Card, Cards, Rank
from ddz_bot.render import NamesMismatch, NoOutcome, SelectionNotInHand, UnknownLanguage
from ddz_bot.render.labels import LANGS, label
from ddz_bot.render.palette import palette_image
from ddz_bot.render.sprites import LARGE, MEDIUM, SMALL, TINY
from tools.baohuang_result_samples import BhResultSample, bh_result_samples, result_scenes
from tools.baohuang_samples import (
    NAMES,
    BhHandSample,
    BhTableSample,
    bh_hand_samples,
    bh_table_samples,
    crowded_hand_view,
    finished_view,
    trick_view,
)

from .conftest import FaceSpy


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def public_cards(view: PublicView) -> set[Card]:
    """Every physical card the group may see in ``view``."""
    out: set[Card] = set()
    for seat in view.seats:
        out |= set(seat.play_cards) | set(seat.shown_hand or ())
    if view.offer is not None:
        out |= {EMPEROR_CARD, *view.offer.attached}
    if view.called is not None:
        out |= set(view.called.copies())
    return out


# --------------------------------------------------------------------------- samples


@pytest.mark.parametrize("sample", bh_table_samples(), ids=lambda s: s.name)
def test_every_table_sample_draws_only_public_cards(sample: BhTableSample, spy: FaceSpy) -> None:
    picture = decode(render_bh_table(sample.view, sample.names, sample.lang))
    assert picture.size == (bh_table.WIDTH, bh_table.HEIGHT)  # one size: no jump in the chat
    assert set(spy.faces) <= public_cards(sample.view)


@pytest.mark.parametrize("sample", bh_hand_samples(), ids=lambda s: s.name)
def test_every_hand_sample_draws_the_hand_and_public_cards(
    sample: BhHandSample, spy: FaceSpy
) -> None:
    data = render_bh_hand(sample.view, sample.selected, sample.lang, sample.names)
    assert decode(data).size == (bh_hand.WIDTH, bh_hand.HEIGHT)
    hand = set(sample.view.hand)
    assert len(hand) == len(sample.view.hand)
    called = sample.view.public.called
    stand_ins = set(called.copies()) if called is not None else set()  # the face, not a card
    assert not hand & (public_cards(sample.view.public) - stand_ins)  # each card dealt once
    assert hand <= set(spy.faces)  # every card of the hand, whole or in its column
    assert set(spy.faces) <= hand | public_cards(sample.view.public)


@pytest.mark.parametrize("sample", bh_result_samples(), ids=lambda s: s.name)
def test_every_result_sample_draws(sample: BhResultSample) -> None:
    picture = decode(render_bh_result(sample.view, sample.lines, sample.lang))
    assert picture.width == 800 and picture.height > 600


def test_the_gallery_names_every_picture_baohuang_in_three_languages() -> None:
    names = [s.name for s in bh_table_samples()] + [s.name for s in bh_hand_samples()]
    names += [s.name for s in bh_result_samples()]
    assert len(names) == len(set(names))
    assert all(name.startswith("baohuang_") for name in names)
    for suffix in ("_hans", "_hant", "_en"):
        assert sum(name.endswith(suffix) for name in names) == len(names) // 3


def test_the_same_view_gives_the_same_bytes() -> None:
    view = trick_view()
    assert render_bh_table(view, NAMES, "en") == render_bh_table(view, NAMES, "en")


def test_the_palette_keeps_the_colours_of_the_baohuang_pictures() -> None:
    pictures = [draw_bh_table(s.view, s.names, s.lang) for s in bh_table_samples()]
    pictures += [draw_bh_hand(s.view, s.selected, s.lang, s.names) for s in bh_hand_samples()]
    pictures += [draw_bh_result(s.view, s.lines, s.lang) for s in bh_result_samples()]
    for picture in pictures:
        paletted = picture.quantize(palette=palette_image(), dither=Image.Dither.NONE)
        diff = ImageChops.difference(picture, paletted.convert("RGB")).convert("L")
        far = diff.point(lambda value: 255 if value > 24 else 0).histogram()[255]
        mean = ImageStat.Stat(diff).mean[0]
        assert mean < 1.5 and far / (picture.width * picture.height) < 0.002, (mean, far)


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("size", [LARGE, MEDIUM, SMALL, TINY], ids=lambda s: str(s.width))
def test_the_emperor_and_guard_cards_are_told_apart_from_other_jokers(size: object) -> None:
    from ddz_bot.render.sprites import CardSize

    assert isinstance(size, CardSize)
    other_big = Card.make(Rank.BIG_JOKER, deck=1)
    other_small = Card.make(Rank.SMALL_JOKER, deck=2)
    sceptre, sword = bh_face(EMPEROR_CARD, size), bh_face(GUARD_CARD, size)
    for special, plain in (
        (sceptre, bh_face(other_big, size)),
        (sword, bh_face(other_small, size)),
    ):
        assert special.size == plain.size
        assert ImageChops.difference(special, plain).getbbox() is not None
    # the marks show on the strip an overlapped card leaves visible (the left quarter)
    strip = (0, 0, size.width // 4, size.height)
    plain_strip = bh_face(other_big, size).crop(strip)
    assert ImageChops.difference(sceptre.crop(strip), plain_strip).getbbox() is not None
    assert bh_face(EMPEROR_CARD, size) is sceptre  # made once


def test_with_a_called_guard_the_first_small_joker_is_an_ordinary_one() -> None:
    """R-BH-GUARD: the sword exists in the fixed-guard method only."""
    view = trick_view()
    called = replace(view, rules=BaoHuangRules(method=GuardMethod.CALLED), guard=None)
    seats = list(called.seats)
    plain = (*seats[3].play_cards[:4], Card.make(Rank.SMALL_JOKER, deck=3))
    assert GUARD_CARD in seats[3].play_cards
    seats[3] = replace(seats[3], role=None)
    with_sword_card = replace(called, seats=tuple(seats))
    seats[3] = replace(seats[3], play_cards=plain)
    without = replace(called, seats=tuple(seats))
    assert render_bh_table(with_sword_card, NAMES, "en") == render_bh_table(without, NAMES, "en")
    assert render_bh_table(view, NAMES, "en") != render_bh_table(
        replace(
            view,
            seats=tuple(replace(s, play_cards=plain) if s.seat == 3 else s for s in view.seats),
        ),
        NAMES,
        "en",
    )


def test_a_row_of_cards_fits_its_width_overlapped_or_grouped() -> None:
    many = [Card.make(Rank.ACE, suit % 4, suit // 4) for suit in range(16)]
    jokers = [Card.make(Rank.SMALL_JOKER, deck=d) for d in (1, 2, 3)]
    canvas = Image.new("RGB", (900, 200))
    for cards in (many[:4], many, [*many, *jokers, EMPEROR_CARD], [GUARD_CARD]):
        for width in (120, 300, 480):
            left, _top, right, _bottom = draw_card_row(
                canvas, cards, 10, 10, MEDIUM, width, MEDIUM.width - 20, 24
            )
            assert right - left <= max(width, MEDIUM.width), (len(cards), width)


@given(
    st.lists(st.sampled_from(bh_deck()), min_size=1, max_size=45, unique=True),
    st.integers(200, 480),
)
def test_any_row_of_cards_fits_its_width(cards: list[Card], width: int) -> None:
    canvas = Image.new("RGB", (600, 120))
    left, _top, right, _bottom = draw_card_row(
        canvas, sorted(cards, key=int), 0, 10, SMALL, width, 34, 22
    )
    assert right - left <= width


def test_groups_keep_the_special_cards_apart() -> None:
    cards = [*(Card.make(Rank.BIG_JOKER, deck=d) for d in (1, 2)), EMPEROR_CARD]
    assert [len(group) for group in card_groups(cards)] == [2, 1]


def test_a_hand_of_45_cards_fits_with_every_corner_showing() -> None:
    view = crowded_hand_view()
    assert len(view.hand) == 45
    columns = bh_hand.hand_layout(view.hand)
    assert sorted(card for column in columns for card in column.cards) == sorted(view.hand)
    right_edge = 0
    for column in columns:
        assert column.step >= 14  # the corner rank of a covered card stays readable
        left, _top, right, bottom = column.boxes[-1]
        assert left >= right_edge and right <= bh_hand.WIDTH
        assert bottom <= bh_hand.HEIGHT - 30  # above the footer
        right_edge = right
    # the emperor and guard cards end their columns: the sceptre and the sword show whole
    ends = {column.cards[-1] for column in columns}
    assert EMPEROR_CARD in ends and GUARD_CARD in ends


def test_the_guard_sees_it_is_the_guard_and_the_table_does_not() -> None:
    sample = next(s for s in bh_hand_samples() if s.name == "baohuang_hand_guard_en")
    assert sample.view.role is Role.GUARD and sample.view.public.guard is None
    assert all(seat.role is not Role.GUARD for seat in sample.view.public.seats)
    as_rebel = replace(sample.view, role=Role.REBEL, holds_guard_card=False)
    mine = render_bh_hand(sample.view, None, "en", NAMES)
    assert mine != render_bh_hand(as_rebel, None, "en", NAMES)


# --------------------------------------------------------------------------- bad input


def test_bad_input_raises_the_renderers_value_errors() -> None:
    view = trick_view()
    hand = crowded_hand_view()
    finished = finished_view()
    result_view, lines = result_scenes()["emperor_wins"]
    with pytest.raises(UnknownLanguage):
        render_bh_table(view, NAMES, "fr")
    with pytest.raises(UnknownLanguage):
        render_bh_hand(hand, None, "de", NAMES)
    with pytest.raises(UnknownLanguage):
        render_bh_result(result_view, lines, "xx")
    with pytest.raises(NamesMismatch):
        render_bh_table(view, NAMES[:4], "en")
    with pytest.raises(NamesMismatch):
        render_bh_hand(hand, None, "en", NAMES[:3])
    with pytest.raises(NamesMismatch):
        render_bh_result(result_view, lines[:4], "en")
    with pytest.raises(NamesMismatch):
        render_bh_result(result_view, (*lines[:4], lines[0]), "en")
    with pytest.raises(NoOutcome):
        render_bh_result(view, lines, "en")
    with pytest.raises(SelectionNotInHand):
        render_bh_hand(hand, Cards.parse("2" * 17), "en", NAMES)
    with pytest.raises(SelectionNotInHand):
        render_bh_hand(hand, Cards.parse("T" * 3), "en", NAMES)
    assert render_bh_result(finished, lines, "en")  # the final table view is a result too
    assert all(issubclass(e, ValueError) for e in (UnknownLanguage, NamesMismatch, NoOutcome))


# --------------------------------------------------------------------------- words


@pytest.mark.parametrize("lang", LANGS)
def test_every_baohuang_word_exists_in_every_language(lang: str) -> None:
    words = [marks.role_text(role, lang) for role in Role]
    words += [marks.place_text(place, lang) for place in Place]
    words += [marks.declaration_text(declaration, lang) for declaration in Declaration]
    assert len(set(words)) == len(words)  # no two roles, places or declarations look alike
    words += [marks.solo_text(solo, lang) for solo in Solo]  # 明独保 is also a declaration
    words += [factor_text(ScoreFactor(reason, 2), lang) for reason in FactorReason]
    words += [label("phase_" + phase, lang) for phase in ("throne", "declaring", "playing")]
    words += [label("game_baohuang", lang)]
    assert all(words)


def test_places_read_as_the_table_says_them() -> None:
    assert [marks.place_text(p, "zh-Hans") for p in Place] == [p.zh for p in Place]
    assert marks.place_text(Place.FIRST, "en") == "First"
    assert marks.place_text(Place.FIRST, "zh-Hant") == "頭客"
