"""/tournament (/bisai): open a tournament's sign-up in a group, from words such as
``pdk 3x2 100`` (the game, rounds x hands a round, the entry fee in beans; any may be left
out: the group's game, 3 rounds of 2 hands, no fee)."""

from __future__ import annotations

import re
from typing import Final

from telegram import Update
from telegram.ext import ContextTypes

from ddz_bot.games import GAMES

from ..i18n import t
from .commands import MODE_FILLERS, is_private, mode_word, modes, reply
from .lobby import group_defaults, group_game
from .refusals import Refused
from .runtime import runtime_of
from .standings import game_words
from .tournament import Terms

__all__ = ["MAX_FEE", "MAX_HANDS", "MAX_ROUNDS", "parse_terms", "tournament"]

MAX_ROUNDS: Final = 10
MAX_HANDS: Final = 10
MAX_FEE: Final = 1_000_000
_SHAPE: Final = re.compile(r"^(\d{1,2})[x×*](\d{1,2})$")


def parse_terms(words: list[str], default_rules: str, rules_of: dict[str, str]) -> Terms | None:
    """The terms the words ask for (``None``: words that mean nothing here or out of range).
    ``rules_of`` gives a game's word the table rules it opens."""
    terms = Terms(default_rules)
    rounds, hands, fee, rules = terms.rounds, terms.hands, terms.fee, terms.rules
    for raw in words:
        word = mode_word(raw)
        shape = _SHAPE.match(word)
        if word in MODE_FILLERS:
            continue
        if shape is not None:
            rounds, hands = int(shape.group(1)), int(shape.group(2))
        elif word.isdigit():
            fee = int(word)
        elif word in rules_of:
            rules = rules_of[word]
        else:
            return None
    if not (1 <= rounds <= MAX_ROUNDS and 1 <= hands <= MAX_HANDS and 0 <= fee <= MAX_FEE):
        return None
    return Terms(rules, rounds, hands, fee)


async def tournament(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None:
        return
    lang = await rt.people.lang_in(chat, user)
    if is_private(chat):
        reply(rt, message, t(lang, "group_only"))
        return
    group = await rt.db.get_group(chat.id) or await rt.db.ensure_group(
        chat.id, chat.title or "", defaults=group_defaults(rt.settings, chat.id)
    )
    rules_of = {word: group_game(group, variant) for word, variant in modes().items()}
    chosen = GAMES.chosen(group.game).name
    for word, name in game_words().items():  # a game's name: the group's options for it
        variants = GAMES[name].variants
        plain = name if name in variants else min(variants)  # 斗地主's: classic
        variant = None if name == chosen else plain
        rules_of.setdefault(word, group_game(group, variant))
    terms = parse_terms(list(context.args or ()), group_game(group), rules_of)
    if terms is None:
        reply(rt, message, t(lang, "tour_usage"))
        return
    try:
        await rt.tournaments.open(chat.id, chat.title or "", await rt.people.person(user), terms)
    except Refused as refusal:
        reply(rt, message, refusal.text(lang))
