"""The page's own words (``ddz_bot/web/static/i18n.js``): every key in each of the three
languages, with the same placeholders, so no player of the live table meets a missing word or
an English one in a Chinese page."""

from __future__ import annotations

import re
from pathlib import Path

WORDS_FILE = Path(__file__).resolve().parents[2] / "ddz_bot" / "web" / "static" / "i18n.js"
LANGS = ("zh-Hans", "zh-Hant", "en")
_ENTRY = re.compile(r'(?:"([\w:-]+)"|(\w+))\s*:\s*"((?:[^"\\]|\\.)*)"')


def page_words() -> dict[str, dict[str, str]]:
    """Each language's words as the page's module writes them (``key: "text"`` pairs)."""
    source = WORDS_FILE.read_text(encoding="utf-8")
    body = source[source.index("export const WORDS") : source.index("export function")]
    starts = [
        (lang, body.index(f'"{lang}": {{' if "-" in lang else f"{lang}: {{")) for lang in LANGS
    ]
    starts.sort(key=lambda item: item[1])
    out: dict[str, dict[str, str]] = {}
    for number, (lang, start) in enumerate(starts):
        end = starts[number + 1][1] if number + 1 < len(starts) else len(body)
        out[lang] = {quoted or bare: text for quoted, bare, text in _ENTRY.findall(body[start:end])}
    return out


def test_the_words_are_read() -> None:
    words = page_words()
    assert words["zh-Hans"]["play"] == "出牌" and words["en"]["play"] == "Play"
    assert words["en"]["cards_left:one"] == "{n} card"


def test_every_language_has_every_word_with_the_same_placeholders() -> None:
    words = page_words()

    def base(keys: set[str]) -> set[str]:
        return {key for key in keys if not key.endswith(":one")}

    keys = {lang: base(set(words[lang])) for lang in LANGS}
    assert keys["zh-Hans"] == keys["zh-Hant"] == keys["en"], {
        lang: sorted(keys["en"] ^ keys[lang]) for lang in LANGS
    }
    for lang in LANGS:
        for key, text in words[lang].items():
            reference = words["en"].get(key.removesuffix(":one"), "")
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", reference)
            ), (lang, key)


def test_roles_read_as_the_bot_names_them() -> None:
    """The page and the bot's messages call 保皇's three rebels by one name."""
    from ddz_bot.i18n import t

    words = page_words()
    for lang in LANGS:
        assert words[lang]["rebel"].lower() == t(lang, "role_baohuang_rebel"), lang
