"""The table layer finds who is to act through the engine's protocol, and its flows are the
same for every game: only presenters, keyboards and typed words know a game's own fields."""

from __future__ import annotations

import ast
from pathlib import Path

import ddz_bot.tg.table

TG = Path(ddz_bot.tg.table.__file__).parent
#: where a game's own fields may be read (what a panel shows, what a word means)
GAME_WORDS = {"present.py", "keyboards.py", "typed.py", "words.py", "buttons.py", "settle.py"}
#: a hand's fields that say who is to act: ``waiting_for()`` says it
WHO_ACTS = {"turn", "doubled", "caller", "grab_queue", "deal_step"}


def _attributes(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}


def test_nothing_in_the_table_layer_re_derives_who_is_to_act() -> None:
    for path in sorted(TG.glob("*.py")):
        found = _attributes(path) & WHO_ACTS
        if path.name in GAME_WORDS:
            found -= {"doubled", "deal_step"}  # shown: who doubled, which 明牌 it is
        assert not found, f"{path.name} reads {sorted(found)}; ask game.waiting_for()"


def test_the_flows_know_no_game() -> None:
    # ``auto`` (a seat on 托管) is not here: the flows ask it through the protocol, every game
    # keeps it the same way, and the AI plays for such a seat
    game_fields = {"landlord", "to_beat", "hand", "readings", "trick", "multiplier"}
    flows = ("registry", "lobby", "hands", "ending", "resume", "closing", "reach", "updates")
    for name in flows:
        found = _attributes(TG / f"{name}.py") & game_fields
        assert not found, f"{name}.py reads the game's {sorted(found)}"
