"""Choose the picture palette from the gallery and write it into ``ddz_bot/render/palette.py``.

    .venv/bin/python -m tools.build_palette

The runtime package holds the palette as data only; this draws every sample picture in
RGB, picks 256 colours by median cut and rewrites ``PALETTE_HEX``. Run it after changing
colours (``tests/render/test_palette.py`` fails when the palette no longer fits).
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from ddz_bot.games.doudizhu.render.hand import draw_hand
from ddz_bot.games.doudizhu.render.result import draw_result
from ddz_bot.games.doudizhu.render.table import draw_table
from ddz_bot.render import palette
from ddz_bot.render.profile import draw_profile

from .render_samples import hand_samples, profile_samples, result_samples, table_samples

__all__ = ["build_palette", "sample_pictures"]


def sample_pictures() -> list[Image.Image]:
    """Every gallery picture drawn in RGB, before the palette: what the palette must fit."""
    pictures = [draw_table(s.view, s.names, s.lang) for s in table_samples()]
    pictures += [draw_hand(s.view, s.selected, s.lang, s.names) for s in hand_samples()]
    pictures += [draw_result(s.view, s.lines, s.lang) for s in result_samples()]
    pictures += [draw_profile(record, lang) for _name, record, lang in profile_samples()]
    return pictures


def build_palette() -> bytes:
    """256 colours chosen by median cut over every gallery picture, drawn in RGB."""
    pictures = sample_pictures()
    sheet = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)))
    top = 0
    for picture in pictures:
        sheet.paste(picture, (0, top))
        top += picture.height
    quantised = sheet.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    colours = quantised.getpalette() or []
    return bytes(colours[:768]).ljust(768, b"\0")


def main() -> int:
    path = Path(palette.__file__)
    source = path.read_text(encoding="utf-8")
    new = build_palette().hex()
    value = "".join(f'    "{new[i : i + 96]}"\n' for i in range(0, len(new), 96))
    source = re.sub(
        r'^PALETTE_HEX = (?:""|\(.*?\)).*?$',
        lambda _m: f"PALETTE_HEX = (  # generated: 256 RGB triples\n{value})",
        source,
        count=1,
        flags=re.MULTILINE | re.DOTALL,
    )
    path.write_text(source, encoding="utf-8")
    print(f"wrote {len(new) // 6} colours to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
