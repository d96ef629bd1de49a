"""The normal level's weights, measured against the level as it was (``NORMAL_V1``): the
landlord leads long combos and a farmer short ones; a farmer tops a partner's small play
when the landlord plays next, which makes the landlord pay more to take the lead."""

from __future__ import annotations

from ddz_bot.ai.play import policy_play
from ddz_bot.ai.policy import NORMAL, NORMAL_V1
from ddz_bot.ai.sim import PlayState
from ddz_bot.ai.situation import full_counts
from ddz_bot.engine import CLASSIC, Cards, classify

from .helpers import cards


def _state(
    hands: list[str], landlord: int, turn: int, to_beat: str | None = None, by: int | None = None
) -> PlayState:
    """A play position; every card not in a hand counts as played."""
    counts = [cards(h).counts() for h in hands]
    full = full_counts(CLASSIC)
    played = [full[r] - sum(h[r] for h in counts) for r in range(15)]
    assert min(played) >= 0
    previous = classify(to_beat)[0] if to_beat else None
    return PlayState(CLASSIC, counts, landlord, turn, previous, by, played, [1, 1, 1])


def _plays(state: PlayState) -> tuple[Cards | None, Cards | None]:
    """What today's normal level and the frozen one play here."""
    now, then = (policy_play(state.situation(), level) for level in (NORMAL, NORMAL_V1))
    return (None if now is None else now.cards), (None if then is None else then.cards)


HAND = "345679J"  # a straight and two loose singles
STRONG = "88TTQQKKAA22XD"
OTHER = "3456789TJQK"


def test_the_landlord_leads_the_straight_and_a_farmer_a_single() -> None:
    as_landlord = _state([HAND, STRONG, OTHER], landlord=0, turn=0)
    assert _plays(as_landlord) == (cards("34567"), cards("34567"))
    as_farmer = _state([STRONG, HAND, OTHER], landlord=0, turn=1)
    now, then = _plays(as_farmer)
    assert then == cards("34567")
    assert now == cards("9")  # the straight waits: the partner may come in over a single


def test_a_farmer_tops_a_partners_small_single_when_the_landlord_plays_next() -> None:
    # seat 1 (farmer) led a 4; seat 2 is next, then the landlord (seat 0)
    state = _state([STRONG, "899JJQQ", "A33556677"], landlord=0, turn=2, to_beat="4", by=1)
    now, then = _plays(state)
    assert then is None  # left it to the partner: the landlord took it cheaply
    assert now == cards("A")  # the landlord must spend a 2 or a joker
