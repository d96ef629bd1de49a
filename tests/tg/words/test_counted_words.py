"""Counts read with their nouns in each of the three languages (the welcome and /help naming
every game: test_guide.py)."""

from __future__ import annotations

from ddz_bot.i18n import t


def test_one_point_is_not_one_points() -> None:
    assert t("en", "panel_score", score=1) == "1 point"
    assert t("en", "panel_score", score=-1) == "-1 point"
    assert t("en", "panel_score", score=3) == "3 points"
    assert t("zh-Hans", "panel_score", score=1) == "计 1 分"
