"""Every refusal of every game's engine reads as its own short text, in the three languages."""

from __future__ import annotations

import pytest

from ddz_bot.games import GAMES
from ddz_bot.i18n import CATALOGUES, LANGS, SHARED_CATALOGUES
from ddz_bot.kernel import SHARED_REFUSALS, IllegalAction
from ddz_bot.tg.refusals import refusal_key


def _refusals() -> set[type[IllegalAction]]:
    """The kernel's refusals and every registered game's, found through the registry."""
    return {*SHARED_REFUSALS, *(cls for name in GAMES for cls in GAMES[name].refusals)}


def _codes() -> set[str]:
    return {cls.code for cls in _refusals()}


def test_the_engines_refuse_in_many_ways() -> None:
    assert len(_codes()) >= 20  # 斗地主's and 保皇's codes, found through the registry


def test_every_refusal_class_is_listed_by_the_kernel_or_its_game() -> None:
    tree, todo = set(), [IllegalAction]
    while todo:
        cls = todo.pop()
        tree.add(cls)
        todo.extend(cls.__subclasses__())
    assert tree - _refusals() == set()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(_codes()))
def test_every_refusal_code_has_its_own_text(code: str, lang: str) -> None:
    key = refusal_key(code)
    assert key in CATALOGUES[lang], f"no {lang} text for the refusal {code!r} ({key})"


def test_no_two_codes_share_a_text_but_the_table_checks() -> None:
    keys = [refusal_key(code) for code in _codes()]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("lang", LANGS)
def test_a_games_refusals_read_its_own_words_or_the_shared_ones(lang: str) -> None:
    """No game's refusal reads a text another game keeps."""
    for name in GAMES:
        own = GAMES[name].words.get(lang, {})
        for cls in GAMES[name].refusals:
            key = refusal_key(cls.code)
            assert key in own or key in SHARED_CATALOGUES[lang], (name, cls.code, key)
