"""A hand's deal: a chosen one (tests, puzzles, the gallery) laid out as the deck deals it,
and a stored hand's start (rules, room, balances, deck, leader) written and read back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ddz_bot.kernel import Card, Cards, Room, room_by_key

from .cards import PLAYERS, deck_for
from .rules import PdkRules
from .scoring import balances_of

__all__ = ["arrange_deal", "read_start", "start_dict"]


def arrange_deal(hands: Sequence[str | Cards | Sequence[Card]], rules: PdkRules) -> list[Card]:
    """The deck that deals ``hands`` (ranks, or physical cards, by seat); ``ValueError``
    when they are not the deck's cards shared out in full."""
    pool = deck_for(rules)
    chosen: list[Card] = []
    for hand in hands:
        if isinstance(hand, str):
            hand = Cards.parse(hand)
        if len(hand) != rules.hand_size:
            raise ValueError(f"跑得快 deals {rules.hand_size} cards to each seat, not {len(hand)}")
        for item in hand:
            physical = isinstance(item, Card)
            card = next((c for c in pool if (c == item if physical else c.rank == item)), None)
            if card is None:
                raise ValueError(f"{Cards([item])}: none left in the deck to deal")
            pool.remove(card)
            chosen.append(card)
    if len(hands) != PLAYERS:
        raise ValueError(f"跑得快 deals to {PLAYERS} seats, not {len(hands)}")
    return chosen


def start_dict(
    rules: PdkRules, room: Room, balances: list[int], deck: list[Card], leader: int | None
) -> dict[str, Any]:
    """A hand's start as stored: with its actions, all a replay needs."""
    return {
        "game": "paodekuai",
        "rules": rules.to_dict(),
        "room": room.key,
        "balances": list(balances),
        "deck": [int(c) for c in deck],
        "leader": leader,
    }


def read_start(data: dict[str, Any]) -> tuple[PdkRules, Room, list[int], list[Card], int | None]:
    """``start_dict`` read back; ``ValueError`` for another game's hand."""
    if data.get("game") != "paodekuai":
        raise ValueError("not a stored hand of 跑得快")
    leader = data.get("leader")
    return (
        PdkRules.from_dict(dict(data["rules"])),
        room_by_key(str(data["room"])),
        balances_of(data["balances"]),
        [Card(int(c)) for c in data["deck"]],
        None if leader is None else int(leader),
    )
