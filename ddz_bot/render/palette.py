"""The fixed 256-colour palette every picture is encoded with.

A palette PNG is a third of the bytes of an RGB one and encodes several times faster,
and our pictures are a few flat colours and their anti-aliased edges, which 256
colours hold without a visible change. Quantising to a fixed palette (no dithering)
is fast, and deterministic: the same picture always gives the same bytes.

The colours are data, chosen from the gallery's pictures by ``tools/build_palette.py``;
after changing colours, rebuild them::

    .venv/bin/python -m tools.build_palette

(``tests/render/test_palette.py`` fails when the palette no longer fits the pictures.)
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

__all__ = ["PALETTE_HEX", "palette_image"]

PALETTE_HEX = (  # generated: 256 RGB triples
    "fffffffffefffcfefffffffefffefefffefdfefefefefefdfffdfefffdfdfefdfdfefcfdfdfefdfdfdfefdfdfdfcfdfd"
    "fcfcfdf9fdfefcfdfcfffcfcfefcfcfcfcfcfbfcfcfffee4fefbfbfbfbfbfafafafafbf6fafaf6f9faf9fffbe1faf9f9"
    "f7f8faf7f7f8f6f9fdf8f8f5faf7e7f8f6f5fff6d6fdf6d6fff6d5fcf2f2fdf3d3fae8e5f7dad9f6c43cf4f6f9f3f4f7"
    "f2f4f3f2f4efeeefeeedeee6e7ebe8e5e5e6e1e0e3e4e3d7e4dbd2d4e0dfd1d9dacbd5d5d0d2d8b8d2c0eacccfc8cccc"
    "dcc99cbcc9bfb4d1cdb5d0beb3cebcb0c9bea9c6b39fc6d878c8ff78c8fe76c6fb58d67858d57854cd73edbea2ecbf3b"
    "edadb1e5ab6eeab62ce8b01fe2ab25bbbbbdafbfb9a8bcaaa1beabafaeb4a6a7adcba736a6a58c9eada69d9da59e9da4"
    "9d9da49d9d9e98bbb194b4a095aea190aa97e59974de961ce48686f9706be46c6e9c9ca49a9ba29898a0ac995e949798"
    "92969a93949b91959a9194999193999093999d9475a18f64a5782c89b1a688a99485a39177acb55caeac709f907f978b"
    "7697847594786b937e69907551929f648c89368cce348c507e87867c7d805a88c263867375757b6e6e826e6e76657476"
    "6b6c736c82515d826b587e67756b51646e68646e2d5c70494f84d24d81cf4b867b4679a64e7a5d3b7e57447458426f89"
    "416c563c6b49276b4545666f1866407d635135637830639d2e623e2c61472c613a2c603a246163da555b925635605540"
    "4b53502759a4305b542a5a3c28513c2153a01d509d1f573d1d4f54185033174d33154b31104a80104a2ed64255d3383f"
    "d02931cf242dcf232cce222bce212ad0202bce202ace2029ce2028ce1e27c94138c83c32963c3ccd1c25cc1922cc1620"
    "cb141ecb121ccb101ac909148445874c39143f3f413a2f15332f263222001c483e23483019432e173f2b103e2721342b"
    "133a281133240d3a260d2f2c102f210f2f21102f2029292c222225231f1512291f1f1f231e1e221d1d211c1d201c1c21"
    "1c1c201c1c1f1b1c201a1a1e19191d16161a1414181111150f0f130d0d120c3b240c3a240c1415080a0e000003000000"
)


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """A one-pixel image holding the palette: what ``Image.quantize`` takes."""
    image = Image.new("P", (1, 1))
    image.putpalette(bytes.fromhex(PALETTE_HEX))
    return image
