"""比大小's own words in the three languages the bot speaks; the table's shared words (seats,
clocks, beans) come from the bot's catalogue (``ddz_bot.i18n.t``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ddz_bot.i18n import LANGS
from ddz_bot.kernel import RANK_CHARS

__all__ = ["CATALOGUES", "card_text", "cards_text", "t"]

CATALOGUES: Final[dict[str, dict[str, str]]] = {
    "zh-Hans": {
        "game_name": "比大小",
        "lobby": "🃏 比大小 · {room}\n每人三张牌，各出一张，最大的赢。\n{seats}",
        "played": "{name} 出了 {card}",
        "took": "{name} 的 {card} 最大，赢了！",
        "escaped": "{name} 逃跑了",
        "your_cards": "你的牌：{cards}",
        "on_table": "桌上：{cards}",
        "unknown": "没看懂「{text}」。比大小每次出一张牌，例如 K。",
        "replay_head": "比大小回放：{result}",
        "replay_line": "{n}. {name}：{card}",
        "winner_is": "{name} 赢",
        "pitch": "比大小：三人，各出一张，最大的赢。/newgame 比大小",
        "rules": "比大小（{room}）：每人三张牌，各出一张，最大的赢；每分 {coefficient} 豆。",
    },
    "zh-Hant": {
        "game_name": "比大小",
        "lobby": "🃏 比大小 · {room}\n每人三張牌，各出一張，最大的贏。\n{seats}",
        "played": "{name} 出了 {card}",
        "took": "{name} 的 {card} 最大，贏了！",
        "escaped": "{name} 逃跑了",
        "your_cards": "你的牌：{cards}",
        "on_table": "桌上：{cards}",
        "unknown": "看不懂「{text}」。比大小每次出一張牌，例如 K。",
        "replay_head": "比大小回放：{result}",
        "replay_line": "{n}. {name}：{card}",
        "winner_is": "{name} 贏",
        "pitch": "比大小：三人，各出一張，最大的贏。/newgame 比大小",
        "rules": "比大小（{room}）：每人三張牌，各出一張，最大的贏；每分 {coefficient} 豆。",
    },
    "en": {
        "game_name": "High card",
        "lobby": "🃏 High card · {room}\nThree cards each, one played each, the highest wins.\n"
        "{seats}",
        "played": "{name} played {card}",
        "took": "{name}'s {card} is the highest: a win!",
        "escaped": "{name} ran away",
        "your_cards": "Your cards: {cards}",
        "on_table": "On the table: {cards}",
        "unknown": "I didn't get “{text}”. In High card you play one card, e.g. K.",
        "replay_head": "High card replay: {result}",
        "replay_line": "{n}. {name}: {card}",
        "winner_is": "{name} wins",
        "pitch": "High card: three players, one card each, the highest wins. /newgame highcard",
        "rules": "High card ({room}): three cards each, one played each, the highest wins; "
        "1 point = {coefficient} beans.",
    },
}
assert set(CATALOGUES) == set(LANGS)


def t(lang: str, key: str, /, **values: object) -> str:
    """The words ``key`` in ``lang`` (Simplified Chinese for an unknown language)."""
    template = (CATALOGUES.get(lang) or CATALOGUES["zh-Hans"])[key]
    return template.format(**values) if values else template


def card_text(rank: int) -> str:
    """A card as people write it: ``10`` for the ten."""
    char = RANK_CHARS[rank]
    return "10" if char == "T" else char


def cards_text(ranks: Iterable[int], lang: str = "") -> str:
    """The cards by rank, alike in every language."""
    return " ".join(card_text(rank) for rank in ranks)
