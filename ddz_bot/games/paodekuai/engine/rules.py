"""A 跑得快 table's options (R-PDK-DECK, R-PDK-FIRST, R-PDK-FOUR), all off by default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

__all__ = ["DEFAULT_RULES", "OPTION_NAMES", "PdkRules"]

#: the options by their stored and typed names, in the order a settings panel lists them
OPTION_NAMES: Final = ("cards15", "free_first", "four_three")


@dataclass(frozen=True, slots=True)
class PdkRules:
    """Which 跑得快 is played: the 16-card game with ♠3 leading the first hand by default.

    ``cards15``: the 45-card deck, 15 cards each (R-PDK-DECK); ``free_first``: the first play
    of a table's first hand need not hold ♠3 (R-PDK-FIRST); ``four_three``: four of a rank
    with three other cards is a combo (四带三, R-PDK-FOUR).
    """

    cards15: bool = False
    free_first: bool = False
    four_three: bool = False

    @property
    def hand_size(self) -> int:
        return 15 if self.cards15 else 16

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PdkRules:
        """Read ``to_dict`` back; a key it doesn't know is refused (``ValueError``)."""
        unknown = set(data) - set(OPTION_NAMES)
        if unknown:
            raise ValueError(f"not an option of 跑得快: {', '.join(sorted(unknown))}")
        return cls(**{name: bool(data.get(name, False)) for name in OPTION_NAMES})

    @property
    def name(self) -> str:
        """``paodekuai`` and the options on, as a table's rules name them
        (``paodekuai+cards15+four_three``)."""
        return "+".join(["paodekuai", *(n for n in OPTION_NAMES if getattr(self, n))])

    @classmethod
    def from_name(cls, name: str) -> PdkRules:
        """Read ``name`` back; ``ValueError`` for another game or an unknown option."""
        head, *options = name.split("+")
        if head != "paodekuai":
            raise ValueError(f"{name!r} is not 跑得快")
        return cls.from_dict(dict.fromkeys(options, True))


#: the default table: 16 cards, ♠3 leads the first hand, no 四带三
DEFAULT_RULES: Final = PdkRules()
