"""How cards put down read on the current trick (R-AMBIG, R-LZ-CHOICE).

With wildcards or two decks one set of cards may read several ways. A player who picked a
play from a list chose its reading; one who typed the cards gets the reading the rules
give (R-AMBIG), and the bot asks when the choice matters (``playable_readings``).
"""

from __future__ import annotations

from functools import lru_cache

from ddz_bot.kernel import Cards, DoesNotBeat, NotACombo, PlayReading, rank_name

from .actions import BadReading
from .catalogue import classify, read_as
from .combos import Combo, ComboKind, Reading, beats, kicker_count
from .rules import RuleSet

__all__ = ["as_reading", "choose_reading", "playable_readings"]


def as_reading(reading: PlayReading | None) -> Reading | None:
    """A play's reading (the kernel keeps its kind as a plain name) in 斗地主's own terms;
    ``BadReading`` for a kind 斗地主 does not have."""
    if reading is None:
        return None
    kind, rank, length = reading
    try:
        return (ComboKind(kind), rank, length)
    except ValueError:
        raise BadReading(f"{kind!r} is no kind of combination") from None


@lru_cache(maxsize=8192)
def _readings(cards: Cards, rules: RuleSet) -> tuple[Combo, ...]:
    return tuple(classify(cards, rules))


def _lead_key(combo: Combo) -> tuple[int, int, bool]:
    """R-AMBIG: fewest kickers, then the highest main rank (bombs before the rest)."""
    return (kicker_count(combo), -combo.rank, not combo.is_bomb)


def _follow_key(combo: Combo) -> tuple[bool, int]:
    """Following without a chosen reading: spend no bomb if another reading beats, and
    take the lowest reading that does."""
    return (combo.is_bomb, combo.rank)


def playable_readings(cards: Cards, to_beat: Combo | None, rules: RuleSet) -> list[Combo]:
    """Every reading of ``cards`` that may be played on ``to_beat`` (None: leading), the
    one a typed play takes first; empty if none."""
    readings = _readings(cards, rules)
    if to_beat is None:
        return sorted(readings, key=_lead_key)
    return sorted((c for c in readings if beats(c, to_beat, rules)), key=_follow_key)


def choose_reading(
    cards: Cards, reading: Reading | None, to_beat: Combo | None, rules: RuleSet
) -> Combo:
    """How ``cards`` read if played on ``to_beat`` (None: leading), as ``reading`` when
    given; raises ``NotACombo``, ``BadReading`` or ``DoesNotBeat``."""
    if reading is not None:
        # the usual case with wildcards: a play picked from a list, its reading given
        # (when it is refused, the general path below says why)
        combo = read_as(cards, reading, rules)
        if combo is not None:
            if to_beat is not None and not beats(combo, to_beat, rules):
                raise DoesNotBeat(f"{cards} does not beat {to_beat}")
            return combo
    readings = _readings(cards, rules)
    if not readings:
        raise NotACombo(f"{cards} is not a combo")
    if reading is not None:
        chosen = [c for c in readings if (c.kind, c.rank, c.length) == reading]
        if not chosen:
            raise BadReading(
                f"{cards} can't be read as {reading[0].value} of {rank_name(reading[1])}"
            )
        readings = tuple(chosen)
    if to_beat is None:
        return min(readings, key=_lead_key)
    beating = [c for c in readings if beats(c, to_beat, rules)]
    if not beating:
        raise DoesNotBeat(f"{cards} does not beat {to_beat}")
    return min(beating, key=_follow_key)
