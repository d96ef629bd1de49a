"""The simple player: RLCard's rule agent's way of playing, as the search models it.

It leads the combo of its split that holds its lowest card, follows with the lowest combo
of the kind on the table (over its partner too), and with none passes behind its partner,
else bombs or passes at random. Its answers are all but certain once its hand is known
(every lead and follow of the agent over 60 deals both ways), so the samples read its
plays as constraints and the playouts and the exact end play it so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ddz_bot.games.doudizhu.engine import Combo, ComboKind
from ddz_bot.kernel import Rank

__all__ = ["simple_choice", "simple_lead"]

_TWO: Final = int(Rank.TWO)
_SMALL_JOKER: Final = int(Rank.SMALL_JOKER)


def simple_lead(hand: Sequence[int]) -> tuple[ComboKind, int, int]:
    """What a simple player (RLCard's rule agent) leads from ``hand``: the combo of its
    split that holds its lowest card, as (kind, rank, length). The split takes the rocket,
    the bombs, the trios (consecutive ones below the 2 a plane), then each run of five or
    more ranks 3 to A left as a straight; the lowest card is in the first of those it
    reaches, else in a pair or a single."""
    low = next(r for r in range(len(hand)) if hand[r])
    count = hand[low]
    if low == _SMALL_JOKER and hand[_SMALL_JOKER + 1]:
        return ComboKind.ROCKET, _SMALL_JOKER + 1, 1
    if count == 4:
        return ComboKind.BOMB, low, 1
    top = low
    if count == 3:
        while top + 1 < _TWO and hand[top + 1] == 3:
            top += 1
        if top > low:
            return ComboKind.PLANE, top, top - low + 1
        return ComboKind.TRIO, low, 1
    # a straight of the run from the lowest card up, the trios and bombs left out
    while top + 1 < _TWO and 0 < hand[top + 1] < 3:
        top += 1
    if top - low >= 4:
        return ComboKind.STRAIGHT, top, top - low + 1
    return (ComboKind.PAIR if count == 2 else ComboKind.SINGLE), low, 1


def simple_choice(
    hand: Sequence[int],
    table: Combo | None,
    seat: int,
    landlord: int,
    players: int,
    plays: Sequence[Combo],
    played: int,
) -> Combo | None:
    """A simple player's play from ``hand`` among its legal ``plays`` (None: a pass): a
    lead is ``simple_lead``'s; a follow the lowest combo of the kind on the table; with
    none, a farmer behind its partner passes, else it bombs or passes as if at random
    (by ``played``, the cards played so far)."""
    if table is None:
        kind, top, length = simple_lead(hand)
        for m in plays:
            if m.kind is kind and m.rank == top and m.length == length:
                return m
        return min(plays, key=lambda m: (m.rank, -len(m.cards)))
    same = [m for m in plays if m.kind is table.kind and m.length == table.length]
    if same:
        return min(same, key=lambda m: (m.rank, tuple(m.cards)))
    if seat != landlord and (seat - 1) % players != landlord:
        return None  # a farmer behind its partner
    bombs = [m for m in plays if m.is_bomb]
    pick = played % (len(bombs) + 1)
    return bombs[pick] if pick < len(bombs) else None
