"""Every event a stored hand replays to writes today what it wrote when the database was made.

``fixtures/hands_ed7d3be.sql`` is a database the bot at ed7d3be wrote playing 斗地主 (classic,
points, wildcard), 保皇 and 跑得快 to the end, with a 跑得快 table left in play;
``v5_12a2c8c.sql`` one of the two-game bot. Beside each, the events their hands replayed to
then (``make_hands_fixture.py``), written as JSON: each event's ``to_dict`` must give the
same text, key order included.
"""

from __future__ import annotations

import json

import pytest

from .stored_events import FIXTURES, stored_events


@pytest.mark.parametrize("name", ["hands_ed7d3be", "v5_12a2c8c"])
def test_every_stored_hand_replays_to_the_same_events(name: str) -> None:
    dump = (FIXTURES / f"{name}.sql").read_text(encoding="utf-8")
    expected = json.loads((FIXTURES / f"{name}_events.json").read_text(encoding="utf-8"))
    now = stored_events(dump)
    assert sorted(now) == sorted(expected)
    for key, events in expected.items():
        assert [json.dumps(e, ensure_ascii=False) for e in now[key]] == [
            json.dumps(e, ensure_ascii=False) for e in events
        ], key
