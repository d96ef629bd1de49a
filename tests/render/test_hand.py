"""The hand picture in a player's private chat."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.games.doudizhu.render import render_hand
from ddz_bot.games.doudizhu.render.hand import raised_flags
from ddz_bot.kernel import Cards
from ddz_bot.render import SelectionNotInHand
from tools.render_samples import (
    NAMES,
    HandSample,
    classic_playing,
    hand_samples,
    wildcard_game,
)

from .conftest import FaceSpy


def _seat0() -> SeatView:
    built = classic_playing()
    return SeatView(built.view, 0, built.hands[0])


def test_selection_raises_the_leftmost_cards_of_each_rank() -> None:
    view = _seat0()  # 455899TJQQKA22D
    flags = raised_flags(view, Cards.parse("59Q"))
    raised = [str(card)[0] for card, up in zip(view.hand, flags, strict=True) if up]
    assert raised == ["5", "9", "Q"]
    assert flags.index(True) == 1  # the first 5, not the second
    assert sum(flags) == 3


def test_selection_not_in_the_hand_is_refused() -> None:
    with pytest.raises(SelectionNotInHand):
        render_hand(_seat0(), Cards.parse("333"), "en")


def test_selection_changes_only_the_picture_of_the_hand() -> None:
    plain = render_hand(_seat0(), None, "en")
    assert render_hand(_seat0(), Cards(), "en") == plain
    assert render_hand(_seat0(), Cards.parse("89TJQ"), "en") != plain


def test_the_hand_draws_its_cards_and_the_combo_to_beat(spy: FaceSpy) -> None:
    view = _seat0()
    render_hand(view, None, "zh-Hans", NAMES)
    to_beat = view.public.seats[2].last_play_cards
    assert sorted(spy.faces) == sorted(view.hand + to_beat)


def test_wildcards_are_marked(spy: FaceSpy) -> None:
    built = wildcard_game()
    view = SeatView(built.view, 2, built.hands[2])
    render_hand(view, None, "zh-Hant")
    wild = [card for card in view.hand if card.rank == built.view.wild_rank]
    assert wild and all(card in spy.wild for card in wild)
    assert all(card.rank == built.view.wild_rank for card in spy.wild)


@pytest.mark.parametrize("sample", hand_samples(), ids=lambda s: s.name)
def test_hand_pictures_have_one_size_and_stable_bytes(sample: HandSample) -> None:
    data = render_hand(sample.view, sample.selected, sample.lang, sample.names)
    assert Image.open(io.BytesIO(data)).size == (1000, 396)
    assert render_hand(sample.view, sample.selected, sample.lang, sample.names) == data


def test_an_empty_hand_still_draws() -> None:
    view = replace(_seat0(), hand=())
    assert render_hand(view, None, "en")[:4] == b"\x89PNG"
