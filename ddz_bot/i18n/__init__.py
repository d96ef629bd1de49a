"""Message catalogues (zh-Hans, zh-Hant, en) and the one function that reads them: ``t``.

The shared keys (the lobby, the commands, the panels every game shows) are here; each game's
own keys are in its folder (``ddz_bot/games/<name>/i18n``) and reach ``t`` through the
registry: a game's module gives them as ``GameModule.words``, read after the shared keys. So a
game's code and the table layer ask for any key the same way, and a new game's words need no
line here. This package imports no game: the registry, made when ``ddz_bot.games`` is first
imported (as any game's code is), hands itself over with ``read_game_words``.

Every key exists in every catalogue with the same placeholders, and no game's key is also a
shared key or another game's (tests check both), so a missing translation is a test failure,
never a blank message in a chat.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import StrEnum
from typing import Final

from . import compete, en, zh_hans, zh_hant

__all__ = [
    "CATALOGUES",
    "DEFAULT_LANG",
    "LANGS",
    "SHARED_CATALOGUES",
    "GameWords",
    "Lang",
    "by_language",
    "lang_from_code",
    "normalize_lang",
    "read_game_words",
    "t",
]


class Lang(StrEnum):
    """The languages players read: the one list, for the messages and the pictures."""

    ZH_HANS = "zh-Hans"
    ZH_HANT = "zh-Hant"
    EN = "en"


LANGS: Final = tuple(Lang)
DEFAULT_LANG: Final = Lang.ZH_HANS


def by_language(
    zh_hans: dict[str, str], zh_hant: dict[str, str], en: dict[str, str]
) -> dict[str, dict[str, str]]:
    """A set of catalogues by language code: one argument a language, so none is left out
    (the shared keys' and each game's)."""
    return {Lang.ZH_HANS.value: zh_hans, Lang.ZH_HANT.value: zh_hant, Lang.EN.value: en}


#: the keys every game shares, by language
SHARED_CATALOGUES: Final = by_language(
    {**zh_hans.CATALOGUE, **compete.WORDS["zh-Hans"]},
    {**zh_hant.CATALOGUE, **compete.WORDS["zh-Hant"]},
    {**en.CATALOGUE, **compete.WORDS["en"]},
)


#: where the games' own words come from: called each time, it gives each hosted game's words
#: (by language, key to text)
GameWords = Callable[[], Iterable[Mapping[str, Mapping[str, str]]]]

_game_words: list[GameWords] = []


def read_game_words(source: GameWords) -> None:
    """``t`` reads the games' own words from ``source`` too, after the shared keys (the game
    registry gives itself here; asked each time, so a game registered later is read too)."""
    if source not in _game_words:
        _game_words.append(source)


def _parts(lang: str) -> Iterator[Mapping[str, str]]:
    """The catalogues ``t`` reads for ``lang``, in order: the shared one, then each game's."""
    yield SHARED_CATALOGUES[lang]
    yield from _game_parts(lang)


def _game_parts(lang: str) -> Iterator[Mapping[str, str]]:
    """Each hosted game's own words in ``lang`` (``GameModule.words``)."""
    for source in _game_words:
        for words in source():
            yield words.get(lang, {})


class _Catalogue(Mapping[str, str]):
    """One language's every key: the shared ones and every registered game's."""

    def __init__(self, lang: str) -> None:
        self._lang = lang

    def __getitem__(self, key: str) -> str:
        return _holding(self._lang, key)[key]

    def __iter__(self) -> Iterator[str]:
        return iter({key: None for part in _parts(self._lang) for key in part})

    def __len__(self) -> int:
        return len({key for part in _parts(self._lang) for key in part})


#: every key by language, as ``t`` reads them (the shared ones and every registered game's)
CATALOGUES: Final[Mapping[str, Mapping[str, str]]] = {
    lang: _Catalogue(lang) for lang in SHARED_CATALOGUES
}


def _holding(lang: str, key: str) -> Mapping[str, str]:
    """The catalogue of ``lang`` that holds ``key`` (``KeyError``: no such key)."""
    shared = SHARED_CATALOGUES[lang]
    return shared if key in shared else _game_holding(lang, key)


def _game_holding(lang: str, key: str) -> Mapping[str, str]:
    """The hosted game's words in ``lang`` that hold ``key`` (``KeyError``: none do)."""
    for words in _game_parts(lang):
        if key in words:
            return words
    raise KeyError(key)


def t(lang: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled.

    An unknown language falls back to the default one; an unknown key, or a placeholder
    without its value, raises ``KeyError`` (a bug, caught by the tests).
    """
    lang = lang if lang in SHARED_CATALOGUES else DEFAULT_LANG
    catalogue: Mapping[str, str] = SHARED_CATALOGUES[lang]
    if key not in catalogue:  # a game's own key (the shared ones are most)
        catalogue = _game_holding(lang, key)
    template = catalogue[key]
    if _one(values) and f"{key}:one" in catalogue:
        template = catalogue[f"{key}:one"]  # "1 point", not "1 points"
    # formatted even without values: a placeholder left unfilled is a ``KeyError`` (a bug the
    # tests catch), never a ``{name}`` shown to a player
    return template.format(**{name: _isolated(value) for name, value in values.items()})


def _one(values: dict[str, object]) -> bool:
    """Whether the message counts one of something (its one whole number is 1 or -1): a
    key with a ``:one`` form then uses it."""
    counts = [v for v in values.values() if isinstance(v, int) and not isinstance(v, bool)]
    return len(counts) == 1 and abs(counts[0]) == 1


#: explicit directional formatting (embeddings, overrides, isolates and their ends)
_CONTROLS: Final = frozenset({"RLE", "RLO", "LRE", "LRO", "RLI", "LRI", "FSI", "PDF", "PDI"})
#: right-to-left letters (Hebrew, Arabic, ...)
_RTL_LETTERS: Final = frozenset({"R", "AL"})


def _isolated(value: object) -> object:
    """A value that carries right-to-left text (an Arabic or Hebrew name) wrapped in a
    first-strong isolate, so it can't reorder the rest of the line. Explicit directional
    controls in a value are dropped first: a name's own isolate end would otherwise close
    ours early and leave its override running over the line."""
    if not isinstance(value, str):
        return value
    kinds = [unicodedata.bidirectional(c) for c in value]
    if any(kind in _CONTROLS for kind in kinds):
        value = "".join(c for c, kind in zip(value, kinds, strict=True) if kind not in _CONTROLS)
        kinds = [kind for kind in kinds if kind not in _CONTROLS]
    if any(kind in _RTL_LETTERS for kind in kinds):
        return f"\u2068{value}\u2069"
    return value


def normalize_lang(text: str) -> str | None:
    """``zh-hans``/``zh_TW``/``EN`` and the like to one of ``LANGS`` (None if unknown)."""
    lowered = text.strip().lower().replace("_", "-")
    for lang in LANGS:
        if lowered == lang.lower():
            return lang
    return lang_from_code(lowered, None)


def lang_from_code(code: str | None, default: str | None = DEFAULT_LANG) -> str | None:
    """The catalogue for Telegram's ``language_code`` (an IETF tag such as ``zh-hant``)."""
    if not code:
        return default
    code = code.lower().replace("_", "-")
    if code.startswith("zh"):
        traditional = ("hant", "tw", "hk", "mo")
        return "zh-Hant" if any(part in traditional for part in code.split("-")[1:]) else "zh-Hans"
    if code.startswith("en"):
        return "en"
    return default
