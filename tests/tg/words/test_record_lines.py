"""/balance's record: a line a game played (the most played first), its roles in the game's
own words and in the reader's language; a game without sides has its wins and losses only."""

from __future__ import annotations

from datetime import UTC, datetime

from ddz_bot.storage import Player, RoleRecord
from ddz_bot.tg.record import record_columns, record_lines

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _player(*records: RoleRecord) -> Player:
    return Player(1, "Ann", None, 10_000, 0, 0, 0, False, NOW, NOW, records=tuple(sorted(records)))


def test_each_game_played_is_a_line_with_its_roles() -> None:
    ann = _player(
        RoleRecord("baohuang", "emperor", 1, 2),
        RoleRecord("baohuang", "rebel", 3, 0),
        RoleRecord("doudizhu", "landlord", 2, 1),
        RoleRecord("paodekuai", "", 0, 1),
    )
    assert (ann.wins, ann.losses, ann.games()) == (6, 4, ["baohuang", "doudizhu", "paodekuai"])
    assert record_lines(ann, "zh-Hans") == [
        "保皇：皇帝 1胜2负 · 平民 3胜0负",
        "斗地主：地主 2胜1负",
        "跑得快：0胜1负",
    ]
    assert record_lines(ann, "zh-Hant")[0] == "保皇：皇帝 1勝2負 · 平民 3勝0負"
    assert record_lines(ann, "en")[1] == "Dou Dizhu: landlord 2W 1L"
    assert record_columns(ann, "en") == (("Bao Huang", 4, 2), ("Dou Dizhu", 2, 1))


def test_a_role_the_catalogues_dont_name_is_told_as_stored() -> None:
    assert record_lines(_player(RoleRecord("doudizhu", "jester", 1, 0)), "en") == [
        "Dou Dizhu: jester 1W 0L"
    ]
    assert record_lines(_player(), "en") == [] and record_columns(_player(), "en") == ()
