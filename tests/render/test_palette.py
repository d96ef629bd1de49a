"""The fixed palette keeps every picture's colours (see ddz_bot/render/palette.py, and
tools/build_palette.py that chooses them)."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageStat

from ddz_bot.render.palette import palette_image
from tools.build_palette import sample_pictures


def _error(picture: Image.Image) -> tuple[float, float]:
    """Mean error per channel, and the share of pixels off by more than 24."""
    paletted = picture.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    diff = ImageChops.difference(picture, paletted.convert("RGB")).convert("L")
    far = diff.point(lambda value: 255 if value > 24 else 0).histogram()[255]
    return ImageStat.Stat(diff).mean[0], far / (picture.width * picture.height)


def test_palette_has_256_colours() -> None:
    assert len(palette_image().getpalette() or []) == 768


def test_palette_fits_the_pictures() -> None:
    for picture in sample_pictures():
        mean, far = _error(picture)
        assert mean < 1.5 and far < 0.002, (mean, far)
