"""The shipped fonts, and text that never shows a tofu box.

Only the fonts in ``data/fonts`` are used (a fresh machine has no other). Each character
is drawn with the first shipped font whose character map holds it (bold, then regular,
then the colour emoji font; a bold text that the small bold subset can't draw whole is
drawn in regular thickened by a one-pixel stroke, so that a name never mixes weights and
all names look alike); a character no shipped font has (another script) becomes ``?``, and
the invisible joiners and modifiers around emoji are dropped, so a name of any script
draws cleanly (an emoji sequence joined by U+200D draws as its parts, a skin tone as the
default one). The character maps are read from the font files themselves (a small
``cmap`` parser below), so there is nothing to keep in step with the subsets.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

__all__ = [
    "BOLD",
    "EMOJI",
    "FONT_DIR",
    "REGULAR",
    "REPLACEMENT",
    "Run",
    "clean_name",
    "coverage",
    "draw_text",
    "fit_text",
    "font",
    "runs",
    "text_width",
]

FONT_DIR: Final = Path(__file__).resolve().parents[2] / "data" / "fonts"
REGULAR: Final = FONT_DIR / "DdzSans-Regular.otf"
BOLD: Final = FONT_DIR / "DdzSans-Bold.otf"
#: Colour bitmaps in one strike: loaded at ``EMOJI_STRIKE`` pixels and scaled when drawn.
EMOJI: Final = FONT_DIR / "DdzEmoji.ttf"
EMOJI_STRIKE: Final = 40
#: An emoji's height beside text of size 1 (the strike's ascent plus descent is 1.18 em).
_EMOJI_SCALE: Final = 0.85
REPLACEMENT: Final = "?"
ELLIPSIS: Final = "…"

#: The share of the size between the visual middle of a line and its baseline.
_MIDDLE_TO_BASELINE: Final = 0.37


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at ``size`` pixels (cached: loading a CJK font takes milliseconds).

    Pillow's basic layout, never libraqm even where it is installed: the same text gives
    the same pixels on every machine (the subsets carry no shaping tables anyway)."""
    return ImageFont.truetype(
        str(BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=1)
def _emoji_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(EMOJI), EMOJI_STRIKE, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4)
def coverage(path: Path) -> frozenset[int]:
    """The code points a font file maps (its ``cmap`` formats 4 and 12)."""
    data = path.read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        raise ValueError(f"{path.name}: no cmap table")
    count = struct.unpack_from(">H", data, cmap_offset + 2)[0]
    points: set[int] = set()
    for i in range(count):
        platform, _encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        if platform not in (0, 3):
            continue
        table = cmap_offset + offset
        fmt = struct.unpack_from(">H", data, table)[0]
        if fmt == 4:
            points |= _format4(data, table)
        elif fmt == 12:
            points |= _format12(data, table)
    return frozenset(points)


def _format4(data: bytes, table: int) -> set[int]:
    segments = struct.unpack_from(">H", data, table + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, table + 14)
    starts = struct.unpack_from(f">{segments}H", data, table + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, table + 16 + 4 * segments)
    range_offsets_at = table + 16 + 6 * segments
    range_offsets = struct.unpack_from(f">{segments}H", data, range_offsets_at)
    out: set[int] = set()
    for seg in range(segments):
        for code in range(starts[seg], ends[seg] + 1):
            if code == 0xFFFF:
                continue
            if range_offsets[seg] == 0:
                glyph = (code + deltas[seg]) & 0xFFFF
            else:
                at = range_offsets_at + 2 * seg + range_offsets[seg] + 2 * (code - starts[seg])
                glyph = struct.unpack_from(">H", data, at)[0]
                if glyph:
                    glyph = (glyph + deltas[seg]) & 0xFFFF
            if glyph:
                out.add(code)
    return out


def _format12(data: bytes, table: int) -> set[int]:
    groups = struct.unpack_from(">I", data, table + 12)[0]
    out: set[int] = set()
    for i in range(groups):
        start, end, _glyph = struct.unpack_from(">III", data, table + 16 + 12 * i)
        out.update(range(start, end + 1))
    return out


def _invisible(char: str) -> bool:
    """Joiners, variation selectors, emoji modifiers and tags: dropped, never replaced."""
    code = ord(char)
    return (
        code in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x20E3)
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0000 <= code <= 0xE007F
        or 0xE0100 <= code <= 0xE01EF
        or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me")
    )


