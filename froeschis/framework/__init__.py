"""The framework: everything froeschis does that is no rule of one game, written once for all.

* :mod:`~froeschis.framework.game`: the interface every game implements and the tools use
  (:class:`~froeschis.framework.game.Game`, its states);
  :mod:`~froeschis.framework.registry`: the games installed, by name;
* :mod:`~froeschis.framework.catalogue`: a game's clause catalogue and its source texts, in any
  language, loaded and checked;
* :mod:`~froeschis.framework.table`: clause marks, clause tables, readings and variants;
  :mod:`~froeschis.framework.provenance`: which clauses decided each part of a step;
* :mod:`~froeschis.framework.errors`: the exceptions of every game.

It imports no game (an import-linter contract in ``pyproject.toml``); importing it reads no file.
"""
