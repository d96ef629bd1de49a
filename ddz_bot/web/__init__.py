"""The live table: the Mini App's server side (launch data check, table tokens, live state to
each seat, actions into the same table flow) and its page (plain static files, no build).

Nothing here knows a game's rules: views are serialised generically and what is game-specific
(labels of decisions, how a play is written) is in ``adapter``.
"""
