"""Make the shipped fonts: subsets of Noto Sans CJK SC (SIL OFL 1.1).

A one-off tool, not used at run time (it needs ``fonttools``, a dev dependency, and the
Debian package ``fonts-noto-cjk``)::

    apt-get install -y fonts-noto-cjk
    .venv/bin/pip install fonttools
    .venv/bin/python -m tools.make_font_subset [SOURCE_DIR]

It writes ``data/fonts/DdzSans-Regular.otf`` (every character a picture may need: the
labels, the 6,763 simplified characters of GB2312, the Big5 level-1 set of ~5,400
common traditional ones, the 2,965 common kanji of JIS X 0208 level 1 (401 of them,
Japanese forms such as 円 桜 沢 恵, are in neither), the 2,350 KS X 1001 Hangul syllables, kana,
Latin, Greek, Cyrillic, punctuation and the card suits) and ``DdzSans-Bold.otf`` (the
labels, Latin, digits and symbols only: headings and card indices). The complete fonts
weigh 16 MB each; the subsets stay near 3 MB together. Characters outside the subset
(other scripts, emoji) are replaced when drawn, see ``fonts.py``.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from tools.picture_words import picture_text

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
OUT_DIR = Path(__file__).resolve().parents[1] / "data" / "fonts"
SC_INDEX = 2  # "Noto Sans CJK SC" inside the .ttc collection

_SYMBOLS = "♠♥♣♦♤♡♧♢★☆✓✔✗✘●○◆◇■□▲△▼▽▶◀►◄…·•×÷±→←↑↓⇧—–‘’“”「」『』【】《》〈〉￥€£¥"


def _ranges(*spans: tuple[int, int]) -> set[int]:
    out: set[int] = set()
    for low, high in spans:
        out.update(range(low, high + 1))
    return out


def _decodable(codec: str, first: range, second: list[range]) -> set[int]:
    out: set[int] = set()
    for lead in first:
        for rng in second:
            for trail in rng:
                with contextlib.suppress(UnicodeDecodeError):
                    out.update(ord(c) for c in bytes((lead, trail)).decode(codec))
    return out


def common_han() -> set[int]:
    """GB2312 (simplified, both levels: names use the rarer level 2) and Big5 level 1
    (common traditional characters)."""
    gb = _decodable("gb2312", range(0xB0, 0xF8), [range(0xA1, 0xFF)])
    big5 = _decodable("big5", range(0xA4, 0xC7), [range(0x40, 0x7F), range(0xA1, 0xFF)])
    big5 = {c for c in big5 if c >= 0x3400}
    return gb | big5


def jis_level1() -> set[int]:
    """The 2,965 common kanji of JIS X 0208 level 1 (Japanese names)."""
    kanji = _decodable("euc_jp", range(0xB0, 0xD0), [range(0xA1, 0xFF)])
    return {c for c in kanji if c >= 0x4E00}


def hangul() -> set[int]:
    return _decodable("euc_kr", range(0xB0, 0xC9), [range(0xA1, 0xFF)])


def regular_charset() -> set[int]:
    chars = _ranges(
        (0x20, 0x7E),
        (0xA0, 0x24F),  # Latin
        (0x370, 0x3FF),
        (0x400, 0x4FF),  # Greek, Cyrillic
        (0x2000, 0x206F),
        (0x20A0, 0x20BF),
        (0x2100, 0x214F),
        (0x2190, 0x21FF),
        (0x2460, 0x24FF),
        (0x2500, 0x257F),
        (0x25A0, 0x25FF),
        (0x2600, 0x26FF),
        (0x3000, 0x303F),
        (0x3040, 0x30FF),
        (0x3130, 0x318F),
        (0xFF00, 0xFFEF),
    )
    chars |= common_han() | jis_level1() | hangul()
    chars |= {ord(c) for c in picture_text() + _SYMBOLS}
    return chars


def bold_charset() -> set[int]:
    chars = _ranges((0x20, 0x7E), (0xA0, 0xFF))
    chars |= {ord(c) for c in picture_text() + _SYMBOLS}
    return chars


def subset(source: Path, out: Path, chars: set[int]) -> int:
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(str(source)).fonts[SC_INDEX]
    options = ft_subset.Options()
    options.layout_features = []  # Pillow's basic layout uses no OpenType features
    options.hinting = False
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE", "GSUB", "GPOS"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(chars))
    subsetter.subset(font)
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str]) -> int:
    source_dir = Path(argv[0]) if argv else SOURCE_DIR
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    jobs = (
        ("NotoSansCJK-Regular.ttc", "DdzSans-Regular.otf", regular_charset()),
        ("NotoSansCJK-Bold.ttc", "DdzSans-Bold.otf", bold_charset()),
    )
    for source, target, chars in jobs:
        size = subset(source_dir / source, OUT_DIR / target, chars)
        print(f"{target}: {len(chars)} characters, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
