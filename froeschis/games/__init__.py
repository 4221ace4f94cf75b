"""The games froeschis implements, each registered with the tools as a
:class:`~froeschis.framework.game.Game` (entry-point group ``froeschis.games``).

* :mod:`froeschis.games.froeschis`: Fröschis (Amigo; *Make Room*), whose rules engine is
  :mod:`froeschis.core` (with :mod:`froeschis.io`, :mod:`froeschis.fast`, :mod:`froeschis.kernel`,
  :mod:`froeschis.present` and :mod:`froeschis.agents`' bots): the game froeschis began with.

A game imports the framework and its own modules, never another game's; the tools reach a game only
through the registry (the import-linter contracts in ``pyproject.toml``).
"""
