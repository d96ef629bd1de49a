"""Sample pictures of 跑得快 for the gallery (``tools/gallery.py`` calls ``pictures``): the
first lead with ♠3, a trick with a seat down to one card, a hand of 16 with cards chosen, the
spec's scoring example as a result (a bomb that stood, a shut loser), and an escape."""

from __future__ import annotations

from ddz_bot.kernel import Deal, Escape, Pass, Play, parse_cards

from ..engine import PdkGame, PdkRules
from .hand import render_pdk_hand
from .result import render_pdk_result
from .table import render_pdk_table

__all__ = ["pictures"]

NAMES = ("Ann", "小明", "Cy with a rather long name")
HANDS = ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA")
EXAMPLE = ("KKKK" + "Q" + "2" + "8899TTJJQQ", "3456789TJQ" + "AAA" + "344", "33455566677789TJ")


def _one_card() -> PdkGame:
    game = PdkGame.from_deal(HANDS, leader=1)
    game.apply(Play(1, parse_cards("444555666777" + "89T")))  # seat 1 holds one card
    game.apply(Pass(2))
    return game


def _example() -> PdkGame:
    game = PdkGame.from_deal(EXAMPLE, leader=1, balances=[10_000] * 3)
    for seat, cards in (
        (1, "3456789TJQ"), (2, ""), (0, "KKKK"), (1, ""), (2, ""), (0, "Q"), (1, "A"),
        (2, ""), (0, "2"), (1, ""), (2, ""), (0, "8899TTJJQQ"),
    ):  # fmt: skip
        game.apply(Play(seat, parse_cards(cards)) if cards else Pass(seat))
    return game


def pictures() -> dict[str, bytes]:
    """The sample pictures by file name (without ``.png``)."""
    out: dict[str, bytes] = {}
    first = PdkGame.from_deal(HANDS)
    for lang in ("zh-Hans", "zh-Hant", "en"):
        out[f"pdk_table_first_{lang}"] = render_pdk_table(first.public_view(), NAMES, lang)
    one = _one_card()
    out["pdk_table_one_card"] = render_pdk_table(one.public_view(), NAMES, "zh-Hans")
    out["pdk_hand_16"] = render_pdk_hand(
        first.view_for(first.turn or 0), parse_cards("3333"), "zh-Hans", NAMES
    )
    out["pdk_hand_warned"] = render_pdk_hand(one.view_for(0), None, "en", NAMES)
    fifteen = PdkGame(PdkRules(cards15=True, four_three=True), leader=0)
    fifteen.apply(Deal())
    out["pdk_hand_15"] = render_pdk_hand(fifteen.view_for(0), None, "zh-Hant", NAMES)
    example = _example()
    settled = example.settlement()
    beans = None if settled is None else settled.deltas
    for lang in ("zh-Hans", "en"):
        out[f"pdk_result_{lang}"] = render_pdk_result(example.public_view(), NAMES, lang, beans)
    out["pdk_table_end"] = render_pdk_table(example.public_view(), NAMES, "zh-Hans")
    escape = PdkGame.from_deal(HANDS, leader=0)
    escape.apply(Play(0, parse_cards("4")))
    escape.apply(Escape(1))
    out["pdk_result_escape"] = render_pdk_result(escape.public_view(), NAMES, "zh-Hant")
    return out
