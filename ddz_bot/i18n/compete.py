"""The words of seasons and 比赛 (tournaments), in the three languages: merged into the
shared catalogues (``SHARED_CATALOGUES``), kept apart so each file stays short."""

from __future__ import annotations

from typing import Final

__all__ = ["WORDS"]

_ZH_HANS: Final = {
    "cmd_season": "往届赛季排名",
    "help_compete": "/rank 本赛季排名（/rank all 总排行 · /rank last 上赛季 · /rank pdk 单个游戏）"
    " · /season N 第 N 赛季",
    "rules_compete": "赛季：每个群按月（或 /settings 里改为按周）开一个赛季，"
    "从第一天 0 点（本群时区）开始。"
    "排名按本赛季在本群打的牌局所得积分，并列时胜局多者在前，再看局数少者。"
    "赛季结束时群里会收到最终排名图，之后可以用 /season N 再看。",
    "season_caption": "赛季 {season} · /rank all 总排行 · /rank last 上赛季",
    "season_last_caption": "上赛季 {season} 的最终排名",
    "season_final_caption": "🏆 第 {number} 赛季（{season}）结束！冠军：{name}，{points} 分。"
    "新赛季开始了：/rank 看本赛季，/season {number} 再看这张排名。",
    "season_list": "本群已结束的赛季：\n{lines}\n发 /season N 查看第 N 赛季。",
    "season_list_line": "第 {number} 赛季：{season}",
    "season_none": "本群还没有结束的赛季。/rank 看本赛季排名。",
    "season_unknown": "本群没有第 {number} 赛季。",
    "season_settings": "赛季：{period}，时区 {zone}",
    "season_weekly": "每周",
    "season_monthly": "每月",
    "btn_season_period": "赛季：{period}",
    "btn_season_zone": "时区：{zone}",
}

_ZH_HANT: Final = {
    "cmd_season": "往屆賽季排名",
    "help_compete": "/rank 本賽季排名（/rank all 總排行 · /rank last 上賽季 · /rank pdk 單個遊戲）"
    " · /season N 第 N 賽季",
    "rules_compete": "賽季：每個群按月（或在 /settings 改為按週）開一個賽季，"
    "從第一天 0 點（本群時區）開始。"
    "排名按本賽季在本群打的牌局所得積分，並列時勝局多者在前，再看局數少者。"
    "賽季結束時群裡會收到最終排名圖，之後可以用 /season N 再看。",
    "season_caption": "賽季 {season} · /rank all 總排行 · /rank last 上賽季",
    "season_last_caption": "上賽季 {season} 的最終排名",
    "season_final_caption": "🏆 第 {number} 賽季（{season}）結束！冠軍：{name}，{points} 分。"
    "新賽季開始了：/rank 看本賽季，/season {number} 再看這張排名。",
    "season_list": "本群已結束的賽季：\n{lines}\n發 /season N 查看第 N 賽季。",
    "season_list_line": "第 {number} 賽季：{season}",
    "season_none": "本群還沒有結束的賽季。/rank 看本賽季排名。",
    "season_unknown": "本群沒有第 {number} 賽季。",
    "season_settings": "賽季：{period}，時區 {zone}",
    "season_weekly": "每週",
    "season_monthly": "每月",
    "btn_season_period": "賽季：{period}",
    "btn_season_zone": "時區：{zone}",
}

_EN: Final = {
    "cmd_season": "Past seasons",
    "help_compete": "/rank this season (/rank all all-time · /rank last last season · "
    "/rank pdk one game) · /season N season N",
    "rules_compete": "Seasons: each group plays a monthly season (weekly in /settings), from "
    "00:00 on its first day in the group's time zone. People rank by the points they won in "
    "the group's hands this season; on a tie more wins go first, then fewer hands. When a "
    "season ends the group gets its final standings; /season N shows them again.",
    "season_caption": "Season {season} · /rank all all-time · /rank last last season",
    "season_last_caption": "Final standings of last season, {season}",
    "season_final_caption": "🏆 Season {number} ({season}) is over! Champion: {name} with "
    "{points} points. A new season starts now: /rank for this one, /season {number} to see "
    "these standings again.",
    "season_list": "The group's past seasons:\n{lines}\nSend /season N to see season N.",
    "season_list_line": "Season {number}: {season}",
    "season_none": "No season of this group has ended yet. /rank shows this season.",
    "season_unknown": "This group has no season {number}.",
    "season_settings": "Season: {period}, time zone {zone}",
    "season_weekly": "weekly",
    "season_monthly": "monthly",
    "btn_season_period": "Season: {period}",
    "btn_season_zone": "Time zone: {zone}",
}

#: by language, merged into the shared catalogues
WORDS: Final[dict[str, dict[str, str]]] = {"zh-Hans": _ZH_HANS, "zh-Hant": _ZH_HANT, "en": _EN}
