"""Frog (蛙), the second game of froeschis: a three-player point-trick game of the Tarok family,
with an auction for three contracts (frog, chico, grand), eleven tricks and a settlement by the
difference from 60, played as a match of deals with running scores.

Its rules are ``spec/frog/clauses.toml`` (from the Japanese seed text, with rulings where it is
silent or wrong); this package is their reference engine, on the framework
(:mod:`froeschis.framework`) and nothing else of froeschis:

* :mod:`~froeschis.games.frog.cards`, :mod:`~froeschis.games.frog.actions`,
  :mod:`~froeschis.games.frog.state`: the pieces;
* :mod:`~froeschis.games.frog.table`, :mod:`~froeschis.games.frog.clauses`,
  :mod:`~froeschis.games.frog.readings`, :mod:`~froeschis.games.frog.rules`: the clause table, one
  function per clause, the published table and its variants, the rules options;
* :mod:`~froeschis.games.frog.engine`, :mod:`~froeschis.games.frog.chance`,
  :mod:`~froeschis.games.frog.events`: the immutable engine walking the table, its chance nodes and
  events;
* :mod:`~froeschis.games.frog.fast`, :mod:`~froeschis.games.frog.kernel`,
  :mod:`~froeschis.games.frog.engines`: FastFrog (the reference's very matches, in place), the
  compiled kernel (numba: random matches of its own) and the engines ``simulate`` runs;
* :mod:`~froeschis.games.frog.observation`, :mod:`~froeschis.games.frog.serialize`: what a seat
  sees, the JSON forms (``spec/frog/protocol.md``);
* :mod:`~froeschis.games.frog.render`, :mod:`~froeschis.games.frog.svg`,
  :mod:`~froeschis.games.frog.bots`: text, pictures, players;
* :mod:`~froeschis.games.frog.misreadings`, :mod:`~froeschis.games.frog.invariants`,
  :mod:`~froeschis.games.frog.tiny`: what verifies it: the catalogue's misreadings as readings, the
  invariants of every state and step, the tiny configurations for exhaustive walks.

:data:`~froeschis.games.frog.game.GAME` describes it to the tools (registered as ``frog``).
"""
