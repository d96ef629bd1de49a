"""保皇: five players, four decks (docs/rules.md section 4)."""