REGULAR_WEIGHT: Final = 0
BOLD_WEIGHT: Final = 1
FAUX_BOLD: Final = 2  # the regular font with a stroke
EMOJI_WEIGHT: Final = 3  # the colour emoji font, whatever the text's weight
Run = tuple[str, int]  # text, weight


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """Split ``text`` into runs that one shipped font draws, replacing what none has.

    Several unknown characters in a row (an emoji sequence) become one ``?``.
    """
    bold_has = coverage(BOLD)
    regular_has = coverage(REGULAR)
    emoji_has = coverage(EMOJI)
    faux = bold and any(ord(c) not in bold_has and ord(c) in regular_has for c in text)
    if faux:
        bold = False  # one weight for the whole text: a name never mixes weights
    out: list[Run] = []
    pending: list[str] = []
    pending_weight = BOLD_WEIGHT if bold else FAUX_BOLD if faux else REGULAR_WEIGHT
    replaced_last = False

    def flush() -> None:
        if pending:
            out.append(("".join(pending), pending_weight))
            pending.clear()

    for char in unicodedata.normalize("NFC", text):
        if char in "\n\t\r":
            char = " "
        elif _invisible(char):
            continue
        code = ord(char)
        if bold and code in bold_has:
            weight = BOLD_WEIGHT
        elif code in regular_has:
            weight = FAUX_BOLD if faux else REGULAR_WEIGHT
        elif code in bold_has:
            weight = BOLD_WEIGHT
        elif code in emoji_has:
            weight = EMOJI_WEIGHT
        else:
            if replaced_last:
                continue
            char, replaced_last = REPLACEMENT, True
            weight = BOLD_WEIGHT if bold else FAUX_BOLD if faux else REGULAR_WEIGHT
        if char != REPLACEMENT:
            replaced_last = False
        if weight != pending_weight:
            flush()
            pending_weight = weight
        pending.append(char)
    flush()
    return tuple(out)


@lru_cache(maxsize=8192)
def _run_width(part: str, size: int, weight: int) -> float:
    if weight == EMOJI_WEIGHT:
        return _emoji_font().getlength(part) * _emoji_ratio(size)
    return font(size, weight == BOLD_WEIGHT).getlength(part) + _stroke(size, weight)


def _emoji_ratio(size: int) -> float:
    """How much the emoji strike is scaled to sit beside text of ``size`` pixels."""
    return size * _EMOJI_SCALE / EMOJI_STRIKE


@lru_cache(maxsize=1024)
def _emoji_stamp(part: str, size: int) -> tuple[Image.Image, int, int]:
    """A run of emoji in colour (RGBA), scaled to ``size``, with its offset from the pen on
    the baseline."""
    face = _emoji_font()
    left, top, right, bottom = (int(v) for v in face.getbbox(part, anchor="ls"))
    strike = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(strike).text((-left, -top), part, font=face, anchor="ls", embedded_color=True)
    ratio = _emoji_ratio(size)
    width, height = max(1, round(strike.width * ratio)), max(1, round(strike.height * ratio))
    return (
        strike.resize((width, height), Image.Resampling.LANCZOS),
        round(left * ratio),
        round(top * ratio),
    )


def _stroke(size: int, weight: int) -> int:
    return max(1, round(size / 28)) if weight == FAUX_BOLD else 0


@lru_cache(maxsize=4096)
def _stamp(part: str, size: int, weight: int) -> tuple[Image.Image, int, int]:
    """A run of text rendered once as a mask, with its offset from the pen on the
    baseline: a table redraws the same words and names again and again."""
    face = font(size, weight == BOLD_WEIGHT)
    stroke = _stroke(size, weight)
    left, top, right, bottom = (
        int(v) for v in face.getbbox(part, anchor="ls", stroke_width=stroke)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), part, font=face, fill=255, anchor="ls", stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top


def text_width(text: str, size: int, bold: bool = False) -> int:
    return round(sum(_run_width(part, size, b) for part, b in runs(text, bold)))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str | tuple[int, ...],
    bold: bool = False,
    align: str = "l",
) -> int:
    """Draw ``text`` with its visual middle at ``xy[1]``; ``align`` l/m/r about ``xy[0]``.

    Returns the width drawn.
    """
    parts = runs(text, bold)
    width = round(sum(_run_width(part, size, b) for part, b in parts))
    x = xy[0] - (width / 2 if align == "m" else width if align == "r" else 0)
    baseline = round(xy[1] + size * _MIDDLE_TO_BASELINE)
    for part, weight in parts:
        if weight == EMOJI_WEIGHT:
            _draw_emoji(draw, (round(x), baseline), part, size, fill)
        elif part.strip():
            mask, left, top = _stamp(part, size, weight)
            draw.bitmap((round(x) + left, baseline + top), mask, fill=fill)
        x += _run_width(part, size, weight)
    return width


def _draw_emoji(
    draw: ImageDraw.ImageDraw,
    pen: tuple[int, int],
    part: str,
    size: int,
    fill: str | tuple[int, ...],
) -> None:
    """Emoji in colour where the picture has colour; elsewhere their shape in ``fill``."""
    stamp, left, top = _emoji_stamp(part, size)
    at = (pen[0] + left, pen[1] + top)
    image = draw._image
    if image.mode in ("RGB", "RGBA"):
        image.paste(stamp.convert(image.mode), at, stamp)
    else:
        draw.bitmap(at, stamp.getchannel("A"), fill=fill)


def fit_text(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
    if text_width(text, size, bold) <= max_width:
        return text
    cleaned = "".join(part for part, _bold in runs(text, bold))
    low, high = 0, len(cleaned)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(cleaned[:middle].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return cleaned[:low].rstrip() + ELLIPSIS


def clean_name(name: str) -> str:
    """A display name on one line, its runs of spaces squeezed; ``?`` if nothing is left."""
    squeezed = " ".join(name.split())
    return squeezed or REPLACEMENT
