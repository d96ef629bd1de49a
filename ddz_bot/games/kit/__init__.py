"""What every game's table parts share, written once: the host of a game dealt at once, the
scaffolding of a table's messages, the settlement's words and record, the plain parts of a
game with no options or words before the play. A game gives what differs, as data or a hook."""
