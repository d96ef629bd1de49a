"""The replay of a finished 保皇 hand: the throne, the declarations, then who played what, in
order, rebuilt by the engine from the stored start and actions. The hand is over, so every
role may be named."""

from __future__ import annotations

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    Declared,
    GuardCalled,
    ThroneTaken,
    ThroneYielded,
    read_action,
)
from ddz_bot.games.baohuang.engine import Played as BhPlayed
from ddz_bot.games.kit.replay import ReplayLines, escape_verdict, replay_events
from ddz_bot.i18n import t
from ddz_bot.kernel import Passed, TimedOut
from ddz_bot.storage import FinishedHand

from .words import card_list_text, declaration_word, face_text, meld_text

__all__ = ["BaoHuangReplay", "bh_replay_head", "bh_replay_lines", "is_bh_hand"]


def is_bh_hand(hand: FinishedHand) -> bool:
    start = hand.result.get("start")
    return isinstance(start, dict) and start.get("game") == "baohuang"


def bh_replay_lines(hand: FinishedHand, names: list[str], lang: str) -> list[str]:
    """One line per decision and per play or pass, numbered."""
    said = ReplayLines(names, t(lang, "replay_late"))
    for event in replay_events(hand, BaoHuangGame.replay, read_action):
        what: str | None = None
        seat = getattr(event, "seat", None)
        if isinstance(event, TimedOut):
            said.clocked(event.seat)
        elif isinstance(event, ThroneYielded):
            what = t(lang, "bh_btn_yield") + (
                "" if event.attached is None else f" {card_list_text([event.attached], lang)}"
            )
        elif isinstance(event, ThroneTaken):
            what = t(lang, "bh_btn_take")
        elif isinstance(event, GuardCalled):
            what = t(lang, "bh_btn_call", face=face_text(event.face, lang))
        elif isinstance(event, Declared):
            what = declaration_word(event.declaration, lang)
        elif isinstance(event, BhPlayed):
            what = meld_text(event.meld, lang)
        elif isinstance(event, Passed):
            what = t(lang, "said_pass")
        if what is not None and isinstance(seat, int):
            said.add(seat, what)
    return said.lines


def bh_replay_head(hand: FinishedHand, names: list[str], lang: str) -> str:
    """The replay's header: the game and how the hand ended."""
    verdict = escape_verdict(hand, names, lang)
    if verdict is None:
        side = hand.result.get("winner_role")
        verdict = t(lang, f"bh_replay_{side}") if side in ("emperor", "rebels") else ""
        verdict = verdict or t(lang, "bh_replay_draw")
    return t(lang, "bh_replay_head", winner=verdict)


class BaoHuangReplay:
    """保皇's ``GameReplay``."""

    def owns(self, hand: FinishedHand) -> bool:
        return is_bh_hand(hand)

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str:
        return bh_replay_head(hand, names, lang)

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]:
        return bh_replay_lines(hand, names, lang)
