"""Every stored hand of a database, replayed to the events it makes, as plain data.

A finished hand is its ``start`` and its ``log`` of actions (``hands.result``); a table in
play is its game's dict (``tables.state``), whose start and actions are in it. Replaying them
through today's engines and writing each event's ``to_dict`` shows whether an event still
writes what it wrote when the database was made.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from ddz_bot.games import GAMES
from ddz_bot.kernel import GameProtocol

__all__ = ["FIXTURES", "stored_events"]

FIXTURES = Path(__file__).parent / "fixtures"


def _name(start: dict[str, Any]) -> str:
    """The game of a stored start (斗地主's starts name none)."""
    return str(start.get("game", "doudizhu"))


def _events(start: dict[str, Any], log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    module = GAMES[_name(start)]
    empty = {key: value for key, value in start.items() if key not in ("state", "log", "actions")}
    game: GameProtocol = module.host.load(empty)
    out: list[dict[str, Any]] = []
    for data in log:
        out.extend(event.to_dict() for event in game.apply(module.read_action(data)))
    return out


def stored_events(dump: str) -> dict[str, list[dict[str, Any]]]:
    """The events of every hand stored in the database ``dump`` (SQL text), by the hand's id
    (finished) or ``table:<id>`` (in play)."""
    db = sqlite3.connect(":memory:")
    db.executescript(dump)
    out: dict[str, list[dict[str, Any]]] = {}
    for hand_id, text in db.execute("SELECT hand_id, result FROM hands ORDER BY hand_id"):
        result = json.loads(text)
        out[hand_id] = _events(result["start"], result["log"])
    for table_id, text in db.execute("SELECT table_id, state FROM tables ORDER BY table_id"):
        game = json.loads(text).get("game")
        if game:
            out[f"table:{table_id}"] = _events(game, game.get("actions", game.get("log", [])))
    db.close()
    return out
