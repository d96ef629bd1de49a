"""/replay: a finished hand told as one message, in the words of the game it was played in
(its ``GameReplay``), rebuilt by the engine from the stored start and action log."""

from __future__ import annotations

from ddz_bot.games import GAMES, UnknownGame
from ddz_bot.games.module import GameModule

from ..i18n import t
from ..storage import Database, FinishedHand

__all__ = ["game_of_hand", "replay_text"]

#: Telegram's limit for one message, with room for the header
_MAX_CHARS = 3800


def game_of_hand(hand: FinishedHand) -> GameModule:
    """The game a stored hand was played in; ``UnknownGame`` if no registered game owns it."""
    for name in GAMES:
        if GAMES[name].replay.owns(hand):
            return GAMES[name]
    raise UnknownGame(hand.hand_id)


async def replay_text(db: Database, hand: FinishedHand, lang: str) -> str:
    """The replay as one message: a header with the result, then the plays (the middle cut
    when a long hand would not fit in one message)."""
    names = []
    for user_id in hand.seats:
        player = await db.get_player(user_id)
        names.append(player.display_name if player is not None else str(user_id))
    replay = game_of_hand(hand).replay
    lines, head = replay.lines(hand, names, lang), replay.head(hand, names, lang)
    if not lines:
        return f"{head}\n{t(lang, 'replay_empty')}"
    text = "\n".join(lines)
    if len(text) > _MAX_CHARS:  # keep the opening and the end, the parts people ask about
        first = "\n".join(lines)[: _MAX_CHARS // 2].rsplit("\n", 1)[0]
        last = "\n".join(lines)[-(_MAX_CHARS // 2) :].split("\n", 1)[-1]
        text = f"{first}\n…\n{last}"
    return f"{head}\n{text}"
