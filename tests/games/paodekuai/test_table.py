"""跑得快 at a table: its words in three languages, settings, typed words, the panel (never a
Pass for a seat that must beat), narration, replay lines and the itemised result."""

from __future__ import annotations

import string

import pytest

from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules
from ddz_bot.games.paodekuai.i18n import CATALOGUES, LANGS, t
from ddz_bot.games.paodekuai.tg.text import (
    ALIAS_VARIANTS,
    Hint,
    PanelButton,
    TypedRefusal,
    UnknownOption,
    caption,
    cycle,
    describe,
    event_line,
    hints,
    is_alias,
    options_text,
    panel_rows,
    panel_text,
    play_text,
    read_typed,
    replay_head,
    replay_lines,
    result_lines,
    rules_from_settings,
    select_rank,
    settings_rows,
    settings_to_dict,
    toggle,
)
from ddz_bot.kernel import Deal, Escape, Pass, Play, parse_cards
from ddz_bot.tg.codec import Button

from .helpers import pass_, play
from .test_scoring import A, B, C, _example

HANDS = ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA")
NAMES = ["Ann", "Bo", "Cy"]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_word_exists_in_every_language_with_the_same_placeholders() -> None:
    keys = set(CATALOGUES["zh-Hans"])
    for lang in LANGS:
        assert set(CATALOGUES[lang]) == keys, lang
        for key in keys:
            assert _fields(CATALOGUES[lang][key]) == _fields(CATALOGUES["zh-Hans"][key]), key


def test_every_refusal_code_of_the_engine_has_words() -> None:
    from ddz_bot.games.paodekuai import engine

    codes = {
        cls.code
        for name in engine.__all__
        if isinstance(cls := getattr(engine, name), type) and hasattr(cls, "code")
    }
    assert {"must_beat", "must_play_three", "must_play_highest"} <= codes
    for lang in LANGS:
        for code in codes:
            assert t(lang, f"illegal_{code}")


@pytest.mark.parametrize("word", ["pdk", "PDK", "paodekuai", "跑得快", "跑的快", "ｐｄｋ"])
def test_aliases_open_the_game(word: str) -> None:
    assert is_alias(word)


def test_aliases_refuse_other_games() -> None:
    assert not is_alias("ddz") and not is_alias("baohuang")


def test_settings_read_write_and_toggle() -> None:
    rules = rules_from_settings({"cards15": True, "lang": "en"})
    assert rules == PdkRules(cards15=True)
    assert settings_to_dict(rules) == {"cards15": True, "free_first": False, "four_three": False}
    assert rules_from_settings(settings_to_dict(toggle(rules, "four_three"))).four_three
    assert rules_from_settings(None) == PdkRules()
    with pytest.raises(UnknownOption):
        toggle(rules, "jokers")
    rows = settings_rows(rules, "en")
    assert [key for key, _ in rows] == ["pdk_cards15", "pdk_free_first", "pdk_four_three"]
    assert cycle(rules, "pdk_cards15") == {"cards15": False}
    assert cycle(rules, "bh_roast") is None
    assert describe("paodekuai+four_three", "en") == "Pao De Kuai (跑得快): four with three"
    assert ALIAS_VARIANTS["跑的快"] == "paodekuai"
    assert rows[0][1] == "15 cards (45-card deck): on"
    assert options_text(PdkRules(), "zh-Hans") == "标准规则"
    assert PdkRules.from_name(PdkRules(cards15=True).name) == PdkRules(cards15=True)


def test_typed_cards_pass_and_hint() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    assert read_typed("456789", game, 0) == Play(0, parse_cards("456789"))
    assert read_typed("10jqka", game, 0) == Play(0, parse_cards("TJQKA"))
    assert read_typed("33345", game, 0) == Play(0, parse_cards("33345"))  # a trio with two
    assert read_typed("提示", game, 0) == Hint(0)
    with pytest.raises(TypedRefusal) as leading:
        read_typed("不出", game, 0)
    assert leading.value.words("en") == t("en", "illegal_must_lead")
    with pytest.raises(TypedRefusal) as early:
        read_typed("34567", game, 1)
    assert early.value.key == "typed_not_your_turn"
    with pytest.raises(TypedRefusal) as nonsense:
        read_typed("hello!", game, 0)
    assert "hello!" in nonsense.value.words("en")


def test_typed_pass_only_where_allowed() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    play(game, 0, "4")
    with pytest.raises(TypedRefusal) as refused:
        read_typed("pass", game, 1)
    assert refused.value.key == "typed_no_pass"
    assert "5" in refused.value.words("zh-Hans")  # it names plays that beat
    play(game, 1, "J")
    play(game, 2, "Q")
    play(game, 0, "2")
    assert read_typed("要不起", game, 1) == Pass(1)


def _labels(rows: list[list[PanelButton]]) -> list[Button]:
    return [b.kind for row in rows for b in row]


