"""Words drawn on the pictures, in the table's language.

The pictures carry a few dozen words only, so they live here rather than in the bot's
message catalogue: the renderer then depends on the engine and the list of languages only,
and the font subset (``tools/make_font_subset.py``) can take every character it must draw
from this file.
"""

from __future__ import annotations

from typing import Final

from ddz_bot.kernel import TITLES as ENGINE_TITLES
from ddz_bot.kernel import title_for

from ..i18n import LANGS

__all__ = [
    "LANGS",
    "TITLES",
    "all_label_text",
    "check_lang",
    "combo_name",
    "label",
    "multiplier_reason",
    "title_index",
    "title_name",
]


_LABELS: Final[dict[str, tuple[str, str, str]]] = {
    # key: (zh-Hans, zh-Hant, en)
    "landlord": ("地主", "地主", "Landlord"),
    "farmer": ("农民", "農民", "Farmer"),
    "landlord_short": ("地主", "地主", "LORD"),
    "farmer_short": ("农民", "農民", "FARM"),
    "auto": ("托管", "託管", "AUTO"),
    "shown": ("明牌", "明牌", "OPEN"),
    "pass": ("不出", "不出", "Pass"),
    "turn": ("出牌中", "出牌中", "to play"),
    "thinking": ("思考中", "思考中", "thinking"),
    "bottom": ("底牌", "底牌", "Bottom"),
    "wild": ("癞子", "癩子", "Wild"),
    "base": ("底分", "底分", "Base"),
    "multiplier": ("倍数", "倍數", "Mult."),
    "cards": ("张", "張", "cards"),
    "doubled": ("加倍", "加倍", "Double"),
    "not_doubled": ("不加倍", "不加倍", "No double"),
    "escaped": ("逃跑", "逃跑", "Left"),
    "to_beat": ("要压过", "要壓過", "To beat"),
    "you_lead": ("你先出牌", "你先出牌", "Your lead"),
    "your_hand": ("你的手牌", "你的手牌", "Your hand"),
    "your_turn": ("轮到你了", "輪到你了", "Your turn"),
    "waiting": ("等待", "等待", "Waiting for"),
    "selected": ("已选", "已選", "Selected"),
    "landlord_wins": ("地主胜利", "地主勝利", "Landlord wins"),
    "farmers_win": ("农民胜利", "農民勝利", "Farmers win"),
    "aborted": ("本局作废", "本局作廢", "Hand cancelled"),
    "spring": ("春天", "春天", "Spring"),
    "anti_spring": ("反春天", "反春天", "Anti-spring"),
    "beans": ("欢乐豆", "歡樂豆", "Beans"),
    "points": ("积分", "積分", "Points"),
    "title": ("称号", "稱號", "Title"),
    "cards_left": ("剩余手牌", "剩餘手牌", "Cards left"),
    "new_title": ("升级", "升級", "Up"),
    "win": ("胜", "勝", "W"),
    "loss": ("负", "負", "L"),
    "wins": ("胜", "勝", "wins"),
    "losses": ("负", "負", "losses"),
    "win_rate": ("胜率", "勝率", "Win rate"),
    "streak_win": ("连胜", "連勝", "Win streak"),
    "streak_loss": ("连败", "連敗", "Losing streak"),
    "streak_none": ("无连胜", "無連勝", "No streak"),
    "record": ("战绩", "戰績", "Record"),
    "next_title": ("距下一称号", "距下一稱號", "To next title"),
    "top_title": ("最高称号", "最高稱號", "Top title"),
    "as_landlord": ("当地主", "當地主", "As landlord"),
    "as_farmer": ("当农民", "當農民", "As farmer"),
    "total": ("合计", "合計", "Total"),
    "games": ("局", "局", "games"),
    "winner": ("赢家", "贏家", "Winner"),
    "none": ("无", "無", "none"),
    # bidding words (SeatInfo.bid)
    "bid_call": ("叫地主", "叫地主", "Call"),
    "bid_decline": ("不叫", "不叫", "No call"),
    "bid_grab": ("抢地主", "搶地主", "Grab"),
    "bid_no_grab": ("不抢", "不搶", "No grab"),
    "bid_pass": ("不叫", "不叫", "Pass"),
    "bid_points": ("分", "分", "pt"),
    # phases
    "phase_show_start": ("明牌开始", "明牌開始", "Show to start"),
    "phase_dealing": ("发牌中", "發牌中", "Dealing"),
    "phase_bidding": ("叫地主", "叫地主", "Bidding"),
    "phase_landlord_show": ("地主明牌", "地主明牌", "Landlord may show"),
    "phase_doubling": ("加倍中", "加倍中", "Doubling"),
    "phase_playing": ("出牌", "出牌", "Playing"),
    "phase_finished": ("本局结束", "本局結束", "Hand over"),
    "phase_aborted": ("本局作废", "本局作廢", "Cancelled"),
    # rooms
    "room_novice": ("新手场", "新手場", "Novice"),
    "room_beginner": ("初级场", "初級場", "Beginner"),
    "room_intermediate": ("中级场", "中級場", "Intermediate"),
    "room_advanced": ("高级场", "高級場", "Advanced"),
    # games
    "game_classic": ("经典场", "經典場", "Classic"),
    "game_points": ("叫分场", "叫分場", "Points bid"),
    "game_wildcard": ("癞子场", "癩子場", "Wildcard"),
    "game_four": ("四人场", "四人場", "Four players"),
    # multiplier reasons (MultiplierItem.reason)
    "mult_initial": ("初始", "初始", "Room"),
    "mult_grab": ("抢地主", "搶地主", "Grab"),
    "mult_bid": ("叫分", "叫分", "Bid"),
    "mult_bomb": ("炸弹", "炸彈", "Bomb"),
    "mult_soft_bomb": ("软炸", "軟炸", "Soft bomb"),
    "mult_wild_bomb": ("纯癞子炸", "純癩子炸", "Wild bomb"),
    "mult_rocket": ("王炸", "王炸", "Rocket"),
    "mult_show": ("明牌", "明牌", "Show"),
    "mult_spring": ("春天", "春天", "Spring"),
    "mult_anti_spring": ("反春", "反春", "Anti-spring"),
    # combo kinds
    "combo_single": ("单张", "單張", "Single"),
    "combo_pair": ("对子", "對子", "Pair"),
    "combo_trio": ("三张", "三張", "Trio"),
    "combo_trio_single": ("三带一", "三帶一", "Trio + 1"),
    "combo_trio_pair": ("三带二", "三帶二", "Trio + pair"),
    "combo_straight": ("顺子", "順子", "Straight"),
    "combo_pair_straight": ("连对", "連對", "Pair straight"),
    "combo_plane": ("飞机", "飛機", "Plane"),
    "combo_plane_singles": ("飞机带翅膀", "飛機帶翅膀", "Plane + wings"),
    "combo_plane_pairs": ("飞机带对", "飛機帶對", "Plane + pairs"),
    "combo_four_two_singles": ("四带二", "四帶二", "Four + 2"),
    "combo_four_two_pairs": ("四带两对", "四帶兩對", "Four + 2 pairs"),
    "combo_bomb": ("炸弹", "炸彈", "Bomb"),
    "combo_soft_bomb": ("软炸弹", "軟炸彈", "Soft bomb"),
    "combo_wild_bomb": ("纯癞子炸弹", "純癩子炸彈", "Wild bomb"),
    "combo_rocket": ("王炸", "王炸", "Rocket"),
    "small_joker": ("小王", "小王", "Joker"),
    "big_joker": ("大王", "大王", "JOKER"),
    "joker_word": ("王", "王", "J"),
    # 保皇 (Bao Huang)
    "game_baohuang": ("保皇", "保皇", "Bao Huang"),
    "phase_throne": ("让位中", "讓位中", "Throne offer"),
    "phase_declaring": ("表态中", "表態中", "Declaring"),
    "bh_emperor": ("皇帝", "皇帝", "Emperor"),
    "bh_guard": ("侍卫", "侍衛", "Guard"),
    "bh_rebel": ("平民", "平民", "Rebel"),
    "bh_hoe": ("锄头", "鋤頭", "Hoe"),
    "bh_place_1": ("头客", "頭客", "First"),
    "bh_place_2": ("二客", "二客", "Second"),
    "bh_place_3": ("三客", "三客", "Third"),
    "bh_place_4": ("二拉", "二拉", "Fourth"),
    "bh_place_5": ("大拉", "大拉", "Fifth"),
    "bh_open_solo": ("明独保", "明獨保", "Open solo"),
    "bh_hidden_solo": ("暗独保", "暗獨保", "Hidden solo"),
    "bh_open_guard": ("明保", "明保", "Guard shown"),
    "bh_revolt": ("造反", "造反", "Revolt"),
    "bh_grab_solo": ("抢独", "搶獨", "Grab solo"),
    "bh_silent": ("不表态", "不表態", "Silent"),
    "bh_yield": ("让位", "讓位", "Yields"),
    "bh_take_or_yield": ("登基或让位", "登基或讓位", "Take or yield"),
    "bh_must_take": ("必须登基", "必須登基", "Must take"),
    "bh_emperor_card": ("皇牌", "皇牌", "Emperor card"),
    "bh_attached": ("贴牌", "貼牌", "Attached"),
    "bh_called": ("特画", "特畫", "Called"),
    "bh_callable": ("可叫", "可叫", "May call"),
    "bh_your_role": ("你的身份", "你的身份", "Your role"),
    "bh_only_you": ("仅你可见", "僅你可見", "secret"),
    "bh_auto_locked": ("全程托管", "全程託管", "AUTO to end"),
    "bh_if_won": ("若胜", "若勝", "if won"),
    "bh_base_score": ("基础分", "基礎分", "Base"),
    "bh_score": ("得分", "得分", "Score"),
    "bh_emperor_wins": ("保皇成功", "保皇成功", "Emperor's side wins"),
    "bh_rebels_win": ("起义成功", "起義成功", "Rebels win"),
    "bh_draw": ("平局", "平局", "Draw"),
    "bh_no_emperor": ("无人登基", "無人登基", "Nobody took the throne"),
    "bh_all_auto": ("全员托管", "全員託管", "Everyone on auto-play"),
    "bh_redeal": ("重发", "重發", "Redeal"),
    "bh_called_method": ("典范", "典範", "Called guard"),
    "bh_roast": ("烤牌", "烤牌", "Roast"),
    "bh_six": ("憋6", "憋6", "Six last"),
    "bh_lead": ("领出", "領出", "leads"),
    # the season's standings (/rank, a season's final picture)
    "season": ("赛季", "賽季", "Season"),
    "season_final": ("赛季最终排名", "賽季最終排名", "Final standings"),
    "season_now": ("本赛季排名", "本賽季排名", "Standings so far"),
    "season_all_games": ("全部游戏", "全部遊戲", "All games"),
    "season_player": ("玩家", "玩家", "Player"),
    "season_points": ("积分", "積分", "Points"),
    "season_hands": ("局数", "局數", "Hands"),
    "season_best": ("最佳一局", "最佳一局", "Best hand"),
    "season_empty": ("本赛季无人打牌", "本賽季無人打牌", "No hands this season"),
    "season_ends": ("结束于", "結束於", "Ends"),
    "season_ended": ("已结束", "已結束", "Ended"),
    "season_players": ("人参赛", "人參賽", "players"),
    # a tournament's standings (比赛: its final picture)
    "tour": ("比赛", "比賽", "Tournament"),
    "tour_final": ("最终排名", "最終排名", "Final standings"),
    "tour_now": ("当前排名", "目前排名", "Standings so far"),
    "tour_rounds": ("轮", "輪", "rounds"),
    "tour_hands": ("局", "局", "hands"),
    "tour_wins": ("胜局", "勝局", "Won"),
    "tour_prize": ("奖金", "獎金", "Prize"),
    "tour_pool": ("奖池", "獎池", "pool"),
    "tour_more": ("还有", "還有", "and"),
    "tour_more_people": ("人", "人", "more"),
    "game_name_doudizhu": ("斗地主", "鬥地主", "Dou Dizhu"),
    "game_name_baohuang": ("保皇", "保皇", "Bao Huang"),
    "game_name_paodekuai": ("跑得快", "跑得快", "Pao De Kuai"),
}

