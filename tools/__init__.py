"""Tools for working on the bot, not shipped with it: the picture gallery and its samples,
the palette builder and the font subsetter. Run them from the repository's root
(``python -m tools.gallery OUTDIR``)."""
