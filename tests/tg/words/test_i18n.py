"""Every message exists in the three languages with the same placeholders."""

from __future__ import annotations

import dataclasses
import string
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games import GAMES
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.i18n import CATALOGUES, LANGS, SHARED_CATALOGUES, lang_from_code, normalize_lang, t
from tests.test_layering import all_imports

from ..harness import Harness
from ..scripts import current_table, ddz_game, seat_three, whose_turn


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def _prose(template: str) -> str:
    """The words of a template, without its placeholders."""
    return "".join(text for text, _, _, _ in string.Formatter().parse(template)).replace("AI", "")


def test_catalogues_have_the_same_keys() -> None:
    keys = {lang: set(catalogue) for lang, catalogue in CATALOGUES.items()}
    reference = keys["en"]
    for lang in LANGS:
        assert keys[lang] == reference, (lang, keys[lang] ^ reference)


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_english(lang: str) -> None:
    for key, template in CATALOGUES["en"].items():
        assert _placeholders(CATALOGUES[lang][key]) == _placeholders(template), (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_message(lang: str) -> None:
    assert all(text.strip() for text in CATALOGUES[lang].values())


def test_chinese_catalogues_are_really_translated() -> None:
    same = [
        k
        for k in CATALOGUES["en"]
        if CATALOGUES["zh-Hans"][k] == CATALOGUES["en"][k]
        and any(c.isalpha() and c.isascii() for c in _prose(CATALOGUES["en"][k]))
    ]
    assert not same
    assert CATALOGUES["zh-Hans"]["phase_playing"] != CATALOGUES["zh-Hant"]["result_farmers"]
    assert t("zh-Hant", "result_farmers", name="Bob") == "農民勝利！地主 Bob 落敗。"


def test_each_key_has_one_home() -> None:
    """A game's own key is neither a shared key nor another game's: ``t`` reads one text for
    it, whichever catalogue it asks first."""
    homes = {"shared": SHARED_CATALOGUES, **{name: GAMES[name].words for name in GAMES}}
    for lang in LANGS:
        seen: dict[str, str] = {}
        for home, catalogues in homes.items():
            for key in catalogues.get(lang, {}):
                assert key not in seen, f"{key!r} is in {seen[key]}'s words and {home}'s"
                seen[key] = home
        assert set(seen) == set(CATALOGUES[lang])


def test_each_game_keeps_its_own_words() -> None:
    """斗地主's and 保皇's words live in their folders and reach ``t`` through the registry."""
    for name, key in (("doudizhu", "result_farmers"), ("baohuang", "bh_result_rebels")):
        for lang in LANGS:
            assert key not in SHARED_CATALOGUES[lang]
            assert GAMES[name].words[lang][key] == CATALOGUES[lang][key]
    assert t("en", "bh_place_1") == "first"


def test_a_game_registered_later_is_read_too() -> None:
    words = {str(lang): {"toy_won": f"{lang}: {{name}} won"} for lang in LANGS}
    toy = dataclasses.replace(
        GAMES["doudizhu"], name="toy", variants=frozenset({"toy"}), words=words
    )
    with pytest.raises(KeyError):
        t("en", "toy_won", name="Ann")
    with GAMES.registered(toy):
        assert t("en", "toy_won", name="Ann") == "en: Ann won"
        assert t("xx", "toy_won", name="Ann") == "zh-Hans: Ann won"
        assert "toy_won" in CATALOGUES["zh-Hant"]
    assert "toy_won" not in CATALOGUES["zh-Hant"]


def test_the_catalogues_find_games_through_the_registry_only() -> None:
    """``ddz_bot.i18n`` imports no game, nor the registry (whose games import the table layer,
    which imports i18n): of the project it imports its own catalogues, and the registry hands
    itself over (``read_game_words``) when it is made."""
    targets = {
        imp.target
        for imp in all_imports()
        if imp.importer == "ddz_bot.i18n" or imp.importer.startswith("ddz_bot.i18n.")
    }
    assert targets == {
        "ddz_bot.i18n.compete",
        "ddz_bot.i18n.en",
        "ddz_bot.i18n.zh_hans",
        "ddz_bot.i18n.zh_hant",
    }


def test_language_from_telegram_code() -> None:
    assert lang_from_code("zh-hans") == "zh-Hans"
    assert lang_from_code("zh-TW") == "zh-Hant"
    assert lang_from_code("zh-hant-hk") == "zh-Hant"
    assert lang_from_code("en-GB") == "en"
    assert lang_from_code("de") == "zh-Hans"
    assert lang_from_code(None, "en") == "en"
    assert normalize_lang("ZH_hant") == "zh-Hant"
    assert normalize_lang("klingon") is None


def test_t_fills_placeholders_and_falls_back() -> None:
    assert t("en", "joined", name="Ann") == "Ann sat down."
    assert t("xx", "joined", name="Ann") == t("zh-Hans", "joined", name="Ann")
    with pytest.raises(KeyError):
        t("en", "no-such-key")


def test_a_message_asked_without_its_values_is_a_bug_not_braces_shown_to_a_player() -> None:
    with pytest.raises(KeyError):
        t("en", "joined")  # "{name} sat down." would reach the group as it stands


async def test_english_panels_name_the_jokers_in_english(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name, language_code="en") for name in ("Alice", "Bob", "Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    first = True
    for _ in range(30):  # the first to speak calls; everyone else declines what follows
        if ddz_game(table).phase is Phase.PLAYING:
            break
        user = whose_turn(bot, group, users)
        assert user is not None
        labels = user.labels()
        await user.press(user.panel(), labels[0] if first else labels[-1])
        first = False
    assert ddz_game(table).phase is Phase.PLAYING
    holders = [
        u for u in users if any(r >= 13 for r in ddz_game(table).hand(table.seat_of(u.id) or 0))
    ]
    assert holders  # two jokers are somewhere in the three hands
    for user in holders:
        labels = user.labels()
        assert any(label.startswith(("SJ", "BJ")) for label in labels), labels
        assert not any("王" in label for label in labels)


def test_a_right_to_left_name_cannot_reorder_the_line() -> None:
    line = t("en", "result_line", name="مرحبا", delta=-300, balance=700)
    assert line == "\u2068مرحبا\u2069: -300 beans (700)"
    # a stray override, or one hidden behind an isolate end of the name's own, is dropped
    assert t("en", "result_line", name="x\u202ey", delta=1, balance=2) == "xy: +1 beans (2)"
    assert t("en", "joined", name="x\u2069\u202eevil") == t("en", "joined", name="xevil")
    assert t("en", "joined", name="\u2069مرحبا\u202e").startswith("\u2068مرحبا\u2069")
    assert t("en", "result_line", name="Bob", delta=1, balance=2) == "Bob: +1 beans (2)"


@given(st.text(max_size=20))
def test_no_name_leaves_a_direction_change_running_into_the_rest_of_the_line(name: str) -> None:
    line = t("en", "result_line", name=name, delta=1, balance=2)
    assert line.endswith(": +1 beans (2)")
    controls = [
        c
        for c in line
        if unicodedata.bidirectional(c)
        in ("RLE", "RLO", "LRE", "LRO", "RLI", "LRI", "FSI", "PDF", "PDI")
    ]
    assert controls in ([], ["\u2068", "\u2069"])  # at most our own isolate, closed
