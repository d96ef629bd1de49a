"""跑得快's pictures: PNGs drawn from views, in every language, refusing bad input."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from ddz_bot.games.paodekuai.engine import PdkGame
from ddz_bot.games.paodekuai.i18n import CATALOGUES, LANGS
from ddz_bot.games.paodekuai.render import render_pdk_hand, render_pdk_result, render_pdk_table
from ddz_bot.games.paodekuai.render.gallery import pictures
from ddz_bot.kernel import Play, parse_cards
from ddz_bot.render import NamesMismatch, NoOutcome, SelectionNotInHand, UnknownLanguage
from ddz_bot.render.fonts import BOLD, REGULAR, coverage

HANDS = ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA")
NAMES = ["Ann", "Bo", "Cy"]


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_pictures_in_every_language(lang: str) -> None:
    game = PdkGame.from_deal(HANDS, leader=1)
    assert _size(render_pdk_table(game.public_view(), NAMES, lang))[0] == 1000
    assert _size(render_pdk_hand(game.view_for(0), parse_cards("33"), lang, NAMES))[0] == 1000
    game.apply(Play(1, parse_cards(HANDS[1])))
    assert _size(render_pdk_result(game.public_view(), NAMES, lang, [1, -1, 0]))[0] == 1000


def test_bad_input_draws_nothing() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    with pytest.raises(UnknownLanguage):
        render_pdk_table(game.public_view(), NAMES, "fr")
    with pytest.raises(NamesMismatch):
        render_pdk_table(game.public_view(), NAMES[:2], "en")
    with pytest.raises(SelectionNotInHand):
        render_pdk_hand(game.view_for(0), parse_cards("44"), "en")
    with pytest.raises(NoOutcome):
        render_pdk_result(game.public_view(), NAMES, "en")


def test_the_picture_words_are_in_the_shared_font() -> None:
    """A character the font subset lacks is drawn as "?": the pictures' words avoid them."""
    drawable = coverage(REGULAR) & coverage(BOLD)
    for lang, words in CATALOGUES.items():
        for key, text in words.items():
            if key.startswith("pic_") or (key.startswith("kind_") and key != "kind_short"):
                missing = {c for c in text if not c.isspace() and ord(c) not in drawable}
                assert not missing, (lang, key, missing)


def test_the_gallery_hook_draws_every_sample() -> None:
    drawn = pictures()
    assert {"pdk_table_one_card", "pdk_hand_16", "pdk_result_zh-Hans"} <= set(drawn)
    assert all(png.startswith(b"\x89PNG") for png in drawn.values())
