"""The games froeschis implements, one folder each, of one skeleton (the same module names for the
same roles), each registered with the tools as a :class:`~froeschis.framework.game.Game` (its
``game.GAME``, entry-point group ``froeschis.games``):

* :mod:`froeschis.games.froeschis`: Fröschis (Amigo; *Make Room*), the game froeschis began with;
* :mod:`froeschis.games.frog`: Frog (蛙), a three-player point-trick game;
* :mod:`froeschis.games.army_of_frogs`: Army of Frogs, hex stones on a growing island.

A game imports the framework and its own modules, never another game's; the tools reach a game only
through the registry (the import-linter contracts in ``pyproject.toml``).
"""
