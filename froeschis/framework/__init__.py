"""The framework: everything froeschis does that is no rule of one game, written once for all.

* :mod:`~froeschis.framework.game`: the interface every game implements and the tools use
  (:class:`~froeschis.framework.game.Game`, its states);
  :mod:`~froeschis.framework.registry`: the games installed, by name;
* :mod:`~froeschis.framework.catalogue`: a game's clause catalogue and its source texts, in any
  language, loaded and checked;
* :mod:`~froeschis.framework.table`: clause marks, clause tables, readings and variants;
  :mod:`~froeschis.framework.provenance`: which clauses decided each part of a step;
* :mod:`~froeschis.framework.errors`: the exceptions of every game;
* what every game's modules once wrote out each for itself: :mod:`~froeschis.framework.fields`
  (the strict readers of a JSON form's fields), :mod:`~froeschis.framework.rules` (the checks of a
  ``Rules`` class's fields), :mod:`~froeschis.framework.state` (``current_player``, ``apply``,
  ``step`` and ``transition`` of every state), :mod:`~froeschis.framework.chance` (every distinct
  order of a shuffle), :mod:`~froeschis.framework.invariants` (the legality check).

It imports no game (an import-linter contract in ``pyproject.toml``); importing it reads no file.
"""
