"""The fixed palette keeps every picture's colours (see ddz_bot/render/palette.py)."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageStat

from ddz_bot.render.hand import draw_hand
from ddz_bot.render.palette import palette_image
from ddz_bot.render.profile import draw_profile
from ddz_bot.render.result import draw_result
from ddz_bot.render.samples import (
    hand_samples,
    profile_samples,
    result_samples,
    table_samples,
)
from ddz_bot.render.table import draw_table


def _error(picture: Image.Image) -> tuple[float, float]:
    """Mean error per channel, and the share of pixels off by more than 24."""
    paletted = picture.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    diff = ImageChops.difference(picture, paletted.convert("RGB")).convert("L")
    far = diff.point(lambda value: 255 if value > 24 else 0).histogram()[255]
    return ImageStat.Stat(diff).mean[0], far / (picture.width * picture.height)


def test_palette_has_256_colours() -> None:
    assert len(palette_image().getpalette() or []) == 768


def test_palette_fits_the_pictures() -> None:
    pictures = [draw_table(s.view, s.names, s.lang) for s in table_samples()]
    pictures += [draw_result(s.view, s.lines, s.lang) for s in result_samples()]
    pictures += [draw_hand(s.view, s.selected, s.lang, s.names) for s in hand_samples()]
    pictures += [draw_profile(record, lang) for _name, record, lang in profile_samples()]
    for picture in pictures:
        mean, far = _error(picture)
        assert mean < 1.5 and far < 0.002, (mean, far)
