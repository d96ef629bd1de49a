"""The shipped fonts, and text that never shows a tofu box.

Only the fonts in ``data/fonts`` are used (a fresh machine has no other). Each character
is drawn with the first shipped font whose character map holds it (bold, then regular,
then the colour emoji font, then the font of its script: Arabic, Hebrew, Thai,
Devanagari; a bold text that the small bold subset can't draw whole is drawn in regular
thickened by a one-pixel stroke, so that a name never mixes weights and all names look
alike); a character no shipped font has becomes ``?``, and the invisible joiners and
modifiers around emoji are dropped, so a name of any script draws cleanly (an emoji
sequence joined by U+200D draws as its parts, a skin tone as the default one).

Han, kana, Hangul, Latin, Greek, Cyrillic and emoji are drawn with Pillow's basic layout:
the same text gives the same pixels on every machine. The four script fonts are drawn
with libraqm (HarfBuzz), which joins Arabic letters, builds Devanagari conjuncts and
places Thai and Hebrew marks; the line's order is the Unicode bidirectional algorithm's
(``bidi.py``): a right-to-left name reads from the right, its digits and Latin words
still from the left. The character maps are read from the font files themselves
(``cmap.py``), so there is nothing to keep in step with the subsets.
"""

from __future__ import annotations

import unicodedata
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Final, NamedTuple

from PIL import Image, ImageDraw, ImageFont, features

from .bidi import has_rtl, levels, mirror, visual_order
from .cmap import coverage

