"""The normal level's weights, measured against the level as it was (``NORMAL_V1``): the
landlord leads long combos and a farmer short ones; a farmer tops a partner's small play
when the landlord plays next, which makes the landlord pay more to take the lead; passing
on an enemy's play costs (the enemy keeps the lead), so a seat breaks a combo to top it."""

from __future__ import annotations

from ddz_bot.games.doudizhu.ai.play import policy_play
from ddz_bot.games.doudizhu.ai.policy import NORMAL, NORMAL_V1
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.kernel import Cards

from .helpers import cards, play_state


def _plays(state: PlayState) -> tuple[Cards | None, Cards | None]:
    """What today's normal level and the frozen one play here."""
    now, then = (policy_play(state.situation(), level) for level in (NORMAL, NORMAL_V1))
    return (None if now is None else now.cards), (None if then is None else then.cards)


HAND = "345679J"  # a straight and two loose singles
STRONG = "88TTQQKKAA22XD"
OTHER = "3456789TJQK"


def test_the_landlord_leads_the_straight_and_a_farmer_a_single() -> None:
    as_landlord = play_state([HAND, STRONG, OTHER], landlord=0, turn=0)
    assert _plays(as_landlord) == (cards("34567"), cards("34567"))
    as_farmer = play_state([STRONG, HAND, OTHER], landlord=0, turn=1)
    now, then = _plays(as_farmer)
    assert then == cards("34567")
    assert now == cards("9")  # the straight waits: the partner may come in over a single


def test_a_farmer_tops_a_partners_small_single_when_the_landlord_plays_next() -> None:
    # seat 1 (farmer) led a 4; seat 2 is next, then the landlord (seat 0)
    state = play_state(
        [STRONG, "899JJQQ", "A33556677"], landlord=0, turn=2, to_beat="4", to_beat_seat=1
    )
    now, then = _plays(state)
    assert then is None  # left it to the partner: the landlord took it cheaply
    assert now == cards("A")  # the landlord must spend a 2 or a joker


def test_the_landlord_breaks_the_rocket_rather_than_let_a_farmer_keep_the_lead() -> None:
    # a farmer (seat 2) played a 2; passing leaves the farmers leading (a long search of
    # such positions: topping with a joker won 100 of 120 samples, passing 71)
    state = play_state(
        ["33445566789TXD", "2789TJQ", "2KKAA"], landlord=0, turn=0, to_beat="2", to_beat_seat=2
    )
    now, then = _plays(state)
    assert then is None  # kept the rocket whole
    assert now == cards("X")


def test_a_farmer_takes_the_lead_from_the_landlord_rather_than_pass() -> None:
    state = play_state(
        ["345567JQQKA2", "34578KXD", "68999TA2"], landlord=0, turn=1, to_beat="K", to_beat_seat=0
    )
    now, then = _plays(state)
    assert then is None  # kept the rocket whole; the landlord led on
    assert now == cards("X")
