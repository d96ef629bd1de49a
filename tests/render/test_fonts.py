"""Shipped fonts and text that never shows a tofu box."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.render.fonts import (
    BOLD,
    BOLD_WEIGHT,
    FAUX_BOLD,
    FONT_DIR,
    REGULAR,
    REGULAR_WEIGHT,
    coverage,
    fit_text,
    runs,
    text_width,
)
from ddz_bot.render.labels import LANGS, TITLES, all_label_text, label


def test_fonts_ship_with_their_licence_and_stay_small() -> None:
    assert (FONT_DIR / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") >= 1
    assert REGULAR.stat().st_size + BOLD.stat().st_size < 3 * 1024 * 1024


def test_every_label_draws_in_bold_and_every_common_character_in_regular() -> None:
    bold, regular = coverage(BOLD), coverage(REGULAR)
    for char in all_label_text() + "0123456789♠♥♣♦★×":
        assert ord(char) in bold, char
        assert ord(char) in regular, char
    for char in "的一是了我不在人有这個們們說龍鑫昊琪Zoëяあア가":
        assert ord(char) in regular, char


def test_unknown_characters_become_one_question_mark_each_run() -> None:
    assert runs("A👨‍👩‍👧B", True) == (("A?B", BOLD_WEIGHT),)
    assert runs("🐉🐉 x") == (("? x", REGULAR_WEIGHT),)
    assert "".join(part for part, _ in runs("مرحبا")) == "?"


def test_a_text_is_drawn_in_one_weight() -> None:
    assert runs("龍騰四海", True) == (("龍騰四海", FAUX_BOLD),)  # 四 alone is in the bold font
    assert runs("Bob", True) == (("Bob", BOLD_WEIGHT),)
    assert runs("龍騰", False) == (("龍騰", REGULAR_WEIGHT),)


def test_controls_and_newlines_never_reach_the_picture() -> None:
    assert runs("a\nb\tc\u200bd") == (("a b cd", REGULAR_WEIGHT),)


def test_fit_text_cuts_with_an_ellipsis() -> None:
    long = "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
    cut = fit_text(long, 28, 200, bold=True)
    assert cut.endswith("…") and text_width(cut, 28, True) <= 200
    assert fit_text("Bob", 28, 200) == "Bob"


def test_every_label_and_title_exists_in_every_language() -> None:
    from ddz_bot.render.labels import _LABELS

    for key, words in _LABELS.items():
        assert len(words) == len(LANGS) and all(words), key
        assert [label(key, lang) for lang in LANGS] == list(words)
    assert all(len(row) == 4 and all(row[1:]) for row in TITLES)


@given(st.text(max_size=40), st.booleans())
def test_any_text_draws_only_characters_a_shipped_font_has(text: str, bold: bool) -> None:
    bold_has, regular_has = coverage(BOLD), coverage(REGULAR)
    for part, weight in runs(text, bold):
        has = bold_has if weight == BOLD_WEIGHT else regular_has
        assert all(ord(char) in has for char in part), part