def test_the_panel_never_offers_pass_to_a_seat_that_must_beat() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    lead = panel_rows(game.view_for(0), game.legal_actions(0), "en")
    assert Button.PASS not in _labels(lead) and Button.PLAY in _labels(lead)
    play(game, 0, "4")
    must = panel_rows(game.view_for(1), game.legal_actions(1), "en")
    assert Button.PASS not in _labels(must)
    assert "must play" in panel_text(game.view_for(1), game.legal_actions(1), NAMES, "en")
    play(game, 1, "J")
    play(game, 2, "Q")
    play(game, 0, "2")
    may = panel_rows(game.view_for(1), game.legal_actions(1), "en")
    assert Button.PASS in _labels(may) and Button.PLAY not in _labels(may)
    waiting = panel_rows(game.view_for(2), game.legal_actions(2), "en")
    assert _labels(waiting) and set(_labels(waiting)) == {Button.RANK}


def test_the_panel_selects_ranks_and_shows_a_hand_of_16() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    held = game.hand(0).counts()[:13]
    chosen = select_rank([0] * 13, held, 0)
    chosen = select_rank(chosen, held, 0)
    assert chosen[0] == 2
    assert select_rank(chosen, held, 12, everything=True)[12] == 1
    assert select_rank([4] + [0] * 12, held, 0) == [0] * 13  # past what is held: none
    rows = panel_rows(game.view_for(0), game.legal_actions(0), "zh-Hans", chosen)
    assert rows[0][0].label == "✅3 2/4"
    assert "(16)" in panel_text(game.view_for(0), game.legal_actions(0), NAMES, "en", chosen)
    auto = panel_rows(game.view_for(0), game.legal_actions(0), "en", auto=True)
    assert _labels(auto) == [Button.TAKE_BACK]


def test_hints_start_with_the_ai_and_are_legal() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    legal = game.legal_actions(0)
    found = hints(game.view_for(0), legal)
    assert sorted(found) == sorted(a.cards for a in legal if isinstance(a, Play))


def test_warnings_on_the_panel_and_the_caption() -> None:
    game = PdkGame(rng=__import__("random").Random(3))
    game.apply(Deal())
    seat = game.turn
    assert seat is not None
    text = panel_text(game.view_for(seat), game.legal_actions(seat), NAMES, "en")
    assert "♠3" in text
    game = PdkGame.from_deal(HANDS, leader=1)
    play(game, 1, "444555666777" + "89T")
    words = caption(game.public_view(), NAMES, "zh-Hans")
    assert "Bo：1 张 ⚠️报单" in words
    pass_(game, 2)
    play(game, 0, "3333")
    pass_(game, 1)
    pass_(game, 2)
    assert "highest" in panel_text(game.view_for(0), game.legal_actions(0), NAMES, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_narration_tells_every_event_of_a_hand(lang: str) -> None:
    game = PdkGame.from_deal([A, B, C], leader=1)
    told = []
    for action in _example().actions[1:]:
        for event in game.apply(action):
            line = event_line(event, NAMES, lang)
            assert line is not None or event.name == "pdk_phase", event
            told.append(line or "")
    assert sum(1 for line in told if line) == 16  # 6 plays, 6 passes, 2 tricks, a bomb, the end
    assert any("KKKK" in line for line in told)


def test_narration_names_no_card_still_held() -> None:
    game = PdkGame.from_deal(HANDS, leader=1)
    events = game.apply(Play(1, parse_cards("4")))
    assert [event_line(e, NAMES, "en") for e in events] == ["Bo: 4 (single)"]
    assert play_text(events[0], "en") == "4 (single)"


def test_replay_lines_and_head() -> None:
    game = _example()
    lines = replay_lines(game.start_dict(), [a.to_dict() for a in game.actions], NAMES, "en")
    assert lines[0] == "1. Bo: 3 4 5 6 7 8 9 10 J Q (straight)"
    assert lines[2] == "3. Ann: KKKK (bomb)"
    assert lines[-1].startswith("12. Ann: 8 8 9 9 10 10 J J Q Q")
    outcome = game.outcome()
    assert outcome is not None
    assert replay_head(outcome, NAMES, "en") == "Pao De Kuai replay: Ann is out first and wins!"


def test_result_lines_itemise_cards_left_shut_and_bombs() -> None:
    game = _example()
    outcome = game.outcome()
    assert outcome is not None
    lines = result_lines(outcome, NAMES, "en", game.settlement(), 100, 5)
    assert lines[0] == "Ann is out first and wins!"
    assert "bomb of K: +20 points" in lines[1] and "total +57 points" in lines[1]
    assert "5 cards left: -5 points" in lines[2] and "total -15 points" in lines[2]
    assert "shut out (played no card): 16 cards ×2 = -32 points" in lines[3]
    assert "others' bombs: -10 points" in lines[3] and "total -42 points" in lines[3]
    assert "beans -4205" in lines[3]


def test_result_lines_of_an_escape() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1)
    game.apply(Escape(2))
    outcome = game.outcome()
    assert outcome is not None
    lines = result_lines(outcome, NAMES, "zh-Hans")
    assert lines[0] == "Cy 逃跑：付给其他两家各 32 分。"
