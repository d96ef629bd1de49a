"""The replay of a finished 斗地主 hand (RULES.md section 5, the seeds' 翻盘法 drill): who
played what, in order, rebuilt by the engine from the stored start and action log."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import Game, LandlordChosen, Played, read_action
from ddz_bot.games.kit.replay import ReplayLines, escape_verdict, replay_events
from ddz_bot.i18n import t
from ddz_bot.kernel import Passed, TimedOut
from ddz_bot.storage import FinishedHand

from .words import combo_text

__all__ = ["DouDizhuReplay", "replay_lines", "replay_verdict"]


def replay_lines(hand: FinishedHand, names: list[str], lang: str) -> list[str]:
    """One line per play or pass, numbered, from the engine's replay of the stored hand;
    empty when the record holds no start (hands stored before replays existed)."""
    said = ReplayLines(names, t(lang, "replay_late"))
    landlord: int | None = None
    for event in replay_events(hand, Game.replay, read_action):
        if isinstance(event, LandlordChosen):
            landlord = event.seat
        elif isinstance(event, TimedOut):
            said.clocked(event.seat)
        elif isinstance(event, Played | Passed):
            who = names[event.seat] + (
                f" ({t(lang, 'replay_landlord')})" if event.seat == landlord else ""
            )
            what = (
                combo_text(event.combo, lang)  # as the table writes it (QQQ6)
                if isinstance(event, Played)
                else t(lang, "said_pass")
            )
            said.add(event.seat, what, who)
    return said.lines


def replay_verdict(hand: FinishedHand, names: list[str], lang: str) -> str:
    """How the hand ended: which side won, or who escaped and what it cost them (R-ESCAPE,
    from the hand's stored bean changes), or that it closed with no winner."""
    escaped = escape_verdict(hand, names, lang)
    if escaped is not None:
        return escaped
    winners = hand.result.get("winner_role")
    return t(lang, f"replay_won_{winners}") if winners else t(lang, "replay_aborted")


class DouDizhuReplay:
    """斗地主's ``GameReplay``."""

    def owns(self, hand: FinishedHand) -> bool:
        """A 斗地主 hand's start names no other game (hands stored before games had names
        are 斗地主's: it was the only one)."""
        start = hand.result.get("start")
        return not isinstance(start, dict) or start.get("game", "doudizhu") == "doudizhu"

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str:
        return t(
            lang,
            "replay_head",
            multiplier=hand.result.get("multiplier", 1),
            winner=replay_verdict(hand, names, lang),
        )

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]:
        return replay_lines(hand, names, lang)
