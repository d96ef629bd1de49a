"""Every word a picture draws has its glyphs in the shipped fonts: a word whose character
the subsets lack would draw as a replacement (or made a picture fall back to a stand-in
such as "PDK"). Rebuild the subsets with ``python -m tools.make_font_subset``."""

from __future__ import annotations

from ddz_bot.render.fonts import BOLD, REGULAR, coverage
from tools.picture_words import game_picture_words, picture_text


def test_every_picture_word_has_its_glyphs_in_both_shipped_fonts() -> None:
    bold, regular = coverage(BOLD), coverage(REGULAR)
    text = picture_text()
    assert not [c for c in text if ord(c) not in bold], "missing in the bold subset"
    assert not [c for c in text if ord(c) not in regular], "missing in the regular subset"


def test_the_list_holds_each_games_own_picture_words() -> None:
    """跑得快 names itself and 被关 on its pictures, from its own catalogue."""
    words = game_picture_words()
    text = picture_text()
    assert any("跑得快" in word for word in words["paodekuai"])
    assert any("被关" in word for word in words["paodekuai"])
    assert all(char in text for char in "跑得快被关被關赛季")
    assert not any("PDK" in word for word in words["paodekuai"])