#: R-TITLE: (beans from, zh-Hans, zh-Hant, en), lowest first: the engine's table as rows.
TITLES: Final[tuple[tuple[int, str, str, str], ...]] = tuple(
    (title.min_beans, title.zh_hans, title.zh_hant, title.en) for title in ENGINE_TITLES
)


class UnknownLanguage(ValueError):
    """A language code the pictures don't speak."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        super().__init__(f"unknown language {lang!r}; one of {', '.join(LANGS)}")


def check_lang(lang: str) -> int:
    """The column of ``lang`` in the catalogue; ``UnknownLanguage`` for anything else."""
    try:
        return LANGS.index(lang)
    except ValueError:
        raise UnknownLanguage(lang) from None


def label(key: str, lang: str) -> str:
    """The word ``key`` in ``lang``. A missing key is a programming error (KeyError)."""
    return _LABELS[key][check_lang(lang)]


def combo_name(kind: str, lang: str) -> str:
    return label(f"combo_{kind}", lang)


def multiplier_reason(reason: str, lang: str) -> str:
    """The short word for a ``MultiplierItem.reason``; unknown reasons are shown as given."""
    key = f"mult_{reason}"
    return label(key, lang) if key in _LABELS else reason


def title_index(beans: int) -> int:
    """Index in ``TITLES`` of the title a balance earns (R-TITLE)."""
    return title_for(beans).level


def title_name(index: int, lang: str) -> str:
    _floor, hans, hant, english = TITLES[index]
    return (hans, hant, english)[check_lang(lang)]


def all_label_text() -> str:
    """Every character the catalogue may draw (for the font subset)."""
    parts = [text for row in _LABELS.values() for text in row]
    parts += [name for row in TITLES for name in row[1:]]
    return "".join(parts)
