"""Every word a picture may draw, in every language: what the font subsets must hold.

The shared pictures draw the words of ``ddz_bot.render.labels``; a game whose pictures take
their words from its own catalogue names them ``pic_*`` there. Both are read here, so the
subset tool and the test that checks the shipped fonts (``tests/render/test_picture_words.py``)
read one list: a new picture word with a glyph the fonts lack fails that test until
``python -m tools.make_font_subset`` is run again.
"""

from __future__ import annotations

import importlib
import string

from ddz_bot.games import GAMES
from ddz_bot.render.labels import all_label_text

__all__ = ["FIXED", "game_picture_words", "picture_text"]

#: what pictures draw besides words: digits, signs, the suits
FIXED = string.digits + "+-×·%/:#.,!?()★♠♥♣♦…"


def game_picture_words() -> dict[str, list[str]]:
    """Each hosted game's ``pic_*`` words, every language, placeholders removed."""
    out: dict[str, list[str]] = {}
    for name in GAMES:
        try:
            words = importlib.import_module(f"ddz_bot.games.{name}.i18n")
        except ModuleNotFoundError:
            continue
        catalogues: dict[str, dict[str, str]] = getattr(words, "CATALOGUES", {})
        out[name] = [
            _without_placeholders(text)
            for catalogue in catalogues.values()
            for key, text in catalogue.items()
            if key.startswith("pic_")
        ]
    return out


def _without_placeholders(template: str) -> str:
    """``"{n} 张"`` -> ``" 张"``: a placeholder is filled with digits or a name when drawn."""
    return "".join(literal for literal, *_rest in string.Formatter().parse(template))


def picture_text() -> str:
    """Every character any picture draws as a word (names aside: those fall back)."""
    parts = [all_label_text(), FIXED]
    parts += [text for words in game_picture_words().values() for text in words]
    return "".join(sorted(set("".join(parts)) - set(string.whitespace)))
