"""Names as people write them: Arabic, Hebrew, Thai, Devanagari, Korean and Japanese draw
as written (joined, stacked, right to left), never as ``?`` or tofu."""

from __future__ import annotations

import contextlib
import struct
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from ddz_bot.render import fonts
from ddz_bot.render.fonts import (
    EMOJI_WEIGHT,
    FAUX_BOLD,
    FONT_DIR,
    REGULAR,
    REGULAR_WEIGHT,
    REPLACEMENT,
    SHAPING,
    Run,
    Script,
    clean_text,
    coverage,
    draw_text,
    fit_text,
    runs,
    text_width,
)

NAMES = {
    Script.ARABIC: "محمد عبد الله",
    Script.HEBREW: "שָׁלוֹם כהן",
    Script.THAI: "สมชาย ใจดี น้ำ",
    Script.DEVANAGARI: "प्रिया शर्मा क्षत्रिय",
}
KOREAN, JAPANESE = "김민준 이서연", "佐藤 桜子 渡辺 恵"


def _tables(path: Path) -> set[bytes]:
    data = path.read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    return {struct.unpack_from(">4s", data, 12 + 16 * i)[0] for i in range(count)}


def test_the_script_fonts_ship_small_with_their_shaping_tables_and_licence() -> None:
    for script in Script:
        assert {b"GSUB", b"GPOS", b"GDEF"} <= _tables(script.path), script
    assert sum(script.path.stat().st_size for script in Script) < 400 * 1024
    assert "SIL OPEN FONT LICENSE" in (FONT_DIR / "OFL-Noto.txt").read_text()
    assert SHAPING  # Pillow's wheel has libraqm; it needs the system's libfribidi0


@pytest.mark.parametrize("script", list(Script), ids=lambda s: s.name.lower())
def test_a_name_in_a_complex_script_is_drawn_by_its_font_whole(script: Script) -> None:
    name = NAMES[script]
    assert REPLACEMENT not in clean_text(name)
    drawn = "".join(run.text for run in runs(name) if run.script is script)
    letters = "".join(c for c in name if not c.isspace())
    assert sorted(drawn) == sorted(letters)  # every letter and mark, none dropped
    has = coverage(script.path)
    assert all(ord(c) in has for run in runs(name) if run.script for c in run.text)


@pytest.mark.parametrize("name", [KOREAN, JAPANESE, "沢田 円 広美 実", "똘이"])
def test_korean_and_japanese_names_are_in_the_cjk_font(name: str) -> None:
    assert REPLACEMENT not in clean_text(name)
    assert all(run.weight == REGULAR_WEIGHT and run.script is None for run in runs(name))


def _decodable(codec: str, leads: range) -> Iterator[str]:
    for lead in leads:
        for trail in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                yield bytes((lead, trail)).decode(codec)


def test_the_common_hangul_syllables_and_jis_level_one_kanji_are_all_there() -> None:
    regular = coverage(REGULAR)
    hangul = set(_decodable("euc_kr", range(0xB0, 0xC9)))
    kanji = {c for c in _decodable("euc_jp", range(0xB0, 0xD0)) if ord(c) >= 0x4E00}
    assert len(hangul) == 2350 and len(kanji) == 2965
    assert all(ord(c) in regular for c in hangul | kanji)


def _picture(text: str, size: int = 36, bold: bool = False) -> Image.Image:
    picture = Image.new("L", (16 * size, 2 * size), 0)
    draw_text(ImageDraw.Draw(picture), (4, size), text, size, "white", bold=bold)
    return picture


def _ink(picture: Image.Image) -> Image.Image:
    box = picture.getbbox()
    assert box is not None, "nothing drawn"
    return picture.crop(box)


