"""比大小 as the table layer hosts it: its ``GameModule``, registered by the tests only."""

from __future__ import annotations

from ddz_bot.games.kit.plain import NoOptions, PlainTyping
from ddz_bot.games.module import GameModule

from .engine import GAME_NAME, read_action
from .parts import HOST, PAGE, REPLAY, TWO_SEATS, HighCardAI, event_line, play_text
from .parts import settle_high_card as settle
from .present import high_card_contents
from .words import cards_text, t

__all__ = ["GAME"]

GAME = GameModule(
    name=GAME_NAME,
    variants=frozenset({GAME_NAME, TWO_SEATS}),
    aliases={"highcard": GAME_NAME, "比大小": GAME_NAME, TWO_SEATS: TWO_SEATS},
    host=HOST,
    contents=high_card_contents,
    settle=settle,
    event_line=event_line,
    play_text=play_text,
    # one card a play: typed cards read as one, a tap chooses that one card
    typing=PlainTyping(
        lambda game, cards: [cards] if len(cards) == 1 else [],
        cards_text,
        lambda chosen, held, rank, everything: [int(r == rank) for r in range(len(held))],
    ),
    ai=HighCardAI(),
    replay=REPLAY,
    options=NoOptions(GAME_NAME, t),
    refusals=(),  # the kernel's shared refusals are all it gives
    read_action=read_action,
    page=PAGE,
)