__all__ = [
    "BOLD",
    "EMOJI",
    "FONT_DIR",
    "REGULAR",
    "REPLACEMENT",
    "SHAPING",
    "Run",
    "Script",
    "clean_name",
    "clean_text",
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

#: Whether Pillow has libraqm (its wheels do; the FriBiDi it loads is ``libfribidi0``).
#: Without it the script fonts are drawn letter by letter: legible, but not joined.
SHAPING: Final = bool(features.check_feature("raqm"))


class Script(Enum):
    """A script whose letters join, stack or reorder: its own font, shaped by libraqm."""

    ARABIC = "DdzArabic.ttf"
    HEBREW = "DdzHebrew.ttf"
    THAI = "DdzThai.ttf"
    DEVANAGARI = "DdzDevanagari.ttf"

    @property
    def path(self) -> Path:
        return FONT_DIR / self.value


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped CJK font at ``size`` pixels (cached: loading it takes milliseconds).

    Pillow's basic layout, never libraqm even where it is installed: the same text gives
    the same pixels on every machine (the subsets carry no shaping tables anyway)."""
    return ImageFont.truetype(
        str(BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=64)
def _script_font(script: Script, size: int) -> ImageFont.FreeTypeFont:
    engine = ImageFont.Layout.RAQM if SHAPING else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(script.path), size, layout_engine=engine)


@lru_cache(maxsize=1)
def _emoji_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(EMOJI), EMOJI_STRIKE, layout_engine=ImageFont.Layout.BASIC)


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


def _script_of(code: int) -> Script | None:
    """The script font that has ``code`` (read only for what the CJK and emoji fonts lack)."""
    return next((script for script in Script if code in coverage(script.path)), None)


def _shapes_with(char: str, script: Script | None) -> bool:
    """A mark or joiner kept after a letter of ``script`` (a Thai vowel sign, a Devanagari
    virama, an Arabic vowel, the non-joiner of a Persian name): its font draws it."""
    return (
        script is not None
        and (ord(char) in (0x200C, 0x200D) or unicodedata.category(char) in ("Mn", "Me"))
        and ord(char) in coverage(script.path)
    )


REGULAR_WEIGHT: Final = 0
BOLD_WEIGHT: Final = 1
FAUX_BOLD: Final = 2  # the regular font with a stroke
EMOJI_WEIGHT: Final = 3  # the colour emoji font, whatever the text's weight


class Run(NamedTuple):
    """A piece of a line that one font draws; a line's runs go from left to right.

    ``text`` is in reading order; ``rtl`` runs are drawn from right to left. ``script``
    names the shaped font of a complex script, ``weight`` the thickness (regular or faux
    bold for a script) or the emoji font."""

    text: str
    weight: int
    script: Script | None = None
    rtl: bool = False


_Char = tuple[str, int, Script | None]  # a character, its weight and its script's font


@lru_cache(maxsize=4096)
def _cleaned(text: str, bold: bool) -> tuple[_Char, ...]:
    """``text`` in reading order, each character with the font that draws it; what no
    shipped font has is replaced (several unknown characters in a row become one ``?``)."""
    bold_has, regular_has, emoji_has = coverage(BOLD), coverage(REGULAR), coverage(EMOJI)
    faux = bold and any(
        ord(c) not in bold_has
        and (ord(c) in regular_has or (not _invisible(c) and _script_of(ord(c)) is not None))
        for c in text
    )
    if faux:
        bold = False  # one weight for the whole text: a name never mixes weights
    plain = BOLD_WEIGHT if bold else FAUX_BOLD if faux else REGULAR_WEIGHT
    out: list[_Char] = []
    replaced_last = False
    for char in unicodedata.normalize("NFC", text):
        if char in "\n\t\r":
            char = " "
        elif _invisible(char):
            if out and _shapes_with(char, out[-1][2]):
                out.append((char, out[-1][1], out[-1][2]))
            continue
        code = ord(char)
        script = None
        if bold and code in bold_has:
            weight = BOLD_WEIGHT
        elif code in regular_has:
            weight = plain if plain != BOLD_WEIGHT else REGULAR_WEIGHT
        elif code in bold_has:
            weight = BOLD_WEIGHT
        elif code in emoji_has:
            weight = EMOJI_WEIGHT
        else:
            script = _script_of(code)
            weight = plain if plain != BOLD_WEIGHT else REGULAR_WEIGHT
            if script is None:
                if replaced_last:
                    continue
                char, weight, replaced_last = REPLACEMENT, plain, True
        if char != REPLACEMENT:
            replaced_last = False
        out.append((char, weight, script))
    return tuple(out)


def clean_text(text: str, bold: bool = False) -> str:
    """``text`` as it is drawn, in reading order: controls dropped, unknowns replaced."""
    return "".join(char for char, _weight, _script in _cleaned(text, bold))


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """Split ``text`` into runs that one shipped font draws, from left to right."""
    chars = _cleaned(text, bold)
    line = "".join(char for char, _weight, _script in chars)
    resolved = levels(line) if has_rtl(line) else [0] * len(line)
    pieces: list[tuple[list[str], int, Script | None, bool, int]] = []
    for i in visual_order(resolved):
        char, weight, script = chars[i]
        rtl = resolved[i] % 2 == 1
        if pieces:
            part, last_weight, last_script, last_rtl, last = pieces[-1]
            step = -1 if rtl else 1
            if (weight, script, rtl) == (last_weight, last_script, last_rtl) and i == last + step:
                part.append(char)
                pieces[-1] = (part, weight, script, rtl, i)
                continue
        pieces.append(([char], weight, script, rtl, i))
    return tuple(
        Run("".join(part[::-1] if rtl else part), weight, script, rtl)
        for part, weight, script, rtl, _last in pieces
    )


def _shaped(run: Run) -> bool:
    return run.script is not None and SHAPING


def _glyphs(run: Run) -> str:
    """The run's text as handed to the font: libraqm turns a shaped run itself; the basic
    layout draws left to right, so a right-to-left run is turned here, its brackets
    mirrored."""
    if run.rtl and not _shaped(run):
        return "".join(mirror(char) for char in reversed(run.text))
    return run.text


def _direction(run: Run) -> str | None:
    return ("rtl" if run.rtl else "ltr") if _shaped(run) else None


def _face(run: Run, size: int) -> ImageFont.FreeTypeFont:
    if run.script is not None:
        return _script_font(run.script, size)
    return font(size, run.weight == BOLD_WEIGHT)


@lru_cache(maxsize=8192)
def _run_width(run: Run, size: int) -> float:
    if run.weight == EMOJI_WEIGHT:
        return _emoji_font().getlength(_glyphs(run)) * _emoji_ratio(size)
    length = _face(run, size).getlength(_glyphs(run), direction=_direction(run))
    return length + _stroke(size, run.weight)


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
def _stamp(run: Run, size: int) -> tuple[Image.Image, int, int]:
    """A run of text rendered once as a mask, with its offset from the pen on the
    baseline: a table redraws the same words and names again and again."""
    face, glyphs, direction = _face(run, size), _glyphs(run), _direction(run)
    stroke = _stroke(size, run.weight)
    left, top, right, bottom = (
        int(v) for v in face.getbbox(glyphs, anchor="ls", stroke_width=stroke, direction=direction)
    )
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top),
        glyphs,
        font=face,
        fill=255,
        anchor="ls",
        stroke_width=stroke,
        stroke_fill=255,
        direction=direction,
    )
    return mask, left, top


@lru_cache(maxsize=8192)
def _placed(text: str, size: int, bold: bool) -> tuple[float, tuple[tuple[Run, float], ...]]:
    """The runs of ``text`` at ``size``, each with its pen's offset, and the whole width:
    one cache look-up for a text drawn again."""
    pen, placed = 0.0, []
    for run in runs(text, bold):
        placed.append((run, pen))
        pen += _run_width(run, size)
    return pen, tuple(placed)


def text_width(text: str, size: int, bold: bool = False) -> int:
    return round(_placed(text, size, bold)[0])


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
    total, placed = _placed(text, size, bold)
    width = round(total)
    start = xy[0] - (width / 2 if align == "m" else width if align == "r" else 0)
    baseline = round(xy[1] + size * _MIDDLE_TO_BASELINE)
    for run, pen in placed:
        x = round(start + pen)
        if run.weight == EMOJI_WEIGHT:
            _draw_emoji(draw, (x, baseline), _glyphs(run), size, fill)
        elif run.text.strip():
            mask, left, top = _stamp(run, size)
            draw.bitmap((x + left, baseline + top), mask, fill=fill)
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


def _cuts(cleaned: str) -> list[int]:
    """Where a text may be cut: never inside a cluster (before a mark or after a joiner or
    a virama), so a cut name's last letter keeps its shape."""
    out = [0]
    for i in range(1, len(cleaned) + 1):
        after = cleaned[i] if i < len(cleaned) else ""
        before = cleaned[i - 1]
        if after and (unicodedata.category(after) in ("Mn", "Mc", "Me") or after in "\u200c\u200d"):
            continue
        if before in "\u200c\u200d" or unicodedata.combining(before) == 9:  # a virama
            continue
        out.append(i)
    return out


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels (the ellipsis
    at the end of its reading: on the left of a right-to-left name)."""
    if text_width(text, size, bold) <= max_width:
        return text
    cleaned = clean_text(text, bold)
    cuts = _cuts(cleaned)
    low, high = 0, len(cuts) - 1
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(cleaned[: cuts[middle]].rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return cleaned[: cuts[low]].rstrip() + ELLIPSIS


def clean_name(name: str) -> str:
    """A display name on one line, its runs of spaces squeezed; ``?`` if nothing is left."""
    squeezed = " ".join(name.split())
    return squeezed or REPLACEMENT
