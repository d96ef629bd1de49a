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
    "cmd_tournament": "比赛：报名、开赛",
    "help_tournament": "/tournament（/bisai）开一场比赛：[游戏] [轮数x每轮局数] [报名费]",
    "rules_tournament": "比赛：/tournament 开报名（例如 /tournament pdk 3x2 100：跑得快，3 轮、"
    "每轮 2 局，报名费 100 豆，可以为 0）。发起人点「开赛」时收报名费，所有桌同时开打，空位由 AI "
    "补上（AI 不拿奖）。每轮后按积分重新分桌，领先者同桌，最后一轮第 1 桌是决赛桌。名次按比赛中"
    "各局得分；同分时胜局多者在前，再看局数少者，再看报名先后。奖池按 50/30/20 分给前三名；"
    "取消的比赛退还报名费。每局照常按本群的场次结算欢乐豆和积分，也计入赛季。",
    "tour_usage": "用法：/tournament [游戏] [轮数x每轮局数] [报名费]，例如 /tournament pdk 3x2 100",
    "tour_exists": "本群已有一场比赛在报名或进行中。",
    "tour_signup": "🏆 比赛 #{id} 报名中 · {game}\n{rounds} 轮 × 每轮 {hands} 局 · 报名费 {fee} 豆"
    " · 奖池 {pool} 豆（前三名 50/30/20）\n发起人：{organiser}\n已报名 {count} 人：{names}\n"
    "点「报名」参加；发起人点「开赛」开始。",
    "tour_head": "🏆 比赛 #{id} · {game} · 第 {round}/{rounds} 轮 · 每轮 {hands} 局"
    " · 奖池 {pool} 豆",
    "tour_line": "{place}. {name}：{points} 分（{hands} 局 {wins} 胜）",
    "tour_board": "第 {board} 桌：{names}（{played}/{hands} 局）",
    "tour_final_head": "🏆 比赛 #{id} 结束 · {game} · 奖池 {pool} 豆",
    "tour_prize": "{medal} {name} +{beans} 豆",
    "tour_tie_rule": "同分时胜局多者在前，再看局数少者，再看报名先后。",
    "tour_cancelled": "比赛 #{id} 已取消，报名费已退还。",
    "btn_tour_join": "报名",
    "btn_tour_leave": "退出",
    "btn_tour_start": "开赛",
    "btn_tour_cancel": "取消比赛",
    "tour_joined": "已报名。",
    "tour_left": "已退出报名。",
    "tour_not_entered": "你没有报名。",
    "tour_organiser_only": "只有发起人可以这样做。",
    "tour_too_few": "至少要 2 人报名才能开赛。",
    "tour_short": "{name} 的欢乐豆不够报名费 {fee}，没有开赛。",
    "tour_closed": "这场比赛已经不在报名了。",
    "tour_busy": "你正在一张牌桌上，打完再报名。",
    "tour_started": "比赛开始！",
    "balance_tour": "🏆 比赛：{played} 场 · 最好第 {best} 名 · 奖金共 {prizes} 豆",
    "balance_tour_last": "上一场：比赛 #{id} · {game} · 第 {place}/{count} 名{prize}",
    "balance_tour_prize": "，奖金 +{beans} 豆",
    "tour_final_caption": "🏆 比赛 #{id} 结束！冠军：{name}",
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
    "cmd_tournament": "比賽：報名、開賽",
    "help_tournament": "/tournament（/bisai）開一場比賽：[遊戲] [輪數x每輪局數] [報名費]",
    "rules_tournament": "比賽：/tournament 開報名（例如 /tournament pdk 3x2 100：跑得快，3 輪、"
    "每輪 2 局，報名費 100 豆，可以為 0）。發起人點「開賽」時收報名費，所有桌同時開打，空位由 AI "
    "補上（AI 不拿獎）。每輪後按積分重新分桌，領先者同桌，最後一輪第 1 桌是決賽桌。名次按比賽中"
    "各局得分；同分時勝局多者在前，再看局數少者，再看報名先後。獎池按 50/30/20 分給前三名；"
    "取消的比賽退還報名費。每局照常按本群的場次結算歡樂豆和積分，也計入賽季。",
    "tour_usage": "用法：/tournament [遊戲] [輪數x每輪局數] [報名費]，例如 /tournament pdk 3x2 100",
    "tour_exists": "本群已有一場比賽在報名或進行中。",
    "tour_signup": "🏆 比賽 #{id} 報名中 · {game}\n{rounds} 輪 × 每輪 {hands} 局 · 報名費 {fee} 豆"
    " · 獎池 {pool} 豆（前三名 50/30/20）\n發起人：{organiser}\n已報名 {count} 人：{names}\n"
    "點「報名」參加；發起人點「開賽」開始。",
    "tour_head": "🏆 比賽 #{id} · {game} · 第 {round}/{rounds} 輪 · 每輪 {hands} 局"
    " · 獎池 {pool} 豆",
    "tour_line": "{place}. {name}：{points} 分（{hands} 局 {wins} 勝）",
    "tour_board": "第 {board} 桌：{names}（{played}/{hands} 局）",
    "tour_final_head": "🏆 比賽 #{id} 結束 · {game} · 獎池 {pool} 豆",
    "tour_prize": "{medal} {name} +{beans} 豆",
    "tour_tie_rule": "同分時勝局多者在前，再看局數少者，再看報名先後。",
    "tour_cancelled": "比賽 #{id} 已取消，報名費已退還。",
    "btn_tour_join": "報名",
    "btn_tour_leave": "退出",
    "btn_tour_start": "開賽",
    "btn_tour_cancel": "取消比賽",
    "tour_joined": "已報名。",
    "tour_left": "已退出報名。",
    "tour_not_entered": "你沒有報名。",
    "tour_organiser_only": "只有發起人可以這樣做。",
    "tour_too_few": "至少要 2 人報名才能開賽。",
    "tour_short": "{name} 的歡樂豆不夠報名費 {fee}，沒有開賽。",
    "tour_closed": "這場比賽已經不在報名了。",
    "tour_busy": "你正在一張牌桌上，打完再報名。",
    "tour_started": "比賽開始！",
    "balance_tour": "🏆 比賽：{played} 場 · 最好第 {best} 名 · 獎金共 {prizes} 豆",
    "balance_tour_last": "上一場：比賽 #{id} · {game} · 第 {place}/{count} 名{prize}",
    "balance_tour_prize": "，獎金 +{beans} 豆",
    "tour_final_caption": "🏆 比賽 #{id} 結束！冠軍：{name}",
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
    "cmd_tournament": "Tournament: sign up, start",
    "help_tournament": "/tournament (/bisai) opens a tournament: [game] [rounds x hands] [fee]",
    "rules_tournament": "Tournaments: /tournament opens the sign-up (e.g. /tournament pdk 3x2 "
    "100: Pao De Kuai, 3 rounds of 2 hands, a fee of 100 beans, 0 allowed). The fees are taken "
    "when the organiser presses Start; every table plays at once, AI players fill the last one "
    "(they win no prize). After each round people are seated again by the standings, leaders "
    "together: the last round's table 1 is the final table. People rank by the points of their "
    "hands; on a tie more wins go first, then fewer hands, then who signed up first. The pool "
    "goes 50/30/20 to the first three; a tournament called off gives the fees back. Each "
    "hand still settles beans and points at the group's room, and counts in the season.",
    "tour_usage": "Usage: /tournament [game] [rounds x hands] [fee], e.g. /tournament pdk 3x2 100",
    "tour_exists": "This group already has a tournament signing up or in play.",
    "tour_signup": "🏆 Tournament #{id} is signing up · {game}\n{rounds} rounds × {hands} hands"
    " · fee {fee} beans · pool {pool} beans (50/30/20 to the first three)\nOrganiser: "
    "{organiser}\nSigned up ({count}): {names}\nPress Sign up to play; the organiser presses "
    "Start.",
    "tour_head": "🏆 Tournament #{id} · {game} · round {round}/{rounds} · {hands} hands a round"
    " · pool {pool} beans",
    "tour_line": "{place}. {name}: {points} pts ({hands} hands, {wins} won)",
    "tour_board": "Table {board}: {names} ({played}/{hands} hands)",
    "tour_final_head": "🏆 Tournament #{id} is over · {game} · pool {pool} beans",
    "tour_prize": "{medal} {name} +{beans} beans",
    "tour_tie_rule": "On a tie more wins go first, then fewer hands, then who signed up first.",
    "tour_cancelled": "Tournament #{id} was called off; the fees were given back.",
    "btn_tour_join": "Sign up",
    "btn_tour_leave": "Leave",
    "btn_tour_start": "Start",
    "btn_tour_cancel": "Call off",
    "tour_joined": "Signed up.",
    "tour_left": "You left the sign-up.",
    "tour_not_entered": "You have not signed up.",
    "tour_organiser_only": "Only the organiser can do that.",
    "tour_too_few": "At least 2 people must sign up to start.",
    "tour_short": "{name} has fewer beans than the fee of {fee}: the tournament did not start.",
    "tour_closed": "This tournament is no longer signing up.",
    "tour_busy": "You are at a table: finish it first, then sign up.",
    "tour_started": "The tournament begins!",
    "balance_tour": "🏆 Tournaments: {played} played · best place {best} · prizes {prizes} beans",
    "balance_tour_last": "Last: tournament #{id} · {game} · place {place} of {count}{prize}",
    "balance_tour_prize": ", prize +{beans} beans",
    "tour_final_caption": "🏆 Tournament #{id} is over! The winner: {name}",
}

#: by language, merged into the shared catalogues
WORDS: Final[dict[str, dict[str, str]]] = {"zh-Hans": _ZH_HANS, "zh-Hant": _ZH_HANT, "en": _EN}
