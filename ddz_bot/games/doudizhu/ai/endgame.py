"""Exact play of a dealt-out end: who wins when every seat sees every hand.

Near the end of a hand a sample of the unseen cards leaves few cards in play, and a
policy playout can misplay what a full search sees at once (leading the one combo an
enemy can top, keeping the bomb one trick too long). Here the sides play perfectly on
the sample's hands: a depth-first search over rank counts, the moves that go out tried
first, the positions met again remembered. It gives up (``TooLarge``) past ``nodes``
positions, so a decision's time stays bounded; the search then plays that sample out
with the policy instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ddz_bot.games.doudizhu.engine import Combo, RuleSet, legal_moves
from ddz_bot.kernel import Cards

from .simple import simple_choice
from .situation import full_counts

__all__ = ["Endgame", "TooLarge"]

#: (hands, turn, combo to beat, its seat): a position of the end
_Key = tuple[tuple[tuple[int, ...], ...], int, Combo | None, int | None]
#: new positions one solve may visit before it gives up
NODES: Final = 4_000


class TooLarge(Exception):
    """The end has more positions than the solve may visit."""


class Endgame:
    """The exact solver of one decision's samples; what it learns is kept across the
    candidates of a sample (they share the hands) and across samples."""

    __slots__ = ("landlord", "memo", "moves", "nodes", "out_of_time", "rules", "simple", "total")

    def __init__(
        self,
        rules: RuleSet,
        landlord: int,
        out_of_time: Callable[[], bool],
        simple: frozenset[int] = frozenset(),
    ) -> None:
        self.rules = rules
        self.landlord = landlord
        self.out_of_time = out_of_time
        #: the seats that play as simple players (``simple.simple_choice``), not perfectly:
        #: their one move is played, so the search branches on the other side's moves only
        self.simple = simple
        self.total = sum(full_counts(rules))
        self.memo: dict[_Key, bool] = {}
        self.moves: dict[tuple[tuple[int, ...], Combo | None], list[Combo]] = {}
        self.nodes = 0

    def landlord_wins(
        self,
        hands: list[list[int]],
        turn: int,
        to_beat: Combo | None,
        to_beat_seat: int | None,
        nodes: int = NODES,
    ) -> bool:
        """Whether the landlord wins from here with both sides playing perfectly; raises
        ``TooLarge`` past ``nodes`` new positions or when ``out_of_time`` says so."""
        self.nodes = nodes
        return self._wins(tuple(tuple(h) for h in hands), turn, to_beat, to_beat_seat)

    def _moves(self, hand: tuple[int, ...], to_beat: Combo | None) -> list[Combo]:
        key = (hand, to_beat)
        found = self.moves.get(key)
        if found is None:
            found = legal_moves(Cards.from_counts(list(hand)), to_beat, self.rules)
            # the longest first: they empty a hand soonest and end the search early
            found.sort(key=lambda m: -len(m.cards))
            found = self.moves[key] = found
        return found

    def _wins(
        self,
        hands: tuple[tuple[int, ...], ...],
        turn: int,
        to_beat: Combo | None,
        by: int | None,
    ) -> bool:
        key = (hands, turn, to_beat, by)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes -= 1
        if self.nodes < 0 or (self.nodes & 255 == 0 and self.out_of_time()):
            raise TooLarge
        landlord_moves = turn == self.landlord
        seats = len(hands)
        hand = hands[turn]
        size = sum(hand)
        result = not landlord_moves  # no move wins: the other side does
        if turn in self.simple:
            result = self._simple_turn(hands, turn, to_beat, by)
            self.memo[key] = result
            return result
        for move in self._moves(hand, to_beat):
            if len(move.cards) == size:
                result = landlord_moves
                break
            rest = list(hand)
            for r in move.cards:
                rest[r] -= 1
            after = (*hands[:turn], tuple(rest), *hands[turn + 1 :])
            if self._wins(after, (turn + 1) % seats, move, turn) == landlord_moves:
                result = landlord_moves
                break
        else:
            if to_beat is not None:
                nxt = (turn + 1) % seats
                table, seat = (None, None) if nxt == by else (to_beat, by)
                if self._wins(hands, nxt, table, seat) == landlord_moves:
                    result = landlord_moves
        self.memo[key] = result
        return result

    def _simple_turn(
        self,
        hands: tuple[tuple[int, ...], ...],
        turn: int,
        to_beat: Combo | None,
        by: int | None,
    ) -> bool:
        """Whether the landlord wins once a simple player's seat has made its one move."""
        hand = hands[turn]
        seats = len(hands)
        played = self.total - sum(sum(h) for h in hands)
        moves = self._moves(hand, to_beat)
        choice = simple_choice(hand, to_beat, turn, self.landlord, seats, moves, played)
        if choice is None:  # a pass (a lead is never one)
            nxt = (turn + 1) % seats
            table, seat = (None, None) if nxt == by else (to_beat, by)
            return self._wins(hands, nxt, table, seat)
        if len(choice.cards) == sum(hand):
            return turn == self.landlord
        rest = list(hand)
        for r in choice.cards:
            rest[r] -= 1
        after = (*hands[:turn], tuple(rest), *hands[turn + 1 :])
        return self._wins(after, (turn + 1) % seats, choice, turn)