def _raqm(text: str, script: Script, size: int = 36, direction: str | None = None) -> Image.Image:
    face = ImageFont.truetype(str(script.path), size, layout_engine=ImageFont.Layout.RAQM)
    picture = Image.new("L", (16 * size, 2 * size), 0)
    draw = ImageDraw.Draw(picture)
    draw.text((4, size * 3 // 2), text, font=face, fill=255, anchor="ls", direction=direction)
    return picture


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize(
    ("word", "script"),
    [("محمد", Script.ARABIC), ("क्षत्रिय", Script.DEVANAGARI), ("น้ำ", Script.THAI)],
)
def test_a_word_is_shaped_as_harfbuzz_shapes_it_not_letter_by_letter(
    word: str, script: Script
) -> None:
    ours = _ink(_picture(word))
    assert _same(ours, _ink(_raqm(word, script)))
    basic = ImageFont.truetype(str(script.path), 36, layout_engine=ImageFont.Layout.BASIC)
    unshaped = Image.new("L", (600, 80), 0)
    ImageDraw.Draw(unshaped).text((4, 54), word, font=basic, fill=255, anchor="ls")
    assert not _same(ours, _ink(unshaped))  # joined, stacked: not the letters side by side
    assert not _same(ours, _ink(_picture(REPLACEMENT)))


def test_right_to_left_words_come_out_in_visual_order() -> None:
    assert runs("مرحبا بالعالم Zoë") == (
        Run("Zoë", REGULAR_WEIGHT),
        Run(" ", REGULAR_WEIGHT, None, True),
        Run("بالعالم", REGULAR_WEIGHT, Script.ARABIC, True),
        Run(" ", REGULAR_WEIGHT, None, True),
        Run("مرحبا", REGULAR_WEIGHT, Script.ARABIC, True),
    )
    # A Hebrew name of two words: the first word on the right, as libraqm lays the line.
    ours = _ink(_picture("שלום עולם"))
    first, second = _ink(_raqm("שלום", Script.HEBREW)), _ink(_raqm("עולם", Script.HEBREW))
    assert _same(ours.crop((ours.width - first.width, 0, ours.width, first.height)), first)
    assert _same(ours.crop((0, 0, second.width, second.height)), second)


def test_a_mixed_name_draws_latin_arabic_and_emoji_each_in_its_font() -> None:
    name = "Bob 🐉 مرحبا 7"
    parts = runs(name, bold=True)
    assert [run.text for run in parts] == ["Bob ", "🐉", " ", "7", " ", "مرحبا"]
    assert {run.weight for run in parts} == {FAUX_BOLD, EMOJI_WEIGHT}  # one thickness
    assert [run.script for run in parts if run.script] == [Script.ARABIC]
    picture = Image.new("RGB", (400, 60), (20, 90, 60))
    draw_text(ImageDraw.Draw(picture), (4, 30), name, 30, (255, 255, 255), bold=True)
    colours = {c for _, c in picture.getcolors(100_000) or [] if isinstance(c, tuple)}
    assert any(max(c) - min(c) > 60 and c != (20, 90, 60) for c in colours)  # the emoji
    assert text_width(name, 30, True) > text_width("Bob 🐉  7", 30, True) + 40


@pytest.mark.parametrize("name", ["عبد الرحمن بن محمد بن عبد الله", "שירה בת אברהם יצחק"])
def test_a_long_right_to_left_name_is_cut_at_its_end_the_ellipsis_on_the_left(name: str) -> None:
    cut = fit_text(name, 28, 150, bold=True)
    assert cut.endswith("…") and name.startswith(cut[:-1])
    assert text_width(cut, 28, True) <= 150
    assert runs(cut, True)[0].text == "…"  # drawn leftmost: where a right-to-left name ends


@pytest.mark.parametrize("name", [NAMES[Script.DEVANAGARI], NAMES[Script.THAI]])
def test_a_cut_never_splits_a_cluster(name: str) -> None:
    for width in range(30, text_width(name, 28), 6):
        kept = fit_text(name, 28, width)[:-1]
        if kept:
            rest = name[len(kept) :].lstrip()
            assert not rest or unicodedata.category(rest[0]) not in ("Mn", "Mc"), (width, kept)
            assert unicodedata.combining(kept[-1]) != 9, (width, kept)  # no bare virama


def test_marks_stay_only_with_the_letters_of_their_script() -> None:
    assert clean_text("x\u0301\u0e49") == "x"  # no letter of their script before them
    assert clean_text("ก\u0e49") == "ก\u0e49"
    assert clean_text("می\u200cخواهم") == "می\u200cخواهم"  # a Persian non-joiner is kept
    assert clean_text("🐉\u200d🔥") == "🐉🔥"


@pytest.fixture
def without_raqm(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    cached = (fonts._script_font, fonts._stamp, fonts._run_width)

    def clear() -> None:
        for function in cached:
            function.cache_clear()

    clear()
    monkeypatch.setattr(fonts, "SHAPING", False)
    yield
    clear()


def test_without_libraqm_a_name_still_draws_its_letters_in_order(without_raqm: None) -> None:
    unjoined = _ink(_picture("محمد"))
    assert unjoined.width > 0
    assert runs("محمد")[0].rtl and fonts._glyphs(runs("محمد")[0]) == "دمحم"
