"""The replay of a finished 跑得快 hand (/replay): its head and its lines, rebuilt by the
engine from the stored start and actions (``table.replay``)."""

from __future__ import annotations

from ddz_bot.games.kit.replay import stored_start
from ddz_bot.storage import FinishedHand

from ..engine import PdkGame
from .text import replay_head, replay_lines

__all__ = ["PdkReplay", "is_pdk_hand"]


def is_pdk_hand(hand: FinishedHand) -> bool:
    start = hand.result.get("start")
    return isinstance(start, dict) and start.get("game") == "paodekuai"


def _game(hand: FinishedHand) -> PdkGame | None:
    stored = stored_start(hand)
    return None if stored is None else PdkGame.replay(*stored)


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
        stored = stored_start(hand)
        return [] if stored is None else replay_lines(*stored, names, lang)
