"""Make the shipped emoji font: a subset of Noto Color Emoji (SIL OFL 1.1), scaled down.

A one-off tool, not used at run time (it needs ``fonttools``, a dev dependency, and the
Debian package ``fonts-noto-color-emoji``)::

    apt-get install -y fonts-noto-color-emoji
    .venv/bin/pip install fonttools
    .venv/bin/python -m tools.make_emoji_subset [SOURCE_FILE]

It writes ``data/fonts/DdzEmoji.ttf``: every emoji of the source that is one code point
(sequences joined by U+200D and skin tones are drawn part by part, see ``fonts.py``), its
colour bitmaps scaled from the source's 109-pixel strike down to ``STRIKE_PPEM`` pixels. The
complete font weighs 10 MB; the subset about a tenth of that. Names are drawn at 20-40
pixels, so nothing is lost.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

SOURCE = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
OUT = Path(__file__).resolve().parents[1] / "data" / "fonts" / "DdzEmoji.ttf"
#: The pixel size of the shipped strike (the size the font must be loaded at).
STRIKE_PPEM = 40
#: Colours per glyph: a small palette keeps each bitmap near a kilobyte.
PALETTE_COLOURS = 32
#: Below this, characters are digits, letters and marks the text fonts draw.
FIRST_EMOJI = 0x2000


def _scaled_png(data: bytes, scale: float) -> tuple[bytes, int, int]:
    """A glyph's PNG scaled by ``scale``: its bytes, width and height."""
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    width = max(1, round(image.width * scale))
    height = max(1, round(image.height * scale))
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    palette = small.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue(), width, height


def make(source: Path = SOURCE, out: Path = OUT) -> int:
    """Write the subset; returns its size in bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source))
    wanted = sorted(code for code in font.getBestCmap() if code >= FIRST_EMOJI)
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)

    cblc, cbdt = font["CBLC"], font["CBDT"]
    (strike,) = cblc.strikes
    sizes = strike.bitmapSizeTable
    scale = STRIKE_PPEM / sizes.ppemY
    for bitmap in cbdt.strikeData[0].values():
        metrics = bitmap.metrics
        bitmap.imageData, metrics.width, metrics.height = _scaled_png(bitmap.imageData, scale)
        metrics.BearingX = round(metrics.BearingX * scale)
        metrics.BearingY = round(metrics.BearingY * scale)
        metrics.Advance = round(metrics.Advance * scale)
    sizes.ppemX = sizes.ppemY = STRIKE_PPEM
    for line in (sizes.hori, sizes.vert):
        line.ascender = round(line.ascender * scale)
        line.descender = round(line.descender * scale)
        line.widthMax = round(line.widthMax * scale)
    names = font["name"]
    for name_id, text in (
        (1, "DdzEmoji"),
        (3, "DdzEmoji-Regular"),
        (4, "DdzEmoji"),
        (6, "DdzEmoji"),
    ):
        names.setName(text, name_id, 3, 1, 0x409)
        names.setName(text, name_id, 1, 0, 0)
    font.save(str(out))
    return out.stat().st_size


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    print(f"{OUT.name}: {make(source) / 1024:.0f} KB")
