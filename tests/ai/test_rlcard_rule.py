"""The arena's ``rlcard_rule`` opponent: RLCard's own rule agent, reached through the seat's
view only, its answers mapped back to the seat's legal actions. The agent's tests skip where
the bench's requirements (``requirements-bench.txt``) aren't installed; the translation's
don't need them."""

from __future__ import annotations

from collections import Counter

import pytest

from ddz_bot.games.doudizhu.ai import Baseline, Player, make_player
from ddz_bot.games.doudizhu.ai.arena import main, make_arena_player, run
from ddz_bot.games.doudizhu.ai.rlcard_rule import (
    RLCardRulePlayer,
    from_rlcard,
    rlcard_available,
    to_rlcard,
)
from ddz_bot.games.doudizhu.engine import FOUR_PLAYER, Game
from ddz_bot.kernel import Cards, Pass, Play

from .helpers import cards, drive, play_game

needs_rlcard = pytest.mark.skipif(
    not rlcard_available(), reason="rlcard not installed (pip install -r requirements-bench.txt)"
)

_DECK = "3456789TJQKA2"


def deal(seat1: str, seat2: str, bottom: str) -> Game:
    """A classic hand at its first play: seat 0 the landlord with the cards the others and
    the bottom leave (17 each, 3 at the bottom)."""
    left = Counter({rank: 4 for rank in _DECK}) + Counter("XD")
    left.subtract(seat1 + seat2 + bottom)
    assert min(left.values()) >= 0
    seat0 = "".join(rank * n for rank, n in left.items())
    assert (len(seat0), len(seat1), len(seat2), len(bottom)) == (17, 17, 17, 3)
    return play_game([seat0, seat1, seat2], bottom)


def test_cards_map_to_rlcard_and_back() -> None:
    assert to_rlcard(Cards.parse("3TTA2XD")) == "3TTA2BR"
    assert from_rlcard("3TTA2BR") == "3TTA2XD"
    assert Cards.parse(from_rlcard(to_rlcard(Cards.parse("XD")))) == Cards.parse("XD")


def test_the_agent_reads_the_table_and_who_passed() -> None:
    game = deal("66999JJQQKKAA2222", "3344778TJQKA56789", "345")
    lead = RLCardRulePlayer.raw_observation(game.view_for(0), ["3"])
    assert lead["trace"] == [] and lead["landlord"] == 0 and lead["self"] == 0
    game.apply(Play(0, cards("5")))
    follow = RLCardRulePlayer.raw_observation(game.view_for(1), ["6", "pass"])
    assert follow["trace"] == [(0, "5")]
    assert follow["current_hand"] == "66999JJQQKKAA2222"
    game.apply(Pass(1))
    behind = RLCardRulePlayer.raw_observation(game.view_for(2), ["6", "pass"])
    # the seat before passed: the agent reads the play two moves back, and who passed
    assert behind["trace"] == [(0, "5"), (1, "pass")]


@needs_rlcard
def test_a_follow_is_the_lowest_combo_of_the_kind_even_from_a_pair() -> None:
    game = deal("66999JJQQKKAA2222", "3344778TJQKA56789", "345")
    game.apply(Play(0, cards("5")))
    player = make_arena_player(Baseline.RLCARD_RULE, 1)
    assert player.act(game.view_for(1), game.legal_actions(1)) == Play(1, cards("6"))


@needs_rlcard
def test_a_farmer_lets_its_partner_s_play_stand_when_it_has_no_higher_combo_of_the_kind() -> None:
    game = deal("66999JJQQKKAA2222", "3344778TJQKA56789", "345")
    game.apply(Play(0, cards("55")))
    game.apply(Play(1, cards("AA")))
    player = make_arena_player(Baseline.RLCARD_RULE, 1)
    assert player.act(game.view_for(2), game.legal_actions(2)) == Pass(2)


@needs_rlcard
@pytest.mark.parametrize(
    ("seat2", "led"),
    [("3778TJQKA56789XD4", "333444555"), ("4778TJQKA56789XD4", "3333")],  # bombs first
)
def test_a_lead_is_the_first_combo_holding_the_lowest_card(seat2: str, led: str) -> None:
    game = deal("66999JJQQKKAA2222", seat2, "456")
    player = make_arena_player(Baseline.RLCARD_RULE, 1)
    assert player.act(game.view_for(0), game.legal_actions(0)) == Play(0, cards(led))


@needs_rlcard
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_hands_through_the_game_are_legal_and_the_agent_s_own(seed: int) -> None:
    game = deal("66999JJQQKKAA2222", "3344778TJQKA56789", "345")
    agents = [RLCardRulePlayer(seed), RLCardRulePlayer(seed + 1)]
    players: list[Player] = [make_player("normal", seed), *agents]
    assert drive(game, players)  # every answer is checked legal
    assert game.over
    assert sum(a.decisions for a in agents) > 0
    assert all(a.fallbacks == 0 for a in agents)


@needs_rlcard
def test_the_arena_plays_it_in_both_roles() -> None:
    result = run(2, "normal", Baseline.RLCARD_RULE, seed=3)
    assert result.landlord.games == 2 and result.farmers.games == 2
    assert result.times_b  # its decisions are timed like the others'


def test_without_rlcard_the_arena_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a machine without rlcard (the bot's own requirements) the arena says what to
    install, rather than failing on the import."""
    monkeypatch.setattr("ddz_bot.games.doudizhu.ai.arena.rlcard_available", lambda: False)
    with pytest.raises(SystemExit):
        main(["--games", "1", "--b", "rlcard_rule"])
    assert "pip install -r requirements-bench.txt" in capsys.readouterr().err


def test_no_table_can_seat_it() -> None:
    with pytest.raises(ValueError, match="arena"):
        make_player(Baseline.RLCARD_RULE, 1)


@needs_rlcard
def test_it_refuses_the_games_it_was_not_written_for() -> None:
    with pytest.raises(ValueError, match="three-player"):
        run(1, "normal", Baseline.RLCARD_RULE, seed=3, rules=FOUR_PLAYER)
