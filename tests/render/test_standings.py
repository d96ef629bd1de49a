"""The season standings picture: every sample draws, medals for the first three, the asker's
row below the top ten makes the picture taller, and it draws no card; a tournament's
standings picture draws its prizes only once they are paid."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from ddz_bot.render import UnknownLanguage
from ddz_bot.render.standings import draw_standings, render_standings
from ddz_bot.render.tournament_board import draw_tournament, render_tournament
from tools.standings_samples import standings_samples, tournament_samples


def test_every_sample_draws_in_its_language() -> None:
    for _name, standings, lang in standings_samples():
        picture = Image.open(io.BytesIO(render_standings(standings, lang)))
        assert picture.width == 1000 and picture.height > 200


def test_the_askers_row_below_the_top_ten_takes_a_row_of_its_own() -> None:
    _name, board, lang = standings_samples()[0]
    assert board.own is not None and len(board.rows) == 10
    with_own = draw_standings(board, lang)
    without = draw_standings(replace(board, own=None), lang)
    assert with_own.height > without.height


def test_medals_colour_the_first_three_places_only() -> None:
    _name, board, lang = standings_samples()[0]
    image = draw_standings(board, lang).convert("RGB")
    top = 132 + 64  # the first row's top (standings.TOP)
    medal = image.getpixel((62, top + 33 - 15))  # inside the first medal, above its digit
    assert medal == (246, 196, 60)
    fourth = image.getpixel((62, top + 3 * 66 + 33 - 15))
    assert fourth != medal


def test_an_unknown_language_draws_nothing() -> None:
    _name, board, _lang = standings_samples()[0]
    with pytest.raises(UnknownLanguage):
        render_standings(board, "fr")


def test_every_tournament_sample_draws_and_the_prizes_show_only_once_paid() -> None:
    for _name, board, lang in tournament_samples():
        picture = Image.open(io.BytesIO(render_tournament(board, lang)))
        assert picture.width == 1000 and picture.height > 200
    _name, final, lang = tournament_samples()[0]
    assert final.final and final.pool and any(r.prize for r in final.rows)
    # the same board in play draws no prize column: a narrower ink at the right edge
    in_play = draw_tournament(replace(final, final=False), lang)
    edge = (1000 - 60, 196, 1000 - 20, in_play.height)
    assert in_play.crop(edge).getcolors(10_000) != draw_tournament(final, lang).crop(
        edge
    ).getcolors(10_000)
    many = tournament_samples()[1][1]
    assert len(many.rows) == 300  # the first ten drawn, the rest counted
    assert draw_tournament(many, "en").height < 200 + 12 * 66 + 60
