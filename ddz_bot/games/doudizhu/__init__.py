"""斗地主: classic, points bidding, wildcard and four players (docs/rules.md)."""
