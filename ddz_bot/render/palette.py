"""The fixed 256-colour palette every picture is encoded with.

A palette PNG is a third of the bytes of an RGB one and encodes several times faster,
and our pictures are a few flat colours and their anti-aliased edges, which 256
colours hold without a visible change. Quantising to a fixed palette (no dithering)
is fast, and deterministic: the same picture always gives the same bytes.

The palette is made from the gallery's pictures; after changing colours, rebuild it::

    .venv/bin/python -m ddz_bot.render.palette

(``tests/render/test_palette.py`` fails when the palette no longer fits the pictures.)
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from PIL import Image

__all__ = ["PALETTE_HEX", "build_palette", "palette_image"]

PALETTE_HEX = (  # generated: 256 RGB triples
    "fffffffffefffdfefffffffefffefefefefefdfefeffffe6fffdfefffdfdfffdfcfefdfdfffcfcfefcfdfefcfcfefcfb"
    "fdfdfefdfdfdfdfdfcfcfdfdfcfcfdfcfcfcfefbfbfbfbfbfcfafafafafafafaf6f9fbfafffbe1faf8f9f7f8faf7f7f8"
    "f6f9fdf9f8f6faf7e8f8f6f5fff6d6fdf6d6fff6d5fcf2f2fdf3d3fae7e5f7d9d8f6c43cf4f6f8f3f4f7f2f4f3f2f4ef"
    "eeeeefeeefe9e7ebe8e5e5e6e1e0e3e3e4d7e3dbd5d4dfded2d9d9cbd5d5d0d2d9b8d2c0edcccfcacccedac9a2bccac0"
    "b5d0c5b3cebbb1c8bfacc8b5a6c6bb99c4e278c8ff78c8fe76c6fb58d67858d57854cd73edbf85ecbd3aedadb1e4aa70"
    "eab529e8b01fe1ab26bbbbbdafbfb8a7bdaca1beabafaeb4a7a7adc1a645a1a6a49eada69d9da59e9da49d9da49d9d9e"
    "98bbb095b5a095ad9de29970de961cd29915e58e8be27e7fff7068e17275e36b6c9c9ca49a9ba29999a097979fa89969"
    "94969892969a99958891959a919499a78f549f79268cb2a58aac9689a59585a38f7caaa45eb0af7ca08a669f928c9295"
    "7a98877894767297806c957c6b8f785293ba57916e648c88368cce348c5080848678787d72727c6e6e826e6e765d87b2"
    "6b85605f866e588367736f535877624e82d148867b4579a04c7a5b397e55437557416e88406c563c6b48266b4545666e"
    "1866408b63543863663164a72f633f2c61472c613a2c603a246162da565dae54445e594e5d4f3531588c325b472c5a3b"
    "29513d2255a21e509d1f573e1e4f60195034174d34164b31104a7c104a2ed6405ad6454bd3383fd02931cf242dcf232c"
    "cf222bce222bce212ad0202ace202ace2029ce2028ce1e27c73c32963c3c8c46aacd1c25cc1922cc1620cb141ecb121c"
    "cb101ac90914563e1145361f3c3d3e382c143232323222001c483f23483019432e183f2b103e2721342b133a28113324"
    "0d3a260d2f2c102f210f2f21102f202a2a2e232326202024271e0412291f1f1f231e1e221d1d211c1d201c1c211c1c20"
    "1c1c1f1b1c201a1a1e19191d16161a1414181111150f0f130d0d120c3b240c3a240c14150a0e1206060a000003000000"
)


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette(bytes.fromhex(PALETTE_HEX))
    return image


def build_palette() -> bytes:
    """256 colours chosen by median cut over every gallery picture, drawn in RGB."""
    from .hand import draw_hand
    from .profile import draw_profile
    from .result import draw_result
    from .samples import hand_samples, profile_samples, result_samples, table_samples
    from .table import draw_table

    pictures = [draw_table(s.view, s.names, s.lang) for s in table_samples()]
    pictures += [draw_hand(s.view, s.selected, s.lang, s.names) for s in hand_samples()]
    pictures += [draw_result(s.view, s.lines, s.lang) for s in result_samples()]
    pictures += [draw_profile(record, lang) for _name, record, lang in profile_samples()]
    sheet = Image.new("RGB", (max(p.width for p in pictures), sum(p.height for p in pictures)))
    top = 0
    for picture in pictures:
        sheet.paste(picture, (0, top))
        top += picture.height
    quantised = sheet.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = quantised.getpalette() or []
    return bytes(palette[:768]).ljust(768, b"\0")


def main() -> int:
    path = Path(__file__)
    source = path.read_text(encoding="utf-8")
    new = build_palette().hex()
    value = "".join(f'    "{new[i:i + 96]}"\n' for i in range(0, len(new), 96))
    source = re.sub(r'^PALETTE_HEX = (?:""|\(.*?\)).*?$',
                    lambda _m: f"PALETTE_HEX = (  # generated: 256 RGB triples\n{value})",
                    source, count=1, flags=re.MULTILINE | re.DOTALL)
    path.write_text(source, encoding="utf-8")
    print(f"wrote {len(new) // 6} colours to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
