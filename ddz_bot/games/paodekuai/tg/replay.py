"""The replay of a finished 跑得快 hand (/replay): its head and its lines, rebuilt by the
engine from the stored start and actions (``table.replay``)."""

from __future__ import annotations

from typing import Any

from ddz_bot.storage import FinishedHand

from ..engine import PdkGame
from .text import replay_head, replay_lines

__all__ = ["PdkReplay", "is_pdk_hand"]


def is_pdk_hand(hand: FinishedHand) -> bool:
    start = hand.result.get("start")
    return isinstance(start, dict) and start.get("game") == "paodekuai"


def _game(hand: FinishedHand) -> PdkGame | None:
    result: dict[str, Any] = hand.result
    start, log = result.get("start"), result.get("log")
    if not isinstance(start, dict) or not isinstance(log, list):
        return None
    return PdkGame.replay(start, log)


class PdkReplay:
    """跑得快's ``GameReplay``."""

    def owns(self, hand: FinishedHand) -> bool:
        return is_pdk_hand(hand)

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str:
        game = _game(hand)
        outcome = None if game is None else game.outcome()
        if outcome is None:
            return ""
        return replay_head(outcome, names, lang)

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]:
        result: dict[str, Any] = hand.result
        start, log = result.get("start"), result.get("log")
        if not isinstance(start, dict) or not isinstance(log, list):
            return []
        return replay_lines(start, log, names, lang)
