"""Every refusal of every game's engine reads as its own short text, in the three languages."""

from __future__ import annotations

import pytest

import ddz_bot.games.baohuang.engine  # noqa: F401  (its refusals register as IllegalAction subclasses)
from ddz_bot.i18n import CATALOGUES, LANGS
from ddz_bot.kernel import IllegalAction
from ddz_bot.tg.refusals import refusal_key


def _codes() -> set[str]:
    codes, todo = set(), [IllegalAction]
    while todo:
        cls = todo.pop()
        codes.add(cls.code)
        todo.extend(cls.__subclasses__())
    return codes


def test_the_engines_refuse_in_many_ways() -> None:
    assert len(_codes()) >= 20  # 斗地主's and 保皇's codes, found through the class tree


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(_codes()))
def test_every_refusal_code_has_its_own_text(code: str, lang: str) -> None:
    key = refusal_key(code)
    assert key in CATALOGUES[lang], f"no {lang} text for the refusal {code!r} ({key})"


def test_no_two_codes_share_a_text_but_the_table_checks() -> None:
    keys = [refusal_key(code) for code in _codes()]
    assert len(set(keys)) == len(keys)
