"""Built 斗地主 deals for the table's tests: the cards, the first bidder and the wildcard
chosen, dealt by the real Application, so a test meets its case on every run rather than
by the luck of a seed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from ddz_bot.kernel import Card, Cards, Rank, full_deck
from ddz_bot.tg.table import Table

from .conftest import make_settings, manager_of, start_bot
from .harness import Harness, SimUser
from .scripts import first_lead

__all__ = ["BuiltDeal", "ambiguous_wild_deal", "ambiguous_wildcard_lead"]

#: the wildcard's draw: one of the thirteen natural ranks
_WILD_DRAW = 13


class BuiltDeal(random.Random):
    """A table's random source that deals one chosen hand each time: ``hands`` and
    ``bottom`` as ranks, ``first_bidder`` asked first, ``wild_rank`` drawn as the wildcard."""

    def __init__(
        self,
        hands: Sequence[str],
        bottom: str,
        *,
        first_bidder: int = 0,
        wild_rank: int | None = None,
    ) -> None:
        super().__init__(1)
        pool = full_deck()
        self.deck: list[Card] = []
        for rank in (r for spec in (*hands, bottom) for r in Cards.parse(spec)):
            card = next(c for c in pool if c.rank == rank)
            pool.remove(card)
            self.deck.append(card)
        self.players = len(hands)
        self.first_bidder = first_bidder
        self.wild_rank = wild_rank

    def shuffle(self, x: Any) -> None:
        if len(x) == len(self.deck):
            x[:] = self.deck
        else:
            super().shuffle(x)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None and start == self.players:
            return self.first_bidder
        if stop is None and start == _WILD_DRAW and self.wild_rank is not None:
            return self.wild_rank
        return super().randrange(start, stop, step)


def ambiguous_wild_deal() -> BuiltDeal:
    """Fives are wild; seat 0 bids first and, landlord with the bottom 22D, leads
    333 5555 7777 9TJQK X D 22: 3335 reads as a soft bomb of 3s or three 3s and a single
    (R-LZ-CHOICE), so the first lead has a play of several readings."""
    return BuiltDeal(
        ("333555577779TJQKX", "44446666888A9TJQK", "38AAA99TTJJQQKK22"),
        "22D",
        first_bidder=0,
        wild_rank=int(Rank.FIVE),
    )


@asynccontextmanager
async def ambiguous_wildcard_lead(
    tmp_path: Path,
) -> AsyncIterator[tuple[Harness, Table, SimUser, int]]:
    """A bot of its own dealing ``ambiguous_wild_deal()`` at a wildcard table, its decisions before
    the play taken: the bot, the table, the leader and the leader's seat."""
    bot = await start_bot(make_settings(tmp_path / "built"))
    manager_of(bot).rng = ambiguous_wild_deal()
    try:
        group = bot.group()
        users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
        table, leader, seat = await first_lead(bot, group, users, "/newgame wildcard")
        yield bot, table, leader, seat
    finally:
        await bot.stop()
