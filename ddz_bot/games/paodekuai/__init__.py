"""跑得快 (Pao De Kuai, "run fast"): the three-player shedding game, in one folder.

``engine/`` holds the rules and the hand (pure), ``ai/`` its players, ``render/`` its
pictures, ``table/`` what a table shows and reads (panels, typed words, narration, replay
lines, results, settings) and ``i18n/`` its words in the three languages.
"""

from ddz_bot.kernel import format_cards, parse_cards

from .engine import PdkRules, pdk_beats, pdk_moves

__all__ = ["PdkRules", "format_cards", "parse_cards", "pdk_beats", "pdk_moves"]
