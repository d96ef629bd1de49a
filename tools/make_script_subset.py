"""Make the shipped fonts of the scripts that need shaping: subsets of Noto Sans Arabic,
Hebrew, Thai and Devanagari (SIL OFL 1.1), their shaping tables kept.

A one-off tool, not used at run time (it needs ``fonttools``, a dev dependency, and the
Debian package ``fonts-noto-core``)::

    apt-get install -y fonts-noto-core
    .venv/bin/python -m tools.make_script_subset [SOURCE_DIR]

It writes ``data/fonts/DdzArabic.ttf``, ``DdzHebrew.ttf``, ``DdzThai.ttf`` and
``DdzDevanagari.ttf``: each script's Unicode blocks (letters, marks, digits, its
punctuation), the joiners U+200C/U+200D and the dotted circle that shaping puts under a
stray mark. Unlike the CJK subsets they keep GSUB, GPOS and GDEF, every feature: Arabic
joins its letters, Devanagari makes conjuncts and Thai stacks its marks only through them
(drawn with libraqm, see ``fonts.py``). Latin, digits and spaces stay with the CJK font.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE_DIR = Path("/usr/share/fonts/truetype/noto")
OUT_DIR = Path(__file__).resolve().parents[1] / "data" / "fonts"

#: Characters every script font keeps: ZWNJ, ZWJ (they steer joining and conjuncts) and
#: the dotted circle (the base HarfBuzz gives a mark that follows no letter).
_SHARED = (0x200C, 0x200D, 0x25CC)

#: source file, shipped file, the blocks kept
SCRIPTS: tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...] = (
    (
        "NotoSansArabic-Regular.ttf",
        "DdzArabic.ttf",
        (
            (0x0600, 0x06FF),  # Arabic
            (0x0750, 0x077F),  # Arabic Supplement
            (0x08A0, 0x08FF),  # Arabic Extended-A
            (0xFB50, 0xFDFF),  # Presentation Forms-A (names pasted from "fancy" generators)
            (0xFE70, 0xFEFF),  # Presentation Forms-B
        ),
    ),
    ("NotoSansHebrew-Regular.ttf", "DdzHebrew.ttf", ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    ("NotoSansThai-Regular.ttf", "DdzThai.ttf", ((0x0E00, 0x0E7F),)),
    (
        "NotoSansDevanagari-Regular.ttf",
        "DdzDevanagari.ttf",
        ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)),  # with Extended and Vedic
    ),
)


def subset(source: Path, out: Path, spans: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """Write the subset of ``source``; returns the characters kept and the file's size."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source))
    mapped = font.getBestCmap()
    wanted = {code for low, high in spans for code in range(low, high + 1)}
    kept = sorted(code for code in wanted | set(_SHARED) if code in mapped)
    options = ft_subset.Options()
    options.layout_features = ["*"]  # shaping: joining forms, conjuncts, mark positions
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    family = out.stem
    names = font["name"]
    for name_id, text in ((1, family), (3, f"{family}-Regular"), (4, family), (6, family)):
        names.setName(text, name_id, 3, 1, 0x409)
        names.setName(text, name_id, 1, 0, 0)
    font.save(str(out))
    return len(kept), out.stat().st_size


def main(argv: list[str]) -> int:
    source_dir = Path(argv[0]) if argv else SOURCE_DIR
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for source, target, spans in SCRIPTS:
        count, size = subset(source_dir / source, OUT_DIR / target, spans)
        print(f"{target}: {count} characters, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
