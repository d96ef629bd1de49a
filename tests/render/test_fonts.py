"""Shipped fonts and text that never shows a tofu box."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from ddz_bot.render.fonts import (
    BOLD,
    BOLD_WEIGHT,
    EMOJI,
    EMOJI_WEIGHT,
    FAUX_BOLD,
    FONT_DIR,
    REGULAR,
    REGULAR_WEIGHT,
    REPLACEMENT,
    Run,
    coverage,
    draw_text,
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
    assert "".join(run.text for run in runs("ნინო")) == "?"  # Georgian: no shipped font
    assert runs("Aნინო🐉B", True) == (
        Run("A?", BOLD_WEIGHT),
        Run("🐉", EMOJI_WEIGHT),
        Run("B", BOLD_WEIGHT),
    )


def test_emoji_are_drawn_by_the_emoji_font_part_by_part() -> None:
    assert runs("A👨‍👩‍👧B", True) == (
        Run("A", BOLD_WEIGHT),
        Run("👨👩👧", EMOJI_WEIGHT),
        Run("B", BOLD_WEIGHT),
    )
    assert runs("🐉🐉 x") == (Run("🐉🐉", EMOJI_WEIGHT), Run(" x", REGULAR_WEIGHT))
    assert runs("👍🏽❤️") == (Run("👍❤", EMOJI_WEIGHT),)  # skin tone and variation selector dropped
    emoji = coverage(EMOJI)
    for char in "😀😂🥰😎🤣🔥✨🌸🌹💖❤⭐🐉🐼🍀🎉👑💎🀄🃏":
        assert ord(char) in emoji, char


def _drawn(text: str) -> Image.Image:
    picture = Image.new("RGB", (120, 60), (20, 90, 60))
    draw_text(ImageDraw.Draw(picture), (10, 30), text, 30, (255, 255, 255))
    return picture


def test_a_name_with_emoji_draws_the_emoji_in_colour_not_a_question_mark() -> None:
    dragon, question = _drawn("🐉"), _drawn(REPLACEMENT)
    assert ImageChops.difference(dragon, question).getbbox() is not None
    counted = dragon.getcolors(maxcolors=100_000) or []
    colours = {colour for _, colour in counted if isinstance(colour, tuple)}
    felt, white = (20, 90, 60), (255, 255, 255)
    assert any(c not in (felt, white) and max(c) - min(c) > 60 for c in colours)  # coloured
    assert text_width("龍🐉", 30) > text_width("龍", 30) + 20  # the emoji takes its room
    grey = Image.new("L", (80, 60), 0)  # a picture without colour gets the emoji's shape
    draw_text(ImageDraw.Draw(grey), (10, 30), "🐉", 30, "white")
    assert grey.getbbox() is not None


def test_the_emoji_font_ships_small_with_its_licence() -> None:
    assert EMOJI.stat().st_size < 1536 * 1024
    assert "SIL OPEN FONT LICENSE" in (FONT_DIR / "OFL-Emoji.txt").read_text()


def test_a_text_is_drawn_in_one_weight() -> None:
    assert runs("龍騰四海", True) == (Run("龍騰四海", FAUX_BOLD),)  # 四 alone is in the bold font
    assert runs("Bob", True) == (Run("Bob", BOLD_WEIGHT),)
    assert runs("龍騰", False) == (Run("龍騰", REGULAR_WEIGHT),)


def test_controls_and_newlines_never_reach_the_picture() -> None:
    assert runs("a\nb\tc\u200bd") == (Run("a b cd", REGULAR_WEIGHT),)


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
    bold_has, regular_has, emoji_has = coverage(BOLD), coverage(REGULAR), coverage(EMOJI)
    for run in runs(text, bold):
        has = {BOLD_WEIGHT: bold_has, EMOJI_WEIGHT: emoji_has}.get(run.weight, regular_has)
        if run.script is not None:
            has = coverage(run.script.path)
        assert all(ord(char) in has for char in run.text), run
