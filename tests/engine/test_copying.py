"""A hand's direct copy (``GameProtocol.clone`` by ``copy_hand``) shares no list, dict or set
with the hand at any depth, and goes on exactly as the hand does, in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ddz_bot.games import GAMES
from ddz_bot.kernel import GameProtocol, room_by_key, state_copy

VARIANTS = [(name, rules) for name in GAMES for rules in sorted(GAMES[name].variants)]


def _mutables(value: Any, found: list[Any]) -> list[Any]:
    """Every list, dict and set in ``value``, at any depth."""
    if isinstance(value, list | dict | set):
        found.append(value)
    if isinstance(value, dict):
        for item in value.values():
            _mutables(item, found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _mutables(item, found)
    return found


def test_a_state_copy_copies_containers_and_shares_values() -> None:
    inner = [1, 2]
    value: dict[str, Any] = {"a": [inner, (inner, "x")], "b": {3}, "c": (1, 2)}
    copied = state_copy(value)
    assert copied == value
    assert copied["a"][0] is not inner and copied["a"][1][0] is not inner
    assert copied["b"] is not value["b"]
    assert copied["c"] is value["c"]  # a tuple of values is a value


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_a_clone_shares_nothing_and_plays_on_alike(name: str, rules: str) -> None:
    host = GAMES[name].host
    seats = host.seats(rules)
    game: GameProtocol = host.new_hand(
        rules, room_by_key("beginner"), [10**6] * seats, random.Random(5), [True] * seats
    )
    for action in host.opening([], deal_window=False):
        game.apply(action)
    rng = random.Random(5)
    while not game.over:
        waiting = game.waiting_for()
        if waiting is None:
            break
        twin = game.clone()
        ours = {id(item) for item in _mutables(vars(game), [])}
        assert not any(id(item) in ours for item in _mutables(vars(twin), []))
        action = rng.choice(game.legal_actions(waiting.seats[0]))
        twin.apply(action)
        game.apply(action)
        assert twin.to_dict() == game.to_dict()
        assert twin.waiting_for() == game.waiting_for()
