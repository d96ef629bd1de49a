"""Counts read with their nouns, and the welcome and /help name every game the bot hosts, in
each of the three languages."""

from __future__ import annotations

import pytest

from ddz_bot.i18n import LANGS, t


def test_one_point_is_not_one_points() -> None:
    assert t("en", "panel_score", score=1) == "1 point"
    assert t("en", "panel_score", score=-1) == "-1 point"
    assert t("en", "panel_score", score=3) == "3 points"
    assert t("zh-Hans", "panel_score", score=1) == "计 1 分"


@pytest.mark.parametrize("lang", [str(lang) for lang in LANGS])
def test_the_welcome_and_help_name_both_games(lang: str) -> None:
    games = (t(lang, "game_doudizhu"), t(lang, "game_baohuang"))
    for key in ("welcome", "help"):
        text = t(lang, key)
        assert all(game in text for game in games), (lang, key)
