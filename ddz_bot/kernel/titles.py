"""Titles (游戏等级) by bean balance (R-TITLE), in the three languages players read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["TITLES", "Title", "next_title", "title_for"]


@dataclass(frozen=True, slots=True)
class Title:
    level: int  # 0 for the lowest
    min_beans: int
    zh_hans: str
    zh_hant: str
    en: str

    def name(self, language: str = "zh-Hans") -> str:
        """The title in ``zh-Hans``, ``zh-Hant`` or ``en`` (anything else: zh-Hans)."""
        lang = language.lower()
        if lang.startswith("en"):
            return self.en
        if lang in ("zh-hant", "zh-tw", "zh-hk", "zh_hant"):
            return self.zh_hant
        return self.zh_hans

    def __str__(self) -> str:
        return self.zh_hans


TITLES: Final = tuple(
    Title(i, *row)
    for i, row in enumerate(
        (
            (0, "短工", "短工", "Day Labourer"),
            (100, "长工", "長工", "Farmhand"),
            (200, "佃户", "佃戶", "Tenant"),
            (400, "贫农", "貧農", "Poor Peasant"),
            (600, "渔夫", "漁夫", "Fisherman"),
            (1_000, "猎人", "獵人", "Hunter"),
            (2_000, "中农", "中農", "Middle Peasant"),
            (4_000, "富农", "富農", "Rich Peasant"),
            (6_000, "掌柜", "掌櫃", "Shopkeeper"),
            (10_000, "商人", "商人", "Merchant"),
            (20_000, "衙役", "衙役", "Constable"),
            (50_000, "小财主", "小財主", "Petty Squire"),
            (100_000, "大财主", "大財主", "Great Squire"),
            (200_000, "小地主", "小地主", "Petty Landlord"),
            (500_000, "大地主", "大地主", "Great Landlord"),
            (1_000_000, "知县", "知縣", "County Magistrate"),
            (2_000_000, "通判", "通判", "Prefectural Judge"),
            (5_000_000, "知府", "知府", "Prefect"),
            (10_000_000, "总督", "總督", "Governor-General"),
            (20_000_000, "巡抚", "巡撫", "Provincial Governor"),
            (50_000_000, "丞相", "丞相", "Chancellor"),
        )
    )
)


def title_for(beans: int) -> Title:
    """The title a balance earns (below 0 counts as 0)."""
    found = TITLES[0]
    for title in TITLES:
        if beans >= title.min_beans:
            found = title
        else:
            break
    return found


def next_title(beans: int) -> Title | None:
    """The next title up, or ``None`` at the top."""
    level = title_for(beans).level
    return TITLES[level + 1] if level + 1 < len(TITLES) else None
