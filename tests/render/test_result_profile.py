"""The result picture and the player card."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from ddz_bot.games.doudizhu.render import render_result
from ddz_bot.games.doudizhu.render.result import draw_result
from ddz_bot.render import NoOutcome, PlayerRecord, render_profile
from ddz_bot.render.labels import TITLES, title_index
from ddz_bot.render.profile import draw_profile
from tools.render_samples import (
    ResultSample,
    classic_playing,
    profile_samples,
    result_samples,
)

from .conftest import FaceSpy


@pytest.mark.parametrize("sample", result_samples(), ids=lambda s: s.name)
def test_result_shows_every_hand_left(sample: ResultSample, spy: FaceSpy) -> None:
    data = render_result(sample.view, sample.lines, sample.lang)
    left = [card for seat in sample.view.seats for card in seat.shown_hand or ()]
    assert sorted(spy.faces) == sorted(left)
    image = Image.open(io.BytesIO(data))
    assert image.size == (1000, 176 + 140 * len(sample.lines) + 16)
    assert render_result(sample.view, sample.lines, sample.lang) == data


def test_result_of_a_hand_not_over_is_refused() -> None:
    sample = result_samples()[0]
    with pytest.raises(NoOutcome):
        render_result(classic_playing().view, sample.lines, "en")


@pytest.mark.parametrize(
    "beans, title",
    [(0, "短工"), (99, "短工"), (100, "长工"), (12_345, "商人"), (50_000_000, "丞相")],
)
def test_titles_follow_the_bean_balance(beans: int, title: str) -> None:
    assert TITLES[title_index(beans)][1] == title


def test_profile_progress_bar_grows_with_beans() -> None:
    def gold_pixels(beans: int) -> int:
        image = draw_profile(PlayerRecord("x", beans, 0), "en").crop((0, 272, 900, 294))
        colours = image.getcolors(1 << 16) or []
        return sum(count for count, colour in colours if colour == (246, 196, 60))

    assert gold_pixels(10_000) < gold_pixels(15_000) < gold_pixels(19_999)


@pytest.mark.parametrize("name, record, lang", profile_samples(), ids=lambda v: str(v)[:12])
def test_profile_pictures_are_stable(name: str, record: PlayerRecord, lang: str) -> None:
    data = render_profile(record, lang)
    assert Image.open(io.BytesIO(data)).size == (900, 520)
    assert render_profile(record, lang) == data


def test_the_escapee_is_marked_in_their_row() -> None:
    sample = result_samples()[0]
    assert sample.view.outcome is not None
    escaped = replace(sample.view, outcome=replace(sample.view.outcome, escaped=1))
    box = ImageChops.difference(
        draw_result(sample.view, sample.lines, "en"), draw_result(escaped, sample.lines, "en")
    ).getbbox()
    assert box is not None
    row_top = 176 + 140 * 1
    assert row_top <= box[1] and box[3] <= row_top + 140
